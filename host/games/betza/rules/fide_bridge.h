// Two armies are chess (BETZA-6.4): the bridge between a chess position and a two-army game of
// Betza's chess, for the regression test that replays chess games as Betza and for a match that
// records a two-army game as PGN.
//
// Army 0 plays White from half-board 0 (White's layout), army 1 plays Black from half-board 1
// (Black's layout); the pair (0, 1) in that order is the chess board square for square.
#pragma once

#include <string>

#include "chess/position.h"
#include "games/betza/rules/betza_game.h"

namespace venue::games::betza {

constexpr Pair CHESS_PAIR{0, 1};

// The armies' pieces of a chess position: colour -> army, castling rights -> unmoved kings and
// rooks.
ArmyPosition army_position_of(const chess::Position& position);

// A two-army game standing at a chess position: the batting order White, Black, the side to move
// on move, and the en passant square as a chance for it on the pair (0, 1) (BETZA-A5).
BetzaGame two_army_game(const chess::Position& position, const BetzaRules& rules = {});

// The joined board of a pair as FEN's placement field, each army in its layout's colour.
std::string placement_of(const ArmyPosition& position, const Pair& pair);

}  // namespace venue::games::betza
