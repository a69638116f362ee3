#include "sim_hub.h"

#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>

#include "io/hub/hub_runner.h"

namespace venue::test {

namespace {

constexpr hub::HubIdentity IDENTITY = {0xC0FFEE01, 4711, wire::BootReason::POWER_ON, 0x01, 7};
constexpr std::uint64_t HUB_EPOCH_US = 2'000'000;  // the hub booted 2 s before the test began
constexpr std::uint64_t PRESS_US = 20'000;

}  // namespace

SimHub::SimHub(std::string link, double drift_ppm)
    : link_(std::move(link)),
      drift_ppm_(drift_ppm),
      start_ns_(io::HubRunner::now_ns()),
      hub_(IDENTITY, HUB_EPOCH_US) {}

SimHub::~SimHub() {
    stop();
}

std::uint64_t SimHub::hub_now(io::HostNanos host) const {
    const double elapsed_us = static_cast<double>(host - start_ns_) / 1000.0;
    return HUB_EPOCH_US + static_cast<std::uint64_t>(elapsed_us * (1.0 + drift_ppm_ * 1e-6));
}

bool SimHub::open_pty() {
    auto p = sim::Pty::open();
    if (auto* e = std::get_if<std::string>(&p)) {
        std::lock_guard lock(mutex_);
        error_ = *e;
        return false;
    }
    pty_.emplace(std::move(std::get<sim::Pty>(p)));
    // Replace the link atomically, so the driver never finds it missing.
    const std::string tmp = link_ + ".tmp";
    ::unlink(tmp.c_str());
    if (::symlink(pty_->slave_path().c_str(), tmp.c_str()) != 0 ||
        ::rename(tmp.c_str(), link_.c_str()) != 0) {
        std::lock_guard lock(mutex_);
        error_ = "symlink: " + std::to_string(errno);
        return false;
    }
    plugged_ = true;
    return true;
}

void SimHub::start() {
    if (!open_pty()) return;
    thread_ = std::thread([this] { run(); });
}

void SimHub::stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    pty_.reset();
    ::unlink(link_.c_str());
}

void SimHub::press(std::uint8_t button) {
    std::lock_guard lock(mutex_);
    requested_.push_back(button);
}

void SimHub::unplug_for(std::chrono::milliseconds d) {
    std::lock_guard lock(mutex_);
    unplug_until_ = io::HubRunner::now_ns() + std::chrono::nanoseconds(d).count();
}

std::vector<SimPress> SimHub::presses() const {
    std::lock_guard lock(mutex_);
    return presses_;
}

std::string SimHub::error() const {
    std::lock_guard lock(mutex_);
    return error_;
}

void SimHub::run() {
    std::uint8_t rx[256];
    std::uint8_t frame[hub::MAX_WIRE_FRAME];
    while (!stop_) {
        const io::HostNanos host = io::HubRunner::now_ns();
        const std::uint64_t now = hub_now(host);

        std::vector<std::uint8_t> requested;
        io::HostNanos unplug_until = 0;
        {
            std::lock_guard lock(mutex_);
            requested.swap(requested_);
            unplug_until = unplug_until_;
            for (const std::uint8_t b : requested) presses_.push_back({b, host, now});
        }

        // Pulled and restored cable.
        if (plugged_ && host < unplug_until) {
            // As a /dev/serial/by-id link does on a USB unplug, the name goes first: the pty
            // number is freed and may be reused by any other process's pty meanwhile.
            ::unlink(link_.c_str());
            pty_.reset();
            plugged_ = false;
            ++unplugs_;
        } else if (!plugged_ && host >= unplug_until) {
            (void)open_pty();
        }

        // Inputs: one sample per change, as the pin-change interrupt would take.
        std::uint32_t levels = levels_;
        for (std::uint8_t b = 0; b < hub::BUTTON_COUNT; ++b) {
            if ((levels & (1u << b)) && now >= release_at_[b]) levels &= ~(1u << b);
        }
        for (const std::uint8_t b : requested) {
            levels |= 1u << b;
            release_at_[b] = now + PRESS_US;
        }
        if (levels != levels_) {
            hub_.fast_sample({now, levels});
            levels_ = levels;
        }
        hub_.slow_sample({now, 0});

        if (plugged_) {
            const ssize_t n = ::read(pty_->master_fd(), rx, sizeof rx);
            for (ssize_t i = 0; i < n; ++i) (void)hub_.receive(rx[i], now);
        }
        hub_.poll(now);
        while (const std::size_t n = hub_.next_frame(now, frame)) {
            // Unplugged, or nobody has the slave open: the bytes are lost, as on a USB bridge.
            if (!plugged_ || !pty_->client_connected()) continue;
            std::size_t done = 0;
            while (done < n) {
                const ssize_t w = ::write(pty_->master_fd(), frame + done, n - done);
                if (w <= 0) break;  // buffer full: the rest of the frame is lost
                done += static_cast<std::size_t>(w);
            }
        }
        next_seq_ = hub_.events().next_seq();
        ::usleep(300);
    }
}

}  // namespace venue::test
