// The hub's chess clock through the pty: flag time, and +2 min on the right side.
#include <cstdio>

#include "hub_fixture.h"

namespace venue::test {
namespace {

constexpr uint64_t MS = 1000 * HUB_CYCLES_PER_US;

class HubClockTest : public HubRigTest {
  protected:
    // The first Heartbeat built after everything sent so far was applied.
    wire::Heartbeat fresh_heartbeat() {
        const uint32_t n = client_.heartbeats();
        EXPECT_TRUE(client_.wait_for([&] { return client_.heartbeats() >= n + 2; }));
        return *client_.last_heartbeat();
    }

    // Paddle B pressed while the clock is stopped starts side A, as on a physical clock.
    wire::Paddle start_a_by_paddle(uint64_t t) {
        const size_t from = client_.events().size();
        rig_->schedule({at(t, HubActionKind::PADDLE_PRESS, 1, 50 * MS)});
        EXPECT_TRUE(wait_events(wire::MessageType::PADDLE, 1, from));
        pressed_at_ = applied_times(HubActionKind::PADDLE_PRESS, 1)[0];
        const auto p = *events_of(wire::MessageType::PADDLE, from)[0].as<wire::Paddle>();
        EXPECT_EQ(p.paddle, wire::Team::B);
        EXPECT_EQ(p.effect, wire::PaddleEffect::STARTED);
        return p;
    }

    uint64_t pressed_at_ = 0;  // hub cycles of the last paddle press, as it ran
};

TEST_F(HubClockTest, FlagFallsAtTheRightHubTimeWithinOneMillisecond) {
    constexpr uint64_t BUDGET_US = 1'500'000;
    set_clock_control(BUDGET_US);
    const uint64_t t = now_cycles() + 5 * MS;
    const size_t from = client_.events().size();
    const wire::Paddle start = start_a_by_paddle(t);
    ASSERT_TRUE(wait_events(wire::MessageType::FLAG, 1, from, 20'000));
    const auto flag = *events_of(wire::MessageType::FLAG, from)[0].as<wire::Flag>();
    EXPECT_EQ(flag.side, wire::Team::A);
    const int64_t error_us =
        static_cast<int64_t>(flag.time_us - start.time_us) - static_cast<int64_t>(BUDGET_US);
    EXPECT_LE(std::llabs(error_us), 1000);

    // Detection: the buzzer (sounded on the flag) against the rig's own clock.
    uint64_t buzzer_at = 0;
    ASSERT_TRUE(client_.wait_for([&] {
        for (const sim::HubReport& r : reports()) {
            if (r.what == sim::HubReport::What::BUZZER && r.value) buzzer_at = r.hub_cycles;
        }
        return buzzer_at != 0;
    }));
    const double detect_us = static_cast<double>(buzzer_at) / HUB_CYCLES_PER_US -
                             (static_cast<double>(pressed_at_) / HUB_CYCLES_PER_US + BUDGET_US);
    std::printf(
        "flag: reported time - (paddle time + budget) = %lld us; buzzer on %.1f us after "
        "the exact flag time\n",
        static_cast<long long>(error_us), detect_us);
    EXPECT_GE(detect_us, 0.0);
    EXPECT_LE(detect_us, 1000.0);

    const wire::Heartbeat hb = fresh_heartbeat();
    EXPECT_EQ(hb.clock_state, wire::ClockState::FLAGGED);
    EXPECT_EQ(hb.remaining_a_us, 0u);
    EXPECT_EQ(hb.remaining_b_us, BUDGET_US);
}

TEST_F(HubClockTest, TwoMinutesLandOnTheRightSideOnceOnly) {
    constexpr uint64_t BUDGET_US = 300'000'000;
    constexpr int64_t PENALTY_US = 120'000'000;
    set_clock_control(BUDGET_US);
    wire::Heartbeat hb = fresh_heartbeat();
    ASSERT_EQ(hb.remaining_a_us, BUDGET_US);
    ASSERT_EQ(hb.remaining_b_us, BUDGET_US);

    // Stopped clock: +2 min to B, exactly.
    wire::ClockAddTime add;
    add.side = wire::Team::B;
    add.delta_us = PENALTY_US;
    const auto ack = client_.command(add);
    ASSERT_TRUE(ack);
    ASSERT_EQ(ack->status, wire::CommandStatus::OK);
    EXPECT_EQ(ack->duplicate, 0);
    // The same command again (a host retry after a lost ack): answered, not applied again.
    const auto again = client_.command(add, ack->cmd_id);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->duplicate, 1);
    EXPECT_EQ(again->status, wire::CommandStatus::OK);
    hb = fresh_heartbeat();
    EXPECT_EQ(hb.remaining_a_us, BUDGET_US);
    EXPECT_EQ(hb.remaining_b_us, BUDGET_US + PENALTY_US);

    // Running clock, A on move: +2 min to B leaves A running down and B exact.
    start_a_by_paddle(now_cycles() + 5 * MS);
    wait_hub_us(50'000);
    const auto ack2 = client_.command(add);
    ASSERT_TRUE(ack2);
    ASSERT_EQ(ack2->status, wire::CommandStatus::OK);
    hb = fresh_heartbeat();
    EXPECT_EQ(hb.clock_state, wire::ClockState::RUNNING);
    EXPECT_EQ(hb.on_move, wire::Team::A);
    EXPECT_EQ(hb.remaining_b_us, BUDGET_US + 2 * PENALTY_US);
    EXPECT_LT(hb.remaining_a_us, BUDGET_US - 50'000);

    // And to A while A runs: A gains 2 min against the time it had.
    const wire::Heartbeat before = fresh_heartbeat();
    add.side = wire::Team::A;
    ASSERT_EQ(client_.command(add).value_or(HubTestClient::NO_ACK).status, wire::CommandStatus::OK);
    hb = fresh_heartbeat();
    const int64_t gained = static_cast<int64_t>(hb.remaining_a_us) -
                           static_cast<int64_t>(before.remaining_a_us) +
                           static_cast<int64_t>(hb.hub_time_us - before.hub_time_us);
    EXPECT_NEAR(static_cast<double>(gained), static_cast<double>(PENALTY_US), 1.0);
    EXPECT_EQ(hb.remaining_b_us, BUDGET_US + 2 * PENALTY_US);
}

}  // namespace
}  // namespace venue::test
