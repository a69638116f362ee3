// A simulated hub for integration tests: the firmware's portable Hub core (venue::hub_core)
// served on a pseudo-terminal by a thread that feeds it time, received bytes and button presses,
// as firmware/avr/main.cpp does on the board. Its clock runs `drift_ppm` fast against the host's.
// unplug_for() removes the symlink and closes the pty (the host sees the device vanish) while the
// hub keeps running and making events; a new pty then appears behind the same symlink, as a
// re-enumerated USB device under /dev/serial/by-id.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "hub.h"
#include "io/hub/hub_time_fit.h"
#include "sim/dgt/pty.h"

namespace venue::test {

struct SimPress {
    std::uint8_t button = 0;
    io::HostNanos host_ns = 0;  // host time at which the hub sampled the contact closing
    std::uint64_t hub_us = 0;
};

class SimHub {
  public:
    // link: path of the symlink kept pointing at the current pty slave.
    SimHub(std::string link, double drift_ppm);
    ~SimHub();

    void start();
    void stop();

    // Closes a button's contact for 20 ms (from the next pass of the hub loop).
    void press(std::uint8_t button);
    // Device gone for `d`; the hub keeps running (its frames are lost).
    void unplug_for(std::chrono::milliseconds d);

    std::vector<SimPress> presses() const;
    std::uint32_t hub_next_seq() const { return next_seq_; }
    std::uint64_t unplugs() const { return unplugs_; }
    const std::string& link() const { return link_; }
    std::string error() const;

  private:
    void run();
    std::uint64_t hub_now(io::HostNanos host) const;
    bool open_pty();

    std::string link_;
    double drift_ppm_;
    io::HostNanos start_ns_ = 0;
    hub::Hub hub_;
    std::thread thread_;
    std::atomic<bool> stop_{false};
    std::atomic<std::uint32_t> next_seq_{1};
    std::atomic<std::uint64_t> unplugs_{0};

    mutable std::mutex mutex_;  // requests from the test thread, and the press log
    std::vector<std::uint8_t> requested_;
    std::vector<SimPress> presses_;
    io::HostNanos unplug_until_ = 0;
    std::string error_;

    // Hub thread only.
    std::optional<sim::Pty> pty_;
    bool plugged_ = false;
    std::uint32_t levels_ = 0;
    std::uint64_t release_at_[hub::BUTTON_COUNT] = {};
};

}  // namespace venue::test
