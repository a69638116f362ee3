#include "io/dgt/board_runner.h"

#include <algorithm>
#include <array>

namespace venue::io::dgt {

std::int64_t BoardRunner::now_us() {
    return std::chrono::duration_cast<std::chrono::microseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

BoardRunner::BoardRunner(BoardPort port, BoardRunnerConfig config)
    : BoardRunner([port] { return make_board_link(port); }, describe(port), config) {}

BoardRunner::BoardRunner(LinkFactory factory, std::string device, BoardRunnerConfig config)
    : factory_(std::move(factory)),
      device_(std::move(device)),
      config_(config),
      backoff_(config.backoff_min),
      session_(config.session) {}

BoardRunner::~BoardRunner() {
    stop();
}

void BoardRunner::start() {
    if (thread_.joinable()) return;
    stop_ = false;
    thread_ = std::thread([this] { run(); });
}

void BoardRunner::stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
}

std::vector<BoardEvent> BoardRunner::poll(std::size_t max) {
    const std::lock_guard lock(mutex_);
    const std::size_t n = max == 0 ? queue_.size() : std::min(max, queue_.size());
    std::vector<BoardEvent> out;
    out.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        out.push_back(std::move(queue_.front()));
        queue_.pop_front();
    }
    return out;
}

BoardStatus BoardRunner::status() const {
    const std::lock_guard lock(mutex_);
    BoardStatus s = session_.status(now_us());
    fill_link_fields(s);
    return s;
}

std::optional<sensing::Snapshot> BoardRunner::last_snapshot() const {
    const std::lock_guard lock(mutex_);
    return session_.last_snapshot();
}

void BoardRunner::set_orientation(Orientation o) {
    const std::lock_guard lock(mutex_);
    session_.set_orientation(o, now_us());
    deliver();
}

void BoardRunner::clear_orientation() {
    const std::lock_guard lock(mutex_);
    session_.clear_orientation(now_us());
    deliver();
}

std::optional<std::uint32_t> BoardRunner::clock_set_and_run(const SetAndRun& s, std::string* why) {
    const std::lock_guard lock(mutex_);
    return session_.clock().set_and_run(s, why);
}

std::optional<std::uint32_t> BoardRunner::clock_text(std::string_view text, std::uint8_t beep,
                                                     std::string* why) {
    const std::lock_guard lock(mutex_);
    return session_.clock().show_text(text, beep, why);
}

std::optional<std::uint32_t> BoardRunner::clock_end_text(std::string* why) {
    const std::lock_guard lock(mutex_);
    return session_.clock().end_text(why);
}

bool BoardRunner::light_squares(const std::vector<int>& squares, std::string* why) {
    const std::lock_guard lock(mutex_);
    return session_.light_squares(squares, why);
}

std::optional<BwTime> BoardRunner::clock_reading() const {
    const std::lock_guard lock(mutex_);
    return session_.clock().last_reading();
}

void BoardRunner::run() {
    std::array<std::uint8_t, 512> buf{};
    while (!stop_) {
        std::int64_t now = now_us();
        if (!link_) {
            if (now < next_attempt_us_) {
                sleep_until_next_attempt(now);
                continue;
            }
            try_open(now);
            continue;
        }
        const IoResult r = link_->read(buf, config_.read_timeout);
        now = now_us();
        {
            const std::lock_guard lock(mutex_);
            if (r.count > 0) session_.on_bytes(std::span(buf.data(), r.count), now);
            if (session_.state() == BoardLinkState::CONNECTED) {
                backoff_ = config_.backoff_min;
                down_since_us_ = 0;
            }
            if (r.ok()) session_.on_tick(now);
            const Bytes out = session_.take_output();
            unsent_.insert(unsent_.end(), out.begin(), out.end());
            deliver();
        }
        if (r.error) {
            drop_link(now, *r.error);
            continue;
        }
        flush();
    }
    if (link_) link_->close();
    link_.reset();
    const std::lock_guard lock(mutex_);
    session_.on_link_lost(now_us());
    deliver();
}

void BoardRunner::try_open(std::int64_t now) {
    auto made = factory_();
    std::optional<LinkError> error;
    if (auto* e = std::get_if<LinkError>(&made)) {
        error = *e;
    } else {
        link_ = std::move(std::get<std::unique_ptr<Link>>(made));
        error = link_->open();
    }
    if (error) {
        link_.reset();
        next_attempt_us_ = now + std::chrono::microseconds(backoff_).count();
        backoff_ = std::min(backoff_ * 2, config_.backoff_max);
        const std::lock_guard lock(mutex_);
        ++open_failures_;
        last_link_error_ = error->what;
        if (down_since_us_ == 0) down_since_us_ = now;
        return;
    }
    unsent_.clear();
    {
        const std::lock_guard lock(mutex_);
        ++opens_;
        session_.start(now);
        unsent_ = session_.take_output();
        deliver();
    }
    flush();
}

void BoardRunner::drop_link(std::int64_t now, const LinkError& e) {
    link_->close();
    link_.reset();
    unsent_.clear();
    next_attempt_us_ = now + std::chrono::microseconds(backoff_).count();
    backoff_ = std::min(backoff_ * 2, config_.backoff_max);
    const std::lock_guard lock(mutex_);
    ++link_errors_;
    last_link_error_ = e.what;
    if (down_since_us_ == 0) down_since_us_ = now;
    session_.on_link_lost(now);
    deliver();
}

bool BoardRunner::flush() {
    if (unsent_.empty() || !link_) return true;
    const IoResult w = link_->write(unsent_, config_.write_timeout);
    unsent_.erase(unsent_.begin(), unsent_.begin() + static_cast<std::ptrdiff_t>(w.count));
    if (w.error) {
        drop_link(now_us(), *w.error);
        return false;
    }
    if (unsent_.size() > config_.max_unsent_bytes) {
        drop_link(now_us(), LinkError{LinkErrorCode::OS_ERROR, 0,
                                      device_ + ": the link takes no bytes (stuck)"});
        return false;
    }
    return true;
}

void BoardRunner::deliver() {
    for (BoardEvent& e : session_.take_events()) {
        if (auto* s = std::get_if<BoardStatus>(&e)) fill_link_fields(*s);
        queue_.push_back(std::move(e));
        // Drop the oldest rather than block the board's thread or grow without bound.
        while (queue_.size() > config_.queue_capacity) {
            queue_.pop_front();
            ++dropped_events_;
        }
    }
}

void BoardRunner::fill_link_fields(BoardStatus& s) const {
    s.device = device_;
    s.opens = opens_;
    s.open_failures = open_failures_;
    s.link_errors = link_errors_;
    s.dropped_events = dropped_events_;
    s.last_link_error = last_link_error_;
    s.down_since_us = down_since_us_;
}

void BoardRunner::sleep_until_next_attempt(std::int64_t now) {
    // Short naps so stop() is prompt even with a long backoff.
    const auto wait = std::min<std::int64_t>(
        next_attempt_us_ - now, std::chrono::microseconds(config_.read_timeout).count());
    std::this_thread::sleep_for(std::chrono::microseconds(std::max<std::int64_t>(wait, 100)));
}

}  // namespace venue::io::dgt
