// Small strong types of the chess core: colours, pieces, squares, moves.
//
// Encodings (stable, relied on by tables and by the event log):
//   Square  0..63 = a1, b1, ..., h1, a2, ..., h8  (index = rank * 8 + file)
//   Piece   colour * 8 + piece type; 0 is no piece (W_PAWN = 1 ... W_KING = 6, B_PAWN = 9 ...)
//   Move    16 bits: bits 0-5 from, 6-11 to, 12-13 promotion (0 knight .. 3 queen),
//           14-15 kind (normal, promotion, en passant, castling). Castling is king from -> king to.
//   PieceId a piece's identity for the whole game: the square it stood on when the game's
//           position was set up (start position or FEN). Promotion keeps the pawn's id.
#pragma once

#include <cstdint>

namespace venue::chess {

using Bitboard = std::uint64_t;

enum Color : std::uint8_t {
    WHITE,
    BLACK,
    COLOR_NB = 2
};

constexpr Color operator~(Color c) {
    return Color(c ^ 1);
}

enum PieceType : std::uint8_t {
    NO_PIECE_TYPE,
    PAWN,
    KNIGHT,
    BISHOP,
    ROOK,
    QUEEN,
    KING,
    PIECE_TYPE_NB = 7
};

enum Piece : std::uint8_t {
    NO_PIECE,
    W_PAWN = 1,
    W_KNIGHT,
    W_BISHOP,
    W_ROOK,
    W_QUEEN,
    W_KING,
    B_PAWN = 9,
    B_KNIGHT,
    B_BISHOP,
    B_ROOK,
    B_QUEEN,
    B_KING,
    PIECE_NB = 16
};

constexpr Piece make_piece(Color c, PieceType pt) {
    return Piece(c * 8 + pt);
}
constexpr PieceType type_of(Piece p) {
    return PieceType(p & 7);
}
constexpr Color color_of(Piece p) {
    return Color(p >> 3);
}

// Names in the words people read: "White", "Black"; "pawn" ... "king" ("" for no piece type).
constexpr const char* color_name(Color c) {
    return c == WHITE ? "White" : "Black";
}
constexpr const char* type_name(PieceType pt) {
    constexpr const char* names[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
    return pt < PIECE_TYPE_NB ? names[pt] : "";
}

enum Square : std::uint8_t {
    // clang-format off
    SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
    SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
    SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
    SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
    SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
    SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
    SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
    SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
    // clang-format on
    SQ_NONE,
    SQUARE_NB = 64
};

constexpr Square make_square(int file, int rank) {
    return Square(rank * 8 + file);
}
constexpr int file_of(Square s) {
    return s & 7;
}
constexpr int rank_of(Square s) {
    return s >> 3;
}
constexpr bool is_valid(Square s) {
    return s < SQ_NONE;
}
// The same square seen from Black's side (a1 <-> a8).
constexpr Square flip_rank(Square s) {
    return Square(s ^ 56);
}
// A rank counted from the given side: relative_rank(BLACK, 7) == 0.
constexpr int relative_rank(Color c, int rank) {
    return c == WHITE ? rank : 7 - rank;
}

constexpr Bitboard square_bb(Square s) {
    return Bitboard(1) << s;
}

// Castling rights as four bits.
enum CastlingRights : std::uint8_t {
    NO_CASTLING = 0,
    WHITE_OO = 1,
    WHITE_OOO = 2,
    BLACK_OO = 4,
    BLACK_OOO = 8,
    ALL_CASTLING = 15
};

using PieceId = std::uint8_t;
constexpr PieceId NO_PIECE_ID = 255;

enum class MoveKind : std::uint8_t {
    NORMAL,
    PROMOTION,
    EN_PASSANT,
    CASTLING
};

class Move {
  public:
    constexpr Move() = default;
    constexpr Move(Square from, Square to) : data_(std::uint16_t(from | (to << 6))) {}
    static constexpr Move make(Square from, Square to, MoveKind kind, PieceType promo = KNIGHT) {
        Move m;
        m.data_ = std::uint16_t(from | (to << 6) | ((promo - KNIGHT) << 12) |
                                (static_cast<int>(kind) << 14));
        return m;
    }
    static constexpr Move none() { return Move(); }

    constexpr Square from() const { return Square(data_ & 63); }
    constexpr Square to() const { return Square((data_ >> 6) & 63); }
    constexpr MoveKind kind() const { return MoveKind(data_ >> 14); }
    constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + KNIGHT); }
    constexpr bool is_none() const { return data_ == 0; }
    constexpr std::uint16_t raw() const { return data_; }

    constexpr bool operator==(const Move&) const = default;

  private:
    std::uint16_t data_ = 0;
};

}  // namespace venue::chess
