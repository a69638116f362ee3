// DGT piece codes: what a board reports for one square.
//
// Encoding (one byte; board dumps and field updates use the low nibble only):
//   0 empty
//   1 white pawn   2 white rook   3 white knight   4 white bishop   5 white KING   6 white QUEEN
//   7 black pawn   8 black rook   9 black knight  10 black bishop  11 black KING  12 black QUEEN
//   13, 14, 15: "magic pieces" some boards use to signal a result (draw, white wins, black wins)
// King comes BEFORE queen, unlike most chess engines: never convert by arithmetic on piece type.
#pragma once

#include <cstdint>
#include <optional>

namespace venue::io::dgt {

enum class Piece : std::uint8_t {
    EMPTY = 0,
    W_PAWN = 1,
    W_ROOK = 2,
    W_KNIGHT = 3,
    W_BISHOP = 4,
    W_KING = 5,
    W_QUEEN = 6,
    B_PAWN = 7,
    B_ROOK = 8,
    B_KNIGHT = 9,
    B_BISHOP = 10,
    B_KING = 11,
    B_QUEEN = 12,
    MAGIC_DRAW = 13,
    MAGIC_WHITE_WINS = 14,
    MAGIC_BLACK_WINS = 15,
};

inline constexpr int PIECE_CODE_NB = 16;

// The low nibble of a reported byte: boards may set bits 4-6 of a field update.
constexpr Piece piece_from_code(std::uint8_t code) {
    return Piece(code & 0x0f);
}
constexpr std::uint8_t code_of(Piece p) {
    return static_cast<std::uint8_t>(p);
}

constexpr bool is_white(Piece p) {
    return p >= Piece::W_PAWN && p <= Piece::W_QUEEN;
}
constexpr bool is_black(Piece p) {
    return p >= Piece::B_PAWN && p <= Piece::B_QUEEN;
}
constexpr bool is_chess_piece(Piece p) {
    return is_white(p) || is_black(p);
}
constexpr bool is_magic(Piece p) {
    return p >= Piece::MAGIC_DRAW;
}

// FEN letter of a piece ('P', 'k', ...); '.' for empty, '1'/'2'/'3' for the magic pieces
// (draw, white wins, black wins) so that every code has a printable form.
char piece_char(Piece p);

// Inverse of piece_char for chess pieces and '.', nothing for any other character.
std::optional<Piece> piece_from_char(char c);

}  // namespace venue::io::dgt
