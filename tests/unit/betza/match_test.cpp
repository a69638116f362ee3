// Betza's chess as a match of the registry (BetzaMatch): a whole game of four armies as events in
// and decisions out, its replay and its snapshots, the seed of the batting order, and the
// arbiter's inputs (BETZA-0.4, 3.1, 4, 6, 7, 8, 9, A2, A16, A17).
#include <gtest/gtest.h>

#include "betza_match_script.h"
#include "games/betza/rules/batting_order.h"
#include "venue/game_rules.h"
#include "venue/snapshot.h"

namespace venue::games::betza {
namespace {

using engine::ArbiterActionKind;
using engine::Decision;
using engine::GameNews;
using test::betza_config;
using test::BetzaScript;
using test::news;
using test::refused;

BetzaRules seating_order() {
    BetzaRules r;
    r.order = BattingOrder::SEATING_CLOCKWISE;  // army 0, 1, 2, 3: layouts White, Black, ...
    return r;
}

// The whole game, army by army in the batting order 0, 1, 2, 3, every move in the joined
// coordinates of the pair as pushed (the first board keeps its squares, the second is turned):
//   turns 1-6   Fool's mate on 0+1: army 0 f3 and g4, army 1 e5 and Qh4# (armies 2 and 3 play d4,
//               f6 on 2+3 between): army 0 passes to Bob, Alice is out;
//   turns 7-10  army 2 f3, army 3 g5, army 0 (Bob's) h3; army 1 Qh5# on 0+3 takes army 3 (Dave
//               is out), cannot reuse board 3, and gives a second move, Bb4+ on 2+1;
//   turn 11     army 2 is in check on any pair with board 2: a move that does not meet it is
//               refused (BETZA-8), Bd2 meets it;
//   turns 12-17 quiet moves, army 1 ends a turn by hand, army 2 g4;
//   turn 18     army 1 Qh4# on 2+3 takes army 2: Carol is out and Bob, the last player with an
//               army, wins.
struct WholeGame : BetzaScript {
    WholeGame() : BetzaScript(betza_config(seating_order())) {}

