#include "chess_clock.h"

#include <assert.h>

namespace venue {
namespace hub {

using wire::ClockState;
using wire::CommandStatus;
using wire::PaddleEffect;
using wire::Team;
using wire::TimingMode;

namespace {

Team other(Team side) {
    return side == Team::A ? Team::B : Team::A;
}

}  // namespace

ChessClock::ChessClock() {
    for (Side& s : sides_) {
        for (ClockPeriod& p : s.periods) p = ClockPeriod{0, 0, 0, TimingMode::NONE, false};
    }
    reset();
}

CommandStatus ChessClock::set_period(uint8_t sides, uint8_t index, const ClockPeriod& period) {
    if (sides == 0 || sides > 3 || index >= CLOCK_PERIODS || !wire::is_valid(period.mode)) {
        return CommandStatus::BAD_ARGUMENT;
    }
    ClockPeriod p = period;
    p.defined = true;
    if (sides & 1u) at(Team::A).periods[index] = p;
    if (sides & 2u) at(Team::B).periods[index] = p;
    return CommandStatus::OK;
}

void ChessClock::reset() {
    for (Side& s : sides_) {
        s.remaining = s.periods[0].defined ? s.periods[0].time : 0;
        s.moves = 0;
        s.moves_in_period = 0;
        s.period = 0;
    }
    state_ = ClockState::STOPPED;
    on_move_ = Team::NONE;
    seg_start_ = last_;
    turn_used_ = 0;
    delay_left_ = 0;
    turn_amount_ = 0;
    turn_mode_ = TimingMode::NONE;
}

Micros ChessClock::monotonic(Micros now) {
    if (now > last_) last_ = now;
    return last_;
}

Micros ChessClock::remaining(Team side, Micros now) const {
    const Side& s = at(side);
    if (state_ != ClockState::RUNNING || side != on_move_) return s.remaining;
    const Micros elapsed = now > seg_start_ ? now - seg_start_ : 0;
    const Micros counted = elapsed > delay_left_ ? elapsed - delay_left_ : 0;
    return counted >= s.remaining ? 0 : s.remaining - counted;
}

// Closes the running segment at `now`: the time counted off moves into turn_used_, the delay
// used up leaves delay_left_.
void ChessClock::rebase(Micros now) {
    assert(state_ == ClockState::RUNNING);
    Side& s = at(on_move_);
    const Micros r = remaining(on_move_, now);
    const Micros elapsed = now > seg_start_ ? now - seg_start_ : 0;
    turn_used_ += s.remaining - r;
    delay_left_ = elapsed >= delay_left_ ? 0 : static_cast<uint32_t>(delay_left_ - elapsed);
    s.remaining = r;
    seg_start_ = now;
}

void ChessClock::begin_turn(Team side, Micros now) {
    const Side& s = at(side);
    const ClockPeriod& p = s.periods[s.period];
    on_move_ = side;
    seg_start_ = now;
    turn_used_ = 0;
    turn_mode_ = p.defined ? p.mode : TimingMode::NONE;
    turn_amount_ = p.defined ? p.increment_us : 0;
    delay_left_ = turn_mode_ == TimingMode::SIMPLE_DELAY ? turn_amount_ : 0;
}

CommandStatus ChessClock::start(Team side, Micros now) {
    now = monotonic(now);
    if (!valid_side(side)) return CommandStatus::BAD_ARGUMENT;
    if (state_ != ClockState::STOPPED) return CommandStatus::BAD_STATE;
    begin_turn(side, now);
    state_ = ClockState::RUNNING;
    return CommandStatus::OK;
}

CommandStatus ChessClock::pause(Micros now) {
    now = monotonic(now);
    if (state_ != ClockState::RUNNING) return CommandStatus::BAD_STATE;
    assert(now < flag_time() && "check_flag first");
    rebase(now);
    state_ = ClockState::PAUSED;
    return CommandStatus::OK;
}

CommandStatus ChessClock::resume(Micros now) {
    now = monotonic(now);
    if (state_ == ClockState::FLAGGED && at(on_move_).remaining == 0)
        return CommandStatus::BAD_STATE;
    if (state_ != ClockState::PAUSED && state_ != ClockState::FLAGGED)
        return CommandStatus::BAD_STATE;
    seg_start_ = now;
    state_ = ClockState::RUNNING;
    return CommandStatus::OK;
}

CommandStatus ChessClock::set_time(Team side, Micros value, Micros now) {
    now = monotonic(now);
    if (!valid_side(side)) return CommandStatus::BAD_ARGUMENT;
    if (state_ == ClockState::RUNNING && side == on_move_) rebase(now);
    at(side).remaining = value;
    return CommandStatus::OK;
}

CommandStatus ChessClock::add_time(Team side, int64_t delta_us, Micros now) {
    now = monotonic(now);
    if (!valid_side(side)) return CommandStatus::BAD_ARGUMENT;
    if (state_ == ClockState::RUNNING && side == on_move_) rebase(now);
    Side& s = at(side);
    if (delta_us >= 0) {
        s.remaining += static_cast<Micros>(delta_us);
    } else {
        const Micros take = static_cast<Micros>(-(delta_us + 1)) + 1;  // safe for INT64_MIN
        s.remaining = take >= s.remaining ? 0 : s.remaining - take;
    }
    return CommandStatus::OK;
}

MoveReport ChessClock::paddle(Team paddle, Micros now) {
    now = monotonic(now);
    const Team side = valid_side(paddle) ? paddle : Team::A;
    MoveReport report = {PaddleEffect::SWITCHED, 0, 0, false, 0};
    switch (state_) {
        case ClockState::STOPPED:
            // As on a physical clock: pressing your paddle starts the opponent's time.
            begin_turn(other(side), now);
            state_ = ClockState::RUNNING;
            report.effect = PaddleEffect::STARTED;
            break;
        case ClockState::PAUSED:
            report.effect = PaddleEffect::PAUSED;
            break;
        case ClockState::FLAGGED:
            report.effect = PaddleEffect::FLAGGED;
            break;
        case ClockState::RUNNING: {
            if (side != on_move_) {
                report.effect = PaddleEffect::NOT_ON_MOVE;
                break;
            }
            assert(now < flag_time() && "check_flag first");
            rebase(now);
            Side& s = at(side);
            if (turn_mode_ == TimingMode::BRONSTEIN) {
                s.remaining += turn_used_ < turn_amount_ ? turn_used_ : turn_amount_;
            } else if (turn_mode_ == TimingMode::FISCHER) {
                s.remaining += turn_amount_;
            }
            ++s.moves;
            ++s.moves_in_period;
            const ClockPeriod& p = s.periods[s.period];
            const uint8_t next = static_cast<uint8_t>(s.period + 1);
            if (p.moves != 0 && s.moves_in_period >= p.moves && next < CLOCK_PERIODS &&
                s.periods[next].defined) {
                s.period = next;
                s.moves_in_period = 0;
                s.remaining += s.periods[next].time;
                report.period_started = true;
            }
            begin_turn(other(side), now);
            break;
        }
    }
    report.remaining = at(side).remaining;
    report.moves = at(side).moves;
    report.period = at(side).period;
    return report;
}

bool ChessClock::check_flag(Micros now, FlagReport* out) {
    now = monotonic(now);
    if (state_ != ClockState::RUNNING) return false;
    const Micros when = flag_time();
    if (now < when) return false;
    rebase(when);
    state_ = ClockState::FLAGGED;
    *out = FlagReport{when, on_move_, at(on_move_).moves};
    return true;
}

bool ChessClock::is_ok() const {
    if (!wire::is_valid(state_)) return false;
    if (state_ == ClockState::STOPPED) return on_move_ == Team::NONE;
    if (!valid_side(on_move_)) return false;
    if (state_ == ClockState::RUNNING && seg_start_ > last_) return false;
    if (state_ == ClockState::FLAGGED && delay_left_ != 0) return false;  // a flag uses it up
    if (turn_mode_ != TimingMode::SIMPLE_DELAY && delay_left_ != 0) return false;
    for (const Side& s : sides_) {
        if (s.period >= CLOCK_PERIODS) return false;
    }
    return true;
}

}  // namespace hub
}  // namespace venue
