// HubBridge and the hub's army clock (docs/protocol.md, "Army clock"): its events as engine
// events, the army commands of a match as hub commands, and the configuration of a hub for a
// match whose time is kept per army (here a game of three armies with a per-army countdown).
#include <gtest/gtest.h>

#include "hub_input.h"
#include "runtime/hub_bridge.h"
#include "venue/venue_state.h"

namespace venue::runtime {
namespace {

using test::input;

// Three armies, seating order, 4 minutes each; player i's End-turn button is 5 + i.
engine::MatchConfig three_armies() {
    engine::MatchConfig c;
    c.id = "z";
    c.game = "betza";
    c.sides.assign(3, engine::TeamConfig{});
    const char* ids[] = {"a", "b", "c"};
    for (int i = 0; i < 3; ++i) c.side(i).players.push_back({ids[i], ids[i], i, {5 + i}, ""});
    c.options.set("order", std::string("seating_clockwise"));
    c.options.set("clock_ms", std::int64_t{4 * 60 * 1000});
    return c;
}

TEST(HubBridgeArmy, AStationsPressThatEndedATurnIsNewsTheRestIsNot) {
    HubBridge b("z");
    wire::ArmyTurn ended{};
    ended.seq = 1;
    ended.time_us = 1'000'000;
    ended.station = 2;
    ended.effect = wire::TurnEffect::ENDED;
    ended.army = 2;
    ended.next_army = 0;
    ended.remaining_us = 61'234'567;
    wire::ArmyTurn ignored = ended;
    ignored.seq = 2;
    ignored.effect = wire::TurnEffect::NOT_ON_MOVE;
    wire::ArmyTurn by_host = ended;  // the host's own ArmyEndTurn, reported back
    by_host.seq = 3;
    by_host.station = std::uint8_t(wire::NO_ARMY);
    wire::ArmyFlag flag{};
    flag.seq = 4;
    flag.time_us = 9'000'000;
    flag.army = 0;
    const auto out = b.translate({input(1, 1'000'000, ended), input(2, 1'000'100, ignored),
                                  input(3, 1'000'200, by_host), input(4, 9'000'000, flag)});
    ASSERT_EQ(out.size(), 2u);
    const auto& turn = std::get<engine::ArmyTurnEnded>(out[0].event.body);
    EXPECT_EQ(turn.match, "z");
    EXPECT_EQ(turn.army, 2);
    EXPECT_EQ(turn.next_army, 0);
    EXPECT_EQ(turn.station, 2);
    EXPECT_EQ(turn.remaining_ms, 61'234);
    EXPECT_EQ(out[0].event.hub_us, 1'000'000);
    EXPECT_EQ(out[0].seq, 1u);
    EXPECT_EQ(std::get<engine::ArmyFlagFell>(out[1].event.body).army, 0);
}

TEST(HubBridgeArmy, TheArmyStatusIsAReadingOnChangesAndAtTheInterval) {
    HubBridge b("z");
    wire::ArmyStatus st{};
    st.hub_time_us = 5'000'000;
    st.state = wire::ClockState::RUNNING;
    st.on_move = 1;
    st.armies = 3;
    st.remaining_0_ms = 200'000;
    st.remaining_1_ms = 199'999;
    st.remaining_2_ms = 240'000;
    auto r = b.army_clock_reading(st, 1'000, 1'000'000'000);
    ASSERT_TRUE(r);
    const auto& reading = std::get<engine::ArmyClockReading>(r->body);
    EXPECT_EQ(reading.remaining_ms, (std::vector<std::int64_t>{200'000, 199'999, 240'000}));
    EXPECT_EQ(reading.running, 1);
    EXPECT_FALSE(b.army_clock_reading(st, 2'000, 1'000'000'000)) << "nothing changed";
    st.state = wire::ClockState::PAUSED;
    r = b.army_clock_reading(st, 3'000, 1'000'000'000);
    ASSERT_TRUE(r);
    EXPECT_FALSE(std::get<engine::ArmyClockReading>(r->body).running) << "paused: none runs";
    EXPECT_TRUE(b.army_clock_reading(st, 1'000'003'000, 1'000'000'000)) << "the interval";
}

TEST(HubBridgeArmy, TheArmyCommandsOfAMatch) {
    using A = engine::DeviceAction;
    auto one = [](engine::DeviceCommand c) {
        std::string why;
        auto cmds = HubBridge::commands_for(c, std::nullopt, &why);
        EXPECT_TRUE(why.empty()) << why;
        EXPECT_EQ(cmds.size(), 1u);
        return cmds.at(0);
    };
    EXPECT_EQ(std::get<wire::ArmyStart>(one({"hub", A::ARMY_START, chess::WHITE, 0, 2})).army, 2);
    EXPECT_EQ(
        std::get<wire::ArmySetOnMove>(one({"hub", A::ARMY_SET_ON_MOVE, chess::WHITE, 0, 1})).army,
        1);
    const auto time =
        std::get<wire::ArmySetTime>(one({"hub", A::ARMY_SET_TIME, chess::WHITE, 90'500, 3}));
    EXPECT_EQ(time.army, 3);
    EXPECT_EQ(time.remaining_us, 90'500'000u);
    const auto order = std::get<wire::ArmySetOrder>(
        one({"hub", A::ARMY_SET_ORDER, chess::WHITE, 0, 0, {2, 0, 3}, {1, 1, 2, 3}}));
    EXPECT_EQ(order.count, 3);
    EXPECT_EQ(order.order, 0x302u) << "nibble i is the i-th army";
    EXPECT_EQ(order.stations, 0x3211u) << "nibble a is army a's station";
}

TEST(HubBridgeArmy, AFreshHubIsPutInArmyModeWithNoClaimButtons) {
    engine::VenueState state;
    state.apply({1, std::nullopt, engine::MatchCreated{three_armies()}});
    const engine::Match& m = *state.match("z");
    ASSERT_TRUE(m.army_clock());
    const auto cmds = HubBridge::configuration(m);
    const wire::ArmyConfigure* configure = nullptr;
    for (const auto& c : cmds) {
        if (const auto* a = std::get_if<wire::ArmyConfigure>(&c)) configure = a;
        EXPECT_FALSE(std::holds_alternative<wire::ConfigureButton>(c)) << "no claims";
        EXPECT_FALSE(std::holds_alternative<wire::ClockSetPeriod>(c)) << "not the two faces";
        EXPECT_FALSE(std::holds_alternative<wire::ArmyStart>(c)) << "the game has not begun";
    }
    ASSERT_NE(configure, nullptr);
    EXPECT_EQ(configure->armies, 3);
    EXPECT_EQ(configure->time_us, 240'000'000u);
    EXPECT_EQ(configure->increment_us, 0u);
    EXPECT_EQ(configure->order, 0x210u);
    EXPECT_EQ(configure->stations, 0x210u);
    EXPECT_EQ(configure->buttons, 0xFFFF'FFFF'FF07'0605u) << "stations 0-2: buttons 5-7";
    // A hub whose army clock runs already (the host restarted, not the hub) keeps it.
    for (const auto& c : HubBridge::configuration(m, false))
        EXPECT_FALSE(std::holds_alternative<wire::ArmyConfigure>(c));
}

TEST(HubBridgeArmy, AHubThatRebootedMidGameRunsTheArmyOnMoveFromTheTimesLastRead) {
    engine::VenueState state;
    state.apply({1, std::nullopt, engine::MatchCreated{three_armies()}});
    engine::GameInput pair;
    pair.match = "z";
    pair.kind = "select_pair";
    pair.side = 0;
    pair.args = {{"board_a", "0"}, {"board_b", "1"}};
    state.apply({2, std::nullopt, pair});
    state.apply({3, 3, engine::ArmyClockReading{"z", {201'000, 240'000, 240'000}, 0}});
    const auto cmds = HubBridge::configuration(*state.match("z"));
    std::vector<std::uint64_t> times;
    const wire::ArmyStart* start = nullptr;
    for (const auto& c : cmds) {
        if (const auto* t = std::get_if<wire::ArmySetTime>(&c)) times.push_back(t->remaining_us);
        if (const auto* s = std::get_if<wire::ArmyStart>(&c)) start = s;
    }
    EXPECT_EQ(times, (std::vector<std::uint64_t>{201'000'000, 240'000'000, 240'000'000}));
    ASSERT_NE(start, nullptr);
    EXPECT_EQ(start->army, 0);
}

}  // namespace
}  // namespace venue::runtime
