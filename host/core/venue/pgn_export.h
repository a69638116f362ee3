// A match as PGN: stable headers for broadcasts ([Round "round.board"], [GameId]) and [%clk]
// after every move whose clock time is known.
//
// A game whose position was edited in play (a Chessball removal takes men off the board) is no
// longer one PGN game: no PGN reader accepts a position change between moves. It is exported as
// parts, one PGN game each, [GameId "<id>-p<N>"], the later ones from [FEN] of the edited
// position, each saying in its opening comment which part it is (docs/games/chessball.md).
#pragma once

#include <string>
#include <vector>

#include "chess/pgn.h"
#include "venue/match.h"

namespace venue::engine {

// A team as PGN's White or Black tag: its players' names joined by " / " (the team's name when
// it lists none, "?" when it has neither).
std::string pgn_player_names(const TeamConfig& team);

// The part being played now (the whole game when it was never edited).
chess::PgnGame to_pgn(const Match& match);

// Every part, oldest first: what `venue export pgn` writes. A Business Chess match gives one
// game per branch instead (games/business/business_pgn.h); to_pgn() is then the last branch.
std::vector<chess::PgnGame> to_pgn_parts(const Match& match);

}  // namespace venue::engine
