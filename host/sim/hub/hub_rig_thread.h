// A HubRig on its own thread with its UART on a pseudo-terminal: what `venue sim hub` runs and
// what the firmware integration tests talk to.
//
// The thread runs the CPU in slices of SLICE_US of hub time; between slices it moves bytes
// between the pty and the UART and, when paced, sleeps so that hub time keeps to wall time
// multiplied by the speed factor. Pty rules, chosen to look like the Mega's USB bridge:
//   - host -> hub: read from the pty only while fewer than RX_BACKLOG_MAX bytes wait for the
//     UART, so a fast writer is held back by the kernel (flow control), never dropped.
//   - hub -> host: with no client holding the pty open, bytes are discarded (an unplugged
//     cable); a client that does not read holds up to TX_BACKLOG_MAX bytes, then bytes are
//     dropped and counted. The protocol's CRC and resend cover both.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "sim/dgt/pty.h"
#include "sim/hub/hub_rig.h"

namespace venue::sim {

class HubRigThread {
  public:
    static constexpr uint64_t SLICE_US = 500;
    static constexpr size_t RX_BACKLOG_MAX = 1024;
    static constexpr size_t TX_BACKLOG_MAX = 64 * 1024;
    // Unpaced (speed 0) or behind its pace, the thread still sleeps REST after every
    // RUN_WITHOUT_REST of running. Rig threads that never slept starved the kernel's tty worker
    // on Linux 6.18 (EEVDF, autogroup on; seen with autogroup only): the unbound kworker that
    // moves the bytes written to a pty's master to its reader stayed runnable for seconds, and
    // the reader's poll() and read() wait for it uninterruptibly (n_tty_poll and n_tty_read
    // call tty_buffer_flush_work). The host heard nothing until one rig thread ended:
    // HubRebootTest failed at random under ctest -j2, and in 12 of 30 runs of six copies at
    // once (30 of 30 pass with the rest). Costs 4% of the speed.
    static constexpr std::chrono::microseconds RUN_WITHOUT_REST{5000};
    static constexpr std::chrono::microseconds REST{200};

    using ReportSink = std::function<void(const HubReport&)>;

    // speed: hub seconds per wall second; 0 runs as fast as the host allows (3-5x on these
    // machines). on_report is called on the rig thread for every output change and boot.
    // on_ready(pty path) runs on the rig thread before the CPU's first instruction, so that a
    // caller can print the path before any report line.
    static std::variant<std::unique_ptr<HubRigThread>, std::string> start(
        const HubRigConfig& config, double speed, ReportSink on_report = {},
        std::function<void(const std::string&)> on_ready = {});
    ~HubRigThread();
    HubRigThread(const HubRigThread&) = delete;
    HubRigThread& operator=(const HubRigThread&) = delete;

    const std::string& pty_path() const { return pty_.slave_path(); }
    void set_speed(double speed) { speed_ = speed; }

    void schedule(const std::vector<HubAction>& actions);

    // Runs f(HubRig&) between slices (the CPU is not running meanwhile).
    template <class F>
    auto with_rig(F&& f) {
        CallerLock lock(*this);
        return f(*rig_);
    }

    uint64_t hub_cycles();
    // True once a QUIT action ran or the CPU crashed; the thread has stopped.
    bool finished() const { return finished_; }
    uint64_t tx_dropped() const { return tx_dropped_; }
    void stop();

  private:
    HubRigThread(std::unique_ptr<HubRig> rig, Pty pty, double speed, ReportSink on_report,
                 std::function<void(const std::string&)> on_ready);
    void run();
    void pump_pty(std::vector<uint8_t>& tx_pending);

    std::unique_ptr<HubRig> rig_;
    Pty pty_;
    std::atomic<double> speed_;
    ReportSink on_report_;
    std::function<void(const std::string&)> on_ready_;
    // The rig thread takes mutex_ again right after each slice; std::mutex is not fair, so a
    // caller (a test scheduling a press, reading the time) could wait for seconds while an
    // unpaced rig ran slice after slice: HubClaimsTest's 1000 trials took from 45 s to over its
    // 120 s limit. Callers announce themselves here and the rig thread lets them go first.
    std::mutex mutex_;
    std::atomic<int> callers_{0};
    class CallerLock {
      public:
        explicit CallerLock(HubRigThread& t) : t_(t) {
            ++t_.callers_;
            t_.mutex_.lock();
            --t_.callers_;
        }
        ~CallerLock() { t_.mutex_.unlock(); }
        CallerLock(const CallerLock&) = delete;
        CallerLock& operator=(const CallerLock&) = delete;

      private:
        HubRigThread& t_;
    };
    std::atomic<bool> stop_{false};
    std::atomic<bool> finished_{false};
    std::atomic<uint64_t> tx_dropped_{0};
    std::thread thread_;
};

}  // namespace venue::sim
