#include "io/dgt/dgt_parse_error.h"

#include <cstdio>

#include "io/dgt/dgt_message.h"

namespace venue::io::dgt {

const char* code_name(ParseErrorCode c) {
    switch (c) {
        case ParseErrorCode::STRAY_BYTE:
            return "stray byte";
        case ParseErrorCode::UNKNOWN_ID:
            return "unknown id";
        case ParseErrorCode::BAD_LENGTH:
            return "bad length";
        case ParseErrorCode::TRUNCATED:
            return "truncated";
        case ParseErrorCode::BAD_FIELD:
            return "bad field";
    }
    return "?";
}

std::string describe(const ParseError& e) {
    char buf[256];
    const char* name = message_name(e.id);
    switch (e.code) {
        case ParseErrorCode::STRAY_BYTE:
            std::snprintf(buf, sizeof buf,
                          "stray data byte 0x%02x outside a message; skipping to the next byte "
                          "with the top bit set",
                          e.byte);
            break;
        case ParseErrorCode::UNKNOWN_ID:
            std::snprintf(buf, sizeof buf, "byte 0x%02x has the top bit set but is no message id",
                          e.byte);
            break;
        case ParseErrorCode::BAD_LENGTH: {
            const MessageSpec* s = find_message_spec(e.id);
            if (s && s->min_length == s->max_length) {
                std::snprintf(buf, sizeof buf,
                              "%s (0x%02x): impossible length 0x%02x 0x%02x = %u, expected %u",
                              name, e.id, e.len_hi, e.len_lo, e.length, s->min_length);
            } else {
                std::snprintf(buf, sizeof buf,
                              "%s (0x%02x): impossible length 0x%02x 0x%02x = %u, expected %u..%u",
                              name, e.id, e.len_hi, e.len_lo, e.length, s ? s->min_length : 0,
                              s ? s->max_length : 0);
            }
            break;
        }
        case ParseErrorCode::TRUNCATED:
            if (e.offset < 3) {
                std::snprintf(buf, sizeof buf,
                              "%s (0x%02x): header cut short at byte %u by 0x%02x (%s)", name, e.id,
                              e.offset, e.byte, message_name(e.byte));
            } else {
                std::snprintf(buf, sizeof buf,
                              "%s (0x%02x): length 0x%02x 0x%02x = %u cut short at byte %u by "
                              "0x%02x (%s)",
                              name, e.id, e.len_hi, e.len_lo, e.length, e.offset, e.byte,
                              message_name(e.byte));
            }
            break;
        case ParseErrorCode::BAD_FIELD:
            std::snprintf(buf, sizeof buf, "%s (0x%02x): byte %u = 0x%02x is not a valid %s", name,
                          e.id, e.offset, e.byte, e.field);
            break;
    }
    return buf;
}

}  // namespace venue::io::dgt
