// The simulated people of a demo event (players, representatives, judge, arbiters): they act on
// the simulated devices and post the arbiter's entries, one step at a time on the daemon's
// thread. One implementation per game: Director (Chessball), BusinessDirector (Business Chess).
#pragma once

#include <cstdint>
#include <string>

#include "runtime/daemon.h"

namespace venue::demo {

class People {
  public:
    virtual ~People() = default;
    // Counts what the engine decided (called by the daemon's observer).
    virtual void observe(const runtime::StepRecord& record) = 0;
    // Advances the script. now_ms: a monotonic clock.
    virtual void poll(std::int64_t now_ms) = 0;
    // The script has run to its end (the game is over).
    virtual bool done() const = 0;
    // A reaction the script waited for never came: the step's name and how long it waited.
    virtual bool failed() const = 0;
    virtual const std::string& failure() const = 0;
};

}  // namespace venue::demo
