// The ball's own movement (catalogue GCB-PASS-*, GCB-TIRO-*, GCB-A11, GCB-A12): a pass or a throw
// is the ball stepping from point to point, one MP a step, straight, or with spin: one deviation
// of 45° at most, made within its first two MP (GCB-PASS-5); a ball movement that reaches the goal
// line inside a goal mouth is a shot, whose power is 18 minus the steps it travelled (GCB-TIRO-2).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "games/grassi/rules/grassi_rules.h"
#include "games/grassi/rules/lattice.h"
#include "games/grassi/rules/movement.h"

namespace venue::games::grassi {

// Why the ball cannot travel along `path` (from its point to where it stops): every step one
// half-square onto the field, and its turns as spin allows (GCB-PASS-4, PASS-5, GCB-A11).
std::optional<MoveProblem> ball_path_problem(const std::vector<Point>& path,
                                             const GrassiRules& rules);

// Where a ball sent along `path` stops (GCB-PASS-3, GCB-A33): at the point before the first one a
// piece stands on (that piece takes it), else at the path's end. `stopped_by` says which
// point's piece stopped it.
struct BallStop {
    std::size_t index = 0;            // the stop's index in path
    std::optional<Point> stopped_by;  // the intercepting piece's point
};
BallStop ball_stop(const std::vector<Point>& path, const Occupancy& field);

// The power of a shot that travelled `steps` half-squares: 18 - steps (GCB-TIRO-2).
constexpr int shot_power(int steps) {
    return 18 - steps;
}

}  // namespace venue::games::grassi
