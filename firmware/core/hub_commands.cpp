// Host -> hub messages: session control (Hello, EventAck, ResendRequest) and commands.
//
// Every command frame gets exactly one CommandAck. A cmd_id seen recently is answered with the
// status it got the first time, marked duplicate, and not applied again: retrying is always safe.
// Arguments are checked before anything changes, so BAD_ARGUMENT and BAD_STATE leave no trace.
#include "hub.h"

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
    arm(m.team, t);
    return CommandStatus::OK;
}

CommandStatus Hub::apply(const wire::ReleaseClaim&, Micros t) {
    if (lockout_.claim_button() == NO_BUTTON) return CommandStatus::BAD_STATE;
    release_claim(wire::ClaimChange::RELEASED_BY_HOST, t);
    return CommandStatus::OK;
}

CommandStatus Hub::apply(const wire::ClockSetPeriod& m, Micros) {
    const ClockPeriod p = {m.time_us, m.increment_us, m.moves, m.mode, true};
    return clock_.set_period(m.sides, m.index, p);
}

CommandStatus Hub::apply(const wire::ClockReset&, Micros) {
    clock_.reset();
    return CommandStatus::OK;
}

CommandStatus Hub::apply(const wire::ClockSetTime& m, Micros t) {
    return clock_.set_time(m.side, m.remaining_us, t);
}

CommandStatus Hub::apply(const wire::ClockAddTime& m, Micros t) {
    return clock_.add_time(m.side, m.delta_us, t);
}

CommandStatus Hub::apply(const wire::ClockStart& m, Micros t) {
    const CommandStatus s = clock_.start(m.side, t);
    if (s == CommandStatus::OK && (lockout_flags_ & LOCKOUT_ARM_FOLLOWS_CLOCK)) {
        arm(clock_.on_move(), t);
    }
    return s;
}

CommandStatus Hub::apply(const wire::ClockPause&, Micros t) {
    return clock_.pause(t);
}

CommandStatus Hub::apply(const wire::ClockResume&, Micros t) {
    return clock_.resume(t);
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

CommandStatus Hub::apply(const wire::TestStall& m, Micros) {
    if (m.magic != TEST_STALL_MAGIC) return CommandStatus::BAD_ARGUMENT;
    stall_ = true;
    return CommandStatus::OK;
}

// The army clock is not kept by this firmware yet: its commands change nothing.
CommandStatus Hub::apply(const wire::ArmyConfigure&, Micros) {
    return CommandStatus::BAD_STATE;
}

CommandStatus Hub::apply(const wire::ArmySetOrder&, Micros) {
    return CommandStatus::BAD_STATE;
}

CommandStatus Hub::apply(const wire::ArmySetTime&, Micros) {
    return CommandStatus::BAD_STATE;
}

CommandStatus Hub::apply(const wire::ArmyStart&, Micros) {
    return CommandStatus::BAD_STATE;
}

CommandStatus Hub::apply(const wire::ArmySetOnMove&, Micros) {
    return CommandStatus::BAD_STATE;
}

CommandStatus Hub::apply(const wire::ArmyEndTurn&, Micros) {
    return CommandStatus::BAD_STATE;
}

}  // namespace hub
}  // namespace venue
