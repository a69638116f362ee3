// How long a clock press waits for its match's board to be read: the rule runtime::Daemon applies
// (and the DGT pipeline test, which plays the daemon's part). The press is applied only once the
// move it completes is known, so that a player who sets the piece down and presses at once has
// made a move, not pressed without one:
//  - while the board has a change not read yet, the press waits until the board has stood still
//    for the settle time and a margin after its last change (an opponent's quick reply keeps it
//    moving, and both moves are read from one board);
//  - while the board is still and the match holds no sensed move for the press to complete, it
//    waits one board scan for the board to report one (a DGT board reports a piece set down up to
//    a scan, 200-250 ms, later; and what the board sent may still be queued for the host);
// and never longer than MAX_PRESS_HOLD_NS, so that a piece held in the air does not hold up the
// hub's input.
#pragma once

#include <algorithm>
#include <cstdint>

namespace venue::runtime {

inline constexpr std::int64_t PRESS_HOLD_MARGIN_NS = 150'000'000;
inline constexpr std::int64_t BOARD_REPORT_GRACE_NS = 300'000'000;
inline constexpr std::int64_t MAX_PRESS_HOLD_NS = 2'000'000'000;

// What the press waits on: one board of its match.
struct BoardForPress {
    bool settling = false;            // a change not read yet
    std::int64_t last_change_ns = 0;  // when the board last changed (host time)
    std::int64_t settle_us = 0;       // the recogniser's settle time
};

// held_since_ns: when the press was first found waiting; move_sensed: the match holds a move
// sensed on the board and not yet completed by a press.
inline bool press_still_held(std::int64_t now_ns, std::int64_t held_since_ns,
                             const BoardForPress& board, bool move_sensed) {
    if (now_ns - held_since_ns >= MAX_PRESS_HOLD_NS) return false;
    if (board.settling) {
        const std::int64_t quiet_from = std::max(held_since_ns, board.last_change_ns);
        return now_ns < quiet_from + board.settle_us * 1000 + PRESS_HOLD_MARGIN_NS;
    }
    return !move_sensed && now_ns < held_since_ns + BOARD_REPORT_GRACE_NS;
}

}  // namespace venue::runtime
