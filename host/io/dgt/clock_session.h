// The DGT 3000 clock driver's logic, pure: no I/O, no clock, no threads. A clock is attached to
// a board and talks through it: BWTIME messages carry either its times or an acknowledgement
// (dgt_clock.h); clock commands go out as CLOCK_MESSAGE (dgt_command.h). BoardSession owns one
// ClockSession and feeds it; BoardRunner lets the caller queue commands.
//
//   queue (set_and_run, show_text, end_text) ──▶ one command in flight ──ack──▶ ClockCommandResult
//                                                  │ no ack within ack_timeout: sent again,
//                                                  │ at most `attempts` times, then failed
//   BWTIME times ──▶ ClockTimes (when it changed), ClockLever (the lever moved: a move ended),
//                    ClockFlag (a flag newly shown)
//   BWTIME button ─▶ ClockButtonPressed
//
// Texts: the first one asks the clock for its version, and each text goes out as that clock shows
// text (the DGT 3000's 8 ASCII characters, the DGT XL's display of 6: the first 6 shown). A clock
// that does not answer the question is taken for a DGT 3000. The question is the session's own:
// no ClockCommandResult is reported for it.
//
// One command at a time because the clock's acknowledgement names only the command kind (SUB):
// with two of a kind in flight an answer could not be told apart. A reconnect re-sends the
// command in flight (the board forgets nothing it acknowledged; an unacknowledged one may or
// may not have run, and every command here is idempotent: absolute times, whole texts).
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "io/dgt/dgt_bytes.h"
#include "io/dgt/dgt_clock.h"
#include "io/dgt/dgt_command.h"

namespace venue::io::dgt {

struct ClockSessionConfig {
    // How set-and-run writes times: unverified on real hardware (docs/dgt.md), so a setting.
    TimeEncoding set_and_run_encoding = TimeEncoding::BINARY;
    std::int64_t ack_timeout_us = 1'000'000;
    int attempts = 3;
    std::size_t max_queued = 16;
};

struct ClockTimes {
    BwTime time;
    std::int64_t t_us = 0;
};
// The lever changed sides: the player on the side that went down ended his move.
struct ClockLever {
    bool right_high = false;  // after the change
    BwTime time;              // the reading that showed it
    std::int64_t t_us = 0;
};
struct ClockFlag {
    bool right = false;  // whose flag
    std::int64_t t_us = 0;
};
struct ClockButtonPressed {
    ClockButton button = ClockButton::OK;
    std::int64_t t_us = 0;
};
struct ClockCommandResult {
    std::uint32_t id = 0;
    ClockSub sub = ClockSub::TEXT;
    bool ok = false;
    int attempts = 0;
    std::string error;  // why it failed
    std::int64_t t_us = 0;
};
using ClockEvent =
    std::variant<ClockTimes, ClockLever, ClockFlag, ClockButtonPressed, ClockCommandResult>;

class ClockSession {
  public:
    explicit ClockSession(ClockSessionConfig config = {});

    // Queue a command. nullopt (and *why) when it cannot be encoded or the queue is full.
    std::optional<std::uint32_t> set_and_run(const SetAndRun& s, std::string* why = nullptr);
    std::optional<std::uint32_t> show_text(std::string_view text, std::uint8_t beep,
                                           std::string* why = nullptr);
    std::optional<std::uint32_t> end_text(std::string* why = nullptr);

    void on_reading(const BwTime& t, std::int64_t now_us);
    void on_ack(const ClockAck& a, std::int64_t now_us);
    // Sends the next command, or the one in flight again after a timeout.
    void on_tick(std::int64_t now_us);
    // The link was reopened: the command in flight goes out again at the next tick.
    void on_link_restored(std::int64_t now_us);

    Bytes take_output();
    std::vector<ClockEvent> take_events();
    bool has_events() const { return !events_.empty(); }

    // The last reading from a clock that is there (not "no clock", not all zeros).
    const std::optional<BwTime>& last_reading() const { return last_; }
    // The clock's version, once it has answered (a text was shown).
    const std::optional<ClockVersion>& version() const { return version_; }
    std::size_t queued() const { return queue_.size() + (in_flight_ ? 1 : 0); }
    const ClockSessionConfig& config() const { return config_; }

  private:
    struct Pending {
        std::uint32_t id = 0;
        ClockSub sub = ClockSub::TEXT;
        Bytes bytes;
        int attempts = 0;
        std::int64_t sent_us = 0;
        bool resend_now = false;  // the link was reopened: out again at the next tick
        // A text, encoded when it goes out (as the clock's kind shows text, known by then).
        std::string text;
        std::uint8_t beep = 0;
    };
    std::optional<std::uint32_t> enqueue(ClockSub sub, Bytes bytes, std::string* why);
    void finish(bool ok, std::string error, std::int64_t now_us);
    void encode_text(Pending& p) const;

    ClockSessionConfig config_;
    std::deque<Pending> queue_;
    std::optional<Pending> in_flight_;
    std::uint32_t next_id_ = 1;
    std::optional<BwTime> last_;
    std::optional<ClockVersion> version_;
    bool version_asked_ = false;
    Bytes output_;
    std::vector<ClockEvent> events_;
};

}  // namespace venue::io::dgt
