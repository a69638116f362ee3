// The window's framebuffer as a PNG (for docs and the e2e test).
#pragma once

#include <string>

namespace venue::console {

// Reads the current GL context's back buffer (width x height, RGB) and writes it to `path`.
// Returns an error text, or "" on success.
std::string write_screenshot(const std::string& path, int width, int height);

}  // namespace venue::console
