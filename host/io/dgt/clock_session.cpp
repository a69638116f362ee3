#include "io/dgt/clock_session.h"

namespace venue::io::dgt {

ClockSession::ClockSession(ClockSessionConfig config) : config_(config) {}

std::optional<std::uint32_t> ClockSession::enqueue(ClockSub sub, Bytes bytes, std::string* why) {
    if (queue_.size() >= config_.max_queued) {
        if (why) *why = "the clock's command queue is full";
        return std::nullopt;
    }
    const std::uint32_t id = next_id_++;
    queue_.push_back({id, sub, std::move(bytes), 0, 0, false, {}, 0});
    return id;
}

std::optional<std::uint32_t> ClockSession::set_and_run(const SetAndRun& s, std::string* why) {
    Bytes b;
    if (auto e = encode_clock_set_and_run(s, config_.set_and_run_encoding, b)) {
        if (why) *why = describe(*e);
        return std::nullopt;
    }
    return enqueue(ClockSub::SET_AND_RUN, std::move(b), why);
}

std::optional<std::uint32_t> ClockSession::show_text(std::string_view text, std::uint8_t beep,
                                                     std::string* why) {
    Bytes check;  // refused now, whichever clock it is for
    if (auto e = encode_clock_text(text, beep, check)) {
        if (why) *why = describe(*e);
        return std::nullopt;
    }
    if (!version_asked_) {
        // Ask first which clock this is, so that the text goes out as it shows text.
        Bytes ask;
        encode_clock_version(ask);
        if (!enqueue(ClockSub::VERSION, std::move(ask), why)) return std::nullopt;
        version_asked_ = true;
    }
    const auto id = enqueue(ClockSub::TEXT, {}, why);
    if (id) {
        queue_.back().text = std::string(text);
        queue_.back().beep = beep;
    }
    return id;
}

void ClockSession::encode_text(Pending& p) const {
    p.bytes.clear();
    if (version_ && version_->kind() == ClockKind::DGT_XL) {
        p.sub = ClockSub::DISPLAY;
        (void)encode_clock_xl_display(std::string_view(p.text).substr(0, CLOCK_XL_TEXT_LENGTH),
                                      p.beep, p.bytes);
    } else {
        p.sub = ClockSub::TEXT;
        (void)encode_clock_text(p.text, p.beep, p.bytes);  // checked when it was queued
    }
}

std::optional<std::uint32_t> ClockSession::end_text(std::string* why) {
    Bytes b;
    encode_clock_end_text(b);
    return enqueue(ClockSub::END_TEXT, std::move(b), why);
}

void ClockSession::on_reading(const BwTime& t, std::int64_t now_us) {
    // A board without a clock, or a clock still starting, reports nothing worth keeping.
    if (t.no_clock || t.all_zero()) return;
    const std::optional<BwTime> before = last_;
    last_ = t;
    if (before && *before == t) return;
    events_.push_back(ClockTimes{t, now_us});
    if (before && before->lever_right_high != t.lever_right_high)
        events_.push_back(ClockLever{t.lever_right_high, t, now_us});
    const bool right_flag = t.right.flag_shown || t.right.flag_blocked;
    const bool left_flag = t.left.flag_shown || t.left.flag_blocked;
    const bool right_before = before && (before->right.flag_shown || before->right.flag_blocked);
    const bool left_before = before && (before->left.flag_shown || before->left.flag_blocked);
    if (right_flag && !right_before) events_.push_back(ClockFlag{true, now_us});
    if (left_flag && !left_before) events_.push_back(ClockFlag{false, now_us});
}

void ClockSession::finish(bool ok, std::string error, std::int64_t now_us) {
    if (in_flight_->sub != ClockSub::VERSION)  // the session's own question: nobody waits on it
        events_.push_back(ClockCommandResult{in_flight_->id, in_flight_->sub, ok,
                                             in_flight_->attempts, std::move(error), now_us});
    in_flight_.reset();
}

void ClockSession::on_ack(const ClockAck& a, std::int64_t now_us) {
    if (a.is_button()) {
        if (auto b = a.button()) events_.push_back(ClockButtonPressed{*b, now_us});
        return;
    }
    const auto sub = a.command();
    if (!in_flight_ || !sub || *sub != std::uint8_t(in_flight_->sub)) return;  // late or stray
    if (!a.is_error() && in_flight_->sub == ClockSub::VERSION) version_ = ClockVersion::of(a);
    if (a.is_error())
        finish(false, "the clock refused it (is it in mode 23?)", now_us);
    else
        finish(true, "", now_us);
    on_tick(now_us);  // the next one at once
}

void ClockSession::on_tick(std::int64_t now_us) {
    if (in_flight_) {
        if (!in_flight_->resend_now && now_us - in_flight_->sent_us < config_.ack_timeout_us)
            return;
        in_flight_->resend_now = false;
        if (in_flight_->attempts >= config_.attempts) {
            finish(false,
                   "no acknowledgement after " + std::to_string(in_flight_->attempts) + " tries",
                   now_us);
        } else {
            ++in_flight_->attempts;
            in_flight_->sent_us = now_us;
            output_.insert(output_.end(), in_flight_->bytes.begin(), in_flight_->bytes.end());
            return;
        }
    }
    if (queue_.empty()) return;
    in_flight_ = std::move(queue_.front());
    queue_.pop_front();
    if (!in_flight_->text.empty() || in_flight_->sub == ClockSub::TEXT) encode_text(*in_flight_);
    in_flight_->attempts = 1;
    in_flight_->sent_us = now_us;
    output_.insert(output_.end(), in_flight_->bytes.begin(), in_flight_->bytes.end());
}

void ClockSession::on_link_restored(std::int64_t /*now_us*/) {
    // Due at the next tick, without counting as another try.
    if (in_flight_) {
        in_flight_->resend_now = true;
        --in_flight_->attempts;
    }
}

Bytes ClockSession::take_output() {
    Bytes out;
    out.swap(output_);
    return out;
}

std::vector<ClockEvent> ClockSession::take_events() {
    std::vector<ClockEvent> out;
    out.swap(events_);
    return out;
}

}  // namespace venue::io::dgt
