// Turns one complete, correctly framed message into a typed Message.
#pragma once

#include <cstdint>
#include <span>
#include <variant>

#include "io/dgt/dgt_message.h"
#include "io/dgt/dgt_parse_error.h"

namespace venue::io::dgt {

// `frame` is the whole message, header included, whose id is known and whose length the
// spec allows (the parser checks both). Content that cannot be (a square above 63, a BCD
// digit above 9, a non-printable serial number) is a BAD_FIELD error naming the byte.
std::variant<Message, ParseError> decode_message(std::span<const std::uint8_t> frame);

}  // namespace venue::io::dgt
