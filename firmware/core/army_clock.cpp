#include "army_clock.h"

#include <assert.h>

namespace venue {
namespace hub {

using wire::ClockState;
using wire::CommandStatus;
using wire::TurnEffect;

namespace {

// `count` armies below `armies`, none twice.
bool valid_order(const uint8_t* order, uint8_t count, uint8_t armies) {
    uint8_t seen = 0;  // bit per army: MAX_ARMIES is 8
    for (uint8_t i = 0; i < count; ++i) {
        if (order[i] >= armies) return false;
        const uint8_t bit = static_cast<uint8_t>(1u << order[i]);
        if (seen & bit) return false;
        seen = static_cast<uint8_t>(seen | bit);
    }
    return true;
}

bool valid_stations(const uint8_t* stations, uint8_t armies) {
    for (uint8_t a = 0; a < armies; ++a) {
        if (stations[a] >= STATION_COUNT) return false;
    }
    return true;
}

bool contains(const uint8_t* order, uint8_t count, uint8_t army) {
    for (uint8_t i = 0; i < count; ++i) {
        if (order[i] == army) return true;
    }
    return false;
}

}  // namespace

static_assert(MAX_ARMIES <= 8, "valid_order keeps a bit per army in a byte");

ArmyClock::ArmyClock() {
    for (uint8_t a = 0; a < MAX_ARMIES; ++a) {
        remaining_[a] = 0;
        order_[a] = a;
        station_[a] = a;
    }
}

CommandStatus ArmyClock::configure(uint8_t armies, Micros time, uint32_t increment_us,
                                   const uint8_t* order, const uint8_t* stations) {
    if (armies < 2 || armies > MAX_ARMIES || !valid_order(order, armies, armies) ||
        !valid_stations(stations, armies)) {
        return CommandStatus::BAD_ARGUMENT;
    }
    armies_ = armies;
    order_count_ = armies;
    increment_ = increment_us;
    for (uint8_t a = 0; a < MAX_ARMIES; ++a) {
        const bool used = a < armies;
        remaining_[a] = used ? time : 0;
        order_[a] = used ? order[a] : a;
        station_[a] = used ? stations[a] : a;
    }
    state_ = ClockState::STOPPED;
    on_move_ = NO_ARMY;
    seg_start_ = last_;
    return CommandStatus::OK;
}

void ArmyClock::stop(Micros now) {
    now = monotonic(now);
    if (state_ == ClockState::RUNNING) {
        assert(now < flag_time() && "check_flag first");
        rebase(now);
    }
    state_ = ClockState::STOPPED;
    on_move_ = NO_ARMY;
    seg_start_ = now;
}

Micros ArmyClock::monotonic(Micros now) {
    if (now > last_) last_ = now;
    return last_;
}

uint8_t ArmyClock::position(uint8_t army) const {
    for (uint8_t i = 0; i < order_count_; ++i) {
        if (order_[i] == army) return i;
    }
    return NO_ARMY;
}

uint8_t ArmyClock::next_army() const {
    const uint8_t p = position(on_move_);
    if (p == NO_ARMY) return NO_ARMY;
    return order_[p + 1 < order_count_ ? p + 1 : 0];
}

Micros ArmyClock::remaining(uint8_t army, Micros now) const {
    if (army >= MAX_ARMIES) return 0;
    const Micros r = remaining_[army];
    if (state_ != ClockState::RUNNING || army != on_move_) return r;
    const Micros elapsed = now > seg_start_ ? now - seg_start_ : 0;
    return elapsed >= r ? 0 : r - elapsed;
}

// Closes the running segment at `now`.
void ArmyClock::rebase(Micros now) {
    assert(state_ == ClockState::RUNNING);
    remaining_[on_move_] = remaining(on_move_, now);
    seg_start_ = now;
}

void ArmyClock::switch_to(uint8_t army, Micros now) {
    if (state_ == ClockState::RUNNING) rebase(now);
    on_move_ = army;
    seg_start_ = now;
}

CommandStatus ArmyClock::set_order(const uint8_t* order, uint8_t count, const uint8_t* stations,
                                   Micros now) {
    now = monotonic(now);
    if (count == 0 || count > armies_ || !valid_order(order, count, armies_) ||
        !valid_stations(stations, armies_)) {
        return CommandStatus::BAD_ARGUMENT;
    }
    // The army that takes over if the army on move leaves: the first after it in the old order
    // still in the new one (the new order's first if none: it holds only armies new to it).
    uint8_t successor = on_move_;
    if (on_move_ != NO_ARMY && !contains(order, count, on_move_)) {
        successor = order[0];
        const uint8_t p = position(on_move_);
        for (uint8_t k = 1; p != NO_ARMY && k < order_count_; ++k) {
            const uint8_t candidate = order_[(p + k) % order_count_];
            if (contains(order, count, candidate)) {
                successor = candidate;
                break;
            }
        }
    }
    for (uint8_t i = 0; i < count; ++i) order_[i] = order[i];
    order_count_ = count;
    for (uint8_t a = 0; a < armies_; ++a) station_[a] = stations[a];
    if (successor != on_move_) switch_to(successor, now);
    return CommandStatus::OK;
}

CommandStatus ArmyClock::remove(uint8_t army, Micros now) {
    const uint8_t p = position(army);
    if (p == NO_ARMY || order_count_ == 1) return CommandStatus::BAD_STATE;
    uint8_t order[MAX_ARMIES];
    uint8_t n = 0;
    for (uint8_t i = 0; i < order_count_; ++i) {
        if (i != p) order[n++] = order_[i];
    }
    return set_order(order, n, station_, now);
}

CommandStatus ArmyClock::start(uint8_t army, Micros now) {
    now = monotonic(now);
    if (!in_order(army)) return CommandStatus::BAD_ARGUMENT;
    if (state_ != ClockState::STOPPED) return CommandStatus::BAD_STATE;
    on_move_ = army;
    seg_start_ = now;
    state_ = ClockState::RUNNING;
    return CommandStatus::OK;
}

CommandStatus ArmyClock::pause(Micros now) {
    now = monotonic(now);
    if (state_ != ClockState::RUNNING) return CommandStatus::BAD_STATE;
    assert(now < flag_time() && "check_flag first");
    rebase(now);
    state_ = ClockState::PAUSED;
    return CommandStatus::OK;
}

CommandStatus ArmyClock::resume(Micros now) {
    now = monotonic(now);
    if (state_ == ClockState::FLAGGED && remaining_[on_move_] == 0) return CommandStatus::BAD_STATE;
    if (state_ != ClockState::PAUSED && state_ != ClockState::FLAGGED) {
        return CommandStatus::BAD_STATE;
    }
    seg_start_ = now;
    state_ = ClockState::RUNNING;
    return CommandStatus::OK;
}

CommandStatus ArmyClock::set_time(uint8_t army, Micros value, Micros now) {
    now = monotonic(now);
    if (army >= armies_) return CommandStatus::BAD_ARGUMENT;
    if (state_ == ClockState::RUNNING && army == on_move_) rebase(now);
    remaining_[army] = value;
    return CommandStatus::OK;
}

CommandStatus ArmyClock::set_on_move(uint8_t army, Micros now) {
    now = monotonic(now);
    if (!in_order(army)) return CommandStatus::BAD_ARGUMENT;
    if (state_ == ClockState::STOPPED) return CommandStatus::BAD_STATE;
    if (army != on_move_) switch_to(army, now);
    return CommandStatus::OK;
}

TurnReport ArmyClock::end_turn(uint8_t station, Micros now) {
    now = monotonic(now);
    TurnReport report = {TurnEffect::ENDED, on_move_, on_move_, remaining(on_move_, now)};
    switch (state_) {
        case ClockState::STOPPED:
            report.effect = TurnEffect::STOPPED;
            return report;
        case ClockState::PAUSED:
            report.effect = TurnEffect::PAUSED;
            return report;
        case ClockState::FLAGGED:
            report.effect = TurnEffect::FLAGGED;
            return report;
        case ClockState::RUNNING:
            break;
    }
    if (station >= STATION_COUNT || station_[on_move_] != station) {
        report.effect = TurnEffect::NOT_ON_MOVE;
        return report;
    }
    assert(now < flag_time() && "check_flag first");
    const uint8_t ended = on_move_;
    const uint8_t next = next_army();
    switch_to(next, now);
    remaining_[ended] += increment_;
    report.next = next;
    report.remaining = remaining_[ended];
    return report;
}

bool ArmyClock::check_flag(Micros now, ArmyFlagReport* out) {
    now = monotonic(now);
    if (state_ != ClockState::RUNNING) return false;
    const Micros when = flag_time();
    if (now < when) return false;
    rebase(when);
    state_ = ClockState::FLAGGED;
    *out = ArmyFlagReport{when, on_move_};
    return true;
}

bool ArmyClock::is_ok() const {
    if (!wire::is_valid(state_)) return false;
    if (armies_ > MAX_ARMIES || order_count_ > armies_) return false;
    if (armies_ != 0 && order_count_ == 0) return false;
    if (!valid_order(order_, order_count_, armies_)) return false;
    if (!valid_stations(station_, armies_)) return false;
    if (state_ == ClockState::STOPPED) return on_move_ == NO_ARMY;
    if (!in_order(on_move_)) return false;
    if (state_ == ClockState::RUNNING && seg_start_ > last_) return false;
    return true;
}

}  // namespace hub
}  // namespace venue
