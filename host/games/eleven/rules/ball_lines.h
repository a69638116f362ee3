// The lines the ball may travel along (catalogue C11-PASS-2, C11-SHOOT-1, C11-A6, C11-A9,
// C11-A11): a pass between two pieces of a side, a shot from the carrier at a goal square.
// Judged on the field as it stands (a Placement: any pieces, any squares). Each check answers
// why not, in words, with its clause; nullopt means the ball may go.
#pragma once

#include <optional>
#include <string>

#include "games/eleven/rules/eleven_field.h"

namespace venue::games::eleven {

struct LineProblem {
    std::string clause;
    std::string words;
};

// Whether the piece on `from` reaches `to` by its own movement pattern (the knight jumps; a
// pawn's pattern is its forward steps, two from its second rank, and its diagonal capture
// squares; the king's is one square), with no piece counted by `blockers` strictly between.
// The squares' contents are not checked here.
bool on_move_ray(const Placement& field, chess::Square from, chess::Square to, Blockers blockers);

// Why the piece on `passer` cannot pass to the piece on `receiver` (C11-PASS-2, C11-A6).
std::optional<LineProblem> pass_problem(const Placement& field, chess::Square passer,
                                        chess::Square receiver, const ElevenRules& rules);

// Why the piece on `shooter` cannot shoot at `target`, a square of the goal the opponent defends
// (C11-SHOOT-1, C11-A9, C11-A11).
std::optional<LineProblem> shot_problem(const Placement& field, chess::Square shooter,
                                        chess::Square target, const ElevenRules& rules);

}  // namespace venue::games::eleven
