// The overlay pages' HTML, CSS and JavaScript: real files in host/feed/overlays/, embedded in the
// binary at build time (cmake/embed_files.cmake), so that `venue` serves them without a source
// tree and a designer edits them as the files they are.
#pragma once

#include <string_view>

namespace venue::feed {

// The bytes of host/feed/overlays/<name> ("scoreboard.html", "common.js", ...); "" when there
// is no such file.
std::string_view overlay_asset(std::string_view name);

}  // namespace venue::feed
