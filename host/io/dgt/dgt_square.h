// DGT square numbering and board orientation.
//
// A board numbers its sensors 0..63 = a8, b8, ..., h8, a7, ..., h1 when the connector is on
// White's left ("normal"): index = (7 - rank) * 8 + file, with file 0 = a and rank 0 = rank 1.
// The board never rotates its numbering: a board turned round (connector on Black's side)
// reports 63 - i for the square it would call i. Clients decide orientation from the start
// position (see dgt_board.h) or from a setting.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace venue::io::dgt {

inline constexpr int SQUARE_NB = 64;

// Which way the board lies relative to the players. Byte value is stored in settings.
enum class Orientation : std::uint8_t {
    NORMAL = 0,   // connector on White's left: index 0 = a8
    ROTATED = 1,  // turned round: index 0 = h1
};

// file 0..7 (a..h), rank 0..7 (rank 1..8) -> DGT index in the normal orientation.
constexpr std::uint8_t dgt_index(int file, int rank) {
    return static_cast<std::uint8_t>((7 - rank) * 8 + file);
}
constexpr int file_of(std::uint8_t index) {
    return index & 7;
}
constexpr int rank_of(std::uint8_t index) {
    return 7 - (index >> 3);
}
constexpr bool is_valid_index(std::uint8_t index) {
    return index < SQUARE_NB;
}

// The same physical sensor seen from the other side of the board.
constexpr std::uint8_t flip(std::uint8_t index) {
    return static_cast<std::uint8_t>(63 - index);
}

// Converts between a board's own sensor index and the normal-orientation index of the chess
// square it stands for. The mapping is its own inverse.
constexpr std::uint8_t orient(std::uint8_t index, Orientation o) {
    return o == Orientation::ROTATED ? flip(index) : index;
}

// "e2" for the normal-orientation index; "??" for an invalid index.
std::string square_name(std::uint8_t index);

// Normal-orientation index of a square name ("e2", case-insensitive file); nothing if malformed.
std::optional<std::uint8_t> parse_square(std::string_view name);

}  // namespace venue::io::dgt
