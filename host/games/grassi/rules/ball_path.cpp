#include "games/grassi/rules/ball_path.h"

#include <cstdlib>

namespace venue::games::grassi {

namespace {

Point step_of(Point a, Point b) {
    return {b.x - a.x, b.y - a.y};
}

// The turn between two unit steps in eighths of a circle (0 straight, 1 = 45°, ... 4 = back).
int eighths_between(Point d1, Point d2) {
    static const Point ring[8] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                  {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    int i1 = 0, i2 = 0;
    for (int i = 0; i < 8; ++i) {
        if (ring[i] == d1) i1 = i;
        if (ring[i] == d2) i2 = i;
    }
    const int diff = std::abs(i1 - i2) % 8;
    return diff > 4 ? 8 - diff : diff;
}

// Which way it turned: +1 anticlockwise, -1 clockwise, 0 straight or back.
int turn_side(Point d1, Point d2) {
    const int cross = d1.x * d2.y - d1.y * d2.x;
    return cross > 0 ? 1 : cross < 0 ? -1 : 0;
}

}  // namespace

std::optional<MoveProblem> ball_path_problem(const std::vector<Point>& path,
                                             const GrassiRules& rules) {
    if (path.size() < 2) return MoveProblem{"GCB-PASS-1", "the ball must go somewhere"};
    for (std::size_t i = 1; i < path.size(); ++i) {
        if (!on_field(path[i]))
            return MoveProblem{"GCB-A18", to_string(path[i]) + " is off the field"};
        if (!adjacent(path[i - 1], path[i]))
            return MoveProblem{"GCB-PASS-1", to_string(path[i - 1]) + " to " + to_string(path[i]) +
                                                 " is not one half-square step"};
    }
    int deviations = 0, side = 0;
    for (std::size_t i = 2; i < path.size(); ++i) {
        const Point d1 = step_of(path[i - 2], path[i - 1]);
        const Point d2 = step_of(path[i - 1], path[i]);
        const int turn = eighths_between(d1, d2);
        if (turn == 0) continue;
        // Step i is the ball's i-th MP: a turn into it is spin made after i - 1 steps.
        if (rules.spin == Spin::OFF)
            return MoveProblem{"GCB-A11", "no spin in this game: the ball goes straight"};
        if (turn > 1)
            return MoveProblem{"GCB-PASS-4", "spin deviates the ball by 45° at most, not " +
                                                 std::to_string(turn * 45) + "°"};
        if (i > 3)
            return MoveProblem{"GCB-PASS-5",
                               "spin only within the ball's first two MP: it turns at "
                               "step " +
                                   std::to_string(i) + " (SPIN_TOO_LATE)"};
        ++deviations;
        const int this_side = turn_side(d1, d2);
        if (rules.spin == Spin::ONE_45 && deviations > 1)
            return MoveProblem{"GCB-A11", "one deviation of the ball at most"};
        if (rules.spin == Spin::UP_TO_TWO_SAME_SIDE && side != 0 && this_side != side)
            return MoveProblem{"GCB-A11", "the ball's deviations curl to one side"};
        side = this_side;
    }
    return std::nullopt;
}

BallStop ball_stop(const std::vector<Point>& path, const Occupancy& field) {
    for (std::size_t i = 1; i < path.size(); ++i)
        if (field.occupied(path[i], false)) return {i - 1, path[i]};
    return {path.empty() ? 0 : path.size() - 1, std::nullopt};
}

}  // namespace venue::games::grassi
