// Bitboards and attack tables.
//
// Sliding attacks use "fancy" magic bitboards: for each square, the relevant
// occupancy bits are multiplied by a magic number and shifted to index a
// table of attack sets. The magics are found once at start-up by a search
// driven by a fixed-seed generator, so the tables are identical on every run.
#pragma once

#include <bit>

#include "chess/types.h"

namespace venue::chess {

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_2_BB = RANK_1_BB << 8;
constexpr Bitboard RANK_4_BB = RANK_1_BB << 24;
constexpr Bitboard RANK_5_BB = RANK_1_BB << 32;
constexpr Bitboard RANK_7_BB = RANK_1_BB << 48;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;
constexpr Bitboard DARK_SQUARES_BB = 0xAA55AA55AA55AA55ULL;

constexpr Bitboard file_bb(int file) {
    return FILE_A_BB << file;
}
constexpr Bitboard rank_bb(int rank) {
    return RANK_1_BB << (8 * rank);
}

inline int popcount(Bitboard b) {
    return std::popcount(b);
}
inline Square lsb(Bitboard b) {
    return Square(std::countr_zero(b));
}
inline Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr bool more_than_one(Bitboard b) {
    return (b & (b - 1)) != 0;
}

// Shift every bit one step towards the given direction, dropping bits that
// would wrap around the board's edge.
enum Direction : int {
    NORTH = 8,
    SOUTH = -8,
    EAST = 1,
    WEST = -1
};
template <int D>
constexpr Bitboard shift(Bitboard b) {
    if constexpr (D == NORTH) return b << 8;
    if constexpr (D == SOUTH) return b >> 8;
    if constexpr (D == NORTH + EAST) return (b & ~FILE_H_BB) << 9;
    if constexpr (D == NORTH + WEST) return (b & ~FILE_A_BB) << 7;
    if constexpr (D == SOUTH + EAST) return (b & ~FILE_H_BB) >> 7;
    if constexpr (D == SOUTH + WEST) return (b & ~FILE_A_BB) >> 9;
    if constexpr (D == EAST) return (b & ~FILE_H_BB) << 1;
    if constexpr (D == WEST) return (b & ~FILE_A_BB) >> 1;
    return 0;
}

// Squares attacked by all pawns of one colour in the set.
template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard pawns) {
    return C == WHITE ? shift<NORTH + WEST>(pawns) | shift<NORTH + EAST>(pawns)
                      : shift<SOUTH + WEST>(pawns) | shift<SOUTH + EAST>(pawns);
}

namespace detail {

struct Magic {
    Bitboard mask;
    Bitboard magic;
    const Bitboard* attacks;
    unsigned shift;

    unsigned index(Bitboard occupied) const {
        return unsigned(((occupied & mask) * magic) >> shift);
    }
};

struct Tables {
    Bitboard pawn_attacks[COLOR_NB][SQUARE_NB];
    Bitboard knight_attacks[SQUARE_NB];
    Bitboard king_attacks[SQUARE_NB];
    Bitboard between[SQUARE_NB][SQUARE_NB];  // squares strictly between, plus the second one
    Bitboard line[SQUARE_NB][SQUARE_NB];     // the whole line through both, or 0
    Magic rook_magics[SQUARE_NB];
    Magic bishop_magics[SQUARE_NB];
};

// Built on first use; read-only afterwards (thread-safe through static init).
const Tables& tables();
extern const Tables& TABLES;

}  // namespace detail

inline Bitboard pawn_attacks(Color c, Square s) {
    return detail::TABLES.pawn_attacks[c][s];
}
inline Bitboard knight_attacks(Square s) {
    return detail::TABLES.knight_attacks[s];
}
inline Bitboard king_attacks(Square s) {
    return detail::TABLES.king_attacks[s];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
    const auto& m = detail::TABLES.rook_magics[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
    const auto& m = detail::TABLES.bishop_magics[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
    return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}
// Squares strictly between a and b when they share a line, plus b itself
// (so a checker's square is included in the block-or-capture mask); else just b.
inline Bitboard between_bb(Square a, Square b) {
    return detail::TABLES.between[a][b];
}
// The full line through a and b (edge to edge) when they share one, else 0.
inline Bitboard line_bb(Square a, Square b) {
    return detail::TABLES.line[a][b];
}
inline bool aligned(Square a, Square b, Square c) {
    return (line_bb(a, b) & square_bb(c)) != 0;
}

}  // namespace venue::chess
