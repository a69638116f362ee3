// Whether a side can still checkmate: for dead positions (Art. 5.2.2, 9.6.2)
// and for flag falls (Art. 6.9: a flag fall is a draw when the opponent cannot
// checkmate by any series of legal moves).
#pragma once

#include "chess/position.h"

namespace venue::chess {

// False only where it is certain that `c` can never give checkmate, whatever
// both sides play. Covers the standard cases: a lone king; king and one knight
// or one bishop against a lone king; kings and bishops all on squares of one
// colour. Anything else is treated as "can mate" (the safe answer).
bool could_checkmate(const Position& pos, Color c);

// Neither side can ever checkmate (the standard dead-position cases).
inline bool is_dead_position(const Position& pos) {
    return !could_checkmate(pos, WHITE) && !could_checkmate(pos, BLACK);
}

}  // namespace venue::chess
