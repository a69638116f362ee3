// Host -> hub messages: session control (Hello, EventAck, ResendRequest) and commands.
//
// Every command frame gets exactly one CommandAck. A cmd_id seen recently is answered with the
// status it got the first time, marked duplicate, and not applied again: retrying is always safe.
// Arguments are checked before anything changes, so BAD_ARGUMENT and BAD_STATE leave no trace.
#include "hub.h"
#include "nibbles.h"

namespace venue {
namespace hub {

using wire::CommandStatus;
using wire::MessageKind;

namespace {

template <MessageKind K>
struct KindTag {};

}  // namespace

class Hub::Dispatcher {
  public:
    Dispatcher(Hub& hub, Micros t) : hub_(hub), t_(t) {}

    template <class Message>
    void operator()(const Message& m) {
        dispatch(m, KindTag<Message::KIND>());
    }

  private:
    template <class Message>
    void dispatch(const Message& m, KindTag<MessageKind::HOST>) {
        hub_.session(m);
    }

    template <class Message>
    void dispatch(const Message& m, KindTag<MessageKind::COMMAND>) {
        if (!hub_.host_session_) return;  // from a session of an earlier boot (hub.h)
        CommandStatus status = CommandStatus::OK;
        if (hub_.commands_.find(m.cmd_id, &status)) {
            hub_.queue_ack(m.cmd_id, status, true);
            return;
        }
        status = hub_.apply(m, t_);
        hub_.commands_.record(m.cmd_id, status);
        hub_.queue_ack(m.cmd_id, status, false);
    }

