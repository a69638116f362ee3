// Betza's chess on the hub's army clock (BETZA-A15 per_army_countdown): what the match tells the
// clock (its plan for a fresh hub, the start, a new order when an army changes hands or leaves,
// another army on move when the game ends a turn) and what it makes of the clock's events (a
// station's End-turn press, a flag), as events in and decisions out.
#include <gtest/gtest.h>

#include "betza_match_script.h"

namespace venue::games::betza {
namespace {

using engine::ArmyFlagFell;
using engine::ArmyTurnEnded;
using engine::Decision;
using engine::DeviceAction;
using engine::DeviceCommand;
using test::betza_config;
using test::BetzaScript;
using test::news;

// Four armies in seating order, five minutes each; player i plays from station i, whose End-turn
// button is hub button 10 + i.
engine::MatchConfig timed(int armies = 4) {
    BetzaRules r;
    r.order = BattingOrder::SEATING_CLOCKWISE;
    r.clock_ms = 5 * 60 * 1000;
    engine::MatchConfig c = betza_config(r, armies);
    for (int i = 0; i < armies; ++i) c.side(i).players[0].buttons = {10 + i};
    return c;
}

// The army clock's commands among the decisions, in order.
std::vector<DeviceCommand> clock_commands(const std::vector<Decision>& d) {
    std::vector<DeviceCommand> out;
    for (const Decision& x : d)
        if (const auto* c = std::get_if<DeviceCommand>(&x.body)) out.push_back(*c);
    return out;
}

std::vector<Decision> press(BetzaScript& s, int army, int next) {
    return s.send(ArmyTurnEnded{"z1", army, next, army, 123'000});
}

TEST(BetzaArmyClock, AnUntimedGameHasNoArmyClock) {
    BetzaScript s(betza_config());
    EXPECT_FALSE(s.match().army_clock());
    // The hub's army events mean nothing to it: refused with the reason.
    const auto d = press(s, 0, 1);
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].rule, "X-1");
}

TEST(BetzaArmyClock, ItsPlanNamesEveryArmyItsStationAndEachStationsButton) {
    BetzaScript s(timed());
    const auto plan = s.match().army_clock();
    ASSERT_TRUE(plan);
    EXPECT_EQ(plan->armies, 4);
    EXPECT_EQ(plan->time_ms, 300'000);
    EXPECT_EQ(plan->increment_ms, 0);
    EXPECT_EQ(plan->order, (std::vector<int>{0, 1, 2, 3}));
    EXPECT_EQ(plan->stations, (std::vector<int>{0, 1, 2, 3}));
    EXPECT_EQ(plan->buttons, (std::vector<int>{10, 11, 12, 13}));
    EXPECT_FALSE(plan->on_move) << "the clock waits for the game's first input";
}

TEST(BetzaArmyClock, TheFirstPairStartsTheClockAndATurnTheGameEndsMovesItOn) {
    BetzaScript s(timed());
    // The first army's first input starts its time, with the order the hub must hold.
    const auto first = s.pair(0, 0, 1);
    const auto started = clock_commands(first);
    ASSERT_EQ(started.size(), 2u);
    EXPECT_EQ(started[0].command, DeviceAction::ARMY_SET_ORDER);
    EXPECT_EQ(started[0].armies, (std::vector<int>{0, 1, 2, 3}));
    EXPECT_EQ(started[0].stations, (std::vector<int>{0, 1, 2, 3}));
    EXPECT_EQ(started[1].command, DeviceAction::ARMY_START);
    EXPECT_EQ(started[1].value, 0);
    EXPECT_EQ(s.match().army_clock()->on_move, 0);

    // Army 0 has pieces on board 0 only, so after its move no pair is left: the game ends its
    // turn (BETZA-A8) and puts army 1 on move on the hub.
    const auto moved = s.move(0, "f2f3");
    ASSERT_NE(news(moved, "turn_ended"), nullptr);
    const auto next = clock_commands(moved);
    ASSERT_EQ(next.size(), 1u);
    EXPECT_EQ(next[0].command, DeviceAction::ARMY_SET_ON_MOVE);
    EXPECT_EQ(next[0].value, 1);
}

TEST(BetzaArmyClock, APressAfterTheGameEndedTheTurnChangesNothing) {
    BetzaScript s(timed());
    s.play(0, 0, 1, "f2f3");  // the game ended army 0's turn and put army 1 on move
    ASSERT_EQ(s.game().army_on_move(), 1);
    // Army 0's player presses End turn out of habit before the hub heard of it; the hub
    // switched to army 1, as the game did: refused (not army 0's turn), nothing to set right.
    const auto late = press(s, 0, 1);
    ASSERT_FALSE(late.empty());
    EXPECT_TRUE(std::holds_alternative<engine::EventIgnored>(late[0].body));
    EXPECT_TRUE(clock_commands(late).empty()) << "the hub runs army 1 already";
    EXPECT_EQ(s.game().army_on_move(), 1);
}

TEST(BetzaArmyClock, APressBeforeTheFirstMoveIsRefusedAndTheArmyPutBackOnMove) {
    BetzaScript s(timed());
    s.play(0, 0, 1, "f2f3");
    ASSERT_EQ(s.game().army_on_move(), 1);
    // Army 1's station presses End turn at once; the hub has moved on to army 2.
    const auto d = press(s, 1, 2);
    ASSERT_GE(d.size(), 2u);
    EXPECT_TRUE(std::holds_alternative<engine::EventIgnored>(d[0].body));
    EXPECT_EQ(d[0].rule, "BETZA-A8");
    EXPECT_NE(d[0].reason.find("station 1's End-turn for army 1"), std::string::npos)
        << d[0].reason;
    const auto back = clock_commands(d);
    ASSERT_EQ(back.size(), 1u);
    EXPECT_EQ(back[0].command, DeviceAction::ARMY_SET_ON_MOVE);
    EXPECT_EQ(back[0].value, 1);
    EXPECT_EQ(s.game().army_on_move(), 1);
}

TEST(BetzaArmyClock, APressAfterAMoveEndsTheTurnAsEndTurnDoes) {
    BetzaScript s(timed());
    // The opening of match_test's whole game, to a turn that stays open after its first move.
    s.to_fools_mate();
    ASSERT_EQ(s.game().controller_of(0), 1);
    s.play(2, 2, 3, "f2f3");
    s.play(3, 2, 3, "g7g5");
    s.play(0, 0, 1, "h2h3");
    // Army 1 mates army 3 on 0+3 and may move again on 2+1: its turn stays open.
    s.play(1, 0, 3, "h4h5");
    ASSERT_EQ(s.game().army_on_move(), 1);
    ASSERT_EQ(s.game().moves_this_turn(), 1);
    // Bob's station (1) presses End turn; the hub runs army 2's time.
    const auto d = press(s, 1, 2);
    ASSERT_NE(news(d, "turn_ended"), nullptr);
    EXPECT_EQ(s.game().army_on_move(), 2);
    EXPECT_TRUE(clock_commands(d).empty()) << "the hub is right already";
}

TEST(BetzaArmyClock, AnArmyThatChangesHandsIsPlayedFromItsNewStation) {
    BetzaScript s(timed());
    const auto mate = s.to_fools_mate();  // army 0 to Bob; Alice is out
    ASSERT_NE(news(mate, "army_captured"), nullptr);
    const auto commands = clock_commands(mate);
    ASSERT_FALSE(commands.empty());
    EXPECT_EQ(commands[0].command, DeviceAction::ARMY_SET_ORDER);
    EXPECT_EQ(commands[0].armies, (std::vector<int>{0, 1, 2, 3}));
    EXPECT_EQ(commands[0].stations, (std::vector<int>{1, 1, 2, 3})) << "army 0 is Bob's now";
}

TEST(BetzaArmyClock, AFlagTakesTheArmyOutAndTheClockGoesOnWithTheNext) {
    BetzaScript s(timed());
    s.play(0, 0, 1, "f2f3");
    ASSERT_EQ(s.game().army_on_move(), 1);
    const auto d = s.send(ArmyFlagFell{"z1", 1});
    const engine::GameNews* out = news(d, "army_retired");
    ASSERT_NE(out, nullptr);
    EXPECT_EQ(out->facts.at("army"), "1");
    ASSERT_NE(news(d, "player_eliminated"), nullptr);  // Bob had army 1 only
    EXPECT_EQ(s.game().army_on_move(), 2);
    const auto commands = clock_commands(d);
    ASSERT_EQ(commands.size(), 3u);
    EXPECT_EQ(commands[0].command, DeviceAction::ARMY_SET_ORDER);
    EXPECT_EQ(commands[0].armies, (std::vector<int>{0, 2, 3}));
    EXPECT_EQ(commands[1].command, DeviceAction::ARMY_SET_ON_MOVE);
    EXPECT_EQ(commands[1].value, 2);
    EXPECT_EQ(commands[2].command, DeviceAction::CLOCK_RESUME);
    for (const Decision& x : d) {
        const auto* n = std::get_if<engine::GameNews>(&x.body);
        if (n && n->kind == "army_retired") {
            EXPECT_EQ(x.rule, "BETZA-A15");
        }
    }
    // A flag of an army not on move is the hub out of step: refused, and the game's army
    // put back on move.
    const auto wrong = s.send(ArmyFlagFell{"z1", 3});
    ASSERT_FALSE(wrong.empty());
    EXPECT_TRUE(std::holds_alternative<engine::EventIgnored>(wrong[0].body));
    const auto fix = clock_commands(wrong);
    ASSERT_EQ(fix.size(), 2u);
    EXPECT_EQ(fix[0].command, DeviceAction::ARMY_SET_ON_MOVE);
    EXPECT_EQ(fix[0].value, 2);
}

TEST(BetzaArmyClock, WithTwoArmiesAFlagLosesTheGame) {
    BetzaScript s(timed(2));
    s.play(0, 0, 1, "e2e4");
    ASSERT_EQ(s.game().army_on_move(), 1);
    const auto d = s.send(ArmyFlagFell{"z1", 1});
    const Decision* end = test::decision<engine::GameEnded>(d);
    ASSERT_NE(end, nullptr);
    EXPECT_EQ(std::get<engine::GameEnded>(end->body).result, "1-0");
    EXPECT_EQ(s.match().phase(), engine::MatchPhase::FINISHED);
    for (const DeviceCommand& c : clock_commands(d))
        EXPECT_NE(c.command, DeviceAction::CLOCK_RESUME);
}

TEST(BetzaArmyClock, TheClocksReadingIsAFactAndReplayAndSnapshotsKeepEverything) {
    BetzaScript s(timed());
    s.play(0, 0, 1, "f2f3");
    press(s, 1, 2);  // refused: no move yet
    s.send(engine::ArmyClockReading{"z1", {291'000, 299'500, 300'000, 300'000}, 1});
    s.send(ArmyFlagFell{"z1", 1});
    bool shown = false;
    for (const auto& [name, value] : s.match().facts())
        if (name == "Clocks") {
            shown = true;
            EXPECT_EQ(value, "army 0 4:51; army 2 5:00; army 3 5:00") << "army 1 is out";
        }
    EXPECT_TRUE(shown);
    s.expect_replay_and_snapshot_agree();
    EXPECT_NE(s.state.canonical().find("army clock 291000 299500 300000 300000"),
              std::string::npos);
}

// The arbiter gives one army time (or takes some away): the hub is told that army's new time,
// from its last reading; never below a second, never for an army out of the game.
TEST(BETZA_A15, TheArbiterAddsTimeToOneArmy) {
    BetzaScript s(timed());
    s.send(engine::ArmyClockReading{"z1", {291'000, 299'500, 300'000, 300'000}, 0});
    auto add = [&](const std::string& army, const std::string& ms, const std::string& arbiter) {
        engine::GameInput in;
        in.match = "z1";
        in.kind = "add_time";
        in.args = {{"army", army}, {"ms", ms}};
        in.arbiter = arbiter;
        in.note = "a fire alarm";
        return s.send(in);
    };
    const auto d = add("1", "60000", "arb");
    const auto commands = clock_commands(d);
    ASSERT_EQ(commands.size(), 1u);
    EXPECT_EQ(commands[0].command, DeviceAction::ARMY_SET_TIME);
    EXPECT_EQ(commands[0].value, 1);
    EXPECT_EQ(commands[0].amount_ms, 359'500);
    EXPECT_EQ(d[0].rule, "BETZA-A15");
    const auto less = clock_commands(add("0", "-400000", "arb"));
    ASSERT_EQ(less.size(), 1u);
    EXPECT_EQ(less[0].amount_ms, 1000) << "taking time never makes a flag fall";
    EXPECT_EQ(add("0", "60000", "")[0].rule, "X-3") << "only an arbiter";
    EXPECT_EQ(add("7", "60000", "arb")[0].rule, "BETZA-A15") << "no army 7";
    EXPECT_TRUE(clock_commands(add("2", "soon", "arb")).empty());
    BetzaScript untimed(betza_config());
    engine::GameInput in;
    in.match = "z1";
    in.kind = "add_time";
    in.args = {{"army", "0"}, {"ms", "1000"}};
    in.arbiter = "arb";
    EXPECT_EQ(untimed.send(in)[0].rule, "BETZA-A15");
}

}  // namespace
}  // namespace venue::games::betza
