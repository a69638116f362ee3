#include "chess/material.h"

namespace venue::chess {

bool could_checkmate(const Position& pos, Color c) {
    const Color o = ~c;
    if (pos.pieces(c, PAWN) | pos.pieces(c, ROOK) | pos.pieces(c, QUEEN)) return true;
    const Bitboard knights = pos.pieces(c, KNIGHT), bishops = pos.pieces(c, BISHOP);
    if (!knights && !bishops) return false;  // a lone king never mates

    const Bitboard their_other = pos.pieces(o) & ~pos.pieces(o, KING);
    // Only bishops on squares of one colour on the whole board (both sides, no
    // other men): no king can ever be confined, so no mate is possible.
    const Bitboard all_bishops = pos.pieces(BISHOP);
    const bool one_colour_bishops =
        !(all_bishops & DARK_SQUARES_BB) || !(all_bishops & ~DARK_SQUARES_BB);
    if (!knights && one_colour_bishops && (their_other & ~pos.pieces(o, BISHOP)) == 0) return false;

    // A single minor piece cannot mate a lone king (the lone king has nothing
    // that could block its own flight squares).
    if (popcount(knights | bishops) == 1 && !their_other) return false;
    return true;
}

}  // namespace venue::chess
