// Host -> board commands and their encoding.
//
// Most commands are one byte. Two carry data:
//   SET_LEDS       60 04 pattern start end 00                 (Revelation II only)
//   CLOCK_MESSAGE  2b SIZE 03 SUB payload... 00               SIZE = bytes after the SIZE byte
// Clock commands (DGT 3000 / XL through the board), SUB and payload:
//   01 DISPLAY      XL 7-segment data (raw payload)
//   02 ICONS        raw payload
//   03 END_TEXT     -            back to showing times
//   08 BUTTON       -            ask for the last button pressed
//   09 VERSION      -            ask for the clock's version
//   0a SET_AND_RUN  lh lm ls rh rm rs ctl   ctl bit 0 left runs, bit 1 right runs, bit 2 pause;
//                   the time bytes are BCD or binary (TimeEncoding: unverified on hardware)
//   0b BEEP         n            n x 64 ms
//   0c TEXT         c0..c7 beep  8 ASCII characters (DGT 3000 only), beep as for BEEP
// The board acknowledges clock commands (a BWTIME that decodes as ClockAck) only in update mode.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "io/dgt/dgt_bytes.h"
#include "io/dgt/dgt_clock.h"

namespace venue::io::dgt {

// One-byte command codes, host -> board.
enum class Command : std::uint8_t {
    SEND_RESET = 0x40,            // to idle, no reply
    SEND_CLK = 0x41,              // BWTIME
    SEND_BRD = 0x42,              // BOARD_DUMP
    SEND_UPDATE = 0x43,           // update mode: FIELD_UPDATE + BWTIME at least once a second
    SEND_UPDATE_BRD = 0x44,       // update mode: FIELD_UPDATE only
    RETURN_SERIALNR = 0x45,       // SERIALNR
    RETURN_BUSADRES = 0x46,       // BUSADRES
    SEND_TRADEMARK = 0x47,        // TRADEMARK
    SEND_EE_MOVES = 0x49,         // EE_MOVES
    TO_BUSMODE = 0x4a,            // to bus mode, no reply
    SEND_UPDATE_NICE = 0x4b,      // update mode: FIELD_UPDATE + BWTIME when clock data changed
    SEND_BATTERY_STATUS = 0x4c,   // BATTERY_STATUS
    SEND_VERSION = 0x4d,          // VERSION
    RETURN_LONG_SERIALNR = 0x55,  // LONG_SERIALNR
    SET_LEDS = 0x60,              // 60 04 pattern start end 00
    CLOCK_MESSAGE = 0x2b,         // 2b SIZE 03 SUB payload 00
};

// True for every byte value listed in Command.
bool is_command(std::uint8_t byte);
// "SEND_BRD" etc.; "?" for other bytes.
const char* command_name(std::uint8_t byte);

// Clock command (SUB byte of a CLOCK_MESSAGE).
enum class ClockSub : std::uint8_t {
    DISPLAY = 0x01,
    ICONS = 0x02,
    END_TEXT = 0x03,
    BUTTON = 0x08,
    VERSION = 0x09,
    SET_AND_RUN = 0x0a,
    BEEP = 0x0b,
    TEXT = 0x0c,
};

inline constexpr std::uint8_t CLOCK_START = 0x03;  // first byte after SIZE
inline constexpr std::uint8_t CLOCK_END = 0x00;    // last byte of a clock message
inline constexpr std::size_t CLOCK_TEXT_LENGTH = 8;

// How set-and-run writes hours, minutes and seconds. BWTIME replies are BCD; open-source
// clients send binary. Unverified on real hardware, so it is a setting.
enum class TimeEncoding : std::uint8_t {
    BINARY = 0,  // 59 -> 0x3b
    BCD = 1,     // 59 -> 0x59
};

// Set-and-run control byte: which side runs afterwards, or pause.
struct SetAndRun {
    ClockTime left;
    ClockTime right;
    bool left_runs = false;   // ctl bit 0
    bool right_runs = false;  // ctl bit 1
    bool pause = false;       // ctl bit 2
};

// Why a command could not be encoded; field names the offending argument.
struct EncodeError {
    const char* field;  // e.g. "left.minutes", "text[3]", "payload"
    int value;          // the rejected value
    const char* reason;
};
std::string describe(const EncodeError& e);

// Every encoder appends to `out`, so a caller can batch commands into one write.
void encode(Command c, Bytes& out);  // one-byte commands; SET_LEDS/CLOCK_MESSAGE need the below
std::optional<EncodeError> encode_set_leds(std::uint8_t pattern, std::uint8_t start,
                                           std::uint8_t end, Bytes& out);

// Any clock command with a raw payload; rejects payload bytes with the top bit set (the board
// would read them as a new message) and payloads that do not fit SIZE.
std::optional<EncodeError> encode_clock(ClockSub sub, std::span<const std::uint8_t> payload,
                                        Bytes& out);
void encode_clock_end_text(Bytes& out);
void encode_clock_button(Bytes& out);
void encode_clock_version(Bytes& out);
// n x 64 ms; n must be below 0x80.
std::optional<EncodeError> encode_clock_beep(std::uint8_t n, Bytes& out);
// Up to 8 printable ASCII characters (shorter text is padded with spaces), beep as for BEEP.
std::optional<EncodeError> encode_clock_text(std::string_view text, std::uint8_t beep, Bytes& out);
// The DGT XL's display (SUB 01): its six characters, sent in the order the clock's digits are
// wired (2 1 0 5 4 3), no icons, beep as for BEEP. Up to 6 printable ASCII characters, shorter
// text padded with spaces.
inline constexpr std::size_t CLOCK_XL_TEXT_LENGTH = 6;
std::optional<EncodeError> encode_clock_xl_display(std::string_view text, std::uint8_t beep,
                                                   Bytes& out);
std::optional<EncodeError> encode_clock_set_and_run(const SetAndRun& s, TimeEncoding enc,
                                                    Bytes& out);

// One time field in the given encoding (value must already be valid: 0..99).
constexpr std::uint8_t encode_time_field(std::uint8_t value, TimeEncoding enc) {
    return enc == TimeEncoding::BCD ? static_cast<std::uint8_t>(((value / 10) << 4) | (value % 10))
                                    : value;
}

}  // namespace venue::io::dgt
