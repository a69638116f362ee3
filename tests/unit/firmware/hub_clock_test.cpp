// The hub core through the wire protocol: paddles, the clock, flags, the pause button and beams.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "hub_rig.h"

namespace venue::hub {
namespace {

using test::HubRig;
using wire::ClaimChange;
using wire::CommandStatus;
using wire::PaddleEffect;
using wire::PressOutcome;
using wire::Team;

constexpr Micros S = 1000000;

TEST(Hub, PaddlesRunTheClock) {
    HubRig rig;
    rig.clock_control(5 * 60 * S, wire::TimingMode::FISCHER, 3 * S);
    rig.clear();
    rig.tap(PADDLE_B_INPUT);  // B presses to start A's time
    const Micros started = rig.now - 30000;
    rig.run_to(started + 10 * S, 1000);
    rig.tap(PADDLE_A_INPUT);
    rig.run_for(200 * 1000, 1000);
    const auto pads = rig.all<wire::Paddle>();
    ASSERT_EQ(pads.size(), 2u);
    EXPECT_EQ(pads[0].effect, PaddleEffect::STARTED);
    EXPECT_EQ(pads[1].effect, PaddleEffect::SWITCHED);
    EXPECT_EQ(pads[1].paddle, Team::A);
    EXPECT_EQ(pads[1].remaining_us, 5 * 60 * S - 10 * S + 3 * S);
    EXPECT_EQ(pads[1].moves, 1);
    EXPECT_EQ(rig.hub.clock().on_move(), Team::B);
    const auto hb = rig.last<wire::Heartbeat>();
    EXPECT_EQ(hb.clock_state, wire::ClockState::RUNNING);
    EXPECT_EQ(hb.on_move, Team::B);
    EXPECT_EQ(hb.moves_a, 1);
    EXPECT_EQ(hb.remaining_b_us, 5 * 60 * S - (hb.hub_time_us - pads[1].time_us));
}

// Starts A's clock with `base` at a known time; returns the exact flag time.
Micros start_a(HubRig& rig, Micros base) {
    rig.clock_control(base);
    wire::ClockStart st;
    st.side = Team::A;
    const Micros t = rig.now;
    EXPECT_EQ(rig.command(st).status, CommandStatus::OK);
    return t + base;
}

TEST(Hub, FlagIsReportedAtTheExactTimeWithinOneMillisecond) {
    HubRig rig;
    const Micros flag_at = start_a(rig, 3 * S);
    rig.clear();
    rig.run_to(flag_at + 5000, 97);  // main loop passes every 97 µs
    const auto flags = rig.all<wire::Flag>();
    ASSERT_EQ(flags.size(), 1u);
    EXPECT_EQ(flags[0].time_us, flag_at);
    EXPECT_EQ(flags[0].side, Team::A);
    const auto it = std::find_if(rig.frames.begin(), rig.frames.end(), [](const auto& r) {
        return r.payload[0] == uint8_t(wire::MessageType::FLAG);
    });
    ASSERT_NE(it, rig.frames.end());
    EXPECT_LT(it->at - flag_at, 1000u);
    EXPECT_TRUE(rig.hub.outputs(flag_at + 1000).buzzer);
}

TEST(Hub, PaddlePressedJustBeforeTheFlagSavesIt) {
    // The paddle's first edge is 50 µs before the flag time; its confirmation ends 150 µs after
    // it. The hub must not report the flag meanwhile.
    HubRig rig;
    const Micros flag_at = start_a(rig, 2 * S);
    rig.run_to(flag_at - 50, 10);
    rig.clear();
    rig.down(PADDLE_A_INPUT);
    rig.run_for(5000, 10);
    EXPECT_TRUE(rig.all<wire::Flag>().empty());
    const auto p = rig.last<wire::Paddle>();
    EXPECT_EQ(p.effect, PaddleEffect::SWITCHED);
    EXPECT_EQ(p.remaining_us, 50u);
}

TEST(Hub, PaddlePressedJustAfterTheFlagIsTooLate) {
    HubRig rig;
    const Micros flag_at = start_a(rig, 2 * S);
    rig.clear();
    rig.run_to(flag_at + 50, 10);
    rig.down(PADDLE_A_INPUT);
    rig.run_for(5000, 10);
    ASSERT_EQ(rig.all<wire::Flag>().size(), 1u);
    EXPECT_EQ(rig.last<wire::Flag>().time_us, flag_at);
    EXPECT_EQ(rig.last<wire::Paddle>().effect, PaddleEffect::FLAGGED);
}

TEST(Hub, PauseButtonAndBeams) {
    HubRig rig;
    start_a(rig, 60 * S);
    rig.clear();
    rig.slow = 1u << PAUSE_INPUT;
    rig.run_for(10000);
    rig.slow = 0;
    rig.run_for(10000);
    EXPECT_EQ(rig.last<wire::PauseButton>().clock_state, wire::ClockState::PAUSED);
    EXPECT_EQ(rig.hub.clock().state(), wire::ClockState::PAUSED);

    // Zone B (beams 2 outer, 3 inner): somebody walks in.
    for (uint32_t levels : {0b0100u, 0b1100u, 0b1000u, 0b0000u}) {
        rig.slow = levels;
        rig.run_for(20000);
    }
    const auto beams = rig.all<wire::Beam>();
    ASSERT_EQ(beams.size(), 4u);
    EXPECT_EQ(beams[0].beam, 2);
    EXPECT_EQ(beams[0].state, wire::BeamState::BROKEN);
    EXPECT_EQ(beams[3].beam, 3);
    EXPECT_EQ(beams[3].state, wire::BeamState::RESTORED);
    const auto c = rig.last<wire::Crossing>();
    EXPECT_EQ(c.zone, Team::B);
    EXPECT_EQ(c.direction, wire::Direction::IN);
    EXPECT_EQ(c.time_us, beams[3].time_us);
    EXPECT_EQ(c.started_us, beams[0].time_us);
}

}  // namespace
}  // namespace venue::hub
