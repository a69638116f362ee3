// Stable names of event and decision kinds: the log's `kind` and `source`
// columns and the JSON `kind` field. Never rename one: old logs use them.
#include "venue/decision.h"
#include "venue/event.h"

#include <algorithm>

#include "common/overloaded.h"

namespace venue::engine {

const char* kind_name(const EventBody& body) {
    return std::visit(Overloaded{
                          [](const HostStarted&) { return "host_started"; },
                          [](const DeviceConnected&) { return "device_connected"; },
                          [](const DeviceLost&) { return "device_lost"; },
                          [](const MatchCreated&) { return "match_created"; },
                          [](const MoveSensed&) { return "move_sensed"; },
                          [](const BoardMismatch&) { return "board_mismatch"; },
                          [](const BoardRestored&) { return "board_restored"; },
                          [](const ClockPressed&) { return "clock_pressed"; },
                          [](const FlagFell&) { return "flag_fell"; },
                          [](const ClockReading&) { return "clock_reading"; },
                          [](const DrawClaimed&) { return "draw_claimed"; },
                          [](const ArbiterAction&) { return "arbiter_action"; },
                          [](const ClaimPressed&) { return "claim_pressed"; },
                          [](const BeamCrossed&) { return "beam_crossed"; },
                          [](const BoardSnapshot&) { return "board_snapshot"; },
                          [](const BoardSettled&) { return "board_settled"; },
                          [](const KeyChange&) { return "key_change"; },
                          [](const BoardFieldUpdate&) { return "board_field_update"; },
                          [](const GameInput&) { return "game_input"; },
                          [](const ArmyTurnEnded&) { return "army_turn_ended"; },
                          [](const ArmyFlagFell&) { return "army_flag_fell"; },
                          [](const ArmyClockReading&) { return "army_clock_reading"; },
                      },
                      body);
}

const char* source_name(const EventBody& body) {
    return std::visit(
        Overloaded{
            [](const MoveSensed&) { return "board"; },
            [](const BoardMismatch&) { return "board"; },
            [](const BoardRestored&) { return "board"; },
            [](const BoardSnapshot&) { return "board"; },
            [](const BoardSettled&) { return "board"; },
            [](const BoardFieldUpdate&) { return "board"; },
            [](const ClockPressed&) { return "hub"; },
            [](const FlagFell&) { return "hub"; },
            [](const ClockReading&) { return "hub"; },
            [](const ClaimPressed&) { return "hub"; },
            [](const BeamCrossed&) { return "hub"; },
            [](const ArmyTurnEnded&) { return "hub"; },
            [](const ArmyFlagFell&) { return "hub"; },
            [](const ArmyClockReading&) { return "hub"; },
            [](const DrawClaimed&) { return "arbiter"; },
            [](const ArbiterAction&) { return "arbiter"; },
            [](const KeyChange&) { return "arbiter"; },
            [](const GameInput& e) { return e.arbiter.empty() ? "player" : "arbiter"; },
            [](const auto&) { return "host"; },
        },
        body);
}

const char* kind_name(const DecisionBody& body) {
    return std::visit(Overloaded{
                          [](const MoveAccepted&) { return "move_accepted"; },
                          [](const MoveRefused&) { return "move_refused"; },
                          [](const RestoreRequired&) { return "restore_required"; },
                          [](const IllegalMoveCounted&) { return "illegal_move_counted"; },
                          [](const TimeAdded&) { return "time_added"; },
                          [](const ClockSwitched&) { return "clock_switched"; },
                          [](const ClaimRefused&) { return "claim_refused"; },
                          [](const GameEnded&) { return "game_ended"; },
                          [](const DeviceCommand&) { return "device_command"; },
                          [](const EventIgnored&) { return "event_ignored"; },
                          [](const ScoreChanged&) { return "score_changed"; },
                          [](const ClaimGranted&) { return "claim_granted"; },
                          [](const ClaimEnded&) { return "claim_ended"; },
                          [](const WarningProposed&) { return "warning_proposed"; },
                          [](const WarningGiven&) { return "warning_given"; },
                          [](const PlayerRemoved&) { return "player_removed"; },
                          [](const KeyChangeAccepted&) { return "key_change_accepted"; },
                          [](const KeyChangeRefused&) { return "key_change_refused"; },
                          [](const BranchOpened&) { return "branch_opened"; },
                          [](const BranchClosed&) { return "branch_closed"; },
                          [](const RatingChanged&) { return "rating_changed"; },
                          [](const BoardSetupRequired&) { return "board_setup_required"; },
                          [](const ArbiterFlag&) { return "arbiter_flag"; },
                          [](const PlayerReplaced&) { return "player_replaced"; },
                          [](const GameNews&) { return "game_news"; },
                      },
                      body);
}

namespace {
struct ActionName {
    DeviceAction action;
    const char* name;
};
constexpr ActionName ACTION_NAMES[] = {
    {DeviceAction::CLOCK_ADD_TIME, "clock.add_time"},
    {DeviceAction::CLOCK_SET_TIME, "clock.set_time"},
    {DeviceAction::CLOCK_PAUSE, "clock.pause"},
    {DeviceAction::CLOCK_RESUME, "clock.resume"},
    {DeviceAction::CLOCK_RUN, "clock.run"},
    {DeviceAction::CLAIM_RELEASE, "claim.release"},
    {DeviceAction::CLAIM_DISABLE_BUTTON, "claim.disable_button"},
    {DeviceAction::ARMY_START, "army_clock.start"},
    {DeviceAction::ARMY_SET_ON_MOVE, "army_clock.set_on_move"},
    {DeviceAction::ARMY_SET_TIME, "army_clock.set_time"},
    {DeviceAction::ARMY_SET_ORDER, "army_clock.set_order"},
    {DeviceAction::BOARD_LIGHT_SQUARE, "board.light_square"},
};
}  // namespace

const char* to_string(TimeMode mode) {
    switch (mode) {
        case TimeMode::SUDDEN_DEATH:
            return "sudden_death";
        case TimeMode::FISCHER:
            return "fischer";
        case TimeMode::SIMPLE_DELAY:
            return "simple_delay";
        case TimeMode::BRONSTEIN:
            return "bronstein";
    }
    return "fischer";
}

const char* to_string(DeviceAction a) {
    for (const ActionName& n : ACTION_NAMES)
        if (n.action == a) return n.name;
    return "?";
}

std::optional<DeviceAction> device_action_named(std::string_view name) {
    for (const ActionName& n : ACTION_NAMES)
        if (name == n.name) return n.action;
    return std::nullopt;
}

bool is_clock_action(DeviceAction a) {
    return a == DeviceAction::CLOCK_ADD_TIME || a == DeviceAction::CLOCK_PAUSE ||
           a == DeviceAction::CLOCK_RESUME || a == DeviceAction::CLOCK_RUN;
}

std::vector<int> lit_squares(const DeviceCommand& c) {
    std::vector<int> lit;
    if (c.value >= 0) lit.push_back(c.value);
    for (int s : c.squares)
        if (std::find(lit.begin(), lit.end(), s) == lit.end()) lit.push_back(s);
    return lit;
}

const char* to_string(ArbiterActionKind k) {
    switch (k) {
        case ArbiterActionKind::PAUSE:
            return "pause";
        case ArbiterActionKind::RESUME:
            return "resume";
        case ArbiterActionKind::ADD_TIME:
            return "add_time";
        case ArbiterActionKind::RESTORE_POSITION:
            return "restore_position";
        case ArbiterActionKind::DECLARE_RESULT:
            return "declare_result";
        case ArbiterActionKind::ENTER_MOVE:
            return "enter_move";
        case ArbiterActionKind::WARN:
            return "warn";
        case ArbiterActionKind::REMOVE:
            return "remove";
        case ArbiterActionKind::CONFIRM_WARNING:
            return "confirm_warning";
        case ArbiterActionKind::REJECT_WARNING:
            return "reject_warning";
        case ArbiterActionKind::RELEASE_CLAIM:
            return "release_claim";
        case ArbiterActionKind::ILLEGAL_MOVE_STANDS:
            return "illegal_move_stands";
        case ArbiterActionKind::CONFIRM_SCORE:
            return "confirm_score";
    }
    return "?";
}

const char* to_string(KeyChangeKind k) {
    switch (k) {
        case KeyChangeKind::BRANCH:
            return "branch";
        case KeyChangeKind::SELECT:
            return "select";
        case KeyChangeKind::PASS:
            return "pass";
        case KeyChangeKind::RESIGN:
            return "resign";
        case KeyChangeKind::DRAW:
            return "draw";
        case KeyChangeKind::VETO:
            return "veto";
        case KeyChangeKind::BOARD_C:
            return "board_c";
        case KeyChangeKind::REPLACE:
            return "replace";
        case KeyChangeKind::WITHDRAW:
            return "withdraw";
    }
    return "?";
}

}  // namespace venue::engine
