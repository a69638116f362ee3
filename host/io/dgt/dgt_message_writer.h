// Board -> host message encoding: what a board sends. Used by the board emulator and by tests
// that feed the parser; the host itself never sends these.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "io/dgt/dgt_board.h"
#include "io/dgt/dgt_bytes.h"
#include "io/dgt/dgt_clock.h"
#include "io/dgt/dgt_message.h"

namespace venue::io::dgt {

// Header (id, 14-bit total length) then data. Data bytes must be below 0x80 and the total
// at most MAX_MESSAGE_LENGTH; the writer does not check, so tests can build bad messages.
void write_message(std::uint8_t id, std::span<const std::uint8_t> data, Bytes& out);

void write_board_dump(const BoardCodes& board, Bytes& out);
void write_field_update(std::uint8_t square, Piece piece, Bytes& out);
void write_bwtime(const BwTime& t, Bytes& out);
void write_clock_ack(const ClockAck& a, Bytes& out);
void write_serialnr(std::string_view five_chars, Bytes& out);
void write_long_serialnr(std::string_view ten_chars, Bytes& out);
void write_version(std::uint8_t major, std::uint8_t minor, Bytes& out);
void write_trademark(std::string_view text, Bytes& out);
void write_busadres(std::uint16_t address, Bytes& out);
void write_ee_moves(std::span<const std::uint8_t> log, Bytes& out);
void write_battery_status(std::span<const std::uint8_t> data, Bytes& out);

// Any message as the board would send it (round trip of the parser).
void write(const Message& m, Bytes& out);

}  // namespace venue::io::dgt
