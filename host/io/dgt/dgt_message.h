// Board -> host messages: ids, lengths and the typed messages the parser yields.
//
// Every message starts with a three-byte header:
//   b0 id (top bit set)   b1 (len >> 7) & 0x7f   b2 len & 0x7f      len = total incl. header
// No data byte has its top bit set, so any byte with the top bit set starts a new message.
//
//   id    name            total length   data
//   0x86  BOARD_DUMP      67             64 piece codes, index 0 = a8 (normal orientation)
//   0x8d  BWTIME          10             clock times or a clock acknowledgement (dgt_clock.h)
//   0x8e  FIELD_UPDATE    5              square 0..63, piece (low nibble)
//   0x8f  EE_MOVES        3..16383       the board's cyclic move log, kept raw
//   0x90  BUSADRES        5              two 7-bit bytes, high first
//   0x91  SERIALNR        8              5 ASCII characters
//   0x92  TRADEMARK       3..1024        ASCII text
//   0x93  VERSION         5              major, minor (binary)
//   0xa0  BATTERY_STATUS  3..64          layout disputed: kept raw, see BatteryStatus
//   0xa2  LONG_SERIALNR   13             10 ASCII characters
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "io/dgt/dgt_board.h"
#include "io/dgt/dgt_clock.h"

namespace venue::io::dgt {

enum class MessageId : std::uint8_t {
    BOARD_DUMP = 0x86,
    BWTIME = 0x8d,
    FIELD_UPDATE = 0x8e,
    EE_MOVES = 0x8f,
    BUSADRES = 0x90,
    SERIALNR = 0x91,
    TRADEMARK = 0x92,
    VERSION = 0x93,
    BATTERY_STATUS = 0xa0,
    LONG_SERIALNR = 0xa2,
};

inline constexpr std::size_t HEADER_LENGTH = 3;
// The length field has 14 bits.
inline constexpr std::size_t MAX_MESSAGE_LENGTH = 0x3fff;

// The lengths a message may have; fixed-length messages have min == max.
struct MessageSpec {
    MessageId id;
    const char* name;
    std::uint16_t min_length;
    std::uint16_t max_length;
};

// The spec of a message id; nothing for a byte that is no known message.
const MessageSpec* find_message_spec(std::uint8_t id);
// "BOARD_DUMP" etc.; "unknown" for other bytes.
const char* message_name(std::uint8_t id);

struct BoardDump {
    BoardCodes squares{};  // DGT index order, as sent
    bool operator==(const BoardDump&) const = default;
};

struct FieldUpdate {
    std::uint8_t square = 0;  // DGT index 0..63, as sent
    Piece piece = Piece::EMPTY;
    bool operator==(const FieldUpdate&) const = default;
};

struct SerialNr {
    std::string digits;  // 5 characters
    bool operator==(const SerialNr&) const = default;
};

struct LongSerialNr {
    std::string digits;  // 10 characters
    bool operator==(const LongSerialNr&) const = default;
};

struct Version {
    std::uint8_t major = 0;
    std::uint8_t minor = 0;
    bool operator==(const Version&) const = default;
};

struct Trademark {
    std::string text;
    bool operator==(const Trademark&) const = default;
};

struct BusAdres {
    std::uint16_t address = 0;  // (b3 << 7) | b4
    bool operator==(const BusAdres&) const = default;
};

struct EeMoves {
    std::vector<std::uint8_t> data;  // raw log bytes; the format is not interpreted here
    bool operator==(const EeMoves&) const = default;
};

// DGT's header and the clients disagree about this message's layout, so the data is kept
// raw. percent is the first data byte when it is a plausible charge (0..100).
struct BatteryStatus {
    std::vector<std::uint8_t> data;
    std::optional<std::uint8_t> percent;
    bool operator==(const BatteryStatus&) const = default;
};

// BWTIME decodes to BwTime (times) or ClockAck (acknowledgement or button), see dgt_clock.h.
using Message = std::variant<BoardDump, FieldUpdate, BwTime, ClockAck, SerialNr, LongSerialNr,
                             Version, Trademark, BusAdres, EeMoves, BatteryStatus>;

}  // namespace venue::io::dgt
