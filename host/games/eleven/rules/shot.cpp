#include "games/eleven/rules/shot.h"

#include "venue/seeded_random.h"

namespace venue::games::eleven {

using namespace chess;

const char* to_string(ShotOutcome o) {
    switch (o) {
        case ShotOutcome::GOAL:
            return "goal";
        case ShotOutcome::SAVE:
            return "save";
        case ShotOutcome::BLOCK:
            return "block";
        case ShotOutcome::CORNER:
            return "corner";
    }
    return "?";
}

ShotChances shot_chances(const Placement& field, Color shooter, Square target,
                         const ElevenRules& rules) {
    const Color defender = ~shooter;
    const auto goal = goal_squares(defender);
    const Square other = goal[0] == target ? goal[1] : goal[0];
    auto defends = [&](Square s) { return field[s] != NO_PIECE && color_of(field[s]) == defender; };
    ShotChances c;
    c.corner = corner_square(target);
    // Only attacking pieces on the goal squares count as none (C11-A11).
    if (!defends(target) && !defends(other)) {
        c.certain_goal = true;
        c.possible = {ShotOutcome::GOAL};
        return c;
    }
    const bool targeted_only = rules.shot_eligibility == ShotEligibility::TARGETED_SQUARE_ONLY;
    std::vector<Square> in_the_way = {target};
    if (!targeted_only) in_the_way.push_back(other);
    for (Square s : in_the_way) {
        if (!defends(s)) continue;
        if (type_of(field[s]) == KING) {
            if (!c.keeper) c.keeper = s;
        } else if (!c.blocker) {
            c.blocker = s;  // the targeted square's defender first (C11-A10)
        }
    }
    c.possible.push_back(ShotOutcome::GOAL);
    if (c.keeper) c.possible.push_back(ShotOutcome::SAVE);
    if (c.blocker) c.possible.push_back(ShotOutcome::BLOCK);
    c.possible.push_back(ShotOutcome::CORNER);
    return c;
}

ShotOutcome draw_outcome(const ShotChances& chances, const ElevenRules& rules, std::uint64_t seed,
                         std::uint64_t draw) {
    auto weight = [&](ShotOutcome o) {
        const ShotWeights& w = rules.shot_weights;
        const int x = o == ShotOutcome::GOAL    ? w.goal
                      : o == ShotOutcome::SAVE  ? w.save
                      : o == ShotOutcome::BLOCK ? w.block
                                                : w.corner;
        return std::uint64_t(x > 0 ? x : 0);
    };
    std::uint64_t total = 0;
    for (ShotOutcome o : chances.possible) total += weight(o);
    if (total == 0) return chances.possible.front();
    std::uint64_t x = engine::seeded_below(seed, draw, total);
    for (ShotOutcome o : chances.possible) {
        if (x < weight(o)) return o;
        x -= weight(o);
    }
    return chances.possible.back();
}

}  // namespace venue::games::eleven
