#include "hub.h"

#include <assert.h>

#include "nibbles.h"

namespace venue {
namespace hub {

using wire::ClaimChange;
using wire::ClockState;
using wire::PaddleEffect;
using wire::Team;
using wire::TurnEffect;

namespace {

// Pause button: RUNNING <-> PAUSED, on the clock of the mode.
template <class Clock>
void toggle_pause(Clock& clock, Micros time) {
    if (clock.state() == ClockState::RUNNING) {
        clock.pause(time);
    } else if (clock.state() == ClockState::PAUSED) {
        clock.resume(time);
    }
}

}  // namespace

Hub::Hub(const HubIdentity& identity, Micros now)
    : identity_(identity), next_heartbeat_(now + wire::HEARTBEAT_PERIOD_US) {
    slow_.configure(SLOW_DEBOUNCE);
    for (uint8_t& b : end_turn_button_) b = NO_BUTTON;
    lockout_.reseed(static_cast<uint16_t>(identity.serial ^ (identity.serial >> 16)));
}

template <class Event>
void Hub::emit(Event& event) {
    static_assert(Event::KIND == wire::MessageKind::EVENT, "only events are sequenced");
    event.seq = events_.next_seq();
    uint8_t payload[wire::MAX_EVENT_PAYLOAD];
    const size_t len = wire::pack(event, payload);
    events_.push(payload, static_cast<uint8_t>(len));
}

void Hub::advance_two_face(Micros time) {
    FlagReport flag;
    if (!clock_.check_flag(time, &flag)) return;
    wire::Flag e;
    e.time_us = flag.time;
    e.side = flag.side;
    e.moves = flag.moves;
    emit(e);
    buzz_until_ = flag.time + FLAG_BUZZ_US;
}

// Both clocks: the one of the other mode is stopped, so only the mode's clock can flag.
void Hub::advance_clock(Micros time) {
    advance_two_face(time);
    ArmyFlagReport flag;
    if (!army_.check_flag(time, &flag)) return;
    wire::ArmyFlag e;
    e.time_us = flag.time;
    e.army = flag.army;
    emit(e);
    buzz_until_ = flag.time + FLAG_BUZZ_US;
}

void Hub::beep_if_switched(uint8_t before, Micros time) {
    if (army_.on_move() == before || army_.on_move() == NO_ARMY) return;
    buzz_until_ = max_time(buzz_until_, time + SWITCH_BEEP_US);
}

void Hub::report_turn(uint8_t station, const TurnReport& r, Micros time) {
    wire::ArmyTurn e;
    e.time_us = time;
    e.station = station;
    e.effect = r.effect;
    e.army = r.army;
    e.next_army = r.next;
    e.remaining_us = r.remaining;
    emit(e);
    // A turn that ended beeps even when the same army goes on (the last one in the order).
    if (r.effect == TurnEffect::ENDED) buzz_until_ = max_time(buzz_until_, time + SWITCH_BEEP_US);
}

uint16_t Hub::end_turn_buttons() const {
    uint16_t mask = 0;
    for (const uint8_t b : end_turn_button_) {
        if (b < BUTTON_COUNT) mask = static_cast<uint16_t>(mask | (1u << b));
    }
    return mask;
}

// End-turn presses first seen in one sample are judged against the army on move before it: the
// station whose army comes next cannot end its new turn in the instant it began. So the other
// stations' presses are reported first (ignored), the press of the station on move last.
void Hub::on_end_turn_presses(Micros time, uint16_t buttons) {
    advance_clock(time);
    const uint8_t on_move = army_.on_move();
    const uint8_t station_on_move = on_move == NO_ARMY ? NO_ARMY : army_.station(on_move);
    bool on_move_pressed = false;
    for (uint8_t s = 0; s < STATION_COUNT; ++s) {
        const uint8_t b = end_turn_button_[s];
        if (b >= BUTTON_COUNT || !(buttons & (1u << b))) continue;
        if (s == station_on_move) {
            on_move_pressed = true;
        } else {
            report_turn(s, army_.end_turn(s, time), time);
        }
    }
    if (on_move_pressed) report_turn(station_on_move, army_.end_turn(station_on_move, time), time);
}

void Hub::leave_army_mode(Micros time) {
    if (!army_mode_) return;
    army_.stop(time);
    army_mode_ = false;
}

void Hub::release_claim(ClaimChange why, Micros time) {
    const uint8_t button = lockout_.claim_button();
    if (!lockout_.release()) return;
    const ButtonAssignment& a = lockout_.assignment(button);
    wire::Claim e;
    e.time_us = time;
    e.change = why;
    e.button = button;
    e.team = a.team;
    e.player = a.player;
    emit(e);
}

void Hub::arm(Team team, Micros time) {
    if (lockout_.claim_button() != NO_BUTTON &&
        lockout_.assignment(lockout_.claim_button()).team != team) {
        release_claim(ClaimChange::RELEASED_BY_ARM, time);
    }
    lockout_.arm(team);
}

void Hub::decide_buttons(Micros time, uint16_t group) {
    PressDecision decisions[BUTTON_COUNT];
    const uint8_t before = lockout_.claim_button();
    const uint8_t n = lockout_.decide(time, group, decisions);
    for (uint8_t i = 0; i < n; ++i) {
        const PressDecision& d = decisions[i];
        wire::ButtonPress e;
        e.time_us = d.time;
        e.button = d.button;
        e.team = d.team;
        e.player = d.player;
        e.outcome = d.outcome;
        e.same_sample = d.same_sample;
        e.tie_rule = d.tie_rule;
        e.tie_draw = d.tie_draw;
        emit(e);
    }
    const uint8_t after = lockout_.claim_button();
    if (after != NO_BUTTON && after != before) {
        const ButtonAssignment& a = lockout_.assignment(after);
        wire::Claim e;
        e.time_us = time;
        e.change = ClaimChange::TAKEN;
        e.button = after;
        e.team = a.team;
        e.player = a.player;
        emit(e);
    }
}

void Hub::on_paddle(Team paddle, Micros time) {
    advance_clock(time);
    if (army_mode_) {
        wire::Paddle e;
        e.time_us = time;
        e.paddle = paddle;
        e.effect = PaddleEffect::ARMY_MODE;
        emit(e);
        return;
    }
    const MoveReport r = clock_.paddle(paddle, time);
    wire::Paddle e;
    e.time_us = time;
    e.paddle = paddle;
    e.effect = r.effect;
    e.remaining_us = r.remaining;
    e.moves = r.moves;
    emit(e);
    if (r.period_started) {
        wire::PeriodStart p;
        p.time_us = time;
        p.side = paddle;
        p.period = r.period;
        p.remaining_us = r.remaining;
        emit(p);
    }
    if (r.effect != PaddleEffect::SWITCHED && r.effect != PaddleEffect::STARTED) return;
    if (r.effect == PaddleEffect::SWITCHED && (lockout_flags_ & LOCKOUT_RELEASE_ON_PADDLE)) {
        release_claim(ClaimChange::RELEASED_BY_PADDLE, time);
    }
    if (lockout_flags_ & LOCKOUT_ARM_FOLLOWS_CLOCK) arm(clock_.on_move(), time);
}

void Hub::on_slow_edge(const InputEdge& edge) {
    if (edge.input < BEAM_COUNT) {
        const bool broken = edge.kind == EdgeKind::PRESS;
        wire::Beam b;
        b.time_us = edge.time;
        b.beam = edge.input;
        b.state = broken ? wire::BeamState::BROKEN : wire::BeamState::RESTORED;
        emit(b);
        const uint8_t zone = edge.input / 2;
        const auto position = static_cast<BeamPosition>(edge.input % 2);
        CrossingReport c;
        if (crossings_[zone].on_beam(position, broken, edge.time, &c)) {
            wire::Crossing e;
            e.time_us = c.finished;
            e.zone = zone == 0 ? Team::A : Team::B;
            e.direction = c.direction;
            e.started_us = c.started;
            emit(e);
        }
        return;
    }
    if (edge.input != PAUSE_INPUT || edge.kind != EdgeKind::PRESS) return;
    advance_clock(edge.time);
    wire::PauseButton e;
    e.time_us = edge.time;
    if (army_mode_) {
        toggle_pause(army_, edge.time);
        e.clock_state = army_.state();
    } else {
        toggle_pause(clock_, edge.time);
        e.clock_state = clock_.state();
    }
    emit(e);
}

void Hub::poll(Micros now) {
    InputEdge fast[FAST_INPUT_COUNT];
    InputEdge slow[SLOW_INPUT_COUNT];
    const uint8_t nf = fast_.poll(now, fast, FAST_INPUT_COUNT);
    const uint8_t ns = slow_.poll(now, slow, SLOW_INPUT_COUNT);

    // Merge the two banks by time. Within one fast sample: buttons first, then paddles (a claim
    // pressed in the same sample as the move ended is judged against the team armed before).
    uint8_t i = 0;
    uint8_t k = 0;
    while (i < nf || k < ns) {
        if (k < ns && (i == nf || slow[k].time < fast[i].time)) {
            on_slow_edge(slow[k++]);
            continue;
        }
        const InputEdge& first = fast[i];
        uint8_t end = i;
        uint16_t group = 0;
        while (end < nf && fast[end].time == first.time && fast[end].sample == first.sample) {
            const InputEdge& e = fast[end++];
            if (e.kind == EdgeKind::PRESS && e.input < BUTTON_COUNT) {
                group = static_cast<uint16_t>(group | (1u << e.input));
            }
        }
        if (army_mode_) {
            const uint16_t end_turn = group & end_turn_buttons();
            if (end_turn != 0) on_end_turn_presses(first.time, end_turn);
            group = static_cast<uint16_t>(group & ~end_turn);
        }
        if (group != 0) decide_buttons(first.time, group);
        for (; i < end; ++i) {
            const InputEdge& e = fast[i];
            if (e.kind != EdgeKind::PRESS || e.input < BUTTON_COUNT) continue;
            on_paddle(e.input == PADDLE_A_INPUT ? Team::A : Team::B, e.time);
        }
    }
    advance_clock(fast_.settled_until(now));
    assert(is_ok());
}

bool Hub::receive(uint8_t byte, Micros now) {
    switch (rx_.push(byte)) {
        case FrameDecoder::Result::NONE:
            return false;
        case FrameDecoder::Result::ERROR:
            ++frame_errors_;
            return true;
        case FrameDecoder::Result::FRAME:
            break;
    }
    const Micros t = fast_.settled_until(now);
    advance_clock(t);
    dispatch(rx_.payload(), rx_.payload_size(), t);
    return true;
}

void Hub::queue_ack(uint16_t cmd_id, wire::CommandStatus status, bool duplicate) {
    if (ack_count_ == ACK_QUEUE_SIZE) {
        // The host retries unacknowledged commands; dropping the oldest ack only costs a retry.
        for (uint8_t i = 1; i < ACK_QUEUE_SIZE; ++i) acks_[i - 1] = acks_[i];
        --ack_count_;
    }
    wire::CommandAck& a = acks_[ack_count_++];
    a.cmd_id = cmd_id;
    a.status = status;
    a.duplicate = duplicate ? 1 : 0;
}

wire::ArmyStatus Hub::army_status(Micros now) const {
    wire::ArmyStatus s;
    s.hub_time_us = now;
    s.state = army_.state();
    s.on_move = army_.on_move();
    s.armies = army_.armies();
    s.order_count = army_.order_count();
    uint8_t order[MAX_ARMIES];
    for (uint8_t i = 0; i < s.order_count; ++i) order[i] = army_.order(i);
    s.order = pack_nibbles(order, s.order_count);
    uint32_t* const times[MAX_ARMIES] = {&s.remaining_0_ms, &s.remaining_1_ms, &s.remaining_2_ms,
                                         &s.remaining_3_ms, &s.remaining_4_ms, &s.remaining_5_ms,
                                         &s.remaining_6_ms, &s.remaining_7_ms};
    for (uint8_t a = 0; a < MAX_ARMIES; ++a) *times[a] = millis_of(army_.remaining(a, now));
    return s;
}

size_t Hub::next_frame(Micros now, uint8_t* out) {
    if (handshake_pending_) {
        handshake_pending_ = false;
        wire::Handshake h;
        h.boot_count = identity_.boot_count;
        h.answers_hello = handshake_answers_hello_ ? 1 : 0;
        h.protocol_version = static_cast<uint16_t>(wire::PROTOCOL_VERSION);
        h.schema_hash = wire::SCHEMA_HASH;
        h.build_id = identity_.build_id;
        h.hub_serial = identity_.serial;
        h.boot_reason = identity_.boot_reason;
        h.mcusr = identity_.mcusr;
        h.hub_time_us = now;
        h.oldest_seq = events_.oldest_seq();
        h.next_seq = events_.next_seq();
        out[0] = 0;  // the delimiter before it
        return 1 + encode_message(h, out + 1);
    }
    if (ack_count_ > 0) {
        const size_t n = encode_message(acks_[0], out);
        for (uint8_t i = 1; i < ack_count_; ++i) acks_[i - 1] = acks_[i];
        --ack_count_;
        return n;
    }
    uint8_t event[wire::MAX_EVENT_PAYLOAD];
    if (host_session_) {
        if (const uint8_t len = events_.next_to_send(event)) return encode_frame(event, len, out);
    }
    if (now < next_heartbeat_) return 0;
    // Army mode: an ArmyStatus right before each Heartbeat, so that a host acting on a Heartbeat
    // (e.g. configuring a hub new to it) already knows the army clock (HubSession pairs them).
    if (army_mode_ && !army_status_sent_) {
        army_status_sent_ = true;
        return encode_message(army_status(now), out);
    }
    army_status_sent_ = false;
    next_heartbeat_ += wire::HEARTBEAT_PERIOD_US;
    if (next_heartbeat_ <= now) next_heartbeat_ = now + wire::HEARTBEAT_PERIOD_US;  // fell behind
    wire::Heartbeat hb;
    hb.hub_time_us = now;
    hb.next_seq = events_.next_seq();
    hb.oldest_seq = events_.oldest_seq();
    hb.clock_state = clock_.state();
    hb.on_move = clock_.on_move();
    hb.remaining_a_us = clock_.remaining(Team::A, now);
    hb.remaining_b_us = clock_.remaining(Team::B, now);
    hb.period_a = clock_.period(Team::A);
    hb.period_b = clock_.period(Team::B);
    hb.moves_a = clock_.moves(Team::A);
    hb.moves_b = clock_.moves(Team::B);
    hb.armed = lockout_.armed();
    hb.claim_button = lockout_.claim_button();
    hb.frame_errors = frame_errors_;
    hb.dropped_events = events_.dropped();
    hb.input_overruns = static_cast<uint16_t>(input_overruns_ + fast_.overflow_count());
    hb.boot_count = identity_.boot_count;
    return encode_message(hb, out);
}

HubOutputs Hub::outputs(Micros now) const {
    HubOutputs o = {leds_, false, false, false, 0};
    if (lockout_.claim_button() != NO_BUTTON) {
        o.leds = static_cast<uint16_t>(o.leds | (1u << lockout_.claim_button()));
    }
    Team lit = Team::NONE;
    switch (lamp_) {
        case wire::LampMode::AUTO:
            if (army_mode_) break;  // the station lamps show who is on move
            lit = clock_.state() == ClockState::STOPPED ? lockout_.armed() : clock_.on_move();
            o.lamp_a = lit == Team::A;
            o.lamp_b = lit == Team::B;
            break;
        case wire::LampMode::OFF:
            break;
        case wire::LampMode::A:
            o.lamp_a = true;
            break;
        case wire::LampMode::B:
            o.lamp_b = true;
            break;
        case wire::LampMode::BOTH:
            o.lamp_a = o.lamp_b = true;
            break;
    }
    if (army_mode_ && army_.on_move() != NO_ARMY) {
        o.station_lamps = static_cast<uint8_t>(1u << army_.station(army_.on_move()));
    }
    o.buzzer = now < buzz_until_;
    return o;
}

bool Hub::is_ok() const {
    if (army_mode_ && (lockout_.armed() != Team::NONE || lockout_.claim_button() != NO_BUTTON ||
                       clock_.state() != ClockState::STOPPED)) {
        return false;
    }
    if (!army_mode_ && army_.state() != ClockState::STOPPED) return false;
    return fast_.is_ok() && slow_.is_ok() && lockout_.is_ok() && clock_.is_ok() && army_.is_ok() &&
           events_.is_ok() && ack_count_ <= ACK_QUEUE_SIZE;
}

}  // namespace hub
}  // namespace venue
