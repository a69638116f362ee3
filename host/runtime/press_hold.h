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
//  - unless the board stands still with a piece in the air (a partial move): then the press may
//    complete a move whose reply has begun by lifting the piece it captures, a board that
//    cannot be told from the mover's piece still in his hand; the press waits for the reply to
//    be set down (the board then shows both moves);
// and never longer than MAX_PRESS_HOLD_NS, so that a piece held in the air does not hold up the
// hub's input.
// The daemon applies it on its timeline (daemon.h): the times are when the press and the board's
// input were received, not when the host got round to them, and the board has been brought up to
// the moment judged (its settle time run) first, so a host that wakes late decides as it would
// have on time: a press goes as soon as its move is known; the waiting runs out only at the
// present (a stopped process receives what the board sent meanwhile only when it runs again).
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>

namespace venue::runtime {

inline constexpr std::int64_t PRESS_HOLD_MARGIN_NS = 150'000'000;
inline constexpr std::int64_t BOARD_REPORT_GRACE_NS = 300'000'000;
inline constexpr std::int64_t MAX_PRESS_HOLD_NS = 2'000'000'000;

// What the press waits on: one board of its match.
struct BoardForPress {
    bool settling = false;            // a change not read yet
    std::int64_t last_change_ns = 0;  // when the board last changed (host time)
    std::int64_t settle_us = 0;       // the recogniser's settle time
    bool in_progress = false;         // still, with a partial move on it (a piece in the air)
};

// When a press stops waiting for this board, if nothing changes meanwhile (the board stays as
// it is, no move is sensed): it waits while now_ns < press_held_until(...). held_since_ns: when
// the press was received (the hub's frame, the lever's report); move_sensed: the match holds a
// move sensed on the board and not yet completed by a press. INT64_MIN: it does not wait.
inline std::int64_t press_held_until(std::int64_t held_since_ns, const BoardForPress& board,
                                     bool move_sensed) {
    const std::int64_t cap = held_since_ns + MAX_PRESS_HOLD_NS;
    if (board.settling) {
        const std::int64_t quiet_from = std::max(held_since_ns, board.last_change_ns);
        return std::min(cap, quiet_from + board.settle_us * 1000 + PRESS_HOLD_MARGIN_NS);
    }
    if (move_sensed) return std::numeric_limits<std::int64_t>::min();
    if (board.in_progress) return cap;
    return std::min(cap, held_since_ns + BOARD_REPORT_GRACE_NS);
}

inline bool press_still_held(std::int64_t now_ns, std::int64_t held_since_ns,
                             const BoardForPress& board, bool move_sensed) {
    return now_ns < press_held_until(held_since_ns, board, move_sensed);
}

}  // namespace venue::runtime
