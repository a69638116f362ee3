// Byte-at-a-time parser for board -> host messages.
//
// State machine (one call to push() per byte):
//
//            top-bit byte, known id          data byte               data byte
//   HUNT ----------------------------> LEN_HI ---------> LEN_LO ----------------> BODY
//    ^  \  data byte: STRAY_BYTE          |                | length impossible:     |
//    |   \  unknown id: UNKNOWN_ID        |                | BAD_LENGTH -> SKIP     |
//    |    v                               |                |                        |
//    |   SKIP (data bytes dropped         +----------------+------------------------+
//    |    silently until a top-bit byte)    top-bit byte inside a message: TRUNCATED,
//    |                                      and that byte starts the next message
//    +--- BODY complete: Message, or BAD_FIELD
//
// Any byte with the top bit set starts a new message (no data byte has it), which is how the
// parser resynchronises after garbage or a cut message. One push yields at most one result.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <variant>
#include <vector>

#include "io/dgt/dgt_message.h"
#include "io/dgt/dgt_parse_error.h"

namespace venue::io::dgt {

// Nothing yet, a message, or an error naming the bytes at fault.
using ParseResult = std::variant<std::monostate, Message, ParseError>;

struct ParserStats {
    std::uint64_t bytes = 0;
    std::uint64_t messages = 0;
    std::uint64_t errors = 0;
    std::uint64_t skipped = 0;  // bytes that were part of no delivered message
};

class DgtParser {
  public:
    ParseResult push(std::uint8_t byte);

    // Feeds every byte and calls on_result(const Message&) or on_result(const ParseError&)
    // for each result, in order.
    template <class F>
    void feed(std::span<const std::uint8_t> bytes, F&& on_result) {
        for (const std::uint8_t b : bytes) {
            ParseResult r = push(b);
            if (auto* m = std::get_if<Message>(&r))
                on_result(std::as_const(*m));
            else if (auto* e = std::get_if<ParseError>(&r))
                on_result(std::as_const(*e));
        }
    }

    // Forgets any partial message (after reopening a link).
    void reset();
    const ParserStats& stats() const { return stats_; }

  private:
    enum class State : std::uint8_t {
        HUNT,
        SKIP,
        LEN_HI,
        LEN_LO,
        BODY
    };

    ParseResult start(std::uint8_t byte);
    ParseResult fail(ParseError e, State next);

    State state_ = State::HUNT;
    const MessageSpec* spec_ = nullptr;
    std::uint16_t length_ = 0;
    std::uint16_t fill_ = 0;
    // Not zeroed: only bytes already received are ever read, and 16 KB of zeroing per parser
    // would dominate short-lived parsers (fuzzing, tests).
    std::array<std::uint8_t, MAX_MESSAGE_LENGTH> frame_;
    ParserStats stats_;
};

// Convenience for tests and tools: every result of a whole buffer, in order.
std::vector<ParseResult> parse_all(std::span<const std::uint8_t> bytes);

}  // namespace venue::io::dgt
