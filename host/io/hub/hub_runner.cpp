#include "io/hub/hub_runner.h"

#include <algorithm>
#include <array>

namespace venue::io {

namespace {

HubSessionConfig seeded(HubSessionConfig c) {
    // A restarted host must not reuse cmd_ids the hub still remembers from the previous run.
    if (c.first_cmd_id == 1) {
        c.first_cmd_id = static_cast<std::uint16_t>(HubRunner::now_ns() / 1000 % 60000 + 1);
    }
    return c;
}

}  // namespace

HostNanos HubRunner::now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

HubRunner::HubRunner(std::unique_ptr<Link> link, HubRunnerConfig config)
    : link_(std::move(link)),
      config_(config),
      session_(seeded(config.session)),
      backoff_(config.backoff_min) {}

HubRunner::~HubRunner() {
    stop();
}

void HubRunner::start() {
    if (thread_.joinable()) return;
    stop_ = false;
    thread_ = std::thread([this] { run(); });
}

void HubRunner::stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    if (link_ && link_->is_open()) {
        link_->close();
        std::lock_guard lock(mutex_);
        link_open_ = false;
        session_.on_link_down(now_ns(), "stopped");
    }
}

std::optional<std::uint16_t> HubRunner::submit(HubCommand command) {
    std::lock_guard lock(mutex_);
    return session_.submit(std::move(command), now_ns());
}

std::vector<HubEvent> HubRunner::poll_events(std::size_t max) {
    std::lock_guard lock(mutex_);
    return session_.take_events(max);
}

void HubRunner::confirm_stored(std::uint32_t seq) {
    std::lock_guard lock(mutex_);
    session_.confirm_stored(seq);
}

HubLinkStatus HubRunner::status() const {
    const HostNanos now = now_ns();
    std::lock_guard lock(mutex_);
    HubLinkStatus s;
    s.device = link_ ? link_->name() : std::string();
    s.state = session_.state();
    s.link_open = link_open_;
    s.since_ns = session_.state_since();
    s.down_since_ns = session_.down_since();
    s.last_frame_ns = session_.last_frame_at();
    s.last_frame_age_ns = s.last_frame_ns == 0 ? -1 : now - s.last_frame_ns;
    s.opens = opens_;
    s.open_failures = open_failures_;
    s.link_errors = link_errors_;
    s.attempts_since_up = attempts_since_up_;
    s.next_attempt_ns = next_attempt_ns_;
    s.last_error = last_error_;
    s.refusal = session_.refusal();
    s.stats = session_.stats();
    s.handshake = session_.handshake();
    s.heartbeat = session_.last_heartbeat();
    s.army_status = session_.last_army_status();
    s.drift_ppm = session_.time_fit().drift_ppm();
    s.time_error_ns = session_.time_fit().error_ns();
    s.time_samples = session_.time_fit().samples();
    s.commands_pending = session_.commands_pending();
    return s;
}

bool HubRunner::try_open(HostNanos now) {
    if (auto err = link_->open()) {
        std::lock_guard lock(mutex_);
        ++open_failures_;
        ++attempts_since_up_;
        last_error_ = err->what;
        next_attempt_ns_ = now + std::chrono::nanoseconds(backoff_).count();
        backoff_ = std::min(backoff_ * 2, config_.backoff_max);
        return false;
    }
    std::lock_guard lock(mutex_);
    ++opens_;
    attempts_since_up_ = 0;
    link_open_ = true;
    unsent_.clear();
    session_.on_link_up(now);
    return true;
}

void HubRunner::drop_link(HostNanos now, std::string why) {
    link_->close();
    std::lock_guard lock(mutex_);
    ++link_errors_;
    link_open_ = false;
    unsent_.clear();
    last_error_ = why;
    session_.on_link_down(now, std::move(why));
    // The first reopen is quick (a USB glitch); repeated failures back off.
    next_attempt_ns_ = now + std::chrono::nanoseconds(config_.backoff_min).count();
    backoff_ = config_.backoff_min;
}

bool HubRunner::flush(HostNanos now) {
    {
        std::lock_guard lock(mutex_);
        std::vector<std::uint8_t> out = session_.take_output();
        unsent_.insert(unsent_.end(), out.begin(), out.end());
    }
    if (unsent_.size() > config_.max_output_bytes) {
        // The device takes nothing: treat it as gone rather than queue without bound.
        drop_link(now, link_->name() + ": output not taken by the device");
        return false;
    }
    if (unsent_.empty()) return true;
    const IoResult r = link_->write(unsent_, config_.write_timeout);
    unsent_.erase(unsent_.begin(), unsent_.begin() + static_cast<std::ptrdiff_t>(r.count));
    if (!r.ok()) {
        drop_link(now, r.error->what);
        return false;
    }
    return true;
}

void HubRunner::run() {
    std::array<std::uint8_t, 512> buf{};
    while (!stop_) {
        HostNanos now = now_ns();
        if (!link_->is_open()) {
            HostNanos wait_until = 0;
            {
                std::lock_guard lock(mutex_);
                wait_until = next_attempt_ns_;
            }
            if (now < wait_until) {
                // Sleep in short steps so that stop() is prompt.
                const auto step = std::min<HostNanos>(wait_until - now, 20'000'000);
                std::this_thread::sleep_for(std::chrono::nanoseconds(step));
                continue;
            }
            if (!try_open(now)) continue;
        }
        if (!flush(now)) continue;
        const IoResult r = link_->read(buf, config_.read_timeout);
        now = now_ns();
        if (!r.ok()) {
            drop_link(now, r.error->what);
            continue;
        }
        bool silent = false;
        {
            std::lock_guard lock(mutex_);
            if (r.count > 0) session_.on_bytes(std::span(buf.data(), r.count), now);
            session_.on_tick(now);
            silent = session_.is_silent(now);
        }
        if (silent) drop_link(now, link_->name() + ": no frame from the hub for too long");
    }
}

}  // namespace venue::io
