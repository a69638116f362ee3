// The hub core through the wire protocol: claims, ordering, ties, noise and the lockout policy.
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

TEST(Hub, ClaimIsTakenLateAndOutOfTurnAreReported) {
    HubRig rig;
    rig.configure_teams();
    rig.arm(Team::A);
    rig.clear();
    const Micros t0 = rig.now;
    rig.down(2);
    rig.run_for(1000);
    auto presses = rig.all<wire::ButtonPress>();
    ASSERT_EQ(presses.size(), 1u);
    EXPECT_EQ(presses[0].outcome, PressOutcome::ACCEPTED);
    EXPECT_EQ(presses[0].time_us, t0);
    EXPECT_EQ(presses[0].player, 3);
    const auto claim = rig.last<wire::Claim>();
    EXPECT_EQ(claim.change, ClaimChange::TAKEN);
    EXPECT_EQ(claim.button, 2);
    EXPECT_EQ(rig.hub.outputs(rig.now).leds, 1u << 2);  // lit by the hub alone

    rig.down(3);
    rig.run_for(300);
    rig.down(9);
    rig.run_for(1000);
    presses = rig.all<wire::ButtonPress>();
    ASSERT_EQ(presses.size(), 3u);
    EXPECT_EQ(presses[1].outcome, PressOutcome::LATE);
    EXPECT_EQ(presses[1].time_us, t0 + 1000);
    EXPECT_EQ(presses[2].outcome, PressOutcome::OUT_OF_TURN);
    EXPECT_EQ(presses[2].team, Team::B);

    EXPECT_EQ(rig.command(wire::ReleaseClaim{}).status, CommandStatus::OK);
    EXPECT_EQ(rig.last<wire::Claim>().change, ClaimChange::RELEASED_BY_HOST);
    EXPECT_EQ(rig.hub.outputs(rig.now).leds, 0u);
    EXPECT_EQ(rig.command(wire::ReleaseClaim{}).status, CommandStatus::BAD_STATE);
    // Sequence numbers run 1, 2, 3... over all events.
    std::vector<uint32_t> seqs;
    for (auto& p : rig.all<wire::ButtonPress>()) seqs.push_back(p.seq);
    for (auto& c : rig.all<wire::Claim>()) seqs.push_back(c.seq);
    std::sort(seqs.begin(), seqs.end());
    for (size_t i = 0; i < seqs.size(); ++i) EXPECT_EQ(seqs[i], i + 1);
}

TEST(Hub, PressesFourMicrosecondsApartAreOrderedAtAnyPhase) {
    // Across many phases of the main loop relative to the presses, the earlier press wins.
    for (Micros phase = 0; phase < 60; phase += 3) {
        HubRig rig;
        rig.configure_teams();
        rig.arm(Team::A);
        rig.run_for(phase, 1);
        rig.clear();
        const Micros t0 = rig.now;
        rig.down(6);  // the later button number presses first
        rig.now += 4;
        rig.down(1);
        rig.run_for(2000, 37);
        const auto p = rig.all<wire::ButtonPress>();
        ASSERT_EQ(p.size(), 2u);
        EXPECT_EQ(p[0].button, 6);
        EXPECT_EQ(p[0].outcome, PressOutcome::ACCEPTED);
        EXPECT_EQ(p[0].time_us, t0);
        EXPECT_EQ(p[1].button, 1);
        EXPECT_EQ(p[1].outcome, PressOutcome::LATE);
        EXPECT_EQ(p[1].time_us - p[0].time_us, 4u);
    }
}

TEST(Hub, SameSamplePressesAreReportedAsATie) {
    HubRig rig;
    rig.configure_teams();
    rig.arm(Team::B);
    rig.clear();
    rig.set_fast((1u << 9) | (1u << 12) | (1u << 3));  // two of team B and one of team A
    rig.run_for(1000);
    const auto p = rig.all<wire::ButtonPress>();
    ASSERT_EQ(p.size(), 3u);
    int won = 0;
    for (const auto& e : p) {
        EXPECT_EQ(e.same_sample, (1u << 9) | (1u << 12) | (1u << 3));
        if (e.button == 3) {
            EXPECT_EQ(e.outcome, PressOutcome::OUT_OF_TURN);
            continue;
        }
        EXPECT_EQ(e.tie_rule, wire::TieRule::LFSR16_DRAW);
        EXPECT_NE(e.tie_draw, 0);
        won += e.outcome == PressOutcome::TIE_WON;
    }
    EXPECT_EQ(won, 1);
    EXPECT_EQ(rig.last<wire::Claim>().button, rig.hub.lockout().claim_button());
}

TEST(Hub, NoiseSpikeDoesNotTakeTheClaim) {
    HubRig rig;
    rig.configure_teams();
    rig.arm(Team::A);
    rig.clear();
    rig.down(0);
    rig.run_for(20, 5);  // 20 µs spike on button 0
    rig.up(0);
    rig.run_for(30, 5);
    rig.down(1);  // real press on button 1, 50 µs after the spike began... but the spike
    rig.run_for(3000);
    const auto p = rig.all<wire::ButtonPress>();
    // ...ended 30 µs before it: shorter than confirm_us, so it counts as bounce of button 0,
    // which never settles: no press from button 0 at all.
    ASSERT_EQ(p.size(), 1u);
    EXPECT_EQ(p[0].button, 1);
    EXPECT_EQ(p[0].outcome, PressOutcome::ACCEPTED);
}

TEST(Hub, PaddleReleasesTheClaimAndArmsTheOtherTeamWhenConfigured) {
    HubRig rig;
    rig.configure_teams();
    wire::ConfigureLockout lo;
    lo.flags = LOCKOUT_RELEASE_ON_PADDLE | LOCKOUT_ARM_FOLLOWS_CLOCK;
    lo.tie_seed = 99;
    ASSERT_EQ(rig.command(lo).status, CommandStatus::OK);
    rig.clock_control(60 * S);
    wire::ClockStart st;
    st.side = Team::A;
    ASSERT_EQ(rig.command(st).status, CommandStatus::OK);
    EXPECT_EQ(rig.hub.lockout().armed(), Team::A);
    rig.tap(4);
    EXPECT_EQ(rig.hub.lockout().claim_button(), 4);
    rig.tap(PADDLE_A_INPUT);
    rig.run_for(1000);
    EXPECT_EQ(rig.last<wire::Claim>().change, ClaimChange::RELEASED_BY_PADDLE);
    EXPECT_EQ(rig.hub.lockout().armed(), Team::B);
    EXPECT_TRUE(rig.hub.outputs(rig.now).lamp_b);
    EXPECT_FALSE(rig.hub.outputs(rig.now).lamp_a);
}

}  // namespace
}  // namespace venue::hub
