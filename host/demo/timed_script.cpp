#include "demo/timed_script.h"

#include <cmath>

namespace venue::demo {

void TimedScript::add(std::string what, std::int64_t delay_ms, std::function<void()> action,
                      std::function<bool()> reached) {
    steps_.push_back({std::move(what), delay_ms, std::move(action), std::move(reached), {}});
}

void TimedScript::add_repeated(std::string what, std::int64_t delay_ms,
                               std::function<void()> action, std::function<bool()> reached,
                               std::function<bool()> more) {
    steps_.push_back(
        {std::move(what), delay_ms, std::move(action), std::move(reached), std::move(more)});
}

int TimedScript::scaled(std::int64_t ms) const {
    return int(std::lround(double(ms) / timing_.speed));
}

void TimedScript::poll(std::int64_t now_ms) {
    if (failed() || done()) return;
    for (;;) {
        Step& s = steps_[next_];
        if (ready_at_ms_ < 0) ready_at_ms_ = now_ms + scaled(s.delay_ms);
        if (!started_) {
            if (now_ms < ready_at_ms_) return;
            if (s.action) s.action();
            started_ = true;
            started_at_ms_ = now_ms;
        }
        if (s.reached && !s.reached()) {
            if (now_ms - started_at_ms_ > timing_.step_timeout_ms)
                failure_ = "the demo stopped at \"" + s.what +
                           "\": the engine did not get there in " +
                           std::to_string(timing_.step_timeout_ms / 1000) + " s";
            return;
        }
        if (!s.more || !s.more()) ++next_;
        started_ = false;
        ready_at_ms_ = -1;
        if (done()) return;
    }
}

}  // namespace venue::demo
