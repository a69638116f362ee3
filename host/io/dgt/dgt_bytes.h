// The byte buffer every DGT encoder appends to.
#pragma once

#include <cstdint>
#include <vector>

namespace venue::io::dgt {

using Bytes = std::vector<std::uint8_t>;

}  // namespace venue::io::dgt
