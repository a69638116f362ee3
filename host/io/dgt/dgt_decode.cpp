#include "io/dgt/dgt_decode.h"

namespace venue::io::dgt {

namespace {

ParseError bad_field(std::span<const std::uint8_t> frame, std::size_t offset, const char* field) {
    ParseError e;
    e.code = ParseErrorCode::BAD_FIELD;
    e.id = frame[0];
    e.offset = static_cast<std::uint16_t>(offset);
    e.byte = frame[offset];
    e.field = field;
    return e;
}

// Serial numbers are meant to be digits; accept any printable ASCII (boards have been seen
// with letters), but not control characters, which mean a corrupted message.
std::variant<std::string, ParseError> printable(std::span<const std::uint8_t> frame,
                                                const char* field) {
    std::string s;
    s.reserve(frame.size() - HEADER_LENGTH);
    for (std::size_t i = HEADER_LENGTH; i < frame.size(); ++i) {
        if (frame[i] < 0x20 || frame[i] > 0x7e) return bad_field(frame, i, field);
        s.push_back(static_cast<char>(frame[i]));
    }
    return s;
}

std::variant<Message, ParseError> decode_board_dump(std::span<const std::uint8_t> frame) {
    BoardDump d;
    for (std::size_t i = 0; i < SQUARE_NB; ++i) {
        const std::uint8_t code = frame[HEADER_LENGTH + i];
        // Field updates may carry flags above the nibble; a dump never does.
        if (code > 0x0f) return bad_field(frame, HEADER_LENGTH + i, "piece code (0..15)");
        d.squares[i] = Piece(code);
    }
    return Message{d};
}

std::variant<Message, ParseError> decode_clock(std::span<const std::uint8_t> frame) {
    const auto r = decode_bwtime(frame.subspan<HEADER_LENGTH, BWTIME_PAYLOAD>());
    if (const auto* t = std::get_if<BwTime>(&r)) return Message{*t};
    if (const auto* a = std::get_if<ClockAck>(&r)) return Message{*a};
    const auto& e = std::get<ClockDecodeError>(r);
    return bad_field(frame, e.offset, e.field);
}

}  // namespace

std::variant<Message, ParseError> decode_message(std::span<const std::uint8_t> frame) {
    // The parser has checked these; direct callers get an error instead of a bad read.
    ParseError e;
    e.id = frame.empty() ? 0 : frame[0];
    e.byte = e.id;
    const MessageSpec* spec = frame.empty() ? nullptr : find_message_spec(frame[0]);
    if (!spec) {
        e.code = ParseErrorCode::UNKNOWN_ID;
        return e;
    }
    if (frame.size() < spec->min_length || frame.size() > spec->max_length) {
        e.code = ParseErrorCode::BAD_LENGTH;
        e.length = static_cast<std::uint16_t>(frame.size());
        return e;
    }
    const auto data = frame.subspan(HEADER_LENGTH);
    switch (MessageId(frame[0])) {
        case MessageId::BOARD_DUMP:
            return decode_board_dump(frame);
        case MessageId::BWTIME:
            return decode_clock(frame);
        case MessageId::FIELD_UPDATE:
            if (data[0] >= SQUARE_NB) return bad_field(frame, 3, "square (0..63)");
            return Message{FieldUpdate{data[0], piece_from_code(data[1])}};
        case MessageId::EE_MOVES:
            return Message{EeMoves{{data.begin(), data.end()}}};
        case MessageId::BUSADRES:
            return Message{BusAdres{static_cast<std::uint16_t>((data[0] << 7) | data[1])}};
        case MessageId::SERIALNR: {
            auto s = printable(frame, "serial number character");
            if (auto* err = std::get_if<ParseError>(&s)) return *err;
            return Message{SerialNr{std::move(std::get<std::string>(s))}};
        }
        case MessageId::LONG_SERIALNR: {
            auto s = printable(frame, "long serial number character");
            if (auto* err = std::get_if<ParseError>(&s)) return *err;
            return Message{LongSerialNr{std::move(std::get<std::string>(s))}};
        }
        case MessageId::TRADEMARK:
            return Message{Trademark{std::string(data.begin(), data.end())}};
        case MessageId::VERSION:
            return Message{Version{data[0], data[1]}};
        case MessageId::BATTERY_STATUS: {
            BatteryStatus b{{data.begin(), data.end()}, std::nullopt};
            if (!data.empty() && data[0] <= 100) b.percent = data[0];
            return Message{std::move(b)};
        }
    }
    e.code = ParseErrorCode::UNKNOWN_ID;  // unreachable: every spec'd id is handled above
    return e;
}

}  // namespace venue::io::dgt
