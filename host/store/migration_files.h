// The SQL files of schemas/sqlite, embedded into the binary at build time
// (cmake/embed_files.cmake, from host/store/CMakeLists.txt, which checks their names).
#pragma once

#include <span>
#include <string_view>

namespace venue::store {

// The text of the embedded file `name` ("0001_events.sql"), "" for an unknown name.
std::string_view migration_sql(std::string_view name);
// Every embedded file's name, sorted: NNNN_snake_name.sql, numbered 1, 2, ... with no gaps.
std::span<const std::string_view> migration_names();

}  // namespace venue::store
