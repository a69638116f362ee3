// ClockBridge: a DGT 3000 on a board as the match's clock, the alternative to the hub's clock
// for a match without a hub (docs/dgt-driver.md, "The DGT 3000 clock").
//
//   ClockLever (a player pressed his side down) ──▶ ClockPressed{side, remaining_ms}
//   ClockLever while the clock stands still ──────▶ ClockReading (the other side starts) and a
//                                                   start request for the daemon; but a press
//                                                   while a start the host asked for has not
//                                                   reached the clock yet (the host was late) is
//                                                   a ClockPressed, and the other side starts
//   ClockFlag ─────────────────────────────────────▶ FlagFell
//   ClockTimes whose running side changed ─────────▶ ClockReading
//   DeviceCommand clock.add_time / pause / resume / run ──▶ one set-and-run with the new times
//   WarningGiven, TimeAdded, PlayerRemoved, GameEnded ───▶ 8 characters of text on the clock
//
// The clock stands with White on its left or on its right (a setting of the board). Pure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/dgt/clock_session.h"
#include "venue/decision.h"
#include "venue/event.h"

namespace venue::runtime {

class ClockBridge {
  public:
    ClockBridge(std::string match_id, bool white_on_left)
        : match_(std::move(match_id)), white_left_(white_on_left) {}

    const std::string& match_id() const { return match_; }

    void on_event(const io::dgt::ClockEvent& e, std::int64_t host_ns,
                  std::vector<engine::Event>& out);

    // The set-and-run that carries out a clock command of the engine, from the clock's reading
    // now. `to_move`: the side whose time should run after "clock.resume". nullopt (and *why)
    // for a command the clock cannot do.
    std::optional<io::dgt::SetAndRun> set_and_run_for(const engine::DeviceCommand& c,
                                                      const io::dgt::BwTime& now,
                                                      chess::Color to_move,
                                                      std::string* why = nullptr) const;

    // The daemon sent the clock this set-and-run: a clock asked to run and not yet seen running
    // has been started by the host (a lever pressed meanwhile ends a move).
    void sent(const io::dgt::SetAndRun& s) { start_pending_ = !s.pause; }

    // A lever pressed while the clock stood still asks for the other side's time to start (as a
    // hub's paddle starts its stopped clock): the side to start, once.
    std::optional<chess::Color> take_start_request() {
        auto s = start_request_;
        start_request_.reset();
        return s;
    }

    // What the clock should announce for a decision ("" for none): at most 8 characters.
    static std::string announcement(const engine::Decision& d);

  private:
    std::int64_t ms_of(const io::dgt::BwTime& t, chess::Color side) const;
    bool runs(const io::dgt::BwTime& t, chess::Color side) const;

    std::string match_;
    bool white_left_;
    std::optional<bool> last_running_;  // the last reading's running flag
    std::optional<bool> last_right_to_move_;
    std::optional<chess::Color> start_request_;
    bool start_pending_ = false;  // the host asked the clock to run; no reading has shown it yet
};

// A time for the DGT 3000's display (whole seconds, at most 9:59:59).
io::dgt::ClockTime to_clock_time(std::int64_t ms);

}  // namespace venue::runtime