    Hub& hub_;
    Micros t_;
};

void Hub::dispatch(const uint8_t* payload, size_t len, Micros t) {
    Dispatcher d(*this, t);
    wire::visit_to_hub(payload, len, d);
}

void Hub::session(const wire::Hello&) {
    // A (re)connecting host gets our identity and every event it has not acknowledged.
    handshake_pending_ = true;
    handshake_answers_hello_ = true;
    host_session_ = true;
    events_.rewind(events_.oldest_seq());
}

void Hub::session(const wire::EventAck& m) {
    if (host_session_) events_.ack(m.seq);
}

void Hub::session(const wire::ResendRequest& m) {
    if (host_session_) events_.rewind(m.from_seq);
}

CommandStatus Hub::apply(const wire::ConfigureButton& m, Micros) {
    return lockout_.assign(m.button, m.team, m.player);
}

CommandStatus Hub::apply(const wire::ConfigureInputs& m, Micros) {
    const DebounceConfig c = {m.confirm_us, m.bounce_us};
    if (!DebouncerBase::valid(c) || m.confirm_us > 10000) return CommandStatus::BAD_ARGUMENT;
    fast_.configure(c);
    return CommandStatus::OK;
}

CommandStatus Hub::apply(const wire::ConfigureLockout& m, Micros) {
    if (m.flags & ~(LOCKOUT_RELEASE_ON_PADDLE | LOCKOUT_ARM_FOLLOWS_CLOCK)) {
        return CommandStatus::BAD_ARGUMENT;
    }
    lockout_flags_ = m.flags;
    lockout_.reseed(m.tie_seed);
    return CommandStatus::OK;
}

CommandStatus Hub::apply(const wire::ArmTeam& m, Micros t) {
    if (!wire::is_valid(m.team)) return CommandStatus::BAD_ARGUMENT;
    if (army_mode_) return CommandStatus::BAD_STATE;  // no lockout in army mode
    arm(m.team, t);
    return CommandStatus::OK;
}

CommandStatus Hub::apply(const wire::ReleaseClaim&, Micros t) {
    if (lockout_.claim_button() == NO_BUTTON) return CommandStatus::BAD_STATE;
    release_claim(wire::ClaimChange::RELEASED_BY_HOST, t);
    return CommandStatus::OK;
}

CommandStatus Hub::apply(const wire::ClockSetPeriod& m, Micros t) {
    const ClockPeriod p = {m.time_us, m.increment_us, m.moves, m.mode, true};
    return two_face(clock_.set_period(m.sides, m.index, p), t);
}

CommandStatus Hub::apply(const wire::ClockReset&, Micros t) {
    clock_.reset();
    return two_face(CommandStatus::OK, t);
}

CommandStatus Hub::apply(const wire::ClockSetTime& m, Micros t) {
    return two_face(clock_.set_time(m.side, m.remaining_us, t), t);
}

CommandStatus Hub::apply(const wire::ClockAddTime& m, Micros t) {
    return two_face(clock_.add_time(m.side, m.delta_us, t), t);
}

CommandStatus Hub::apply(const wire::ClockStart& m, Micros t) {
    const CommandStatus s = two_face(clock_.start(m.side, t), t);
    if (s == CommandStatus::OK && (lockout_flags_ & LOCKOUT_ARM_FOLLOWS_CLOCK)) {
        arm(clock_.on_move(), t);
    }
    return s;
}

// Pause and resume act on the clock of the mode, as the pause button does.
CommandStatus Hub::apply(const wire::ClockPause&, Micros t) {
    return army_mode_ ? army_.pause(t) : clock_.pause(t);
}

CommandStatus Hub::apply(const wire::ClockResume&, Micros t) {
    return army_mode_ ? army_.resume(t) : clock_.resume(t);
}

CommandStatus Hub::apply(const wire::SetLeds& m, Micros) {
    leds_ = m.mask;
    return CommandStatus::OK;
}

CommandStatus Hub::apply(const wire::SetLamp& m, Micros) {
    if (!wire::is_valid(m.mode)) return CommandStatus::BAD_ARGUMENT;
    lamp_ = m.mode;
    return CommandStatus::OK;
}

CommandStatus Hub::apply(const wire::Buzz& m, Micros t) {
    buzz_until_ = t + static_cast<Micros>(m.duration_ms) * 1000u;
    return CommandStatus::OK;
}

CommandStatus Hub::apply(const wire::ClockLabels& m, Micros) {
    FaceLabels next;
    if (!unpack_label(m.label_a, next.text[0]) || !unpack_label(m.label_b, next.text[1]))
        return CommandStatus::BAD_ARGUMENT;
    labels_ = next;
    return CommandStatus::OK;
}

CommandStatus Hub::apply(const wire::TestStall& m, Micros) {
    if (m.magic != TEST_STALL_MAGIC) return CommandStatus::BAD_ARGUMENT;
    stall_ = true;
    return CommandStatus::OK;
}

// Army clock (hub.h, "Modes").

CommandStatus Hub::two_face(CommandStatus status, Micros t) {
    if (status == CommandStatus::OK) leave_army_mode(t);
    return status;
}

CommandStatus Hub::apply(const wire::ArmyConfigure& m, Micros t) {
    uint8_t buttons[STATION_COUNT];
    uint16_t seen = 0;
    for (uint8_t s = 0; s < STATION_COUNT; ++s) {
        const uint8_t b = static_cast<uint8_t>(m.buttons >> (8 * s));
        buttons[s] = b;
        if (b == NO_BUTTON) continue;
        if (b >= BUTTON_COUNT || (seen & (1u << b))) return CommandStatus::BAD_ARGUMENT;
        seen = static_cast<uint16_t>(seen | (1u << b));
    }
    uint8_t order[MAX_ARMIES];
    uint8_t stations[MAX_ARMIES];
    const uint8_t n = m.armies <= MAX_ARMIES ? m.armies : 0;
    unpack_nibbles(m.order, order, n);
    unpack_nibbles(m.stations, stations, n);
    const CommandStatus status =
        army_.configure(m.armies, m.time_us, m.increment_us, order, stations);
    if (status != CommandStatus::OK) return status;
    for (uint8_t s = 0; s < STATION_COUNT; ++s) end_turn_button_[s] = buttons[s];
    if (!army_mode_) {
        army_mode_ = true;
        clock_.reset();
        arm(wire::Team::NONE, t);  // the lockout is not used: a held claim is released
    }
    return CommandStatus::OK;
}

CommandStatus Hub::apply(const wire::ArmySetOrder& m, Micros t) {
    if (!army_mode_) return CommandStatus::BAD_STATE;
    uint8_t order[MAX_ARMIES];
    uint8_t stations[MAX_ARMIES];
    const uint8_t n = m.count <= MAX_ARMIES ? m.count : 0;
    unpack_nibbles(m.order, order, n);
    unpack_nibbles(m.stations, stations, army_.armies());
    const uint8_t before = army_.on_move();
    const CommandStatus status = army_.set_order(order, m.count, stations, t);
    beep_if_switched(before, t);
    return status;
}

CommandStatus Hub::apply(const wire::ArmySetTime& m, Micros t) {
    if (!army_mode_) return CommandStatus::BAD_STATE;
    return army_.set_time(m.army, m.remaining_us, t);
}

CommandStatus Hub::apply(const wire::ArmyStart& m, Micros t) {
    if (!army_mode_) return CommandStatus::BAD_STATE;
    const uint8_t before = army_.on_move();
    const CommandStatus status = army_.start(m.army, t);
    beep_if_switched(before, t);
    return status;
}

CommandStatus Hub::apply(const wire::ArmySetOnMove& m, Micros t) {
    if (!army_mode_) return CommandStatus::BAD_STATE;
    const uint8_t before = army_.on_move();
    const CommandStatus status = army_.set_on_move(m.army, t);
    beep_if_switched(before, t);
    return status;
}

// As the press of the army's station, reported as an ArmyTurn from station NO_ARMY. Naming the
// army makes a retried or late command harmless: once the turn has ended it is BAD_STATE.
CommandStatus Hub::apply(const wire::ArmyEndTurn& m, Micros t) {
    if (!army_mode_) return CommandStatus::BAD_STATE;
    if (m.army >= army_.armies()) return CommandStatus::BAD_ARGUMENT;
    if (army_.state() != wire::ClockState::RUNNING || army_.on_move() != m.army) {
        return CommandStatus::BAD_STATE;
    }
    report_turn(NO_ARMY, army_.end_turn(army_.station(m.army), t), t);
    return CommandStatus::OK;
}

}  // namespace hub
}  // namespace venue
