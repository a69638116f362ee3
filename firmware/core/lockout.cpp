#include "lockout.h"

namespace venue {
namespace hub {

using wire::PressOutcome;
using wire::Team;
using wire::TieRule;

Lockout::Lockout() {
    for (uint8_t b = 0; b < BUTTON_COUNT; ++b) buttons_[b] = ButtonAssignment{Team::NONE, 0};
}

wire::CommandStatus Lockout::assign(uint8_t button, Team team, uint8_t player) {
    if (button >= BUTTON_COUNT || !wire::is_valid(team)) return wire::CommandStatus::BAD_ARGUMENT;
    if (button == claim_) return wire::CommandStatus::BAD_STATE;
    buttons_[button] = ButtonAssignment{team, player};
    return wire::CommandStatus::OK;
}

bool Lockout::arm(Team team) {
    armed_ = team;
    if (claim_ != NO_BUTTON && buttons_[claim_].team != team) return release();
    return false;
}

bool Lockout::release() {
    if (claim_ == NO_BUTTON) return false;
    claim_ = NO_BUTTON;
    return true;
}

uint8_t Lockout::decide(Micros time, uint16_t buttons, PressDecision* out) {
    const bool claim_free = claim_ == NO_BUTTON;
    uint8_t n = 0;
    uint8_t contenders = 0;  // presses that could take the free claim
    for (uint8_t b = 0; b < BUTTON_COUNT; ++b) {
        if (!((buttons >> b) & 1u)) continue;
        const ButtonAssignment& a = buttons_[b];
        PressOutcome outcome = PressOutcome::ACCEPTED;
        if (a.team == Team::NONE) {
            outcome = PressOutcome::UNASSIGNED;
        } else if (armed_ == Team::NONE) {
            outcome = PressOutcome::NOT_ARMED;
        } else if (a.team != armed_) {
            outcome = PressOutcome::OUT_OF_TURN;
        } else if (!claim_free) {
            outcome = PressOutcome::LATE;
        } else {
            ++contenders;
        }
        out[n++] = PressDecision{time, b, a.team, a.player, outcome, buttons, TieRule::NONE, 0};
    }
    if (contenders == 0) return n;

    uint8_t winner = 0;  // index among the contenders, in button order
    uint16_t drawn = 0;
    if (contenders > 1) winner = lfsr_.draw(contenders, &drawn);
    uint8_t k = 0;
    for (uint8_t i = 0; i < n; ++i) {
        PressDecision& d = out[i];
        if (d.outcome != PressOutcome::ACCEPTED) continue;
        const bool won = k++ == winner;
        if (won) {
            claim_ = d.button;
            claim_time_ = time;
        }
        if (contenders > 1) {
            d.outcome = won ? PressOutcome::TIE_WON : PressOutcome::TIE_LOST;
            d.tie_rule = TieRule::LFSR16_DRAW;
            d.tie_draw = drawn;
        }
    }
    return n;
}

bool Lockout::is_ok() const {
    if (armed_ != Team::A && armed_ != Team::B && armed_ != Team::NONE) return false;
    if (claim_ == NO_BUTTON) return true;
    // The claim is always held by a button of the armed team.
    return claim_ < BUTTON_COUNT && buttons_[claim_].team == armed_;
}

}  // namespace hub
}  // namespace venue
