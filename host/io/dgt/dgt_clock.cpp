#include "io/dgt/dgt_clock.h"

namespace venue::io::dgt {

namespace {

constexpr std::uint8_t HOURS_MASK = 0x0f;
constexpr std::uint8_t FLAG_BLOCKED = 0x10;
constexpr std::uint8_t TIME_PER_MOVE = 0x20;
constexpr std::uint8_t FLAG_SHOWN = 0x40;

enum StatusBit : std::uint8_t {
    RUNNING = 0x01,
    LEVER_RIGHT_HIGH = 0x02,
    BATTERY_LOW = 0x04,
    RIGHT_TO_MOVE = 0x08,
    LEFT_TO_MOVE = 0x10,
    NO_CLOCK = 0x20,
};

// Decodes one player's three bytes; `first` is the message offset of the hours byte.
std::variant<PlayerClock, ClockDecodeError> decode_player(std::uint8_t h, std::uint8_t m,
                                                          std::uint8_t s, std::uint8_t first,
                                                          bool right) {
    PlayerClock p;
    const std::uint8_t hours = h & HOURS_MASK;
    if (hours > 9) {
        return ClockDecodeError{first, h, right ? "right hours" : "left hours"};
    }
    const auto minutes = decode_bcd_60(m);
    if (!minutes) {
        return ClockDecodeError{static_cast<std::uint8_t>(first + 1), m,
                                right ? "right minutes (BCD)" : "left minutes (BCD)"};
    }
    const auto seconds = decode_bcd_60(s);
    if (!seconds) {
        return ClockDecodeError{static_cast<std::uint8_t>(first + 2), s,
                                right ? "right seconds (BCD)" : "left seconds (BCD)"};
    }
    p.time = {hours, *minutes, *seconds};
    p.flag_blocked = (h & FLAG_BLOCKED) != 0;
    p.time_per_move = (h & TIME_PER_MOVE) != 0;
    p.flag_shown = (h & FLAG_SHOWN) != 0;
    return p;
}

std::uint8_t encode_hours(const PlayerClock& p) {
    return static_cast<std::uint8_t>(
        (p.time.hours & HOURS_MASK) | (p.flag_blocked ? FLAG_BLOCKED : 0) |
        (p.time_per_move ? TIME_PER_MOVE : 0) | (p.flag_shown ? FLAG_SHOWN : 0));
}

}  // namespace

std::optional<std::uint8_t> decode_bcd_60(std::uint8_t b) {
    const std::uint8_t hi = b >> 4;
    const std::uint8_t lo = b & 0x0f;
    if (hi > 5 || lo > 9) return std::nullopt;
    return static_cast<std::uint8_t>(hi * 10 + lo);
}

std::variant<BwTime, ClockAck, ClockDecodeError> decode_bwtime(
    std::span<const std::uint8_t, BWTIME_PAYLOAD> b) {
    const std::uint8_t b3 = b[0], b4 = b[1], b5 = b[2], b6 = b[3], b7 = b[4], b8 = b[5], b9 = b[6];
    if ((b3 & 0x0f) == ACK_MARKER || (b6 & 0x0f) == ACK_MARKER) {
        ClockAck a;
        a.ack[0] = static_cast<std::uint8_t>((b4 & 0x7f) | ((b6 << 3) & 0x80));
        a.ack[1] = static_cast<std::uint8_t>((b5 & 0x7f) | ((b6 << 2) & 0x80));
        a.ack[2] = static_cast<std::uint8_t>((b7 & 0x7f) | ((b3 << 3) & 0x80));
        a.ack[3] = static_cast<std::uint8_t>((b8 & 0x7f) | ((b3 << 2) & 0x80));
        return a;
    }
    BwTime t;
    auto right = decode_player(b3, b4, b5, 3, true);
    if (auto* e = std::get_if<ClockDecodeError>(&right)) return *e;
    auto left = decode_player(b6, b7, b8, 6, false);
    if (auto* e = std::get_if<ClockDecodeError>(&left)) return *e;
    t.right = std::get<PlayerClock>(right);
    t.left = std::get<PlayerClock>(left);
    t.running = (b9 & RUNNING) != 0;
    t.lever_right_high = (b9 & LEVER_RIGHT_HIGH) != 0;
    t.battery_low = (b9 & BATTERY_LOW) != 0;
    t.right_to_move = (b9 & RIGHT_TO_MOVE) != 0;
    t.left_to_move = (b9 & LEFT_TO_MOVE) != 0;
    t.no_clock = (b9 & NO_CLOCK) != 0;
    return t;
}

std::array<std::uint8_t, BWTIME_PAYLOAD> encode_bwtime(const BwTime& t) {
    const std::uint8_t status = static_cast<std::uint8_t>(
        (t.running ? RUNNING : 0) | (t.lever_right_high ? LEVER_RIGHT_HIGH : 0) |
        (t.battery_low ? BATTERY_LOW : 0) | (t.right_to_move ? RIGHT_TO_MOVE : 0) |
        (t.left_to_move ? LEFT_TO_MOVE : 0) | (t.no_clock ? NO_CLOCK : 0));
    return {encode_hours(t.right),
            encode_bcd(t.right.time.minutes),
            encode_bcd(t.right.time.seconds),
            encode_hours(t.left),
            encode_bcd(t.left.time.minutes),
            encode_bcd(t.left.time.seconds),
            status};
}

std::array<std::uint8_t, BWTIME_PAYLOAD> encode_clock_ack(const ClockAck& a) {
    // Both hours bytes carry the 0x0a marker; their bits 4 and 5 carry the top bits of the
    // four ack bytes (which the 7-bit data bytes cannot).
    const std::uint8_t b3 =
        static_cast<std::uint8_t>(ACK_MARKER | ((a.ack[2] & 0x80) >> 3) | ((a.ack[3] & 0x80) >> 2));
    const std::uint8_t b6 =
        static_cast<std::uint8_t>(ACK_MARKER | ((a.ack[0] & 0x80) >> 3) | ((a.ack[1] & 0x80) >> 2));
    return {
        b3, static_cast<std::uint8_t>(a.ack[0] & 0x7f), static_cast<std::uint8_t>(a.ack[1] & 0x7f),
        b6, static_cast<std::uint8_t>(a.ack[2] & 0x7f), static_cast<std::uint8_t>(a.ack[3] & 0x7f),
        0};
}

}  // namespace venue::io::dgt
