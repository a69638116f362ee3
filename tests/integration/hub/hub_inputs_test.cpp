// The polled inputs through the pty: red-line beams and their crossings (firmware/core/
// crossing.h: beams 0 A outer, 1 A inner, 2 B outer, 3 B inner), and the arbiter's pause button.
#include <cstdio>

#include "hub_fixture.h"

namespace venue::test {
namespace {

constexpr uint64_t MS = 1000 * HUB_CYCLES_PER_US;
constexpr uint64_t STEP_MS = 40;  // between beam edges: a body crossing at walking pace

struct BeamEdge {
    uint8_t beam;
    bool broken;
};

class HubInputsTest : public HubRigTest {
  protected:
    // Runs the edges STEP_MS apart and returns the Beam events they caused (all of them must
    // come), with the Crossing events in `crossings`.
    std::vector<wire::Beam> run_beams(std::initializer_list<BeamEdge> edges,
                                      std::vector<wire::Crossing>* crossings) {
        const size_t from = client_.events().size();
        std::vector<HubAction> actions;
        uint64_t delay = 5 * MS;
        for (const BeamEdge& e : edges) {
            actions.push_back(after(
                delay, e.broken ? HubActionKind::BEAM_BREAK : HubActionKind::BEAM_RESTORE, e.beam));
            delay = STEP_MS * MS;
        }
        rig_->schedule(actions);
        EXPECT_TRUE(wait_events(wire::MessageType::BEAM, edges.size(), from));
        // Anything the last edge causes is emitted with it; one more Heartbeat period to be sure.
        wait_hub_us(200'000);
        client_.pump(20);
        std::vector<wire::Beam> beams;
        for (const HubEvent& e : events_of(wire::MessageType::BEAM, from)) {
            beams.push_back(*e.as<wire::Beam>());
        }
        crossings->clear();
        for (const HubEvent& e : events_of(wire::MessageType::CROSSING, from)) {
            crossings->push_back(*e.as<wire::Crossing>());
        }
        EXPECT_EQ(beams.size(), edges.size());
        size_t i = 0;
        for (const BeamEdge& e : edges) {
            if (i >= beams.size()) break;
            SCOPED_TRACE(i);
            EXPECT_EQ(beams[i].beam, e.beam);
            EXPECT_EQ(beams[i].state,
                      e.broken ? wire::BeamState::BROKEN : wire::BeamState::RESTORED);
            if (i > 0) {
                // Polled every main-loop pass (< 1 ms), stamped with the first edge.
                const double gap_ms =
                    static_cast<double>(beams[i].time_us - beams[i - 1].time_us) / 1000.0;
                EXPECT_NEAR(gap_ms, static_cast<double>(STEP_MS), 1.0);
            }
            ++i;
        }
        return beams;
    }

    void expect_crossing(const std::vector<wire::Beam>& beams,
                         const std::vector<wire::Crossing>& crossings, wire::Team zone,
                         wire::Direction direction) {
        ASSERT_EQ(crossings.size(), 1u);
        const wire::Crossing& c = crossings[0];
        EXPECT_EQ(c.zone, zone);
        EXPECT_EQ(c.direction, direction);
        EXPECT_EQ(c.started_us, beams.front().time_us);  // first break
        EXPECT_EQ(c.time_us, beams.back().time_us);      // last restore
    }

    wire::PauseButton press_pause() {
        const size_t from = client_.events().size();
        rig_->schedule({after(5 * MS, HubActionKind::PAUSE_PRESS, 0, 50 * MS)});
        EXPECT_TRUE(wait_events(wire::MessageType::PAUSE_BUTTON, 1, from));
        const auto events = events_of(wire::MessageType::PAUSE_BUTTON, from);
        wait_hub_us(100'000);  // released again before the next press
        return events.empty() ? wire::PauseButton{} : *events[0].as<wire::PauseButton>();
    }

    wire::Heartbeat fresh_heartbeat() {
        const uint32_t n = client_.heartbeats();
        EXPECT_TRUE(client_.wait_for([&] { return client_.heartbeats() >= n + 2; }));
        return *client_.last_heartbeat();
    }
};

TEST_F(HubInputsTest, ZoneAOuterThenInnerIsOneCrossingIn) {
    std::vector<wire::Crossing> c;
    const auto beams = run_beams({{0, true}, {1, true}, {0, false}, {1, false}}, &c);
    expect_crossing(beams, c, wire::Team::A, wire::Direction::IN);
}

TEST_F(HubInputsTest, ZoneAInnerThenOuterIsOneCrossingOut) {
    std::vector<wire::Crossing> c;
    const auto beams = run_beams({{1, true}, {0, true}, {1, false}, {0, false}}, &c);
    expect_crossing(beams, c, wire::Team::A, wire::Direction::OUT);
}

TEST_F(HubInputsTest, OuterBeamAloneOrInAndBackOutIsNoCrossing) {
    std::vector<wire::Crossing> c;
    run_beams({{0, true}, {0, false}}, &c);  // a hand through the outer beam
    EXPECT_TRUE(c.empty());
    run_beams({{2, true}, {2, false}}, &c);  // and zone B's
    EXPECT_TRUE(c.empty());
    // Both broken, but the outer one restored last: in and back out.
    run_beams({{0, true}, {1, true}, {1, false}, {0, false}}, &c);
    EXPECT_TRUE(c.empty());
    // The detector is ready again: a real crossing still counts.
    const auto beams = run_beams({{0, true}, {1, true}, {0, false}, {1, false}}, &c);
    expect_crossing(beams, c, wire::Team::A, wire::Direction::IN);
}

TEST_F(HubInputsTest, ZoneBCrossesInAndOutOnBeamsTwoAndThree) {
    std::vector<wire::Crossing> c;
    auto beams = run_beams({{2, true}, {3, true}, {2, false}, {3, false}}, &c);
    expect_crossing(beams, c, wire::Team::B, wire::Direction::IN);
    beams = run_beams({{3, true}, {2, true}, {3, false}, {2, false}}, &c);
    expect_crossing(beams, c, wire::Team::B, wire::Direction::OUT);
}

TEST_F(HubInputsTest, PauseButtonTogglesTheClockAndPaddlesAreIgnoredWhilePaused) {
    set_clock_control(5ull * 60 * 1'000'000);
    // Stopped: the press is reported, nothing changes.
    EXPECT_EQ(press_pause().clock_state, wire::ClockState::STOPPED);

    wire::ClockStart start;
    start.side = wire::Team::A;
    ASSERT_EQ(client_.command(start).value_or(HubTestClient::NO_ACK).status,
              wire::CommandStatus::OK);
    wait_hub_us(100'000);
    EXPECT_EQ(press_pause().clock_state, wire::ClockState::PAUSED);
    const wire::Heartbeat paused = fresh_heartbeat();
    EXPECT_EQ(paused.clock_state, wire::ClockState::PAUSED);
    EXPECT_EQ(paused.on_move, wire::Team::A);

    // A's paddle while paused: reported as PAUSED, A stays on move, no time runs.
    const size_t from = client_.events().size();
    rig_->schedule({after(5 * MS, HubActionKind::PADDLE_PRESS, 0, 50 * MS)});
    ASSERT_TRUE(wait_events(wire::MessageType::PADDLE, 1, from));
    const auto paddle = *events_of(wire::MessageType::PADDLE, from)[0].as<wire::Paddle>();
    EXPECT_EQ(paddle.paddle, wire::Team::A);
    EXPECT_EQ(paddle.effect, wire::PaddleEffect::PAUSED);
    wait_hub_us(100'000);
    const wire::Heartbeat still = fresh_heartbeat();
    EXPECT_EQ(still.clock_state, wire::ClockState::PAUSED);
    EXPECT_EQ(still.on_move, wire::Team::A);
    EXPECT_EQ(still.remaining_a_us, paused.remaining_a_us);

    // Pressed again: running, A's time counts down from where it stopped.
    EXPECT_EQ(press_pause().clock_state, wire::ClockState::RUNNING);
    const wire::Heartbeat running = fresh_heartbeat();
    EXPECT_EQ(running.clock_state, wire::ClockState::RUNNING);
    EXPECT_LT(running.remaining_a_us, paused.remaining_a_us);
    EXPECT_EQ(running.remaining_b_us, 5ull * 60 * 1'000'000);
}

}  // namespace
}  // namespace venue::test
