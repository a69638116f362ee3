// The hub core in army mode, through the wire protocol: End-turn presses -> ArmyTurn events,
// flags, ArmyStatus, station lamps and beeps, the host's army commands, and the switches between
// the army clock and the two-face clock.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "army_display.h"
#include "hub_rig.h"

namespace venue::hub {
namespace {

using test::HubRig;
using wire::ClockState;
using wire::CommandStatus;
using wire::TurnEffect;

constexpr Micros S = 1000000;
constexpr Micros MIN = 60 * S;
// Station s's End-turn button: not the station's own number, so that a mix-up shows.
constexpr uint8_t BUTTON_OF[] = {3, 9, 12, 6};

uint32_t nibbles(const std::vector<uint8_t>& v) {
    uint32_t word = 0;
    for (size_t i = 0; i < v.size(); ++i) word |= uint32_t(v[i]) << (4 * i);
    return word;
}

// Stations 0..3 have BUTTON_OF's buttons, the others none.
uint64_t four_buttons() {
    uint64_t word = 0;
    for (uint8_t s = 0; s < 8; ++s) {
        const uint64_t b = s < 4 ? BUTTON_OF[s] : wire::NO_BUTTON;
        word |= b << (8 * s);
    }
    return word;
}

// Four armies, army a at station a, batting order 2 0 3 1.
wire::ArmyConfigure four_armies(Micros time, uint32_t increment = 0) {
    wire::ArmyConfigure c;
    c.armies = 4;
    c.time_us = time;
    c.increment_us = increment;
    c.order = nibbles({2, 0, 3, 1});
    c.stations = nibbles({0, 1, 2, 3});
    c.buttons = four_buttons();
    return c;
}

// Configures four armies and starts army 2; returns the start time.
Micros start_four(HubRig& rig, Micros time, uint32_t increment = 0) {
    EXPECT_EQ(rig.command(four_armies(time, increment)).status, CommandStatus::OK);
    wire::ArmyStart st;
    st.army = 2;
    const Micros t = rig.now;
    EXPECT_EQ(rig.command(st).status, CommandStatus::OK);
    return t;
}

uint8_t lamps(const HubRig& rig) {
    return rig.hub.outputs(rig.now).station_lamps;
}

TEST(HubArmy, EndTurnPressesSwitchInBattingOrderAndAreReported) {
    HubRig rig;
    const Micros started = start_four(rig, 5 * MIN, 2 * S);
    EXPECT_TRUE(rig.hub.army_mode());
    EXPECT_EQ(lamps(rig), 1u << 2);
    EXPECT_TRUE(rig.hub.outputs(rig.now).buzzer);  // the start beeps
    rig.run_for(200 * 1000, 1000);
    EXPECT_FALSE(rig.hub.outputs(rig.now).buzzer);  // a short beep only
    rig.clear();

    // Station 2 ends army 2's turn 10 s after the start: army 0 runs.
    rig.run_to(started + 10 * S, 1000);
    const Micros pressed = rig.now;
    rig.tap(BUTTON_OF[2]);
    EXPECT_TRUE(rig.hub.outputs(rig.now).buzzer);
    rig.run_for(200 * 1000, 1000);
    auto turns = rig.all<wire::ArmyTurn>();
    ASSERT_EQ(turns.size(), 1u);
    EXPECT_EQ(turns[0].time_us, pressed);
    EXPECT_EQ(turns[0].station, 2);
    EXPECT_EQ(turns[0].effect, TurnEffect::ENDED);
    EXPECT_EQ(turns[0].army, 2);
    EXPECT_EQ(turns[0].next_army, 0);
    EXPECT_EQ(turns[0].remaining_us, 5 * MIN - (pressed - started) + 2 * S);
    EXPECT_EQ(lamps(rig), 1u << 0);
    EXPECT_FALSE(rig.hub.outputs(rig.now).buzzer);
    EXPECT_TRUE(rig.all<wire::ButtonPress>().empty());  // End-turn buttons skip the lockout

    // Station 3's press while army 0 is on move: reported, nothing changes.
    rig.clear();
    rig.tap(BUTTON_OF[3]);
    rig.run_for(200 * 1000, 1000);
    turns = rig.all<wire::ArmyTurn>();
    ASSERT_EQ(turns.size(), 1u);
    EXPECT_EQ(turns[0].station, 3);
    EXPECT_EQ(turns[0].effect, TurnEffect::NOT_ON_MOVE);
    EXPECT_EQ(turns[0].army, 0);
    EXPECT_EQ(turns[0].next_army, 0);
    EXPECT_EQ(rig.hub.army_clock().on_move(), 0);
    EXPECT_EQ(lamps(rig), 1u << 0);
    EXPECT_FALSE(rig.hub.outputs(rig.now).buzzer);  // no beep for an ignored press

    // An ArmyStatus right before each Heartbeat, read at the same hub time.
    ASSERT_GE(rig.frames.size(), 2u);
    const auto hb = rig.last<wire::Heartbeat>();
    const auto st = rig.last<wire::ArmyStatus>();
    EXPECT_EQ(st.hub_time_us, hb.hub_time_us);
    EXPECT_EQ(rig.all<wire::ArmyStatus>().size(), rig.all<wire::Heartbeat>().size());
    EXPECT_EQ(st.state, ClockState::RUNNING);
    EXPECT_EQ(st.on_move, 0);
    EXPECT_EQ(st.armies, 4);
    EXPECT_EQ(st.order_count, 4);
    EXPECT_EQ(st.order, nibbles({2, 0, 3, 1}));
    EXPECT_EQ(st.remaining_2_ms, (5 * MIN - (pressed - started) + 2 * S) / 1000);
    EXPECT_EQ(st.remaining_0_ms, (5 * MIN - (st.hub_time_us - pressed)) / 1000);
    EXPECT_EQ(st.remaining_1_ms, 5 * MIN / 1000);
    EXPECT_EQ(st.remaining_4_ms, 0u);
}

TEST(HubArmy, PressesInOneSampleAreJudgedAgainstTheArmyOnMoveBeforeIt) {
    // Army 0 on move, army 3 next (order 2 0 3 1). Station 3 presses in the same sample as
    // station 0: it must not end army 3's turn in the instant it began, although station 0's
    // button comes first in station order.
    HubRig rig;
    start_four(rig, 5 * MIN);
    rig.tap(BUTTON_OF[2]);
    rig.run_for(S, 1000);
    ASSERT_EQ(rig.hub.army_clock().on_move(), 0);
    rig.clear();
    rig.set_fast((1u << BUTTON_OF[0]) | (1u << BUTTON_OF[3]));
    rig.run_for(30000);
    rig.set_fast(0);
    rig.run_for(20000);
    const auto turns = rig.all<wire::ArmyTurn>();
    ASSERT_EQ(turns.size(), 2u);
    EXPECT_EQ(turns[0].station, 3);
    EXPECT_EQ(turns[0].effect, TurnEffect::NOT_ON_MOVE);
    EXPECT_EQ(turns[0].army, 0);
    EXPECT_EQ(turns[1].station, 0);
    EXPECT_EQ(turns[1].effect, TurnEffect::ENDED);
    EXPECT_EQ(turns[1].next_army, 3);
    EXPECT_EQ(turns[1].time_us, turns[0].time_us);
    EXPECT_EQ(rig.hub.army_clock().on_move(), 3);
}

TEST(HubArmy, FlagIsReportedAtTheExactTime) {
    HubRig rig;
    const Micros flag_at = start_four(rig, 3 * S) + 3 * S;
    rig.clear();
    rig.run_to(flag_at + 5000, 97);
    const auto flags = rig.all<wire::ArmyFlag>();
    ASSERT_EQ(flags.size(), 1u);
    EXPECT_EQ(flags[0].time_us, flag_at);
    EXPECT_EQ(flags[0].army, 2);
    EXPECT_TRUE(rig.hub.outputs(flag_at + 1000).buzzer);
    EXPECT_EQ(rig.hub.army_clock().state(), ClockState::FLAGGED);
    EXPECT_EQ(lamps(rig), 1u << 2);  // the flagged army's station stays lit
    rig.tap(BUTTON_OF[2]);
    rig.run_for(10000);
    EXPECT_EQ(rig.last<wire::ArmyTurn>().effect, TurnEffect::FLAGGED);

    // The host drops the flagged army and resumes: its successor (0) runs.
    wire::ArmySetOrder o;
    o.count = 3;
    o.order = nibbles({0, 3, 1});
    o.stations = nibbles({0, 1, 2, 3});
    ASSERT_EQ(rig.command(o).status, CommandStatus::OK);
    EXPECT_EQ(lamps(rig), 1u << 0);
    ASSERT_EQ(rig.command(wire::ClockResume{}).status, CommandStatus::OK);
    EXPECT_EQ(rig.hub.army_clock().state(), ClockState::RUNNING);
    EXPECT_EQ(rig.hub.army_clock().on_move(), 0);
}

TEST(HubArmy, HostCommandsOverrideTheClock) {
    HubRig rig;
    start_four(rig, 5 * MIN, 1 * S);
    rig.run_for(S, 1000);
    rig.clear();

    // ArmyEndTurn names the army: applied once, a late repeat is BAD_STATE.
    wire::ArmyEndTurn end;
    end.army = 2;
    ASSERT_EQ(rig.command(end).status, CommandStatus::OK);
    const auto t = rig.last<wire::ArmyTurn>();
    EXPECT_EQ(t.station, wire::NO_ARMY);
    EXPECT_EQ(t.effect, TurnEffect::ENDED);
    EXPECT_EQ(t.next_army, 0);
    EXPECT_EQ(rig.command(end).status, CommandStatus::BAD_STATE);
    end.army = 9;
    EXPECT_EQ(rig.command(end).status, CommandStatus::BAD_ARGUMENT);

    // Army 1 is mated by army 0 and passes to station 0; army 0 plays on.
    wire::ArmySetOrder o;
    o.count = 3;
    o.order = nibbles({2, 0, 3});
    o.stations = nibbles({0, 0, 2, 3});
    ASSERT_EQ(rig.command(o).status, CommandStatus::OK);
    EXPECT_EQ(rig.hub.army_clock().next_army(), 3);
    rig.tap(BUTTON_OF[0]);
    rig.run_for(10000);
    EXPECT_EQ(rig.hub.army_clock().on_move(), 3);

    // Set a time and put an army on move (no increment, a beep, its lamp).
    wire::ArmySetTime st;
    st.army = 0;
    st.remaining_us = 7 * MIN;
    ASSERT_EQ(rig.command(st).status, CommandStatus::OK);
    rig.run_for(200 * 1000, 1000);
    wire::ArmySetOnMove om;
    om.army = 0;
    const Micros switched = rig.now;  // when the command is applied (no press pending)
    ASSERT_EQ(rig.command(om).status, CommandStatus::OK);
    EXPECT_TRUE(rig.hub.outputs(rig.now).buzzer);
    EXPECT_EQ(lamps(rig), 1u << 0);
    EXPECT_EQ(rig.hub.army_clock().remaining(0, switched), 7 * MIN);
    EXPECT_EQ(rig.hub.army_clock().remaining(0, switched + S), 7 * MIN - S);
    om.army = 1;  // out of the order
    EXPECT_EQ(rig.command(om).status, CommandStatus::BAD_ARGUMENT);

    // ClockPause / ClockResume act on the army clock in army mode.
    ASSERT_EQ(rig.command(wire::ClockPause{}).status, CommandStatus::OK);
    EXPECT_EQ(rig.hub.army_clock().state(), ClockState::PAUSED);
    EXPECT_EQ(rig.hub.clock().state(), ClockState::STOPPED);
    ASSERT_EQ(rig.command(wire::ClockResume{}).status, CommandStatus::OK);
    EXPECT_EQ(rig.hub.army_clock().state(), ClockState::RUNNING);
}

TEST(HubArmy, BadConfigurationsLeaveNoTrace) {
    HubRig rig;
    wire::ArmyConfigure c = four_armies(MIN);
    c.buttons = (c.buttons & ~uint64_t{0xFF00}) | (uint64_t{BUTTON_OF[0]} << 8);  // twice
    EXPECT_EQ(rig.command(c).status, CommandStatus::BAD_ARGUMENT);
    c = four_armies(MIN);
    c.buttons = (c.buttons & ~uint64_t{0xFF}) | 16;  // no such button
    EXPECT_EQ(rig.command(c).status, CommandStatus::BAD_ARGUMENT);
    c = four_armies(MIN);
    c.order = nibbles({2, 0, 2, 1});
    EXPECT_EQ(rig.command(c).status, CommandStatus::BAD_ARGUMENT);
    c = four_armies(MIN);
    c.armies = 9;
    EXPECT_EQ(rig.command(c).status, CommandStatus::BAD_ARGUMENT);
    EXPECT_FALSE(rig.hub.army_mode());
    // Army commands outside army mode.
    EXPECT_EQ(rig.command(wire::ArmyStart{0, 0}).status, CommandStatus::BAD_STATE);
    EXPECT_EQ(rig.command(wire::ArmySetTime{0, 0, S}).status, CommandStatus::BAD_STATE);
    EXPECT_EQ(rig.command(wire::ArmyEndTurn{0, 0}).status, CommandStatus::BAD_STATE);
    EXPECT_TRUE(rig.all<wire::ArmyStatus>().empty());
}

TEST(HubArmy, ArmyModeSetsTheLockoutAsideAndTwoFaceCommandsReturnToIt) {
    HubRig rig;
    rig.configure_teams();
    rig.arm(wire::Team::A);
    rig.tap(1);  // team A's button 1 takes the claim
    rig.run_for(10000);
    ASSERT_EQ(rig.hub.lockout().claim_button(), 1);
    rig.clear();

    start_four(rig, 5 * MIN);
    // The claim was released, the lockout disarmed and refuses to arm; team lamps are off.
    const auto claim = rig.last<wire::Claim>();
    EXPECT_EQ(claim.change, wire::ClaimChange::RELEASED_BY_ARM);
    EXPECT_EQ(rig.hub.lockout().armed(), wire::Team::NONE);
    EXPECT_EQ(rig.command(wire::ArmTeam{0, wire::Team::B}).status, CommandStatus::BAD_STATE);
    EXPECT_FALSE(rig.hub.outputs(rig.now).lamp_a);
    EXPECT_FALSE(rig.hub.outputs(rig.now).lamp_b);

    // A button that is no End-turn button still reaches the lockout (nothing is armed); a
    // paddle is reported and ignored; the pause button pauses the army clock.
    rig.clear();
    rig.tap(1);
    rig.tap(PADDLE_A_INPUT);
    rig.slow = 1u << PAUSE_INPUT;
    rig.run_for(10000);
    rig.slow = 0;
    rig.run_for(10000);
    EXPECT_EQ(rig.last<wire::ButtonPress>().outcome, wire::PressOutcome::NOT_ARMED);
    EXPECT_EQ(rig.last<wire::Paddle>().effect, wire::PaddleEffect::ARMY_MODE);
    EXPECT_EQ(rig.hub.clock().state(), ClockState::STOPPED);
    EXPECT_EQ(rig.last<wire::PauseButton>().clock_state, ClockState::PAUSED);
    EXPECT_EQ(rig.hub.army_clock().state(), ClockState::PAUSED);
    ASSERT_EQ(rig.command(wire::ClockResume{}).status, CommandStatus::OK);

    // A two-face command that fails changes nothing; ClockReset returns to the two-face clock.
    EXPECT_EQ(rig.command(wire::ClockSetTime{0, wire::Team::NONE, S}).status,
              CommandStatus::BAD_ARGUMENT);
    EXPECT_TRUE(rig.hub.army_mode());
    const Micros army2 = rig.hub.army_clock().remaining(2, rig.now);
    ASSERT_EQ(rig.command(wire::ClockReset{}).status, CommandStatus::OK);
    EXPECT_FALSE(rig.hub.army_mode());
    EXPECT_EQ(rig.hub.army_clock().state(), ClockState::STOPPED);
    EXPECT_EQ(rig.hub.army_clock().remaining(2, rig.now + MIN), army2);  // stopped, kept
    EXPECT_EQ(lamps(rig), 0u);
    rig.arm(wire::Team::A);
    rig.clear();
    rig.tap(BUTTON_OF[1]);  // button 9: team B's claim button again
    rig.run_for(300 * 1000, 1000);
    EXPECT_TRUE(rig.all<wire::ArmyTurn>().empty());
    EXPECT_EQ(rig.last<wire::ButtonPress>().outcome, wire::PressOutcome::OUT_OF_TURN);
    EXPECT_TRUE(rig.all<wire::ArmyStatus>().empty());
    EXPECT_FALSE(rig.all<wire::Heartbeat>().empty());
    EXPECT_EQ(rig.command(wire::ArmyStart{0, 0}).status, CommandStatus::BAD_STATE);
}

std::string line(const DisplayFrame& f, int row) {
    return std::string(f.text[row], DISPLAY_COLS);
}

TEST(HubArmy, DisplayShowsTheArmyOnMoveAndTheNext) {
    HubRig rig;
    ASSERT_EQ(rig.command(four_armies(5 * MIN)).status, CommandStatus::OK);
    DisplayFrame f;
    render_army(army_view(rig.hub.army_clock(), rig.now), &f);
    EXPECT_EQ(line(f, 0), "Armies 4        ");
    const Micros started = start_four(rig, 5 * MIN);  // army 2, then 0
    rig.run_to(started + 30 * S, 1000);
    render_army(army_view(rig.hub.army_clock(), rig.now), &f);
    EXPECT_EQ(line(f, 0), "Army 2      4:30");
    EXPECT_EQ(line(f, 1), "Next 0      5:00");
    rig.tap(BUTTON_OF[2]);
    rig.run_to(started + 30 * S + 4 * MIN + 1500 * 1000, 1000);  // army 0: 58.5 s left
    render_army(army_view(rig.hub.army_clock(), rig.now), &f);
    EXPECT_EQ(line(f, 0), "Army 0    0:58.5");
    EXPECT_EQ(line(f, 1), "Next 3      5:00");
}

TEST(HubArmy, MillisecondsAreRoundedDownWithoutLoss) {
    EXPECT_EQ(millis_of(0), 0u);
    EXPECT_EQ(millis_of(999), 0u);
    EXPECT_EQ(millis_of(1000), 1u);
    EXPECT_EQ(millis_of(5 * MIN + 999), 300000u);
    const Micros big = (Micros{1} << 40) + 123456789;
    EXPECT_EQ(millis_of(big), uint32_t(big / 1000));
    EXPECT_EQ(millis_of(~Micros{0}), 0xFFFFFFFFu);  // saturates
}

// One station that plays three armies (two passed to it by mate), its own on move: its press
// ends the turn (venue run's army clock test met this).
TEST(HubArmy, AStationPlayingSeveralArmiesEndsTheTurnOfTheOneOnMove) {
    HubRig rig;
    wire::ArmyConfigure c = four_armies(5 * MIN);
    c.order = nibbles({0, 1, 2, 3});
    ASSERT_EQ(rig.command(c).status, CommandStatus::OK);
    wire::ArmyStart st;
    st.army = 0;
    ASSERT_EQ(rig.command(st).status, CommandStatus::OK);
    rig.run_for(S, 1000);
    wire::ArmySetOnMove om;
    om.army = 1;
    ASSERT_EQ(rig.command(om).status, CommandStatus::OK);
    wire::ArmySetOrder o;
    o.count = 4;
    o.order = nibbles({0, 1, 2, 3});
    o.stations = nibbles({1, 1, 2, 3});
    ASSERT_EQ(rig.command(o).status, CommandStatus::OK);
    for (uint8_t a : {2, 3, 0, 1}) {
        om.army = a;
        ASSERT_EQ(rig.command(om).status, CommandStatus::OK);
    }
    o.stations = nibbles({1, 1, 2, 1});
    ASSERT_EQ(rig.command(o).status, CommandStatus::OK);
    rig.run_for(30 * 1000, 1000);
    rig.clear();
    rig.tap(BUTTON_OF[1]);
    rig.run_for(200 * 1000, 1000);
    const auto turns = rig.all<wire::ArmyTurn>();
    ASSERT_EQ(turns.size(), 1u);
    EXPECT_EQ(turns[0].station, 1);
    EXPECT_EQ(turns[0].effect, TurnEffect::ENDED);
    EXPECT_EQ(turns[0].army, 1);
    EXPECT_EQ(turns[0].next_army, 2);
}

}  // namespace
}  // namespace venue::hub
