// The simulated people of a demo event (players, representatives, judge, arbiters): they act on
// the simulated devices and post the arbiter's entries, one step at a time on the daemon's
// thread, following a TimedScript. Each game's demo derives its people from People (its
// host/games/<game>/demo/), builds the script from its plan and counts what the engine decided;
// People gives them the hands every game's people share: a claim button, the clock's paddles, a
// board's pieces, an entry at the arbiter's console.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "chess/types.h"
#include "demo/timed_script.h"
#include "runtime/daemon.h"
#include "sim/hub/hub_rig_thread.h"

namespace venue::demo {

// What the people of a simulated event act on.
struct EventDevices {
    runtime::Daemon& daemon;  // their arbiter entries are posted to it; its engine is watched
    sim::HubRigThread& hub;   // buttons, paddles, beams
    // Writes one action line (sim/dgt/dgt_action.h) to the emulator of the board with that id.
    std::function<void(const std::string& board, const std::string& line)> board_script;
};

class People {
  public:
    virtual ~People() = default;
    // Counts what the engine decided (called by the daemon's observer).
    virtual void observe(const runtime::StepRecord& record) = 0;
    // Advances the script. now_ms: a monotonic clock.
    void poll(std::int64_t now_ms) { script_.poll(now_ms); }
    // The script has run to its end (the game is over).
    bool done() const { return script_.done(); }
    // A reaction the script waited for never came: the step's name and how long it waited.
    bool failed() const { return script_.failed(); }
    const std::string& failure() const { return script_.failure(); }

  protected:
    static constexpr std::int64_t CYCLES_PER_MS = 16'000;  // the simulated ATmega2560 at 16 MHz

    People(EventDevices devices, DirectorTiming timing);
    void add(std::string what, std::int64_t delay_ms, std::function<void()> action,
             std::function<bool()> reached = {}) {
        script_.add(std::move(what), delay_ms, std::move(action), std::move(reached));
    }
    void add_repeated(std::string what, std::int64_t delay_ms, std::function<void()> action,
                      std::function<bool()> reached, std::function<bool()> more) {
        script_.add_repeated(std::move(what), delay_ms, std::move(action), std::move(reached),
                             std::move(more));
    }

    // A claim button of the hub, held for hold_ms.
    void press(int button, std::int64_t hold_ms);
    // The clock's paddle on `side`'s end: ends that side's turn (Black's starts White's clock).
    void paddle(chess::Color side);
    // An event posted to the daemon as the arbiter's console posts it (an arbiter's entry).
    void post(engine::EventBody body);
    // Action lines for board `id`, pause_ms apart, the first after first_wait_ms.
    void board(const std::string& id, const std::vector<std::string>& lines, int pause_ms,
               int first_wait_ms = 0);

    runtime::Daemon& daemon_;
    sim::HubRigThread& hub_;
    std::function<void(const std::string&, const std::string&)> board_script_;
    TimedScript script_;
};

}  // namespace venue::demo
