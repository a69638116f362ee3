// Renders the reference section of docs/protocol.md from the wire definition.
#pragma once

#include <string>

namespace venue::wire {

std::string render_reference();

}  // namespace venue::wire
