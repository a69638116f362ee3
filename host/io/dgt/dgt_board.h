// A whole board as a DGT board reports it: 64 piece codes indexed by DGT square index.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "io/dgt/dgt_piece.h"
#include "io/dgt/dgt_square.h"

namespace venue::io::dgt {

using BoardCodes = std::array<Piece, SQUARE_NB>;

// The start position in the normal orientation, exactly as BOARD_DUMP sends it:
//   8,9,10,12,11,10,9,8, 7 x 8, 0 x 32, 1 x 8, 2,3,4,6,5,4,3,2
BoardCodes start_position();
BoardCodes empty_board();

// The board as seen from the other side (every index i moves to 63 - i).
BoardCodes rotated(const BoardCodes& board);

// NORMAL or ROTATED if the board holds exactly the start position one way round; nothing
// otherwise (clients then keep the orientation they had, or the configured one).
std::optional<Orientation> detect_orientation(const BoardCodes& board);

// FEN piece placement ("rnbqkbnr/pppppppp/8/...") of a normal-orientation board. Magic pieces
// have no FEN letter (their digits would read as empty squares), so they are written as '?'.
std::string to_placement(const BoardCodes& board);

// Board from a FEN piece placement (the first field of a FEN; further fields are ignored).
// Nothing if the placement is malformed (wrong rank count or width, unknown letter).
std::optional<BoardCodes> from_placement(std::string_view placement);

}  // namespace venue::io::dgt
