// Tie-breakers between exact readings of one stable board, from the board's history (Evidence).
// Used by read_board only when more than one reading fits the board; see matcher.h.
#pragma once

#include "chess/game.h"
#include "sensing/evidence.h"
#include "sensing/recognition.h"

namespace venue::sensing {

// The readings that survive two tests, each applied only if it leaves a reading:
//   order     the moves came in the reading's order: for a pair [a, b], the squares only a
//             touches took their present content no later than those only b touches
//   evidence  the reading explains what the sensors saw since the board last agreed with the
//             game (every changed square is on the way of one of its moves, every piece seen
//             there is one it puts there) as well as any other reading does; what no reading
//             explains (a flicker elsewhere) is noise and decides nothing
ReadingList break_ties(const ReadingList& readings, const chess::Game& game, const Evidence& ev);

}  // namespace venue::sensing
