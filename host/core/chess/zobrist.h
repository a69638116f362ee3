// Zobrist keys: one random 64-bit number per (piece, square), castling state,
// en passant file and side to move. The numbers come from a fixed seed, so a
// position's key is the same in every run and on every machine.
#pragma once

#include "chess/types.h"

namespace venue::chess::zobrist {

struct Keys {
    std::uint64_t piece_square[PIECE_NB][SQUARE_NB];
    std::uint64_t castling[16];
    std::uint64_t en_passant_file[8];
    std::uint64_t side;
};

const Keys& keys();

}  // namespace venue::chess::zobrist
