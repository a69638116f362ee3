// The simulated people of a demo event (players, representatives, judge, arbiters): they act on
// the simulated devices and post the arbiter's entries, one step at a time on the daemon's
// thread, following a TimedScript. One implementation per game builds the script and counts what
// the engine decided: Director (Chessball), BusinessDirector (Business Chess).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "demo/timed_script.h"
#include "runtime/daemon.h"

namespace venue::demo {

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
    explicit People(DirectorTiming timing) : script_(timing) {}
    void add(std::string what, std::int64_t delay_ms, std::function<void()> action,
             std::function<bool()> reached = {}) {
        script_.add(std::move(what), delay_ms, std::move(action), std::move(reached));
    }

    TimedScript script_;
};

}  // namespace venue::demo
