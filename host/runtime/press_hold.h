// How long a clock press waits for its match's board to be read: the rule runtime::Daemon applies
// (and the DGT pipeline test, which plays the daemon's part). A press made while the board has
// not settled is held until the board has stood still for the settle time and a margin after its
// last change, so that the move it completes is known - also when the opponent's quick reply
// keeps the board moving, and both moves are read from one board. It is never held longer than
// MAX_PRESS_HOLD_NS, so that a piece held in the air does not hold up the hub's input.
#pragma once

#include <algorithm>
#include <cstdint>

namespace venue::runtime {

inline constexpr std::int64_t PRESS_HOLD_MARGIN_NS = 150'000'000;
inline constexpr std::int64_t MAX_PRESS_HOLD_NS = 2'000'000'000;

// held_since_ns: when the press was first found waiting; last_change_ns: when the board last
// changed (host time); settle_us: the board's settle time.
inline bool press_still_held(std::int64_t now_ns, std::int64_t held_since_ns,
                             std::int64_t last_change_ns, std::int64_t settle_us) {
    if (now_ns - held_since_ns >= MAX_PRESS_HOLD_NS) return false;
    const std::int64_t quiet_from = std::max(held_since_ns, last_change_ns);
    return now_ns < quiet_from + settle_us * 1000 + PRESS_HOLD_MARGIN_NS;
}

}  // namespace venue::runtime
