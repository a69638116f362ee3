// The feed's JSON Schema (schemas/feed/feed.schema.json), compiled in so that the server can
// serve it at /api/v1/schema without reading files.
#pragma once

#include <string_view>

namespace venue::feed {

std::string_view feed_schema_json();

}  // namespace venue::feed
