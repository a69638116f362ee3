// Claim lockout decisions and the tie rule.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <vector>

#include "lfsr16.h"
#include "lockout.h"

namespace venue::hub {
namespace {

using wire::CommandStatus;
using wire::PressOutcome;
using wire::Team;
using wire::TieRule;

// Buttons 0..7 team A (players 1..8), 8..15 team B (players 1..8).
Lockout configured() {
    Lockout l;
    for (uint8_t b = 0; b < BUTTON_COUNT; ++b) {
        EXPECT_EQ(l.assign(b, b < 8 ? Team::A : Team::B, uint8_t(b % 8 + 1)), CommandStatus::OK);
    }
    return l;
}

std::vector<PressDecision> decide(Lockout& l, Micros t, uint16_t group) {
    std::array<PressDecision, BUTTON_COUNT> out{};
    const uint8_t n = l.decide(t, group, out.data());
    EXPECT_TRUE(l.is_ok());
    return {out.begin(), out.begin() + n};
}

TEST(Lfsr16, IsMaximalAndDrawIsExactlyUniform) {
    Lfsr16 r(1);
    uint32_t period = 0;
    do {
        r.next();
        ++period;
    } while (r.state() != 1 && period < 70000);
    EXPECT_EQ(period, 65535u);

    // Over one full period, draw(n) accepts each index equally often.
    for (uint8_t n : {2, 3, 5, 7, 8, 16}) {
        std::vector<uint32_t> counts(n, 0);
        Lfsr16 g(1);
        uint16_t drawn = 0;
        for (int i = 0; i < 4000; ++i) ++counts[g.draw(n, &drawn)];
        for (uint32_t c : counts) EXPECT_NEAR(double(c), 4000.0 / n, 4.0 * std::sqrt(4000.0 / n));
    }
}

TEST(Lockout, FirstPressOfArmedTeamTakesTheClaim) {
    Lockout l = configured();
    l.arm(Team::A);
    auto d = decide(l, 1000, 1u << 3);
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].outcome, PressOutcome::ACCEPTED);
    EXPECT_EQ(d[0].player, 4);
    EXPECT_EQ(d[0].tie_rule, TieRule::NONE);
    EXPECT_EQ(l.claim_button(), 3);
    EXPECT_EQ(l.claim_time(), 1000u);
}

TEST(Lockout, LaterPressesAreLateAndOtherTeamOutOfTurn) {
    Lockout l = configured();
    l.arm(Team::A);
    decide(l, 1000, 1u << 3);
    EXPECT_EQ(decide(l, 1004, 1u << 5)[0].outcome, PressOutcome::LATE);
    EXPECT_EQ(decide(l, 1005, 1u << 3)[0].outcome, PressOutcome::LATE);  // the holder again
    EXPECT_EQ(decide(l, 1006, 1u << 9)[0].outcome, PressOutcome::OUT_OF_TURN);
    EXPECT_EQ(l.claim_button(), 3);
}

TEST(Lockout, NotArmedAndUnassigned) {
    Lockout l = configured();
    EXPECT_EQ(decide(l, 10, 1u << 0)[0].outcome, PressOutcome::NOT_ARMED);
    EXPECT_EQ(l.assign(2, Team::NONE, 0), CommandStatus::OK);
    l.arm(Team::A);
    EXPECT_EQ(decide(l, 20, 1u << 2)[0].outcome, PressOutcome::UNASSIGNED);
    EXPECT_EQ(l.claim_button(), NO_BUTTON);
}

TEST(Lockout, SameSampleTieIsDrawnAndReported) {
    Lockout l = configured();
    l.reseed(0xACE1);
    l.arm(Team::A);
    const uint16_t group = (1u << 1) | (1u << 4) | (1u << 6) | (1u << 10);  // 10 is team B
    auto d = decide(l, 5000, group);
    ASSERT_EQ(d.size(), 4u);
    int won = 0;
    int lost = 0;
    uint8_t winner = NO_BUTTON;
    for (const PressDecision& p : d) {
        EXPECT_EQ(p.same_sample, group);
        if (p.button == 10) {
            EXPECT_EQ(p.outcome, PressOutcome::OUT_OF_TURN);
            EXPECT_EQ(p.tie_rule, TieRule::NONE);
            continue;
        }
        EXPECT_EQ(p.tie_rule, TieRule::LFSR16_DRAW);
        if (p.outcome == PressOutcome::TIE_WON) {
            ++won;
            winner = p.button;
        } else {
            EXPECT_EQ(p.outcome, PressOutcome::TIE_LOST);
            ++lost;
        }
    }
    EXPECT_EQ(won, 1);
    EXPECT_EQ(lost, 2);
    EXPECT_EQ(l.claim_button(), winner);

    // The host can verify the draw from the seed: replaying the LFSR gives the same winner.
    Lfsr16 replay(0xACE1);
    uint16_t drawn = 0;
    const uint8_t index = replay.draw(3, &drawn);
    EXPECT_EQ(drawn, d[0].tie_draw);
    const uint8_t tied[3] = {1, 4, 6};
    EXPECT_EQ(winner, tied[index]);
}

TEST(Lockout, OneContenderPlusOtherTeamInSameSampleIsNoTie) {
    Lockout l = configured();
    l.arm(Team::B);
    auto d = decide(l, 100, (1u << 2) | (1u << 12));
    ASSERT_EQ(d.size(), 2u);
    EXPECT_EQ(d[0].outcome, PressOutcome::OUT_OF_TURN);
    EXPECT_EQ(d[1].outcome, PressOutcome::ACCEPTED);
    EXPECT_EQ(d[1].tie_rule, TieRule::NONE);
}

TEST(Lockout, TiesAreFairAcrossManyDraws) {
    Lockout l = configured();
    l.reseed(12345);
    std::array<int, 3> wins{};
    const uint8_t tied[3] = {0, 1, 2};
    const int trials = 3000;
    for (int i = 0; i < trials; ++i) {
        l.arm(Team::A);
        auto d = decide(l, Micros(i), 0b111);
        int winners = 0;
        for (int k = 0; k < 3; ++k) {
            if (d[k].outcome != PressOutcome::TIE_WON) continue;
            ++wins[k];
            ++winners;
            EXPECT_EQ(l.claim_button(), tied[k]);
        }
        ASSERT_EQ(winners, 1);
        l.release();
    }
    for (int w : wins) EXPECT_NEAR(w, trials / 3, 4 * std::sqrt(trials * (1.0 / 3) * (2.0 / 3)));
}

TEST(Lockout, ArmingAnotherTeamReleasesAndRefusesToReassignTheClaimer) {
    Lockout l = configured();
    l.arm(Team::A);
    decide(l, 10, 1u << 0);
    EXPECT_EQ(l.assign(0, Team::B, 1), CommandStatus::BAD_STATE);
    EXPECT_EQ(l.assign(16, Team::A, 1), CommandStatus::BAD_ARGUMENT);
    EXPECT_EQ(l.assign(1, static_cast<Team>(5), 1), CommandStatus::BAD_ARGUMENT);
    EXPECT_FALSE(l.arm(Team::A));  // same team: the claim stays
    EXPECT_EQ(l.claim_button(), 0);
    EXPECT_TRUE(l.arm(Team::B));
    EXPECT_EQ(l.claim_button(), NO_BUTTON);
    EXPECT_FALSE(l.release());
}

}  // namespace
}  // namespace venue::hub
