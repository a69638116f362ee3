// A match of Chess Eleven as a list of events in and decisions out (catalogue C11-*): the
// formation phase, the kick-off, possession turns, passes, shots drawn from the logged seed,
// goals and restarts, the halves and the result.
#include <gtest/gtest.h>

#include "../../support/decision_search.h"
#include "eleven_script.h"
#include "games/eleven/rules/eleven_match.h"
#include "games/eleven/rules/shot.h"

namespace venue::games::eleven {
namespace {

using namespace chess;
using engine::Decision;
using engine::testing::find;

using testing::news;
using testing::OPEN_E_FILE;

struct Script : testing::ElevenScript {
    explicit Script(int goals_to_win = 0, ElevenRules rules = {})
        : ElevenScript(testing::eleven_config(), rules, goals_to_win) {}

    // Both sides declare a queen as substitute, set `placement` and press Ready.
    void formations(const std::string& placement = OPEN_E_FILE) {
        input(WHITE, "substitute", {{"piece", "q"}});
        input(BLACK, "substitute", {{"piece", "q"}});
        board(placement);
        input(WHITE, "ready");
        input(BLACK, "ready");
    }
};

// The seed whose first draw, for a shot with these chances, is `want`.
std::uint64_t seed_for(ShotOutcome want, const ShotChances& chances) {
    for (std::uint64_t seed = 1;; ++seed)
        if (draw_outcome(chances, {}, seed, 0) == want) return seed;
}

ShotChances chances_at_e8() {
    auto field = placement_of("rnbk1bnr/pppp4/8/8/4R3/8/2PPPP2/RNBK1BN1");
    return shot_chances(*field, WHITE, SQ_E8, {});
}

TEST(C11_FORM_1, TheFormationIsCheckedLiveAsThePiecesAreSet) {
    Script s;
    auto d = s.board("8/8/8/8/8/8/8/3K4");
    const auto* white = news(d, "formation");
    ASSERT_NE(white, nullptr);
    EXPECT_EQ(d.front().rule, "C11-FORM-3");
    EXPECT_NE(white->facts.at("problems").find("White has 1 pieces on the field"),
              std::string::npos);
    // The same board again says nothing new.
    EXPECT_EQ(news(s.board("8/8/8/8/8/8/8/3K4"), "formation"), nullptr);
    s.input(WHITE, "substitute", {{"piece", "q"}});
    d = s.board("8/8/8/8/8/4R3/2PPPP2/RNBK1BN1");
    ASSERT_NE(news(d, "formation"), nullptr);
    EXPECT_EQ(news(d, "formation")->facts.at("problems"), "");
    EXPECT_EQ(d.front().reason, "White's formation may be played");
}

TEST(C11_FORM_8, ReadyIsRefusedWhileTheFormationIsWrongAndAChangeAfterItIsFlagged) {
    Script s;
    s.input(WHITE, "substitute", {{"piece", "q"}});
    s.board("8/8/8/8/8/4R3/2PPPP2/RNBK1B2");  // ten pieces
    auto d = s.input(WHITE, "ready");
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(d.back().rule, "C11-FORM-3");
    EXPECT_FALSE(s.match.ready(WHITE));
    s.board("8/8/8/8/8/4R3/2PPPP2/RNBK1BN1");
    s.input(WHITE, "ready");
    EXPECT_TRUE(s.match.ready(WHITE));
    d = s.board("8/8/8/8/8/4R3/2PPPP2/RNBK1B1N");  // the knight moved after Ready
    ASSERT_NE(news(d, "formation_changed"), nullptr);
    EXPECT_EQ(d.front().rule, "C11-FORM-8");
    d = s.board("8/8/8/8/8/4R3/2PPPP2/RNBK1BN1");
    EXPECT_NE(news(d, "formation_restored"), nullptr);
}

TEST(C11_A4, WhenTheTimeRunsOutAValidFormationIsPlayedAndAnInvalidOneIsTheDefault) {
    Script s;
    s.input(WHITE, "substitute", {{"piece", "q"}});
    s.board("rnbk1bnr/pppp4/8/8/8/4R3/2PPPP2/RNBK1BN1");
    s.input(WHITE, "ready");
    s.board("rnbk1bn1/pppp4/8/8/8/4R3/2PPPP2/RNBK1BN1");  // Black: ten pieces, no substitute
    auto d = s.input(WHITE, "formation_time_up");
    const auto* fallback = news(d, "formation_default");
    ASSERT_NE(fallback, nullptr);
    EXPECT_EQ(fallback->facts.at("side"), "Black");
    EXPECT_EQ(fallback->facts.at("set"), "rnbk1bnr/2pppp2/8/8/8/8/8/8");
    EXPECT_EQ(s.match.stage(), Stage::PLAY);
    EXPECT_EQ(s.match.field().piece_on(SQ_E7), B_PAWN);  // the default's pawns
}

TEST(C11_START_2, TheKickOffMoveMustEndInTheCentreCircleAndWinsTheBall) {
    Script s;
    s.formations();
    ASSERT_EQ(s.match.stage(), Stage::PLAY);
    EXPECT_EQ(s.match.to_move(), WHITE);  // C11-START-1
    auto d = s.move("a1a2");              // legal, not to the centre
    ASSERT_NE(find<engine::MoveRefused>(d), nullptr);
    EXPECT_EQ(d.front().rule, "C11-START-2");
    d = s.move("e3e4");
    ASSERT_NE(find<engine::MoveAccepted>(d), nullptr);
    ASSERT_NE(news(d, "ball_won"), nullptr);
    EXPECT_EQ(s.match.ball().where, Ball::Where::CARRIER);
    EXPECT_EQ(s.match.ball().square, SQ_E4);
    EXPECT_EQ(s.match.possession(), WHITE);
    EXPECT_EQ(s.match.to_move(), WHITE);  // the side with the ball goes on
}

TEST(C11_TURN_1, TheSideWithoutTheBallHasOneMoveAndNoPassOrShot) {
    Script s;
    s.formations();
    s.move("e3e4");
    s.input(WHITE, "end_turn");
    EXPECT_EQ(s.match.to_move(), BLACK);
    auto d = s.input(BLACK, "pass", {{"from", "d7"}, {"to", "c7"}});
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_NE(d.back().reason.find("does not have the ball"), std::string::npos);
    d = s.move("g8f6");
    ASSERT_NE(news(d, "turn"), nullptr);  // the turn passes; the shared clock runs on
    EXPECT_EQ(s.match.to_move(), WHITE);
}

TEST(C11_TURN_2, APossessionTurnHasOneMoveOnePassAndOneShotAndStartsWithAMoveOrAPass) {
    Script s;
    s.formations();
    s.move("e3e4");
    auto d = s.move("a1a2");  // a second move
    ASSERT_NE(find<engine::MoveRefused>(d), nullptr);
    EXPECT_EQ(d.front().rule, "C11-TURN-2");
    d = s.input(WHITE, "pass", {{"from", "e4"}, {"to", "e2"}});
    ASSERT_NE(news(d, "ball_passed"), nullptr);
    d = s.input(WHITE, "pass", {{"from", "e2"}, {"to", "d2"}});
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(d.back().rule, "C11-TURN-2");
    s.input(WHITE, "end_turn");
    s.move("g8f6");
    // A new turn: a shot first is refused.
    d = s.input(WHITE, "shot", {{"target", "e8"}});
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(d.back().rule, "C11-TURN-2");
    d = s.input(WHITE, "end_turn");
    EXPECT_EQ(d.back().rule, "C11-TURN-2");
    EXPECT_EQ(s.match.to_move(), WHITE);
}

TEST(C11_TURN_3, TheCarrierTakesTheBallAlongWhenItMoves) {
    Script s;
    s.formations();
    s.move("e3e4");
    s.input(WHITE, "end_turn");
    s.move("a7a6");
    s.move("e4e5");
    EXPECT_EQ(s.match.ball().square, SQ_E5);
}

TEST(C11_PASS_1, APassStartsFromTheCarrier) {
    Script s;
    s.formations();
    s.move("e3e4");
    auto d = s.input(WHITE, "pass", {{"from", "d2"}, {"to", "e2"}});
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(d.back().reason, "the ball is not on d2");
}

TEST(C11_POSS_1, ACaptureBySideWithoutTheBallWinsIt) {
    Script s;
    s.formations();
    s.move("e3e4");
    s.input(WHITE, "pass", {{"from", "e4"}, {"to", "e2"}});
    s.input(WHITE, "end_turn");
    s.move("g8f6");
    s.move("e2e3");  // the carrier pawn dribbles; the rook stays on e4
    s.input(WHITE, "end_turn");
    auto d = s.move("f6e4");  // takes the rook, which does not hold the ball (C11-A8: any capture)
    ASSERT_NE(news(d, "ball_won"), nullptr);
    EXPECT_EQ(d.front().rule, "C11-CHECK-1");  // the move, by the Laws
    EXPECT_EQ(d[1].rule, "C11-POSS-1");
    EXPECT_EQ(s.match.possession(), BLACK);
    EXPECT_EQ(s.match.ball().square, SQ_E4);
    // C11-POSS-2: the rook is on the bench until the next goal.
    ASSERT_EQ(s.match.bench().size(), 1u);
    EXPECT_EQ(s.match.bench().front(), W_ROOK);
    EXPECT_EQ(s.match.to_move(), BLACK);  // the side that won the ball goes on
}

TEST(C11_SHOOT_4, AGoalIsCountedAndTheConcedingSideKicksOffAfterNewFormations) {
    Script s;
    s.input(WHITE, "seed",
            {{"value", std::to_string(seed_for(ShotOutcome::GOAL, chances_at_e8()))}});
    s.formations();
    s.move("e3e4");
    auto d = s.input(WHITE, "shot", {{"target", "e8"}});
    ASSERT_NE(news(d, "shot"), nullptr);
    EXPECT_EQ(news(d, "shot")->facts.at("outcome"), "goal");
    auto* score = find<engine::ScoreChanged>(d);
    ASSERT_NE(score, nullptr);
    EXPECT_EQ(score->white_half_points, 2);  // one goal
    EXPECT_EQ(s.match.goals(WHITE), 1);
    // C11-RESTART-1: new formations, Black (who conceded) kicks off, the bench is empty.
    ASSERT_NE(news(d, "restart"), nullptr);
    EXPECT_EQ(s.match.stage(), Stage::FORMATION);
    s.formations("rnbk1bnr/pppp4/8/8/8/4R3/2PPPP2/RNBK1BN1");
    EXPECT_EQ(s.match.to_move(), BLACK);
}

TEST(C11_SHOOT_5, ASaveGivesTheBallToTheKeeperAndEndsTheTurn) {
    Script s;
    s.input(WHITE, "seed",
            {{"value", std::to_string(seed_for(ShotOutcome::SAVE, chances_at_e8()))}});
    s.formations();
    s.move("e3e4");
    auto d = s.input(WHITE, "shot", {{"target", "e8"}});
    EXPECT_EQ(news(d, "shot")->facts.at("outcome"), "save");
    EXPECT_EQ(s.match.possession(), BLACK);
    EXPECT_EQ(s.match.ball().square, SQ_D8);
    EXPECT_EQ(s.match.to_move(), BLACK);
    EXPECT_EQ(s.match.goals(WHITE), 0);
}

TEST(C11_SHOOT_7, ACornerSendsTheBallToTheCornerAndTheAttackerKeepsIt) {
    Script s;
    s.input(WHITE, "seed",
            {{"value", std::to_string(seed_for(ShotOutcome::CORNER, chances_at_e8()))}});
    s.formations();
    s.move("e3e4");
    auto d = s.input(WHITE, "shot", {{"target", "e8"}});
    EXPECT_EQ(news(d, "shot")->facts.at("outcome"), "corner");
    EXPECT_EQ(s.match.ball().where, Ball::Where::CORNER);
    EXPECT_EQ(s.match.ball().square, SQ_H8);
    EXPECT_EQ(s.match.possession(), WHITE);
    EXPECT_EQ(s.match.to_move(), BLACK);  // the defender's one move, then the attacker's triple
}

TEST(C11_SHOOT_2, ANoDefenderGoalNeedsNoDraw) {
    // A king off its goal is no formation.
    Script s;
    s.formations("rnb2bnr/pppp4/3k4/8/8/4R3/2PPPP2/RNBK1BN1");
    ASSERT_EQ(s.match.stage(), Stage::FORMATION);
    // Black's bishop set on c6 leaves c8 free; its king steps there from goal.
    Script t;
    t.formations("rn1k1bnr/pppp4/2b5/8/8/4R3/2PPPP2/RNBK1BN1");
    t.move("e3e4");
    t.input(WHITE, "end_turn");
    t.move("d8c8");
    ASSERT_EQ(t.match.to_move(), WHITE);
    t.move("e4e5");
    auto d = t.input(WHITE, "shot", {{"target", "e8"}});
    EXPECT_EQ(news(d, "shot"), nullptr);  // no draw
    ASSERT_NE(find<engine::ScoreChanged>(d), nullptr);
    EXPECT_EQ(d.front().rule, "C11-SHOOT-2");
    EXPECT_EQ(t.match.goals(WHITE), 1);
    EXPECT_NE(t.match.canonical().find("draws 0"), std::string::npos);
}

TEST(C11_END_1, TheFirstToTheTargetWins) {
    Script s(1);
    s.input(WHITE, "seed",
            {{"value", std::to_string(seed_for(ShotOutcome::GOAL, chances_at_e8()))}});
    s.formations();
    s.move("e3e4");
    auto d = s.input(WHITE, "shot", {{"target", "e8"}});
    ASSERT_NE(find<engine::GameEnded>(d), nullptr);
    EXPECT_EQ(s.match.result(), "1-0");
    EXPECT_EQ(s.match.standing().half_points, (std::vector<int>{2, 0}));
}

TEST(C11_A19, ATieAtFullTimeIsADraw) {
    Script s;
    s.formations();
    auto d = s.input(WHITE, "full_time");
    ASSERT_NE(find<engine::GameEnded>(d), nullptr);
    EXPECT_EQ(s.match.result(), "1/2-1/2");
    EXPECT_EQ(d.front().rule, "C11-A19");
}

TEST(C11_A18, TheSecondHalfStartsWithNewFormationsAndTheOtherSideKicksOff) {
    Script s;
    s.formations();
    auto d = s.input(WHITE, "half_time");
    ASSERT_NE(news(d, "restart"), nullptr);
    EXPECT_EQ(s.match.half(), 2);
    s.formations();
    EXPECT_EQ(s.match.to_move(), BLACK);
    EXPECT_EQ(s.input(WHITE, "half_time").back().rule, "C11-TIME-1");
}

TEST(C11_A16, OnlyTheLastSideToScoreMayBringItsSubstituteOn) {
    Script s;
    s.input(WHITE, "seed",
            {{"value", std::to_string(seed_for(ShotOutcome::GOAL, chances_at_e8()))}});
    s.formations();
    s.move("e3e4");
    s.input(WHITE, "shot", {{"target", "e8"}});
    ASSERT_EQ(s.match.stage(), Stage::FORMATION);
    auto d = s.input(BLACK, "upgrade");
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(d.back().rule, "C11-A16");
    d = s.input(WHITE, "upgrade");
    ASSERT_NE(news(d, "upgrade"), nullptr);
    // The c2 pawn replaced by the queen: three pawns are now enough.
    s.input(WHITE, "substitute", {{"piece", "q"}});
    s.board("rnbk1bnr/pppp4/8/8/8/4R3/2QPPP2/RNBK1BN1");
    d = s.input(WHITE, "ready");
    EXPECT_TRUE(s.match.ready(WHITE)) << d.back().reason;
}

TEST(C11Replay, TheSameEventsGiveTheSameStateAndDraws) {
    auto play = [](Script& s) {
        s.input(WHITE, "seed", {{"value", "12345"}});
        s.formations();
        s.move("e3e4");
        s.input(WHITE, "shot", {{"target", "e8"}});
    };
    Script a, b;
    play(a);
    play(b);
    EXPECT_EQ(a.match.canonical(), b.match.canonical());
    EXPECT_NE(a.match.canonical().find("seed 12345 draws 1"), std::string::npos);
}

}  // namespace
}  // namespace venue::games::eleven
