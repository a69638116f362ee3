#include "io/dgt/dgt_parser.h"

#include "io/dgt/dgt_decode.h"

namespace venue::io::dgt {

void DgtParser::reset() {
    stats_.skipped += fill_;
    state_ = State::HUNT;
    spec_ = nullptr;
    length_ = 0;
    fill_ = 0;
}

ParseResult DgtParser::fail(ParseError e, State next) {
    ++stats_.errors;
    stats_.skipped += fill_;
    fill_ = 0;
    state_ = next;
    return e;
}

// A byte with the top bit set: the first byte of a message.
ParseResult DgtParser::start(std::uint8_t byte) {
    spec_ = find_message_spec(byte);
    fill_ = 0;
    length_ = 0;
    if (!spec_) {
        ParseError e;
        e.code = ParseErrorCode::UNKNOWN_ID;
        e.id = byte;
        e.byte = byte;
        ++stats_.skipped;
        return fail(e, State::SKIP);
    }
    frame_[fill_++] = byte;
    state_ = State::LEN_HI;
    return std::monostate{};
}

ParseResult DgtParser::push(std::uint8_t byte) {
    ++stats_.bytes;
    const bool top = (byte & 0x80) != 0;
    switch (state_) {
        case State::HUNT:
        case State::SKIP:
            if (top) return start(byte);
            ++stats_.skipped;
            if (state_ == State::SKIP) return std::monostate{};
            {
                ParseError e;
                e.code = ParseErrorCode::STRAY_BYTE;
                e.byte = byte;
                return fail(e, State::SKIP);
            }
        case State::LEN_HI:
        case State::LEN_LO:
        case State::BODY:
            break;
    }

    if (top) {
        // Cut short: report the cut message and let this byte start the next one. If it is no
        // message id either, the error says so and the parser skips to the next top-bit byte.
        ParseError e;
        e.code = ParseErrorCode::TRUNCATED;
        e.id = frame_[0];
        e.byte = byte;
        e.len_hi = fill_ > 1 ? frame_[1] : 0;
        e.len_lo = fill_ > 2 ? frame_[2] : 0;
        e.length = length_;
        e.offset = fill_;
        ++stats_.errors;
        stats_.skipped += fill_;
        fill_ = 0;
        length_ = 0;
        spec_ = find_message_spec(byte);
        if (spec_) {
            frame_[fill_++] = byte;
            state_ = State::LEN_HI;
        } else {
            ++stats_.skipped;
            state_ = State::SKIP;
        }
        return e;
    }

    frame_[fill_++] = byte;
    switch (state_) {
        case State::LEN_HI:
            length_ = 0;
            state_ = State::LEN_LO;
            return std::monostate{};
        case State::LEN_LO: {
            length_ = static_cast<std::uint16_t>((frame_[1] << 7) | byte);
            if (length_ < spec_->min_length || length_ > spec_->max_length) {
                ParseError e;
                e.code = ParseErrorCode::BAD_LENGTH;
                e.id = frame_[0];
                e.byte = byte;
                e.len_hi = frame_[1];
                e.len_lo = byte;
                e.length = length_;
                e.offset = 2;
                return fail(e, State::SKIP);
            }
            state_ = State::BODY;
            if (fill_ < length_) return std::monostate{};
            break;  // a header-only message (variable length 3) is complete already
        }
        case State::BODY:
            if (fill_ < length_) return std::monostate{};
            break;
        case State::HUNT:
        case State::SKIP:
            break;
    }

    auto decoded = decode_message(std::span<const std::uint8_t>(frame_.data(), fill_));
    if (auto* e = std::get_if<ParseError>(&decoded)) return fail(*e, State::HUNT);
    ++stats_.messages;
    fill_ = 0;
    state_ = State::HUNT;
    return std::move(std::get<Message>(decoded));
}

std::vector<ParseResult> parse_all(std::span<const std::uint8_t> bytes) {
    std::vector<ParseResult> out;
    DgtParser p;
    for (const std::uint8_t b : bytes) {
        ParseResult r = p.push(b);
        if (!std::holds_alternative<std::monostate>(r)) out.push_back(std::move(r));
    }
    return out;
}

}  // namespace venue::io::dgt
