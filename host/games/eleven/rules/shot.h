// What a shot at goal comes to (catalogue C11-SHOOT-2..7, C11-A10, C11-A11): a goal at once when
// no defender stands on either goal square; otherwise one of Goal, Save, Block or Corner, drawn
// among those the defenders make possible, from the seed the log carries, so that a replay
// draws the same.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/eleven/rules/eleven_field.h"

namespace venue::games::eleven {

enum class ShotOutcome : std::uint8_t {
    GOAL,
    SAVE,   // the defending king takes the ball (C11-SHOOT-5)
    BLOCK,  // a defender other than the king takes it (C11-SHOOT-6)
    CORNER  // the ball goes to the corner square (C11-SHOOT-7)
};
const char* to_string(ShotOutcome o);

// A shot judged before the draw.
struct ShotChances {
    bool certain_goal = false;              // no defender on either goal square (C11-SHOOT-2)
    std::vector<ShotOutcome> possible;      // in the order GOAL, SAVE, BLOCK, CORNER
    std::optional<chess::Square> keeper;    // the defending king that would save
    std::optional<chess::Square> blocker;   // the defender that would block
    chess::Square corner = chess::SQ_NONE;  // where a corner sends the ball
};

// The chances of a shot by `shooter`'s side at `target` (a square of the goal the opponent
// defends; the line is shot_problem()'s to check).
ShotChances shot_chances(const Placement& field, chess::Color shooter, chess::Square target,
                         const ElevenRules& rules);

// The outcome drawn for a contested shot: the `draw`th draw from `seed`, weighted by
// rules.shot_weights among chances.possible (which must not be empty).
ShotOutcome draw_outcome(const ShotChances& chances, const ElevenRules& rules, std::uint64_t seed,
                         std::uint64_t draw);

}  // namespace venue::games::eleven
