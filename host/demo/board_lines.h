// How a person moves the men of a move on an electronic board, as DGT emulator action lines
// (sim/dgt/dgt_action.h): a capture lifts the taken man first, castling moves the king then the
// rook, en passant lifts the taken pawn last, a promotion sets the new piece down. Pure.
#pragma once

#include <string>
#include <vector>

#include "chess/position.h"

namespace venue::demo {

std::vector<std::string> move_lines(const chess::Position& pos, chess::Move m);
// Setting a move that was made back (m was played from pos; its piece returns to its square).
std::vector<std::string> undo_lines(const chess::Position& pos, chess::Move m);
// Setting up a position on a board: the board is cleared, then every man is put down, White's
// first, from the first rank up (an arbiter cloning a branch, BC-II.3).
std::vector<std::string> setup_lines(const chess::Position& pos);

}  // namespace venue::demo
