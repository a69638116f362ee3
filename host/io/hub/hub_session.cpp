// HubSession: link changes, frame decoding, handshake, heartbeats and the event sequence.
// Commands and acknowledgements are in hub_session_commands.cpp.
#include <cassert>
#include <cstdio>
#include <utility>

#include "io/hub/hub_session.h"

namespace venue::io {

namespace {

std::string refusal_message(const wire::Handshake& h) {
    char text[256];
    std::snprintf(
        text, sizeof text,
        "hub %u (firmware build %08x) speaks protocol version %u, schema 0x%04X; this "
        "host speaks protocol version %u, schema 0x%04X: refused, flash matching firmware",
        static_cast<unsigned>(h.hub_serial), static_cast<unsigned>(h.build_id),
        static_cast<unsigned>(h.protocol_version), static_cast<unsigned>(h.schema_hash),
        static_cast<unsigned>(wire::PROTOCOL_VERSION), static_cast<unsigned>(wire::SCHEMA_HASH));
    return text;
}

}  // namespace

const char* state_name(HubSessionState s) {
    switch (s) {
        case HubSessionState::DISCONNECTED:
            return "disconnected";
        case HubSessionState::HELLO_SENT:
            return "connecting";
        case HubSessionState::RUNNING:
            return "connected";
        case HubSessionState::REFUSED:
            return "refused";
    }
    return "invalid";
}

// Routes each decoded hub->host message to its handler; events share one path.
class HubSession::Receiver {
  public:
    Receiver(HubSession& s, HostNanos now) : s_(s), now_(now) {}

    void operator()(const wire::Handshake& m) { s_.on_handshake(m, now_); }
    void operator()(const wire::Heartbeat& m) { s_.on_heartbeat(m, now_); }
    void operator()(const wire::ArmyStatus& m) { s_.on_army_status(m, now_); }
    void operator()(const wire::CommandAck& m) { s_.on_command_ack(m, now_); }
    template <class Event>
    void operator()(const Event& m) {
        static_assert(Event::KIND == wire::MessageKind::EVENT);
        s_.on_event(m.seq, m.time_us, HubEventPayload{m}, now_);
    }

