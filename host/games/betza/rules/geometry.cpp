#include "games/betza/rules/geometry.h"

namespace venue::games::betza {

chess::PieceType start_piece(Layout layout, int file, int rank) {
    using namespace chess;
    if (rank == 1) return PAWN;
    if (rank != OUTER_RANK) return NO_PIECE_TYPE;
    constexpr PieceType white_back[HALF_FILES] = {ROOK, KNIGHT, BISHOP, QUEEN,
                                                  KING, BISHOP, KNIGHT, ROOK};
    // Black's layout is White's mirrored left to right: the same back rank seen from the far side.
    return white_back[layout == Layout::WHITE ? file : 7 - file];
}

}  // namespace venue::games::betza
