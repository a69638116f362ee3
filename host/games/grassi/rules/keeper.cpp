#include "games/grassi/rules/keeper.h"

namespace venue::games::grassi {

const char* to_string(KeeperOutcome o) {
    switch (o) {
        case KeeperOutcome::SAVE:
            return "save";
        case KeeperOutcome::PARRY:
            return "parry";
        case KeeperOutcome::PARRY_ZERO:
            return "parry_0";
        case KeeperOutcome::GOAL:
            return "goal";
    }
    return "?";
}

KeeperResult keeper_result(int power, int roll, const GrassiRules& rules) {
    const int diff = power - roll;
    if (diff < 0) return {KeeperOutcome::SAVE, 0};
    if (diff >= 4) return {KeeperOutcome::GOAL, 0};
    const int unit = rules.parry_unit == ParryUnit::SQUARE ? 2 : 1;  // GCB-A15
    if (diff == 0) {
        // GCB-A14: the table's parry row, with nothing left to rebound.
        switch (rules.equal_roll) {
            case EqualRoll::SAVE:
                return {KeeperOutcome::SAVE, 0};
            case EqualRoll::PARRY_MIN_1:
                return {KeeperOutcome::PARRY, unit};
            case EqualRoll::PARRY_ZERO_KEEPER_BALL:
                return {KeeperOutcome::PARRY_ZERO, 0};
        }
    }
    return {KeeperOutcome::PARRY, diff * unit};
}

Point parry_direction(chess::Color keeper_side, int face, const GrassiRules& rules) {
    // Facing the field: White's keeper looks towards +y, Black's towards -y; its left is -x for
    // White and +x for Black. The shooter faces the keeper: his left is the keeper's right.
    const int out = keeper_side == chess::WHITE ? 1 : -1;
    const int keeper_left = keeper_side == chess::WHITE ? -1 : 1;
    const int left = rules.parry_frame == ParryFrame::KEEPER ? keeper_left : -keeper_left;
    const int lateral = face <= 2 ? left : face <= 4 ? 0 : -left;
    if (lateral == 0) return {0, out};
    return rules.parry_sides == ParrySides::DIAGONAL ? Point{lateral, out} : Point{lateral, 0};
}

Point parry_step(chess::Color keeper_side, int face) {
    return parry_direction(keeper_side, face, GrassiRules{});
}

KeeperChances keeper_chances(int power) {
    KeeperChances c;
    for (int a = 1; a <= 6; ++a)
        for (int b = 1; b <= 6; ++b)
            for (int d = 1; d <= 6; ++d) {
                const int roll = a + b + d;
                const double p = 1.0 / 216;
                const int diff = power - roll;
                if (diff < 0) {
                    c.save += p;
                } else if (diff <= 3) {
                    c.parry += p;
                    if (diff == 0) c.parry_equal += p;
                } else {
                    c.goal += p;
                }
            }
    return c;
}

}  // namespace venue::games::grassi
