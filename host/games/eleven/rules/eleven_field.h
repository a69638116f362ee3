// The field of Chess Eleven on a chessboard (catalogue §4): White plays from rank 1; each side's
// goal is the two centre squares of its own back rank (White's d1 and e1, Black's d8 and e8); a
// corner is a corner square of the board. What stands where is a Placement: what a board reads,
// piece by square, before there is a game to play (a formation being set up).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "chess/types.h"
#include "games/eleven/rules/eleven_rules.h"
#include "sensing/placement.h"

namespace venue::games::eleven {

// What a board's sensors read (sensing::Placement): the formation phase reads it as it is.
using Placement = sensing::Placement;

// The goal `side` defends: {d1, e1} or {d8, e8}.
std::array<chess::Square, 2> goal_squares(chess::Color side);
bool is_goal_square(chess::Color side, chess::Square s);

// Where `side`'s king keeps goal at the start (C11-FORM-5, C11-A1): under OWN_COLOUR the centre
// back-rank square of its own colour (d1 is light, d8 dark); under E_FILE e1 or e8. Under
// EITHER_GOAL_SQUARE both goal squares are allowed; this returns the d-file one.
chess::Square king_home(chess::Color side, const ElevenRules& rules);

// The square the ball goes to on a corner (C11-SHOOT-7): the corner of the defending side on the
// side of the goal square aimed at (d8 -> a8, e8 -> h8; d1 -> a1, e1 -> h1).
chess::Square corner_square(chess::Square aimed);

// Whether `s` is in the centre circle (C11-START-2, C11-A5).
bool in_centre(chess::Square s, const ElevenRules& rules);

// A placement from the board part of a FEN ("rnbqkbnr/pppppppp/8/..."), as a BoardSnapshot
// carries it; nullopt when it is not eight ranks of eight squares.
inline std::optional<Placement> placement_of(std::string_view board) {
    return sensing::parse_placement(board);
}
// The board part of a FEN.
inline std::string board_text(const Placement& p) {
    return sensing::to_string(p);
}

}  // namespace venue::games::eleven
