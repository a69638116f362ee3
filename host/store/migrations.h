// Schema migrations: schemas/sqlite/NNNN_name.sql, embedded into the binary at build time and
// applied in order when a log is opened for writing.
//
// The log records each applied migration in `schema_version` (version, name, SHA-256 of its SQL).
// Opening fails, and changes nothing, when the log was written by a newer build (a version this
// build does not know) or when an applied migration's text differs from the one built in (a
// released migration was edited: the schema can no longer be trusted to be what the code expects).
#pragma once

#include <span>
#include <string_view>

#include "store/result.h"
#include "store/sqlite_db.h"

namespace venue::store {

struct Migration {
    int version;            // 1, 2, 3 ... from the file name
    std::string_view name;  // "0001_events.sql"
    std::string_view sql;   // the file's text
};

// The migrations built into this binary, in order (generated from schemas/sqlite).
std::span<const Migration> embedded_migrations();

// Applies every migration not yet in `schema_version`, each in its own IMMEDIATE transaction, and
// returns the version the log is at afterwards. Running it again is a no-op.
Result<int> apply_migrations(const Database& db, std::span<const Migration> migrations);

// The newest applied version, after checking the applied ones against `migrations` (0 for a log
// with no schema yet). Reads only; used for read-only opens.
Result<int> check_migrations(const Database& db, std::span<const Migration> migrations);

}  // namespace venue::store
