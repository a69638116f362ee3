// A shot at a keeper (catalogue GCB-TIRO-3, GCB-PARATA-*, GCB-A14..A17): the keeper's 3d6
// against the shot's power decides save, parry or goal; a parry rebounds by the residual power
// in the direction a d6 gives; and the exact chances of each, from the 3d6 distribution (the
// catalogue's oracle table, §7.2).
#pragma once

#include <cstdint>

#include "chess/types.h"
#include "games/grassi/rules/grassi_rules.h"
#include "games/grassi/rules/lattice.h"

namespace venue::games::grassi {

enum class KeeperOutcome : std::uint8_t {
    SAVE,        // roll > power: the keeper holds the ball (GCB-PARATA-2)
    PARRY,       // 0 <= power - roll <= 3: it rebounds by the residual (GCB-PARATA-3)
    PARRY_ZERO,  // roll == power under GCB-A14's default: the keeper has the ball, logged as such
    GOAL         // power - roll >= 4 (GCB-PARATA-4)
};
const char* to_string(KeeperOutcome o);

struct KeeperResult {
    KeeperOutcome outcome = KeeperOutcome::SAVE;
    int residual = 0;  // a parry's rebound in half-squares (GCB-A15)
};

// The keeper's `roll` (3d6, 3..18) against a shot of `power`.
KeeperResult keeper_result(int power, int roll, const GrassiRules& rules);

// The rebound's unit step for a parry whose d6 shows `face` (GCB-PARATA-3, GCB-A16): 1-2 left,
// 3-4 centre, 5-6 right; centre straight out from the goal line. By default left and right are
// as the keeper of `keeper_side` sees them facing the field, and 45° outwards; the shooter's
// view, and along the goal line, are the alternatives.
Point parry_direction(chess::Color keeper_side, int face, const GrassiRules& rules);
// The default's direction (the keeper's view, 45° outwards).
Point parry_step(chess::Color keeper_side, int face);

// The exact chances of save (roll > power), parry (0 <= power - roll <= 3), of which roll ==
// power, and goal, for 3d6.
struct KeeperChances {
    double save = 0, parry = 0, parry_equal = 0, goal = 0;
};
KeeperChances keeper_chances(int power);

}  // namespace venue::games::grassi
