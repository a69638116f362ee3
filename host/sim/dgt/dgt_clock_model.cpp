#include "sim/dgt/dgt_clock_model.h"

#include <algorithm>

namespace venue::sim::dgt {

using io::dgt::ClockAck;
using io::dgt::ClockSub;

namespace {

// The DGT 3000 shows one hour digit.
constexpr std::int64_t MAX_SHOWN_MS = (9 * 3600 + 59 * 60 + 59) * 1000LL;

io::dgt::ClockTime shown(std::int64_t ms) {
    // A countdown shows 0:00:01 until the last millisecond has gone.
    const std::int64_t s = (std::min(std::max<std::int64_t>(ms, 0), MAX_SHOWN_MS) + 999) / 1000;
    return {static_cast<std::uint8_t>(s / 3600), static_cast<std::uint8_t>(s / 60 % 60),
            static_cast<std::uint8_t>(s % 60)};
}

ClockAck ack(std::uint8_t ack0, std::uint8_t sub, std::uint8_t ack2 = 0, std::uint8_t ack3 = 0) {
    return ClockAck{{ack0, sub, ack2, ack3}};
}

std::int64_t to_ms(const io::dgt::ClockTime& t) {
    return t.total_seconds() * 1000LL;
}

}  // namespace

DgtClockModel::DgtClockModel(ClockModelOptions o, std::int64_t now_ms)
    : options_(o), last_ms_(now_ms), left_ms_(o.left_ms), right_ms_(o.right_ms) {}

void DgtClockModel::advance(std::int64_t now_ms) {
    const std::int64_t dt = std::max<std::int64_t>(now_ms - last_ms_, 0);
    last_ms_ = std::max(now_ms, last_ms_);
    if (left_runs_) {
        left_ms_ = std::max<std::int64_t>(left_ms_ - dt, 0);
        if (left_ms_ == 0) {
            left_flag_ = true;
            left_runs_ = false;
        }
    }
    if (right_runs_) {
        right_ms_ = std::max<std::int64_t>(right_ms_ - dt, 0);
        if (right_ms_ == 0) {
            right_flag_ = true;
            right_runs_ = false;
        }
    }
}

io::dgt::BwTime DgtClockModel::reading() const {
    io::dgt::BwTime t;
    t.right.time = shown(right_ms_);
    t.left.time = shown(left_ms_);
    t.right.flag_blocked = t.right.flag_shown = right_flag_;
    t.left.flag_blocked = t.left.flag_shown = left_flag_;
    t.running = left_runs_ || right_runs_;
    t.lever_right_high = lever_right_high_;
    t.right_to_move = right_runs_;
    t.left_to_move = left_runs_;
    return t;
}

ClockAck DgtClockModel::handle(const io::dgt::ClockCommand& c, std::int64_t now_ms) {
    advance(now_ms);
    ++commands_;
    const auto sub = static_cast<std::uint8_t>(c.sub);
    switch (c.sub) {
        case ClockSub::SET_AND_RUN: {
            const auto s = io::dgt::decode_set_and_run(c.payload, options_.set_and_run_encoding);
            if (!s || !options_.mode23) return ack(io::dgt::ACK_ERROR, sub);
            left_ms_ = to_ms(s->left);
            right_ms_ = to_ms(s->right);
            left_flag_ = right_flag_ = false;
            left_runs_ = s->left_runs && !s->pause && left_ms_ > 0;
            right_runs_ = s->right_runs && !s->pause && right_ms_ > 0;
            return ack(io::dgt::ACK_NORMAL, sub);
        }
        case ClockSub::TEXT:
            if (options_.version_major < 2) return ack(io::dgt::ACK_ERROR, sub);  // a DGT XL
            if (c.payload.size() != io::dgt::CLOCK_TEXT_LENGTH + 1) {
                return ack(io::dgt::ACK_ERROR, sub);
            }
            text_.assign(c.payload.begin(), c.payload.begin() + io::dgt::CLOCK_TEXT_LENGTH);
            beep_units_ += c.payload.back();
            return ack(io::dgt::ACK_NORMAL, sub);
        case ClockSub::END_TEXT:
            text_.clear();
            return ack(io::dgt::ACK_NORMAL, sub);
        case ClockSub::BEEP:
            if (c.payload.size() != 1) return ack(io::dgt::ACK_ERROR, sub);
            beep_units_ += c.payload[0];
            return ack(io::dgt::ACK_NORMAL, sub);
        case ClockSub::VERSION:
            // As real clocks answer: one byte, the major version in the high nibble.
            return ack(
                io::dgt::ACK_NORMAL, sub,
                io::dgt::ClockVersion{options_.version_major, options_.version_minor}.byte());
        case ClockSub::BUTTON:
            return ack(io::dgt::ACK_NORMAL, sub, 0, last_button_);
        case ClockSub::DISPLAY: {
            // The DGT XL's six characters, sent in its digits' order (2 1 0 5 4 3), icons, beep.
            if (c.payload.size() != io::dgt::CLOCK_XL_TEXT_LENGTH + 2)
                return ack(io::dgt::ACK_ERROR, sub);
            const auto& p = c.payload;
            text_ = {char(p[2]), char(p[1]), char(p[0]), char(p[5]), char(p[4]), char(p[3])};
            beep_units_ += p[7];
            return ack(io::dgt::ACK_NORMAL, sub);
        }
        case ClockSub::ICONS:
            return ack(io::dgt::ACK_NORMAL, sub);
    }
    return ack(io::dgt::ACK_ERROR, static_cast<std::uint8_t>(sub & 0x7f));
}

void DgtClockModel::press_lever(std::int64_t now_ms) {
    advance(now_ms);
    const bool was_running = left_runs_ || right_runs_;
    lever_right_high_ = !lever_right_high_;
    if (!was_running) return;
    // The side whose lever went down has moved: the other player's time runs.
    right_runs_ = lever_right_high_ && right_ms_ > 0;
    left_runs_ = !lever_right_high_ && left_ms_ > 0;
}

ClockAck DgtClockModel::press_button(io::dgt::ClockButton b) {
    last_button_ = static_cast<std::uint8_t>(b);
    return ack(io::dgt::ACK_NORMAL, io::dgt::ACK_BUTTON, 0, last_button_);
}

}  // namespace venue::sim::dgt
