// Steps a runtime::Daemon on the test's thread until a condition holds, as `venue run` steps it.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <thread>

#include "runtime/daemon.h"

namespace venue::testing {

// Steps until done() or the wall-clock limit; true when done. A step that fails (the log could
// not be written) is a test failure.
inline bool step_daemon_until(runtime::Daemon& daemon, const std::function<bool()>& done,
                              std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
        auto r = daemon.step();
        if (!r) {
            ADD_FAILURE() << r.error();
            return false;
        }
        if (done()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return false;
}

}  // namespace venue::testing
