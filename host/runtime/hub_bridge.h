// HubBridge: the hub's inputs as engine events, and the engine's device commands as hub
// commands, for the one match whose clock and claim buttons the hub serves.
//
//   hub driver (io/hub)          HubBridge                      engine (core/venue)
//   HubInput ButtonPress ───────▶ ClaimPressed{verdict, margin, tie}
//   HubInput Paddle SWITCHED ───▶ ClockPressed{side, remaining_ms}
//   HubInput Paddle STARTED ────▶ ClockReading (the clock was started)
//   HubInput Flag ──────────────▶ FlagFell
//   HubInput Crossing ──────────▶ BeamCrossed
//   HubInput PauseButton ───────▶ ArbiterAction PAUSE / RESUME (arbiter "hub pause button")
//   Heartbeat (clock changed) ──▶ ClockReading
//   HubInput ArmyTurn ENDED ────▶ ArmyTurnEnded (a station's press; not the host's ArmyEndTurn)
//   HubInput ArmyFlag ──────────▶ ArmyFlagFell
//   ArmyStatus (changed) ───────▶ ArmyClockReading
//   DeviceCommand "clock.*", "claim.*", "army_clock.*" ◀────────── decisions
//
// Side A of the hub (left paddle, team A buttons, zone A) is White. Claim events (taken,
// released) and single beam changes carry nothing the engine does not learn from the presses
// and crossings themselves, so they make no event; the driver still counts them.
// No I/O and no clock: times come in with the inputs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/hub/hub_event.h"
#include "venue/decision.h"
#include "venue/event.h"
#include "venue/match.h"

namespace venue::runtime {

// An engine event made from a hub input, with when it physically happened on the host's clock
// (the hub time mapped by the driver's time fit), for latency figures.
struct HubTranslated {
    engine::Event event;
    io::HostNanos happened_ns = 0;
    std::uint32_t seq = 0;  // the hub's sequence number (acknowledged once the event is stored)
};

class HubBridge {
  public:
    explicit HubBridge(std::string match_id) : match_(std::move(match_id)) {}

    const std::string& match_id() const { return match_; }

    // The inputs of one poll, in sequence order. A tie's losers may arrive before the winner's
    // press, so the whole batch is read before a tie is reported.
    std::vector<HubTranslated> translate(const std::vector<io::HubInput>& inputs);

    // A ClockReading when the hub's clock changed state or side since the last one, or when
    // `every_ns` has passed since (0: only on changes). received_ns is the heartbeat's arrival.
    std::optional<engine::Event> clock_reading(const wire::Heartbeat& hb, io::HostNanos received_ns,
                                               io::HostNanos every_ns);

    // An ArmyClockReading when the army clock changed state or army since the last one, or when
    // `every_ns` has passed since (0: only on changes); the hub in army mode sends the status
    // before each Heartbeat.
    std::optional<engine::Event> army_clock_reading(const wire::ArmyStatus& status,
                                                    io::HostNanos received_ns,
                                                    io::HostNanos every_ns);
    // The hub commands that carry out one of the engine's device commands. `hb`: the hub's
    // last heartbeat, if any (how "clock.run" is done depends on the clock's state). Unknown
    // commands give none and set `why`.
    static std::vector<io::HubCommand> commands_for(const engine::DeviceCommand& command,
                                                    const std::optional<wire::Heartbeat>& hb,
                                                    std::string* why = nullptr);

    // What a hub needs for this match: input timing, lockout policy, the players' buttons (a
    // removed player's stays dead) and, with `clock`, the time control and the clock as the
    // engine last knew it (times set and running again when the match is under way). A hub
    // whose clock already runs a game (the host restarted, not the hub) keeps its clock: the
    // daemon passes clock = false then, so that a host restart never stops or resets it.
    // A match on the army clock (Match::army_clock) gets ArmyConfigure instead of the two faces,
    // and no claim buttons: its stations' End-turn buttons are the army clock's.
    static std::vector<io::HubCommand> configuration(const engine::Match& match, bool clock = true);

    // The words the hub's display shows under the two faces' times, for a game whose faces count
    // other times than the sides' (Match::clock_face_short_label: a half's countdown, a
    // formation's); nothing for a game that names none, or that keeps the army clock.
    static std::optional<wire::ClockLabels> face_labels(const engine::Match& match);
    // A label as ClockLabels carries it: up to 8 characters, the first in the low byte; a
    // character outside printable ASCII shows as '?'.
    static std::uint64_t packed_label(const std::string& text);

  private:
    static std::vector<io::HubCommand> army_configuration(const engine::Match& match,
                                                          const engine::ArmyClockPlan& plan,
                                                          bool clock);
    engine::ClaimPressed claim_from(const wire::ButtonPress& press,
                                    const std::vector<io::HubInput>& batch);

    std::string match_;
    // Time of the press that holds the claim (for the margins of late presses).
    std::optional<std::uint64_t> claim_time_us_;
    // The last tie's winner, for losers whose winner came in an earlier batch.
    std::uint64_t last_tie_time_us_ = 0;
    int last_tie_winner_ = -1;
    std::optional<std::uint8_t> last_clock_state_;
    std::optional<std::uint8_t> last_on_move_;
    io::HostNanos last_reading_ns_ = 0;
    std::optional<wire::Heartbeat> last_heartbeat_;
    std::optional<std::uint8_t> last_army_state_;
    std::optional<std::uint8_t> last_army_on_move_;
    io::HostNanos last_army_reading_ns_ = 0;
};

// Hub side A is White: the side, team and zone conversions used everywhere.
wire::Team team_of(chess::Color c);
std::optional<chess::Color> color_of(wire::Team t);

}  // namespace venue::runtime