    std::vector<Decision> quiet_turns_1_to_5() {
        play(0, 0, 1, "f2f3");
        play(1, 0, 1, "e7e5");
        play(2, 2, 3, "d2d4");
        play(3, 2, 3, "f7f6");
        return play(0, 0, 1, "g2g4");
    }
    std::vector<Decision> fools_mate() {
        quiet_turns_1_to_5();
        return play(1, 0, 1, "d8h4");
    }
    void to_turn_10() {
        fools_mate();
        play(2, 2, 3, "f2f3");
        play(3, 2, 3, "g7g5");
        play(0, 0, 1, "h2h3");
    }
    void to_turn_18() {
        to_turn_10();
        play(1, 0, 3, "h4h5");
        play(1, 2, 1, "f8b4");
        pair(2, 2, 3);
        move(2, "c1d2");
        play(3, 1, 3, "a7a6");
        play(0, 0, 1, "a2a3");
        play(1, 0, 1, "h7h6");
        input(1, "end_turn");
        play(2, 2, 3, "g2g4");
        play(3, 1, 3, "b7b6");
        play(0, 0, 1, "a3a4");
    }
    void whole() {
        to_turn_18();
        play(1, 2, 3, "h5h4");
    }
};

TEST(BETZA_0_4, AWholeGameOfFourArmiesIsEventsInAndDecisionsOut) {
    WholeGame s;
    EXPECT_FALSE(s.match().wants_seed());  // seating order: nothing is drawn
    EXPECT_EQ(s.game().batting_order(), (std::vector<int>{0, 1, 2, 3}));

    // A pair pushed, a move on it; with all its pieces at home the army's turn ends by itself.
    const auto declared = s.pair(0, 0, 1);
    const GameNews* pushed = news(declared, "pair_declared");
    ASSERT_NE(pushed, nullptr);
    EXPECT_EQ(pushed->facts.at("pair"), "0+1");
    EXPECT_EQ(declared[0].rule, "BETZA-4");
    EXPECT_EQ(s.match().phase(), engine::MatchPhase::PLAYING);
    const auto moved = s.move(0, "f2f3");
    ASSERT_NE(news(moved, "moved"), nullptr);
    EXPECT_EQ(news(moved, "moved")->facts.at("uci"), "f2f3");
    ASSERT_NE(news(moved, "turn_ended"), nullptr);
    EXPECT_EQ(s.match().side_on_move(), 1);
    // An input for an army not on move is refused with the clause and the core's code.
    const auto early = s.pair(2, 2, 3);
    ASSERT_TRUE(refused(early, "BETZA-3"));
    EXPECT_NE(early[0].reason.find("NOT_ARMY_TURN"), std::string::npos) << early[0].reason;

    s.play(1, 0, 1, "e7e5");
    s.play(2, 2, 3, "d2d4");
    s.play(3, 2, 3, "f7f6");
    s.play(0, 0, 1, "g2g4");
    // Turn 6: Fool's mate on the pair 0+1. Army 0 passes to Bob with its pieces; Alice is out.
    const auto mate = s.play(1, 0, 1, "d8h4");
    const GameNews* captured = news(mate, "army_captured");
    ASSERT_NE(captured, nullptr);
    EXPECT_EQ(captured->facts.at("army"), "0");
    EXPECT_EQ(captured->facts.at("from"), "a");
    EXPECT_EQ(captured->facts.at("to"), "b");
    const GameNews* out = news(mate, "player_eliminated");
    ASSERT_NE(out, nullptr);
    EXPECT_EQ(out->facts.at("from"), "a");
    EXPECT_EQ(s.game().controller_of(0), 1);
    EXPECT_TRUE(s.match().player_status(0, 0).out);
    EXPECT_FALSE(s.match().player_status(1, 0).out);

    s.play(2, 2, 3, "f2f3");
    s.play(3, 2, 3, "g7g5");
    // Turn 9: army 0 is Bob's now; Alice cannot move it.
    EXPECT_TRUE(
        refused(s.input(0, "select_pair", {{"board_a", "0"}, {"board_b", "1"}}, "a"), "BETZA-3.1"));
    ASSERT_NE(
        news(s.input(0, "select_pair", {{"board_a", "0"}, {"board_b", "1"}}, "b"), "pair_declared"),
        nullptr);
    s.move(0, "h2h3");

    // Turn 10: Qh5# on 0+3 takes army 3 (Dave is out); army 1 has pieces on boards 1 and 3 now,
    // so its turn goes on, but board 3 is used: a second move needs two fresh boards.
    const auto second_mate = s.play(1, 0, 3, "h4h5");
    ASSERT_NE(news(second_mate, "army_captured"), nullptr);
    EXPECT_EQ(news(second_mate, "army_captured")->facts.at("army"), "3");
    EXPECT_EQ(news(second_mate, "player_eliminated")->facts.at("from"), "d");
    EXPECT_EQ(news(second_mate, "turn_ended"), nullptr);
    const auto reused = s.pair(1, 1, 3);
    ASSERT_TRUE(refused(reused, "BETZA-6"));
    EXPECT_NE(reused[0].reason.find("BOARD_USED"), std::string::npos) << reused[0].reason;
    // The turn's second move: Bb4+ on 2+1 checks army 2's king without mating it.
    const auto check = s.play(1, 2, 1, "f8b4");
    EXPECT_EQ(news(check, "army_captured"), nullptr);
    ASSERT_NE(news(check, "turn_ended"), nullptr);  // boards 0-3 all used
    EXPECT_EQ(s.match().side_on_move(), 2);

    // Turn 11: army 2's king is in check on the pair it pushes; a move must meet it there.
    ASSERT_NE(news(s.pair(2, 2, 3), "pair_declared"), nullptr);
    const auto ignored = s.move(2, "a2a3");
    ASSERT_TRUE(refused(ignored, "BETZA-8"));
    EXPECT_NE(ignored[0].reason.find("ILLEGAL_MOVE"), std::string::npos);
    ASSERT_NE(news(s.move(2, "c1d2"), "moved"), nullptr);

    s.play(3, 1, 3, "a7a6");
    s.play(0, 0, 1, "a2a3");
    // Turn 14: army 1 could move again on 2+3; it ends its turn instead.
    const auto quiet = s.play(1, 0, 1, "h7h6");
    EXPECT_EQ(news(quiet, "turn_ended"), nullptr);
    const auto ended = s.input(1, "end_turn");
    ASSERT_NE(news(ended, "turn_ended"), nullptr);
    EXPECT_EQ(ended[0].rule, "BETZA-6");
    s.play(2, 2, 3, "g2g4");
    s.play(3, 1, 3, "b7b6");
    s.play(0, 0, 1, "a3a4");

    // Turn 18: Qh4# on 2+3 takes army 2; Carol is out and Bob wins.
    const auto last = s.play(1, 2, 3, "h5h4");
    ASSERT_NE(news(last, "army_captured"), nullptr);
    EXPECT_EQ(news(last, "army_captured")->facts.at("army"), "2");
    const GameNews* over = news(last, "game_ended");
    ASSERT_NE(over, nullptr);
    EXPECT_EQ(over->facts.at("winner"), "b");
    EXPECT_EQ(over->facts.at("places"), "b, c, d, a");  // then in reverse order of going out
    const Decision* end = test::decision<engine::GameEnded>(last);
    ASSERT_NE(end, nullptr);
    EXPECT_EQ(end->rule, "BETZA-9");
    EXPECT_EQ(std::get<engine::GameEnded>(end->body).result, "0-1-0-0");
    EXPECT_EQ(s.match().phase(), engine::MatchPhase::FINISHED);
    EXPECT_EQ(s.match().standing().half_points, (std::vector<int>{0, 2, 0, 0}));
    EXPECT_EQ(s.game().position().armies_of(1), (std::vector<int>{0, 1, 2, 3}));
    // Nothing moves after the end.
    EXPECT_TRUE(refused(s.pair(3, 0, 3), "FIDE-5"));
}

TEST(BETZA_0_4, ReplayingTheEventsGivesTheSameDecisionsAndStateHash) {
    WholeGame s;
    s.whole();
    engine::VenueState again;
    for (const engine::EventBody& e : s.events) again.apply({0, std::nullopt, e});
    EXPECT_EQ(again.state_hash(), s.state.state_hash());
    EXPECT_EQ(again.canonical(), s.state.canonical());
    // The hash follows the game: one move fewer is another state.
    engine::VenueState shorter;
    for (std::size_t i = 0; i + 1 < s.events.size(); ++i)
        shorter.apply({0, std::nullopt, s.events[i]});
    EXPECT_NE(shorter.state_hash(), s.state.state_hash());
}

TEST(BETZA_0_4, ASnapshotAtAnyStepThenTheRestEqualsTheStraightFold) {
    WholeGame s;
    s.whole();
    for (std::size_t k = 1; k <= s.events.size(); ++k) {
        engine::VenueState head;
        for (std::size_t i = 0; i < k; ++i) head.apply({0, std::nullopt, s.events[i]});
        auto restored = engine::restore_state(engine::snapshot_state(head));
        ASSERT_TRUE(restored) << restored.error();
        EXPECT_EQ(restored->canonical(), head.canonical()) << "after event " << k;
        std::vector<std::vector<Decision>> tail_restored, tail_straight;
        for (std::size_t i = k; i < s.events.size(); ++i) {
            tail_restored.push_back(restored->apply({0, std::nullopt, s.events[i]}));
            tail_straight.push_back(head.apply({0, std::nullopt, s.events[i]}));
        }
        EXPECT_EQ(restored->state_hash(), s.state.state_hash()) << "restored after event " << k;
        ASSERT_EQ(tail_restored.size(), tail_straight.size());
        for (std::size_t i = 0; i < tail_restored.size(); ++i) {
            ASSERT_EQ(tail_restored[i].size(), tail_straight[i].size());
            for (std::size_t j = 0; j < tail_restored[i].size(); ++j) {
                EXPECT_EQ(tail_restored[i][j].rule, tail_straight[i][j].rule);
                EXPECT_EQ(tail_restored[i][j].reason, tail_straight[i][j].reason);
            }
        }
    }
}

TEST(BETZA_A2, TheBattingOrderIsDrawnFromTheSeedTheLogCarries) {
    BetzaScript s;  // order = random, the default
    EXPECT_TRUE(s.match().wants_seed());
    EXPECT_EQ(s.match().game(), nullptr);
    EXPECT_TRUE(refused(s.pair(0, 0, 1), "BETZA-A2"));  // no order yet: nobody is on move
    EXPECT_TRUE(refused(s.input(0, "seed", {{"value", "seven"}}), "BETZA-A2"));

    const auto drawn = s.input(0, "seed", {{"value", "20260"}});
    const GameNews* order = news(drawn, "batting_order");
    ASSERT_NE(order, nullptr);
    EXPECT_EQ(drawn[0].rule, "BETZA-A2");
    EXPECT_EQ(order->facts.at("seed"), "20260");
    const std::vector<int> expected = draw_batting_order(BetzaRules{}, 4, 20260);
    EXPECT_EQ(s.game().batting_order(), expected);
    EXPECT_FALSE(s.match().wants_seed());
    EXPECT_EQ(s.match().phase(), engine::MatchPhase::WAITING);  // the host's seed starts nothing
    // Drawn once: a second seed changes nothing.
    EXPECT_TRUE(refused(s.input(0, "seed", {{"value", "1"}}), "BETZA-A2"));
    EXPECT_EQ(s.game().batting_order(), expected);
    // The first army of the order moves first; its layout is White's (BETZA-A3).
    const int first = expected.front();
    EXPECT_EQ(s.match().side_on_move(), first);
    EXPECT_EQ(s.match().to_move(), chess::WHITE);
    ASSERT_NE(news(s.pair(first, first, (first + 1) % 4), "pair_declared"), nullptr);

    // A replay draws the same order; a snapshot keeps the seed.
    EXPECT_EQ(s.replayed().state_hash(), s.state.state_hash());
    s.expect_replay_and_snapshot_agree();
}

TEST(BETZA_A16, TheArbiterHandsAnArmyOverOnlyInAFriendlyGame) {
    WholeGame tournament;
    const auto no = tournament.input(0, "reassign", {{"army", "2"}, {"player", "a"}});
    ASSERT_TRUE(refused(no, "BETZA-A16"));
    EXPECT_NE(no[0].reason.find("REASSIGN_OFF"), std::string::npos);

    BetzaRules friendly = seating_order();
    friendly.friendly_reassign = true;
    BetzaScript s(betza_config(friendly));
    const auto handed = s.input(0, "reassign", {{"army", "2"}, {"player", "a"}});
    const GameNews* n = news(handed, "control_reassigned");
    ASSERT_NE(n, nullptr);
    EXPECT_EQ(handed[0].rule, "BETZA-9.1");
    EXPECT_EQ(n->facts.at("from"), "c");
    EXPECT_EQ(n->facts.at("to"), "a");
    // Carol holds no army now: she is out.
    ASSERT_NE(news(handed, "player_eliminated"), nullptr);
    EXPECT_TRUE(s.match().player_status(2, 0).out);
    EXPECT_TRUE(refused(s.input(0, "reassign", {{"army", "9"}, {"player", "a"}}), "BETZA-9.1"));
    EXPECT_TRUE(refused(s.input(0, "reassign", {{"army", "1"}}), "BETZA-9.1"));
}

TEST(BETZA_A17, ThePlayersStillInMayShareADraw) {
    WholeGame s;
    s.fools_mate();  // Alice is out
    const auto drawn = s.input(0, "agree_draw");
    const Decision* end = test::decision<engine::GameEnded>(drawn);
    ASSERT_NE(end, nullptr);
    EXPECT_EQ(end->rule, "BETZA-A17");
    // Each player sharing first place has a half point; the one out before has none.
    EXPECT_EQ(std::get<engine::GameEnded>(end->body).result, "0-1/2-1/2-1/2");
    EXPECT_EQ(std::get<engine::GameEnded>(end->body).termination, "agreed draw");
}

TEST(BETZA_A14, AnAllianceIsRecordedOnlyWhenTheOptionSaysSo) {
    WholeGame off;
    EXPECT_TRUE(
        refused(off.input(0, "alliance", {{"player_a", "a"}, {"player_b", "c"}}), "BETZA-A14"));
    BetzaRules r = seating_order();
    r.record_alliances = true;
    BetzaScript on(betza_config(r));
    const auto recorded = on.input(0, "alliance", {{"player_a", "a"}, {"player_b", "c"}});
    ASSERT_NE(news(recorded, "alliance_recorded"), nullptr);
    EXPECT_EQ(on.game().alliances().size(), 1u);
}

TEST(BetzaMatch, TheArbitersPauseHoldsTheGameAndHisResultEndsIt) {
    WholeGame s;
    s.quiet_turns_1_to_5();
    ASSERT_NE(test::decision<engine::DeviceCommand>(s.arbiter(ArbiterActionKind::PAUSE)), nullptr);
    EXPECT_TRUE(refused(s.pair(1, 0, 1), "X-3"));
    s.arbiter(ArbiterActionKind::RESUME);
    ASSERT_NE(news(s.pair(1, 0, 1), "pair_declared"), nullptr);
    // A flag ends nothing: no clock of Betza's is kept yet (BETZA-A15).
    EXPECT_TRUE(refused(s.send(engine::FlagFell{"z1", chess::WHITE}), "BETZA-A15"));
    // A result of two sides is no result of four.
    EXPECT_TRUE(refused(s.arbiter(ArbiterActionKind::DECLARE_RESULT, "1-0"), "X-3"));
    const auto declared = s.arbiter(ArbiterActionKind::DECLARE_RESULT, "0-0-1-0");
    const Decision* end = test::decision<engine::GameEnded>(declared);
    ASSERT_NE(end, nullptr);
    EXPECT_EQ(std::get<engine::GameEnded>(end->body).result, "0-0-1-0");
    EXPECT_TRUE(refused(s.move(1, "d8h4"), "FIDE-5"));
}

TEST(BetzaMatch, MalformedInputsAreRefusedWithTheirClause) {
    WholeGame s;
    EXPECT_TRUE(refused(s.input(0, "select_pair", {{"board_a", "0"}}), "BETZA-4"));
    EXPECT_TRUE(
        refused(s.input(0, "select_pair", {{"board_a", "0"}, {"board_b", "0"}}), "BETZA-4.2"));
    EXPECT_TRUE(refused(s.pair(0, 0, 7), "BETZA-0.1"));
    EXPECT_TRUE(refused(s.move(0, "f2f3"), "BETZA-4.2"));  // no pair pushed
    s.pair(0, 0, 1);
    EXPECT_TRUE(refused(s.move(0, "f2"), "BETZA-4.3"));
    EXPECT_TRUE(refused(s.move(0, "e2e5"), "BETZA-1"));
    EXPECT_TRUE(refused(s.input(0, "end_turn"), "BETZA-A8"));  // no move yet
    EXPECT_TRUE(refused(s.input(0, "teleport"), "X-1"));
    EXPECT_TRUE(refused(s.input(0, "move", {{"uci", "f2f3"}}, "zz"), "BETZA-0.1"));
}

// The record reads without the joining map: each move names its man, its squares on the
// half-boards as their owners see them, and the man it took (BETZA-4.3's map turns the second
// board of a pair: joined d5 is e4 on board 1).
TEST(BetzaMatch, EachMoveIsRecordedOnTheHalfBoardsWithTheManItTook) {
    WholeGame s;
    s.play(0, 0, 1, "e2e4");
    s.play(1, 0, 1, "d7d5");
    s.play(2, 2, 3, "d2d4");
    s.play(3, 2, 3, "f7f6");
    const auto took = s.play(0, 0, 1, "e4d5");
    const GameNews* moved = news(took, "moved");
    ASSERT_NE(moved, nullptr);
    EXPECT_EQ(moved->facts.at("uci"), "e4d5");
    EXPECT_EQ(moved->facts.at("piece"), "pawn");
    EXPECT_EQ(moved->facts.at("from_board"), "0");
    EXPECT_EQ(moved->facts.at("from"), "e4");
    EXPECT_EQ(moved->facts.at("to_board"), "1");
    EXPECT_EQ(moved->facts.at("to"), "e4");
    EXPECT_EQ(moved->facts.at("captured"), "pawn");
    EXPECT_EQ(moved->facts.at("captured_army"), "1");

    const auto queen = s.play(1, 0, 1, "d8d5");  // Bob's queen takes back from his back rank
    const GameNews* back = news(queen, "moved");
    ASSERT_NE(back, nullptr);
    EXPECT_EQ(back->facts.at("piece"), "queen");
    EXPECT_EQ(back->facts.at("from_board"), "1");
    EXPECT_EQ(back->facts.at("from"), "e1");
    EXPECT_EQ(back->facts.at("to"), "e4");
    EXPECT_EQ(back->facts.at("captured_army"), "0");
    EXPECT_EQ(news(s.play(2, 2, 3, "c2c3"), "moved")->facts.count("captured"), 0u);
}

TEST(BetzaMatch, TheFactsSayTheOrderTheTurnAndWhoHoldsWhichArmy) {
    WholeGame s;
    s.fools_mate();
    s.pair(2, 2, 3);
    std::map<std::string, std::string> facts;
    for (const auto& [k, v] : s.match().facts()) facts[k] = v;
    EXPECT_EQ(facts["Batting order"], "army 0, 1, 2, 3");
    EXPECT_EQ(facts["Turn"], "turn 7: army 2 (Carol) on move; pushed: 2+3");
    EXPECT_EQ(facts["Armies"], "Bob: 0, 1; Carol: 2; Dave: 3");
    EXPECT_EQ(facts["Out"], "Alice");
}

}  // namespace
}  // namespace venue::games::betza
