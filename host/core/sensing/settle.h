// SettleFilter: turns the stream of sensed boards into stable boards, each one a board that has
// stood unchanged for the settle time. Only stable boards are compared with the game; a board
// that changes sooner (a slide, a flicker, a capture half done) is never looked at.
//
//              feed(b), b != latest
//   NOTHING ----------------------> SETTLING (latest = b, since = b.t_us)
//                                      |  ^
//     poll(now) or feed(next) at or    |  |  feed(b), b != latest: the settle time restarts
//     after since + settle_us          v  |
//                                    STABLE (stable = latest; a new serial unless the same
//                                            board was already the stable one)
//
// A board that flickers away and back restarts the settle time but, being the same board as the
// stable one, gets no new serial: nothing new to read.
#pragma once

#include <algorithm>
#include <cstdint>

#include "sensing/evidence.h"
#include "sensing/placement.h"

namespace venue::sensing {

class SettleFilter {
  public:
    static constexpr std::int64_t DEFAULT_SETTLE_US = 250'000;  // USB DGT boards (dgt-protocol.md)

    explicit SettleFilter(std::int64_t settle_us = DEFAULT_SETTLE_US);

    // A sensed board. First settles the previous board if it had stood for the settle time before
    // this one came (so callers need not poll in between). Times must not decrease; an earlier
    // time than the last one seen is taken as the last one. Returns true when a new stable board
    // was made.
    bool feed(const Snapshot& board);
    // Time passing without a new board. Returns true when a new stable board was made.
    bool poll(std::int64_t now_us);

    bool has_stable() const { return stable_serial_ != 0; }
    // The last stable board; t_us is when it was first sensed. Valid when has_stable().
    const Snapshot& stable() const { return stable_; }
    // What was seen up to the stable board (not after it). Valid when has_stable().
    const Evidence& stable_evidence() const { return stable_evidence_; }
    // Starts the evidence window after this time (when the board last agreed with the game).
    void set_evidence_since(std::int64_t t_us);
    // Counts distinct stable boards (0: none yet); a new value means something new to read.
    std::uint32_t stable_serial() const { return stable_serial_; }
    // The last board fed, settled or not; t_us is when it was first sensed.
    const Snapshot& latest() const { return latest_; }
    bool has_latest() const { return has_latest_; }
    std::int64_t settle_us() const { return settle_us_; }
    // Whether poll(now_us) would put the latest board through the settle check now (it has stood
    // for the settle time and has not been checked yet): a new stable board may come of it.
    bool due(std::int64_t now_us) const {
        return has_latest_ && !latest_settled_ &&
               std::max(now_us, last_seen_us_) - latest_.t_us >= settle_us_;
    }

    // Forgets every board (after a reconnect, say).
    void reset();

    // Invariants: settle time positive; a stable board was once the latest board, no later.
    bool is_ok() const;

  private:
    bool settle_if_due(std::int64_t now_us);

    std::int64_t settle_us_;
    Snapshot latest_;
    Snapshot stable_;
    Evidence evidence_;  // up to the latest board
    Evidence stable_evidence_;
    std::int64_t last_seen_us_ = 0;
    std::uint32_t stable_serial_ = 0;
    bool has_latest_ = false;
    bool latest_settled_ = false;  // latest_ has been through the settle check already
};

}  // namespace venue::sensing
