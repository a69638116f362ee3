// A match as a PGN game: stable headers for broadcasts ([Round "round.board"],
// [GameId]) and [%clk] after every move whose clock time is known.
#pragma once

#include "chess/pgn.h"
#include "venue/match.h"

namespace venue::engine {

chess::PgnGame to_pgn(const Match& match);

}  // namespace venue::engine
