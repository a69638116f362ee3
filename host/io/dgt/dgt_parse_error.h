// What the DGT message parser reports instead of a message. Every error names the bytes at
// fault so that a log line is enough to diagnose a board or a cable.
#pragma once

#include <cstdint>
#include <string>

namespace venue::io::dgt {

enum class ParseErrorCode : std::uint8_t {
    STRAY_BYTE,  // a data byte outside any message (reported once per run of such bytes)
    UNKNOWN_ID,  // a byte with the top bit set that is no message id
    BAD_LENGTH,  // a length the message cannot have (len_hi, len_lo, length)
    TRUNCATED,   // a byte with the top bit set arrived inside a message (offset, byte)
    BAD_FIELD,   // complete message whose content is impossible (offset, byte, field)
};

struct ParseError {
    ParseErrorCode code = ParseErrorCode::STRAY_BYTE;
    std::uint8_t id = 0;      // message id, when there is one
    std::uint8_t byte = 0;    // the offending byte: stray, unknown id, interrupting, field value
    std::uint8_t len_hi = 0;  // BAD_LENGTH, TRUNCATED: the two length bytes as received
    std::uint8_t len_lo = 0;
    std::uint16_t length = 0;  // declared total length (BAD_LENGTH, TRUNCATED)
    std::uint16_t offset = 0;  // byte offset in the message (TRUNCATED, BAD_FIELD)
    const char* field = "";    // BAD_FIELD: which field, e.g. "square", "right minutes (BCD)"
    bool operator==(const ParseError&) const = default;
};

const char* code_name(ParseErrorCode c);

// One line naming the message, the bytes and what was expected, e.g.
//   "BOARD_DUMP (0x86): impossible length 0x00 0x05 = 5, expected 67"
std::string describe(const ParseError& e);

}  // namespace venue::io::dgt
