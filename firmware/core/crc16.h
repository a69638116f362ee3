// CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR.
// Check value: crc16("123456789") == 0x29B1.
//
// Why this CRC: frames are at most 51 bytes, where CRC-16 detects every error of up to 3 bits and
// every burst of up to 16 bits; a random frame passes with probability 2^-16, and a garbage frame
// must also have the exact length of its type (see frame.h). It is constexpr so that the wire
// schema's CRC_EXTRA bytes and schema hash (venue_wire.h) are computed by the compiler.
#pragma once

#include <stddef.h>
#include <stdint.h>

namespace venue {
namespace hub {

constexpr uint16_t CRC16_INIT = 0xFFFF;

// One byte into the CRC. Table-free: on the AVR this is ~20 instructions per byte and costs no
// flash table; the shifts are the classic byte-wise form of the 0x1021 polynomial.
constexpr uint16_t crc16_update(uint16_t crc, uint8_t byte) {
    uint8_t x = static_cast<uint8_t>((crc >> 8) ^ byte);
    x = static_cast<uint8_t>(x ^ (x >> 4));
    return static_cast<uint16_t>((crc << 8) ^ (static_cast<uint16_t>(x) << 12) ^
                                 (static_cast<uint16_t>(x) << 5) ^ x);
}

constexpr uint16_t crc16(const uint8_t* data, size_t len, uint16_t crc = CRC16_INIT) {
    for (size_t i = 0; i < len; ++i) crc = crc16_update(crc, data[i]);
    return crc;
}

// Over a NUL-terminated string (the terminator is not included); used at compile time.
constexpr uint16_t crc16_text(const char* text, uint16_t crc = CRC16_INIT) {
    for (size_t i = 0; text[i] != '\0'; ++i) crc = crc16_update(crc, static_cast<uint8_t>(text[i]));
    return crc;
}

}  // namespace hub
}  // namespace venue
