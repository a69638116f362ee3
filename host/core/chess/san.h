// Standard Algebraic Notation (the Laws of Chess, Appendix C; PGN's SAN).
#pragma once

#include <string>
#include <string_view>

#include "chess/position.h"
#include "common/result.h"

namespace venue::chess {

// SAN of a legal move: minimal disambiguation, 'x' for captures, "=Q" for
// promotion, "O-O"/"O-O-O", and '+' or '#' for check and mate.
std::string to_san(const Position& pos, Move m);

// Reads SAN as people and programs write it: accepts 0-O and O-O, a missing
// or superfluous 'x', "e8Q" and "e8=Q", long forms (Ng1f3, Ng1-f3, e2e4),
// "e.p." and trailing +, #, !, ? marks. The move must be legal and unambiguous;
// the error says which moves matched or why none did.
Result<Move, std::string> parse_san(const Position& pos, std::string_view text);

}  // namespace venue::chess
