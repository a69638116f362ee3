// HubSession: host commands (numbering, window, retries, results) and event acknowledgements.
#include <algorithm>

#include "io/hub/hub_session.h"

namespace venue::io {

std::optional<std::uint16_t> HubSession::submit(HubCommand command, HostNanos now) {
    if (queued_.size() >= config_.max_queued_commands) return std::nullopt;
    const std::uint16_t id = next_cmd_id_++;
    std::visit([id](auto& m) { m.cmd_id = id; }, command);
    queued_.push_back(PendingCommand{id, std::move(command), 0, now, 0});
    if (state_ == HubSessionState::RUNNING) pump_commands(now);
    return id;
}

void HubSession::pump_commands(HostNanos now) {
    if (state_ != HubSessionState::RUNNING) return;
    // Commands are applied by the hub in the order it receives them; a window of MAX_IN_FLIGHT
    // keeps every unanswered id inside the hub's command log, so a retry is never re-applied.
    while (in_flight_.size() < MAX_IN_FLIGHT && !queued_.empty()) {
        in_flight_.push_back(std::move(queued_.front()));
        queued_.pop_front();
        send_command(in_flight_.back(), now);
    }
    for (PendingCommand& c : in_flight_) {
        if (c.last_sent == 0 || now - c.last_sent >= config_.command_retry_ns) {
            ++stats_.command_retries;
            send_command(c, now);
        }
    }
}

void HubSession::send_command(PendingCommand& c, HostNanos now) {
    std::visit([this](const auto& m) { send(m); }, c.command);
    ++c.attempts;
    ++stats_.commands_sent;
    // 0 means "send at once" (after a reconnect); a clock at 0 ns is only seen in tests.
    c.last_sent = now == 0 ? 1 : now;
}

void HubSession::on_command_ack(const wire::CommandAck& a, HostNanos now) {
    const auto it = std::find_if(in_flight_.begin(), in_flight_.end(),
                                 [&](const PendingCommand& c) { return c.cmd_id == a.cmd_id; });
    if (it == in_flight_.end()) return;  // the answer to a retry of a command already answered
    events_.push_back(HubCommandResult{a.cmd_id, CommandOutcome::ACKED, a.status, a.duplicate != 0,
                                       it->attempts, it->submitted, now});
    in_flight_.erase(it);
    pump_commands(now);
}

std::uint32_t HubSession::stored_seq() const {
    if (config_.ack_on_delivery) return delivered_;
    return std::min(confirmed_, delivered_);
}

void HubSession::confirm_stored(std::uint32_t seq) {
    if (seq > confirmed_) confirmed_ = seq;
    send_ack_if_due(false);
}

void HubSession::send_ack_if_due(bool force) {
    if (state_ != HubSessionState::RUNNING) return;
    const std::uint32_t s = stored_seq();
    if (s == 0) return;
    if (s > acked_ || force || ack_due_) {
        send(wire::EventAck{s});
        acked_ = s;
        ack_due_ = false;
    }
}

}  // namespace venue::io
