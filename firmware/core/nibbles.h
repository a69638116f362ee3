// Lists of armies or stations on the wire (venue_wire.def, army clock): up to 8 small numbers as
// the nibbles of a u32, entry i in bits 4i..4i+3.
#pragma once

#include <stdint.h>

namespace venue {
namespace hub {

constexpr uint8_t NIBBLES_PER_WORD = 8;

// Entries 0..n-1 of `word` into out (n <= NIBBLES_PER_WORD).
inline void unpack_nibbles(uint32_t word, uint8_t* out, uint8_t n) {
    for (uint8_t i = 0; i < n; ++i) {
        out[i] = static_cast<uint8_t>(word & 0x0F);
        word >>= 4;
    }
}

// v[0..n-1] (each < 16) as a word; the nibbles above n are zero.
inline uint32_t pack_nibbles(const uint8_t* v, uint8_t n) {
    uint32_t word = 0;
    for (uint8_t i = n; i > 0; --i) word = (word << 4) | (v[i - 1] & 0x0Fu);
    return word;
}

}  // namespace hub
}  // namespace venue