  private:
    HubSession& s_;
    HostNanos now_;
};

HubSession::HubSession(HubSessionConfig config)
    : config_(config), next_cmd_id_(config.first_cmd_id) {}

void HubSession::set_state(HubSessionState s, HostNanos now) {
    if (s == HubSessionState::RUNNING) {
        down_since_ = 0;
    } else if (state_ == HubSessionState::RUNNING) {
        down_since_ = now;
    }
    state_ = s;
    state_since_ = now;
}

void HubSession::on_link_up(HostNanos now) {
    ++stats_.link_ups;
    (void)rx_.push(0x00);  // whatever half frame was buffered belongs to the old connection
    output_.clear();
    say_hello(now);
}

void HubSession::say_hello(HostNanos now) {
    if (state_ != HubSessionState::HELLO_SENT) set_state(HubSessionState::HELLO_SENT, now);
    send(wire::Hello{static_cast<std::uint16_t>(wire::PROTOCOL_VERSION), wire::SCHEMA_HASH});
    ++stats_.hellos;
    last_hello_at_ = now;
}

void HubSession::on_link_down(HostNanos now, std::string reason) {
    (void)rx_.push(0x00);
    output_.clear();
    if (state_ == HubSessionState::DISCONNECTED) return;
    set_state(HubSessionState::DISCONNECTED, now);
    events_.push_back(HubDisconnected{now, std::move(reason)});
}

void HubSession::on_bytes(std::span<const std::uint8_t> bytes, HostNanos now) {
    if (state_ == HubSessionState::DISCONNECTED) return;
    for (const std::uint8_t b : bytes) {
        switch (rx_.push(b)) {
            case hub::FrameDecoder::Result::NONE:
                break;
            case hub::FrameDecoder::Result::ERROR:
                if (rx_.error() == hub::FrameError::CRC) {
                    ++stats_.crc_errors;
                } else {
                    ++stats_.resyncs;
                }
                break;
            case hub::FrameDecoder::Result::FRAME:
                on_frame(rx_.payload(), rx_.payload_size(), now);
                break;
        }
    }
    send_ack_if_due(false);
    assert(is_ok());
}

void HubSession::on_frame(const std::uint8_t* payload, std::size_t len, HostNanos now) {
    ++stats_.frames;
    last_frame_at_ = now;
    Receiver r(*this, now);
    // A frame with a good CRC is a known type of the right length: visit cannot fail, except for
    // a host->hub type echoed back (a pty in cooked mode), which is ignored.
    (void)wire::visit_to_host(payload, len, r);
}

// The hub's clock counts from its boot and never goes back within one: an earlier reading than
// the last one is a new boot. A reading that is merely behind the host's clock is not: a host
// stalled for seconds (its pty or USB worker not scheduled, the machine suspended) reads a
// backlog whose hub times are as old as the stall, and calling that a reboot would throw away
// the session, fail the commands in flight and report a restart that never happened. The boot
// count, which the hub keeps in EEPROM, is the authoritative sign.
bool HubSession::hub_clock_went_back(std::uint64_t hub_us) const {
    return last_hub_arrival_ != 0 && hub_us < last_hub_us_;
}

void HubSession::note_hub_clock(std::uint64_t hub_us, HostNanos now) {
    last_hub_us_ = hub_us;
    last_hub_arrival_ = now;
    fit_.add(hub_us, now);
}

void HubSession::on_handshake(const wire::Handshake& h, HostNanos now) {
    ++stats_.handshakes;
    if (h.protocol_version != wire::PROTOCOL_VERSION || h.schema_hash != wire::SCHEMA_HASH) {
        refusal_ = refusal_message(h);
        set_state(HubSessionState::REFUSED, now);
        events_.push_back(HubRefused{h, refusal_, now});
        return;
    }
    refusal_.clear();
    if (h.answers_hello == 0) {
        // Announced at boot: this boot has not heard our Hello and serves nobody until it does.
        say_hello(now);
        return;
    }
    const bool reboot =
        handshake_.has_value() &&
        (h.hub_serial != handshake_->hub_serial || h.boot_count != handshake_->boot_count ||
         h.next_seq < expected_ || hub_clock_went_back(h.hub_time_us));
    if (reboot) ++stats_.reboots;
    const bool new_session = !handshake_.has_value() || reboot;
    if (new_session) {
        start_new_session(h, now);
    } else {
        // The hub rewinds to its oldest held event whenever it sends a Handshake for a Hello:
        // everything from there is on its way, so no ResendRequest (it would rewind the hub
        // again and double the traffic) until the usual interval has passed.
        note_hub_holds(h.oldest_seq, h.next_seq, now, false);
        resend_from_ = expected_;
        resend_at_ = now;
        // Reconnected to the same hub: everything in flight goes again (the hub's command log
        // answers a command it already applied as a duplicate).
        for (PendingCommand& c : in_flight_) c.last_sent = 0;
    }
    handshake_ = h;
    note_hub_clock(h.hub_time_us, now);
    // A second answer to a repeated Hello is not news.
    if (state_ != HubSessionState::RUNNING || new_session) {
        events_.push_back(HubConnected{h, new_session, reboot, now});
    }
    set_state(HubSessionState::RUNNING, now);
    // The hub rewound to its oldest held event on Hello; acknowledging now spares the resend of
    // what is already stored.
    if (stored_seq() >= h.oldest_seq && stored_seq() > 0) send_ack_if_due(true);
    pump_commands(now);
}

void HubSession::start_new_session(const wire::Handshake& h, HostNanos now) {
    if (handshake_.has_value()) {
        // The old session's events the hub never delivered are gone with its RAM.
        const std::uint32_t known_next = heartbeat_ ? heartbeat_->next_seq : expected_;
        if (known_next > expected_) {
            stats_.events_lost += known_next - expected_;
            events_.push_back(HubEventsLost{expected_, known_next - 1, now});
        }
        for (PendingCommand& c : in_flight_) {
            events_.push_back(HubCommandResult{c.cmd_id, CommandOutcome::HUB_REBOOTED,
                                               wire::CommandStatus::OK, false, c.attempts,
                                               c.submitted, now});
        }
        in_flight_.clear();
        for (PendingCommand& c : queued_) {
            events_.push_back(HubCommandResult{c.cmd_id, CommandOutcome::HUB_REBOOTED,
                                               wire::CommandStatus::OK, false, c.attempts,
                                               c.submitted, now});
        }
        queued_.clear();
    }
    ++session_;
    fit_.reset();
    last_hub_arrival_ = 0;
    heartbeat_.reset();
    army_status_.reset();
    army_status_pending_.reset();
    // A host that starts while the hub runs gets every event the hub still holds.
    expected_ = h.oldest_seq > 0 ? h.oldest_seq : 1;
    delivered_ = confirmed_ = acked_ = expected_ - 1;
    resend_from_ = expected_;  // as above: the hub sends everything it holds after a Handshake
    resend_at_ = now;
}

void HubSession::on_heartbeat(const wire::Heartbeat& h, HostNanos now) {
    // The ArmyStatus sent just before this Heartbeat, or none: the hub is not in army mode.
    std::optional<wire::ArmyStatus> army = std::exchange(army_status_pending_, std::nullopt);
    if (state_ != HubSessionState::RUNNING) return;  // may be a rebooted hub: wait for Handshake
    if (h.boot_count != handshake_->boot_count || hub_clock_went_back(h.hub_time_us) ||
        h.next_seq < expected_) {
        // The hub rebooted and its boot Handshake was lost: open this boot's session.
        say_hello(now);
        return;
    }
    heartbeat_ = h;
    army_status_ = std::move(army);
    // In army mode the hub stamps the ArmyStatus and the Heartbeat at one instant and sends the
    // status first: the Heartbeat then arrives a frame later than its stamp says. The status's
    // own arrival is the clock sample, as a Heartbeat's is in two-face mode.
    if (army_status_ && army_status_->hub_time_us == h.hub_time_us)
        note_hub_clock(h.hub_time_us, army_status_arrival_);
    else
        note_hub_clock(h.hub_time_us, now);
    note_hub_holds(h.oldest_seq, h.next_seq, now, true);
    // The hub still holds events the host stored: the last EventAck was lost.
    if (stored_seq() >= h.oldest_seq && stored_seq() > 0 && stored_seq() < h.next_seq) {
        send_ack_if_due(true);
    }
}

// Held until the Heartbeat it precedes, which does the session's checks (reboot, gaps).
void HubSession::on_army_status(const wire::ArmyStatus& s, HostNanos now) {
    if (state_ != HubSessionState::RUNNING) return;
    army_status_pending_ = s;
    army_status_arrival_ = now;
}

void HubSession::note_hub_holds(std::uint32_t oldest_seq, std::uint32_t next_seq, HostNanos now,
                                bool may_request) {
    if (oldest_seq > expected_) {
        // Overwritten in the hub's ring before the host had them (a long disconnect).
        const std::uint32_t last = oldest_seq - 1;
        stats_.events_lost += last - expected_ + 1;
        events_.push_back(HubEventsLost{expected_, last, now});
        expected_ = oldest_seq;
        if (delivered_ < last) delivered_ = last;  // nothing to wait for below oldest_seq
        if (confirmed_ < last && config_.ack_on_delivery) confirmed_ = last;
    }
    if (may_request && next_seq > expected_) request_resend(now, false);
}

void HubSession::on_event(std::uint32_t seq, std::uint64_t time_us, HubEventPayload payload,
                          HostNanos now) {
    if (state_ != HubSessionState::RUNNING) return;  // seq numbers unknown until the Handshake
    if (seq < expected_) {
        ++stats_.duplicates;
        if (seq <= acked_) ack_due_ = true;  // re-sent after we acked: that ack may be lost
        return;
    }
    if (seq > expected_) {
        request_resend(now, false);
        return;
    }
    if (pending_inputs_ >= config_.max_pending_events) {
        ++stats_.backpressure_drops;  // not taken: the hub keeps it and sends it again
        return;
    }
    HubInput in;
    in.session = session_;
    in.seq = seq;
    in.hub_time_us = time_us;
    in.host_time_ns = fit_.to_host(time_us);
    in.host_error_ns = fit_.error_ns_at(time_us);
    in.received_ns = now;
    in.payload = std::move(payload);
    events_.push_back(std::move(in));
    ++pending_inputs_;
    ++expected_;
    ++stats_.events;
}

void HubSession::request_resend(HostNanos now, bool force) {
    // One request per gap and interval: the hub rewinds on each, so asking again while the
    // re-sent events are on their way would only send them twice more.
    if (!force && resend_from_ == expected_ && now - resend_at_ < config_.resend_interval_ns) {
        return;
    }
    send(wire::ResendRequest{expected_});
    ++stats_.resend_requests;
    resend_from_ = expected_;
    resend_at_ = now;
}

void HubSession::on_tick(HostNanos now) {
    if (state_ == HubSessionState::HELLO_SENT && now - last_hello_at_ >= config_.hello_retry_ns) {
        say_hello(now);
    }
    if (state_ == HubSessionState::RUNNING) pump_commands(now);
    send_ack_if_due(false);
}

bool HubSession::is_silent(HostNanos now) const {
    if (state_ != HubSessionState::RUNNING) return false;
    const HostNanos heard = last_frame_at_ > state_since_ ? last_frame_at_ : state_since_;
    return now - heard > config_.silence_timeout_ns;
}

std::vector<std::uint8_t> HubSession::take_output() {
    std::vector<std::uint8_t> out;
    out.swap(output_);
    return out;
}

std::vector<HubEvent> HubSession::take_events(std::size_t max) {
    std::vector<HubEvent> out;
    const std::size_t n = max == 0 || max > events_.size() ? events_.size() : max;
    out.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        HubEvent e = std::move(events_.front());
        events_.pop_front();
        if (const auto* in = std::get_if<HubInput>(&e)) {
            --pending_inputs_;
            if (in->session == session_ && in->seq > delivered_) delivered_ = in->seq;
        }
        out.push_back(std::move(e));
    }
    send_ack_if_due(false);
    return out;
}

bool HubSession::is_ok() const {
    std::size_t inputs = 0;
    for (const HubEvent& e : events_) inputs += std::holds_alternative<HubInput>(e) ? 1 : 0;
    return expected_ >= 1 && delivered_ < expected_ && acked_ < expected_ &&
           inputs == pending_inputs_ && in_flight_.size() <= MAX_IN_FLIGHT &&
           queued_.size() <= config_.max_queued_commands;
}

}  // namespace venue::io
