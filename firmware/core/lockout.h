// Claim lockout: which button may take the claim, decided by the hub alone so that the claim LED
// lights at once and no host delay can change the order.
//
//   - The host assigns each button a team and player, and arms one team (or none).
//   - Presses are decided in groups: the presses first seen in one input sample (a true tie),
//     groups in order of their first edges (the debouncer guarantees that order).
//   - First press of the armed team while the claim is free: ACCEPTED, takes the claim.
//     Two or more such presses in one group: a tie, resolved by TieRule::LFSR16_DRAW (a uniform
//     draw, see lfsr16.h) among the tied buttons in button order: one TIE_WON (takes the
//     claim), the rest TIE_LOST; all carry the rule and the LFSR state that decided.
//   - Armed team while the claim is held: LATE. Other team: OUT_OF_TURN. No team armed:
//     NOT_ARMED. Button without a team: UNASSIGNED.
//   - The claim holds until release() (host command or paddle, per policy) or arm() of another
//     team.
#pragma once

#include <stdint.h>

#include "hub_time.h"
#include "lfsr16.h"
#include "venue_wire.h"

namespace venue {
namespace hub {

constexpr uint8_t BUTTON_COUNT = wire::BUTTON_COUNT;
constexpr uint8_t NO_BUTTON = wire::NO_BUTTON;

struct ButtonAssignment {
    wire::Team team;
    uint8_t player;
};

struct PressDecision {
    Micros time;
    uint8_t button;
    wire::Team team;
    uint8_t player;
    wire::PressOutcome outcome;
    uint16_t same_sample;  // every button of the group
    wire::TieRule tie_rule;
    uint16_t tie_draw;
};

class Lockout {
  public:
    Lockout();

    // BAD_ARGUMENT: button out of range or team not A/B/NONE. BAD_STATE: the button holds the
    // claim (reassigning it would leave the claim with a team that is not armed).
    wire::CommandStatus assign(uint8_t button, wire::Team team, uint8_t player);
    const ButtonAssignment& assignment(uint8_t button) const { return buttons_[button]; }
    void reseed(uint16_t seed) { lfsr_.reseed(seed); }
    uint16_t lfsr_state() const { return lfsr_.state(); }

    // Arms `team` (A, B or NONE). Returns true when that released a claim held by another team.
    bool arm(wire::Team team);
    wire::Team armed() const { return armed_; }

    // Decides the group of buttons (bit per button) first pressed at `time` in one sample.
    // Writes one decision per button, in button order, to out (room for BUTTON_COUNT) and returns
    // how many. Afterwards claim_button() tells whether the group took the claim.
    uint8_t decide(Micros time, uint16_t buttons, PressDecision* out);

    // Releases the claim; false when none is held.
    bool release();
    uint8_t claim_button() const { return claim_; }
    Micros claim_time() const { return claim_time_; }

    bool is_ok() const;

  private:
    ButtonAssignment buttons_[BUTTON_COUNT];
    Lfsr16 lfsr_;
    Micros claim_time_ = 0;
    wire::Team armed_ = wire::Team::NONE;
    uint8_t claim_ = NO_BUTTON;
};

}  // namespace hub
}  // namespace venue
