#include "sim/hub/hub_rig_thread.h"

#include <unistd.h>

#include <cerrno>
#include <chrono>

namespace venue::sim {

std::variant<std::unique_ptr<HubRigThread>, std::string> HubRigThread::start(
    const HubRigConfig& config, double speed, ReportSink on_report,
    std::function<void(const std::string&)> on_ready) {
    auto rig = HubRig::load(config);
    if (auto* e = std::get_if<std::string>(&rig)) return *e;
    auto pty = Pty::open();
    if (auto* e = std::get_if<std::string>(&pty)) return *e;
    return std::unique_ptr<HubRigThread>(new HubRigThread(
        std::move(std::get<std::unique_ptr<HubRig>>(rig)), std::move(std::get<Pty>(pty)), speed,
        std::move(on_report), std::move(on_ready)));
}

HubRigThread::HubRigThread(std::unique_ptr<HubRig> rig, Pty pty, double speed, ReportSink on_report,
                           std::function<void(const std::string&)> on_ready)
    : rig_(std::move(rig)),
      pty_(std::move(pty)),
      speed_(speed),
      on_report_(std::move(on_report)),
      on_ready_(std::move(on_ready)) {
    thread_ = std::thread([this] { run(); });
}

HubRigThread::~HubRigThread() {
    stop();
}

void HubRigThread::stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
}

void HubRigThread::schedule(const std::vector<HubAction>& actions) {
    CallerLock lock(*this);
    for (const HubAction& a : actions) rig_->schedule(a);
}

uint64_t HubRigThread::hub_cycles() {
    CallerLock lock(*this);
    return rig_->hub_cycles();
}

void HubRigThread::run() {
    using Clock = std::chrono::steady_clock;
    std::vector<uint8_t> tx_pending;
    Clock::time_point wall_base = Clock::now();
    uint64_t rig_base = 0;
    double paced_speed = -1;
    Clock::time_point rested = Clock::now();
    if (on_ready_) on_ready_(pty_.slave_path());
    while (!stop_) {
        std::vector<HubReport> reports;
        bool running = false;
        uint64_t rig_now = 0;
        while (callers_.load() > 0) std::this_thread::yield();  // callers first (hub_rig_thread.h)
        {
            std::lock_guard<std::mutex> lock(mutex_);
            running = rig_->run_for(SLICE_US * HUB_CYCLES_PER_US);
            std::vector<uint8_t> out = rig_->take_from_hub();
            tx_pending.insert(tx_pending.end(), out.begin(), out.end());
            reports = rig_->take_reports();
            rig_now = rig_->rig_cycles();
        }
        if (on_report_) {
            for (const HubReport& r : reports) on_report_(r);
        }
        pump_pty(tx_pending);
        if (!running) break;

        const double speed = speed_;
        if (speed > 0) {
            if (speed != paced_speed) {  // (re)start pacing from here
                paced_speed = speed;
                wall_base = Clock::now();
                rig_base = rig_now;
            }
            const double hub_us = static_cast<double>(rig_now - rig_base) / HUB_CYCLES_PER_US;
            const auto target =
                wall_base + std::chrono::microseconds(static_cast<int64_t>(hub_us / speed));
            const auto now = Clock::now();
            if (target > now) {
                std::this_thread::sleep_until(target);
                rested = Clock::now();
            } else if (now - target > std::chrono::milliseconds(50)) {
                // Far behind (a loaded machine): do not race to catch up; pace from here.
                wall_base = now;
                rig_base = rig_now;
            }
        } else {
            paced_speed = -1;  // pacing starts afresh when a speed is set again
        }
        // Unpaced or behind, still never a thread that does not sleep (see RUN_WITHOUT_REST).
        if (Clock::now() - rested >= RUN_WITHOUT_REST) {
            std::this_thread::sleep_for(REST);
            rested = Clock::now();
        }
    }
    finished_ = true;
}

void HubRigThread::pump_pty(std::vector<uint8_t>& tx_pending) {
    const int fd = pty_.master_fd();
    if (!pty_.client_connected()) {
        tx_dropped_ += tx_pending.size();
        tx_pending.clear();
        return;
    }
    size_t done = 0;
    while (done < tx_pending.size()) {
        const ssize_t n = ::write(fd, tx_pending.data() + done, tx_pending.size() - done);
        if (n <= 0) break;  // EAGAIN: the client is not reading
        done += static_cast<size_t>(n);
    }
    tx_pending.erase(tx_pending.begin(), tx_pending.begin() + static_cast<std::ptrdiff_t>(done));
    if (tx_pending.size() > TX_BACKLOG_MAX) {
        const size_t excess = tx_pending.size() - TX_BACKLOG_MAX;
        tx_dropped_ += excess;
        tx_pending.erase(tx_pending.end() - static_cast<std::ptrdiff_t>(excess), tx_pending.end());
    }

    uint8_t buf[512];
    for (;;) {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            if (rig_->rx_backlog() >= RX_BACKLOG_MAX) return;
        }
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n <= 0) return;
        std::lock_guard<std::mutex> lock(mutex_);
        rig_->send_to_hub(buf, static_cast<size_t>(n));
    }
}

}  // namespace venue::sim
