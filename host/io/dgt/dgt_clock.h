// The clock part of BWTIME (0x8d, 10 bytes): either both players' times or a clock
// acknowledgement.
//
// Times, right player first (b0..b2 are the header):
//   b3  right hours: bits 0-3 binary hours, bit 4 flag fallen + blocked at zero,
//       bit 5 time-per-move indicator, bit 6 flag fallen + shown
//   b4  right minutes (BCD)        b5  right seconds (BCD)
//   b6..b8  the same for the left player
//   b9  status: bit 0 running, bit 1 lever (1 = right side high), bit 2 battery low,
//       bit 3 right player's turn, bit 4 left player's turn, bit 5 no clock connected
// Acknowledgement when (b3 & 0x0f) == 0x0a or (b6 & 0x0f) == 0x0a:
//   ack0 = (b4 & 0x7f) | ((b6 << 3) & 0x80)     0x10 normal, 0x40 error
//   ack1 = (b5 & 0x7f) | ((b6 << 2) & 0x80)     < 0x80: the clock command (SUB) acknowledged;
//                                               0x88: a clock button, ack3 says which
//   ack2 = (b7 & 0x7f) | ((b3 << 3) & 0x80)
//   ack3 = (b8 & 0x7f) | ((b3 << 2) & 0x80)
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <variant>

namespace venue::io::dgt {

inline constexpr std::size_t BWTIME_PAYLOAD = 7;  // b3..b9
inline constexpr std::uint8_t ACK_MARKER = 0x0a;
inline constexpr std::uint8_t ACK_NORMAL = 0x10;
inline constexpr std::uint8_t ACK_ERROR = 0x40;
inline constexpr std::uint8_t ACK_BUTTON = 0x88;

// A clock time as the DGT 3000 shows it: hours are one digit.
struct ClockTime {
    std::uint8_t hours = 0;    // 0..9
    std::uint8_t minutes = 0;  // 0..59
    std::uint8_t seconds = 0;  // 0..59
    bool operator==(const ClockTime&) const = default;
    constexpr int total_seconds() const { return hours * 3600 + minutes * 60 + seconds; }
};

struct PlayerClock {
    ClockTime time;
    bool flag_blocked = false;   // bit 4: flag fallen, clock blocked at zero
    bool time_per_move = false;  // bit 5
    bool flag_shown = false;     // bit 6: flag fallen and shown
    bool operator==(const PlayerClock&) const = default;
};

// A reading of both clocks. Clients should ignore readings with no_clock set, and all-zero
// readings (a clock that is switched off or still starting answers with zeros).
struct BwTime {
    PlayerClock right;
    PlayerClock left;
    bool running = false;           // status bit 0
    bool lever_right_high = false;  // status bit 1
    bool battery_low = false;       // status bit 2
    bool right_to_move = false;     // status bit 3
    bool left_to_move = false;      // status bit 4
    bool no_clock = false;          // status bit 5
    bool operator==(const BwTime&) const = default;
    bool all_zero() const { return *this == BwTime{}; }
};

// Buttons of the DGT 3000, as ack3 of a button acknowledgement (ack1 == 0x88).
enum class ClockButton : std::uint8_t {
    BACK = 0x31,
    PLUS = 0x32,
    RUN = 0x33,
    MINUS = 0x34,
    OK = 0x35,
};

struct ClockAck {
    std::array<std::uint8_t, 4> ack{};  // ack0..ack3 as decoded above
    bool operator==(const ClockAck&) const = default;
    bool is_error() const { return ack[0] == ACK_ERROR; }
    bool is_button() const { return ack[1] == ACK_BUTTON; }
    // The clock command (SUB byte) this acknowledges; nothing for a button report.
    std::optional<std::uint8_t> command() const {
        if (ack[1] >= 0x80) return std::nullopt;
        return ack[1];
    }
    std::optional<ClockButton> button() const {
        if (!is_button() || ack[3] < 0x31 || ack[3] > 0x35) return std::nullopt;
        return ClockButton(ack[3]);
    }
};

// Which clock answers: its display differs (the DGT 3000 shows 8 ASCII characters, the DGT XL
// six 7-segment digits, with its own command).
enum class ClockKind : std::uint8_t {
    DGT_XL,
    DGT_3000,
};
// A clock's version, from the acknowledgement of a VERSION command: one byte, ack2, the major
// version in its high nibble and the minor in its low one, as real clocks answer (2.x is a
// DGT 3000; an older major is a DGT XL).
struct ClockVersion {
    std::uint8_t major = 0;
    std::uint8_t minor = 0;
    ClockKind kind() const { return major >= 2 ? ClockKind::DGT_3000 : ClockKind::DGT_XL; }
    static ClockVersion of(const ClockAck& a) {
        return {std::uint8_t(a.ack[2] >> 4), std::uint8_t(a.ack[2] & 0x0f)};
    }
    // The byte a clock answers with (ack2).
    std::uint8_t byte() const { return std::uint8_t((major << 4) | (minor & 0x0f)); }
};

// Why a BWTIME payload is not a clock reading: offset is the byte index in the message
// (3..9), value the byte found.
struct ClockDecodeError {
    std::uint8_t offset;
    std::uint8_t value;
    const char* field;  // "right hours", "left minutes", ...
};

using ClockReading = std::variant<BwTime, ClockAck>;

// Decodes b3..b9. Rejects what a clock cannot show (BCD digits above 9, minutes or seconds
// above 59, hours nibbles 0x0b..0x0f) naming the byte.
std::variant<BwTime, ClockAck, ClockDecodeError> decode_bwtime(
    std::span<const std::uint8_t, BWTIME_PAYLOAD> b);

// The inverse, for emulators and tests. Times must be valid (hours 0..9, minutes and
// seconds 0..59).
std::array<std::uint8_t, BWTIME_PAYLOAD> encode_bwtime(const BwTime& t);
std::array<std::uint8_t, BWTIME_PAYLOAD> encode_clock_ack(const ClockAck& a);

// BCD byte 0x00..0x59 -> 0..59; nothing for a digit above 9 or a value above 59.
std::optional<std::uint8_t> decode_bcd_60(std::uint8_t b);
constexpr std::uint8_t encode_bcd(std::uint8_t v) {
    return static_cast<std::uint8_t>(((v / 10) << 4) | (v % 10));
}

}  // namespace venue::io::dgt
