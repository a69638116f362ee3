#include "hub.h"

#include <assert.h>

namespace venue {
namespace hub {

using wire::ClaimChange;
using wire::ClockState;
using wire::PaddleEffect;
using wire::Team;

Hub::Hub(const HubIdentity& identity, Micros now)
    : identity_(identity), next_heartbeat_(now + wire::HEARTBEAT_PERIOD_US) {
    slow_.configure(SLOW_DEBOUNCE);
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

void Hub::advance_clock(Micros time) {
    FlagReport flag;
    if (!clock_.check_flag(time, &flag)) return;
    wire::Flag e;
    e.time_us = flag.time;
    e.side = flag.side;
    e.moves = flag.moves;
    emit(e);
    buzz_until_ = flag.time + FLAG_BUZZ_US;
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
    if (clock_.state() == ClockState::RUNNING) {
        clock_.pause(edge.time);
    } else if (clock_.state() == ClockState::PAUSED) {
        clock_.resume(edge.time);
    }
    wire::PauseButton e;
    e.time_us = edge.time;
    e.clock_state = clock_.state();
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
    HubOutputs o = {leds_, false, false, false};
    if (lockout_.claim_button() != NO_BUTTON) {
        o.leds = static_cast<uint16_t>(o.leds | (1u << lockout_.claim_button()));
    }
    Team lit = Team::NONE;
    switch (lamp_) {
        case wire::LampMode::AUTO:
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
    o.buzzer = now < buzz_until_;
    return o;
}

bool Hub::is_ok() const {
    return fast_.is_ok() && slow_.is_ok() && lockout_.is_ok() && clock_.is_ok() &&
           events_.is_ok() && ack_count_ <= ACK_QUEUE_SIZE;
}

}  // namespace hub
}  // namespace venue
