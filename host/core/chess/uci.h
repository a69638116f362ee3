// UCI long algebraic notation: e2e4, e7e8q, e1g1 (castling as the king's move).
#pragma once

#include <string>
#include <string_view>

#include "chess/position.h"
#include "common/result.h"

namespace venue::chess {

std::string square_to_string(Square s);
// "e4" -> SQ_E4; SQ_NONE when the text is not a square.
Square parse_square(std::string_view text);

std::string to_uci(Move m);
// Parses a UCI move and checks it is legal in pos. The error says why not.
Result<Move, std::string> parse_uci(const Position& pos, std::string_view text);

}  // namespace venue::chess
