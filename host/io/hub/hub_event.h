// What the hub driver reports to the application: typed events, one per thing that happened,
// and the commands it accepts. Wire structs (venue_wire.h) are reused as payloads, so a field
// means exactly what docs/protocol.md says.
#pragma once

#include <cstdint>
#include <string>
#include <variant>

#include "io/hub/hub_time_fit.h"
#include "venue_wire.h"

namespace venue::io {

// Every sequenced hub event (kind EVENT in venue_wire.def).
using HubEventPayload =
    std::variant<wire::ButtonPress, wire::Claim, wire::Paddle, wire::Flag, wire::PeriodStart,
                 wire::Beam, wire::Crossing, wire::PauseButton, wire::ArmyTurn, wire::ArmyFlag>;

// Every host command (kind COMMAND). The session fills in cmd_id.
using HubCommand =
    std::variant<wire::ConfigureButton, wire::ConfigureInputs, wire::ConfigureLockout,
                 wire::ArmTeam, wire::ReleaseClaim, wire::ClockSetPeriod, wire::ClockReset,
                 wire::ClockSetTime, wire::ClockAddTime, wire::ClockStart, wire::ClockPause,
                 wire::ClockResume, wire::SetLeds, wire::SetLamp, wire::Buzz, wire::TestStall,
                 wire::ArmyConfigure, wire::ArmySetOrder, wire::ArmySetTime, wire::ArmyStart,
                 wire::ArmySetOnMove, wire::ArmyEndTurn, wire::ClockLabels>;

// A hub event, delivered once, in seq order, with both clocks.
struct HubInput {
    // Hub sessions seen by this host, from 1; seq restarts at 1 in each (a hub reboot).
    std::uint32_t session = 0;
    std::uint32_t seq = 0;
    std::uint64_t hub_time_us = 0;  // the event's time_us
    HostNanos host_time_ns = 0;     // hub_time_us mapped to the host clock (HubTimeFit)
    HostNanos host_error_ns = 0;    // uncertainty of host_time_ns from the fit
    HostNanos received_ns = 0;      // when the frame arrived
    HubEventPayload payload;
};

// A compatible hub answered (at connect, at its boot, or after a reconnect).
struct HubConnected {
    wire::Handshake handshake;
    // True for the first Handshake and after a hub reboot: the hub's configuration and command
    // memory are empty and the application must configure it again from scratch.
    bool new_session = false;
    // True when this host had a session with this hub before and the hub has restarted since
    // (another boot count, a hub clock or sequence that went back): the reason is
    // handshake.boot_reason. Its clock, lockout and unacknowledged events were lost with it.
    bool rebooted = false;
    HostNanos at = 0;
};

// The hub's firmware speaks another protocol: nothing is accepted from it or sent to it.
struct HubRefused {
    wire::Handshake handshake;
    std::string message;  // names both versions and schema hashes
    HostNanos at = 0;
};

struct HubDisconnected {
    HostNanos at = 0;
    std::string reason;
};

// Events the hub no longer holds (its ring overflowed while the host was away, or it rebooted
// with events unacknowledged): seq first..last will never arrive. Nothing is lost silently.
struct HubEventsLost {
    std::uint32_t first = 0;
    std::uint32_t last = 0;
    HostNanos at = 0;
};

enum class CommandOutcome : std::uint8_t {
    ACKED,         // the hub answered; see status
    HUB_REBOOTED,  // the hub restarted before answering; it may not have been applied
};

struct HubCommandResult {
    std::uint16_t cmd_id = 0;
    CommandOutcome outcome = CommandOutcome::ACKED;
    wire::CommandStatus status = wire::CommandStatus::OK;
    // The hub had seen this cmd_id before and did not apply it again (after a retry: expected).
    bool duplicate = false;
    std::uint32_t attempts = 0;  // frames sent for it
    HostNanos submitted_ns = 0;
    HostNanos acked_ns = 0;
};

using HubEvent = std::variant<HubInput, HubConnected, HubRefused, HubDisconnected, HubEventsLost,
                              HubCommandResult>;

const char* event_name(const HubEventPayload& p);
const char* boot_reason_name(wire::BootReason r);

}  // namespace venue::io
