// A simulated person's script: steps run in order, each after a human delay (scaled by the
// demo's speed), each waiting for what a person would wait for (the claim lamp, the move on the
// board, the clock running) by looking at the engine's state. A slow machine only makes the demo
// slower; a reaction that never comes fails the script with the step's name.
//
// Runs on the daemon's thread, between steps: no locks, no threads of its own.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace venue::demo {

struct DirectorTiming {
    double speed = 1.0;                    // > 1 plays faster
    std::int64_t step_timeout_ms = 15000;  // an expected reaction that does not come: failure
};

class TimedScript {
  public:
    explicit TimedScript(DirectorTiming timing) : timing_(timing) {}

    // A step: wait delay_ms (divided by the speed), run action (may be empty), then wait until
    // reached() (may be empty: nothing to wait for).
    void add(std::string what, std::int64_t delay_ms, std::function<void()> action,
             std::function<bool()> reached = {});
    // A step that runs again (its delay, its action, its wait) for as long as more() says so
    // once it is reached: a game played turn by turn, each turn decided when it comes.
    void add_repeated(std::string what, std::int64_t delay_ms, std::function<void()> action,
                      std::function<bool()> reached, std::function<bool()> more);
    // Runs what is due. now_ms: a monotonic clock.
    void poll(std::int64_t now_ms);

    bool done() const { return next_ >= steps_.size(); }
    bool failed() const { return !failure_.empty(); }
    const std::string& failure() const { return failure_; }
    const DirectorTiming& timing() const { return timing_; }
    // A delay in ms at the script's speed (for pauses inside an action, e.g. between pieces).
    int scaled(std::int64_t ms) const;

  private:
    struct Step {
        std::string what;
        std::int64_t delay_ms = 0;
        std::function<void()> action;
        std::function<bool()> reached;
        std::function<bool()> more;  // a repeated step: again while this holds
    };
    DirectorTiming timing_;
    std::vector<Step> steps_;
    std::size_t next_ = 0;
    bool started_ = false;  // the current step's action ran
    std::int64_t ready_at_ms_ = -1;
    std::int64_t started_at_ms_ = 0;
    std::string failure_;
};

}  // namespace venue::demo
