// A match of Chess Eleven as a list of events in and decisions out (catalogue C11-*): the
// formation phase, the kick-off, possession turns, passes, shots drawn from the logged seed,
// goals and restarts, the halves and the result.
#include <gtest/gtest.h>

#include "../../support/decision_search.h"
#include "chess/uci.h"
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

    // Both sides declare a queen as substitute, set `placement` and press Ready; returns the
    // decisions of the last Ready (the kick-off's).
    std::vector<Decision> formations(const std::string& placement = OPEN_E_FILE) {
        input(WHITE, "substitute", {{"piece", "q"}});
        input(BLACK, "substitute", {{"piece", "q"}});
        board(placement);
        input(WHITE, "ready");
        return input(BLACK, "ready");
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

// The arbiter puts the ball where it should be, with a note: on a piece, whose side then
// has it, or back on the centre circle; only the ball and the possession change. The players'
// own input is refused, as is a square with no piece (a corner is a shot's outcome).
TEST(ElevenMatch, TheArbiterPutsTheBallOnAPieceOrTheCentreWithANote) {
    Script s;
    s.formations();
    s.move("e3e4");
    ASSERT_EQ(s.match.possession(), WHITE);
    const auto arbiter = [&](std::string to, std::string note) {
        engine::GameInput in;
        in.match = "e1";
        in.kind = "ball";
        in.args = {{"to", std::move(to)}};
        in.arbiter = "Chief";
        in.note = std::move(note);
        return s.send(in);
    };
    auto d = s.input(WHITE, "ball", {{"to", "d7"}});  // not the arbiter
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(d.back().rule, "X-3");
    d = arbiter("d7", "");
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);  // no note
    d = arbiter("e5", "the tap was missed");            // an empty square
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_NE(d.back().reason.find("no piece on e5"), std::string::npos) << d.back().reason;

    d = arbiter("d7", "Black's pawn took the ball; the board missed it");
    const auto* placed = news(d, "ball_placed");
    ASSERT_NE(placed, nullptr);
    EXPECT_EQ(placed->facts.at("side"), "Black");
    EXPECT_EQ(s.match.ball().where, Ball::Where::CARRIER);
    EXPECT_EQ(s.match.ball().square, SQ_D7);
    EXPECT_EQ(s.match.possession(), BLACK);
    EXPECT_EQ(s.match.to_move(), WHITE) << "the turn stays";
    EXPECT_NE(d.back().reason.find("the board missed it"), std::string::npos);

    d = arbiter("centre", "restart the play");
    ASSERT_NE(news(d, "ball_placed"), nullptr);
    EXPECT_EQ(s.match.ball().where, Ball::Where::CENTRE);
    EXPECT_FALSE(s.match.possession());
}

// C11-A15: pawns count as unmoved after every reset: a pawn that made its two-square step in one
// round has it again in the next, set on its second rank (the round starts from the formations).
TEST(C11_A15, PawnsCountAsUnmovedAfterEveryReset) {
    Script s;
    s.formations();
    ASSERT_NE(find<engine::MoveAccepted>(s.move("d2d4")), nullptr);  // the kick-off, two squares
    s.input(WHITE, "half_time");  // a restart: the formations are set again
    ASSERT_EQ(s.match.stage(), Stage::FORMATION);
    s.formations();
    ASSERT_EQ(s.match.stage(), Stage::PLAY);
    ASSERT_EQ(s.match.to_move(), BLACK);  // the second half's kick-off (C11-A18)
    ASSERT_NE(find<engine::MoveAccepted>(s.move("d7d5")), nullptr);
    s.input(BLACK, "end_turn");
    ASSERT_EQ(s.match.to_move(), WHITE);
    const auto d = s.move("d2d4");  // the same pawn, two squares again
    EXPECT_NE(find<engine::MoveAccepted>(d), nullptr);
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

// The rook's kick-off onto e4 wins the ball; its pass back to the pawn on e2 and Black's reply
// leave White on the ball with a new turn: the pawn on e2 may pass up the e-file to the rook.
void new_turn_on_the_ball(Script& s) {
    s.formations();
    s.move("e3e4");
    s.input(WHITE, "pass", {{"from", "e4"}, {"to", "e2"}});
    s.input(WHITE, "end_turn");
    s.move("g8f6");
}

// White passes from the rook on e4 back to the pawn on e2, which dribbles to e3 the next turn;
// Black's knight stands on f6, the rook on e4 beside the carrier.
void pass_back_and_dribble(Script& s) {
    new_turn_on_the_ball(s);
    s.move("e2e3");  // the carrier pawn dribbles; the rook stays on e4
    s.input(WHITE, "end_turn");
}

TEST(C11_POSS_1, ACaptureBySideWithoutTheBallWinsIt) {
    Script s;
    pass_back_and_dribble(s);
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

// After the formations and e3e4, White's shot at e8 under a seed whose draw gives `outcome`.
std::vector<Decision> shot_at_e8(Script& s, ShotOutcome outcome) {
    s.input(WHITE, "seed", {{"value", std::to_string(seed_for(outcome, chances_at_e8()))}});
    s.formations();
    s.move("e3e4");
    return s.input(WHITE, "shot", {{"target", "e8"}});
}

TEST(C11_SHOOT_4, AGoalIsCountedAndTheConcedingSideKicksOffAfterNewFormations) {
    Script s;
    auto d = shot_at_e8(s, ShotOutcome::GOAL);
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
    auto d = shot_at_e8(s, ShotOutcome::SAVE);
    EXPECT_EQ(news(d, "shot")->facts.at("outcome"), "save");
    EXPECT_EQ(s.match.possession(), BLACK);
    EXPECT_EQ(s.match.ball().square, SQ_D8);
    EXPECT_EQ(s.match.to_move(), BLACK);
    EXPECT_EQ(s.match.goals(WHITE), 0);
}

TEST(C11_SHOOT_7, ACornerSendsTheBallToTheCornerAndTheAttackerKeepsIt) {
    Script s;
    auto d = shot_at_e8(s, ShotOutcome::CORNER);
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

TEST(C11_FORM_9, WhenTheFormationsCountdownEndsEachSideNotReadyIsSettled) {
    // The hub's Black face at zero is the end of the 20 s (C11-A17). White has set a valid
    // formation without pressing Ready, Black only ten pieces.
    Script s;
    s.send(engine::ClockPressed{"e1", WHITE, std::nullopt});
    s.input(WHITE, "substitute", {{"piece", "q"}});
    s.board("rnbk1bn1/pppp4/8/8/8/4R3/2PPPP2/RNBK1BN1");
    auto d = s.send(engine::FlagFell{"e1", BLACK});
    const auto* used = news(d, "formation_used");
    ASSERT_NE(used, nullptr);
    EXPECT_EQ(used->facts.at("side"), "White");
    const auto* fallback = news(d, "formation_default");
    ASSERT_NE(fallback, nullptr);
    EXPECT_EQ(fallback->facts.at("side"), "Black");
    EXPECT_EQ(s.match.stage(), Stage::PLAY);
    EXPECT_EQ(s.match.field().piece_on(SQ_E3), W_ROOK);  // White's own formation
    EXPECT_EQ(s.match.field().piece_on(SQ_H8), B_ROOK);  // Black's default (C11-A3)
    EXPECT_EQ(s.match.field().piece_on(SQ_E7), B_PAWN);
    EXPECT_NE(find<engine::RestoreRequired>(d), nullptr);  // the board is set to it
    EXPECT_EQ(s.match.goals(WHITE), 0);
}

TEST(C11_A4, AlwaysDefaultPlaysTheDefaultEvenForAValidFormation) {
    ElevenRules rules;
    rules.formation_timeout = FormationTimeout::ALWAYS_DEFAULT;
    Script s(0, rules);
    s.input(WHITE, "substitute", {{"piece", "q"}});
    s.board(OPEN_E_FILE);  // valid for White
    auto d = s.input(WHITE, "formation_time_up");
    const auto* fallback = news(d, "formation_default");
    ASSERT_NE(fallback, nullptr);
    EXPECT_EQ(fallback->facts.at("side"), "White");
    EXPECT_EQ(s.match.field().piece_on(SQ_E3), NO_PIECE);  // not White's rook on e3
    EXPECT_EQ(s.match.field().piece_on(SQ_H1), W_ROOK);
}

TEST(C11_A4, PenaltyGoalGivesTheOtherSideAGoalForAnInvalidFormation) {
    ElevenRules rules;
    rules.formation_timeout = FormationTimeout::PENALTY_GOAL;
    Script s(0, rules);
    s.input(WHITE, "substitute", {{"piece", "q"}});
    s.board("rnbk1bn1/pppp4/8/8/8/4R3/2PPPP2/RNBK1BN1");  // Black: ten pieces
    auto d = s.input(WHITE, "formation_time_up");
    const auto* score = find<engine::ScoreChanged>(d);
    ASSERT_NE(score, nullptr);
    EXPECT_EQ(score->white_half_points, 2);
    EXPECT_EQ(s.match.goals(WHITE), 1);
    EXPECT_EQ(s.match.goals(BLACK), 0);       // White's valid formation costs nothing
    EXPECT_EQ(s.match.stage(), Stage::PLAY);  // play starts, Black on its default
    EXPECT_EQ(s.match.field().piece_on(SQ_E7), B_PAWN);
    // A match to one goal ends on it.
    Script t(1, rules);
    t.board("8/8/8/8/8/8/8/8");
    d = t.input(WHITE, "formation_time_up");
    ASSERT_NE(find<engine::GameEnded>(d), nullptr);
}

TEST(C11_PASS_3, ASelectedPieceShowsItsMovesPassesAndShotsAndChangesNothing) {
    Script s;
    s.formations();
    // At the kick-off the pawn on d2 may only go into the centre circle.
    const std::string before = s.match.canonical();
    auto d = s.input(WHITE, "select", {{"square", "d2"}});
    const auto* sel = news(d, "selected");
    ASSERT_NE(sel, nullptr);
    EXPECT_EQ(sel->facts.at("moves"), "d4");
    EXPECT_EQ(sel->facts.at("passes"), "");
    EXPECT_EQ(d.front().rule, "C11-PASS-3");
    EXPECT_EQ(s.match.canonical(), before);
    // The carrier after the kick-off: its move is spent; a pass to e2 along the file; a shot at
    // the empty e8 (d8 holds the king, off a rook's lines from e4).
    s.move("e3e4");
    d = s.input(WHITE, "select", {{"square", "e4"}});
    sel = news(d, "selected");
    ASSERT_NE(sel, nullptr);
    EXPECT_EQ(sel->facts.at("moves"), "");
    EXPECT_EQ(sel->facts.at("passes"), "e2");
    EXPECT_EQ(sel->facts.at("shots"), "e8");
    // Black's piece is not White's to select.
    d = s.input(WHITE, "select", {{"square", "d8"}});
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(d.back().rule, "C11-PASS-3");
}

// C11-PASS-3 at the board: a piece of the side to move lifted is selected, and the field the
// console and the TV overlay draw (Match::games) marks what it may do; set back, nothing is.
TEST(C11_PASS_3, APieceLiftedFromTheBoardHasItsChoicesMarkedOnTheField) {
    Script s;
    s.formations();
    const auto marks_of = [&](const std::string& kind) {
        std::string out;
        const auto views = s.match.games();
        for (const engine::BoardMark& m : views.at(0).marks)
            if (m.kind == kind) out += (out.empty() ? "" : " ") + chess::square_to_string(m.square);
        return out;
    };
    s.send(engine::BoardFieldUpdate{"e1", "b1", 0, 0, SQ_D2});  // the d-pawn lifted
    EXPECT_EQ(marks_of("move"), "d4");  // the kick-off: into the centre circle only
    s.send(engine::BoardFieldUpdate{"e1", "b1", 0, 1, SQ_D2});  // set back
    EXPECT_EQ(marks_of("move"), "");
    s.move("e3e4");
    s.send(engine::BoardFieldUpdate{"e1", "b1", 0, 0, SQ_E4});  // the carrier lifted
    EXPECT_EQ(marks_of("pass"), "e2");
    EXPECT_EQ(marks_of("shot"), "e8");
    EXPECT_EQ(marks_of("ball"), "e4");
    s.send(engine::BoardFieldUpdate{"e1", "b1", 0, 4, SQ_E4});
    // Black's piece lifted while White is on move: nothing to mark.
    s.send(engine::BoardFieldUpdate{"e1", "b1", 0, 0, SQ_A7});
    EXPECT_EQ(marks_of("move") + marks_of("pass") + marks_of("shot"), "");
}

// White scores from the kick-off (the seed's first draw a goal): formations again.
void white_scores(Script& s) {
    s.input(WHITE, "seed",
            {{"value", std::to_string(seed_for(ShotOutcome::GOAL, chances_at_e8()))}});
    s.formations();
    s.move("e3e4");
    s.input(WHITE, "shot", {{"target", "e8"}});
    ASSERT_EQ(s.match.goals(WHITE), 1);
    ASSERT_EQ(s.match.stage(), Stage::FORMATION);
}

// White's formation with its substitute, the queen, on c2 for a pawn: three pawns.
constexpr const char* UPGRADED = "rnbk1bnr/pppp4/8/8/8/4R3/2QPPP2/RNBK1BN1";

TEST(C11_SUB_2, TheUpgradeLastsOneRoundAndComesAgainOnlyWithAnotherGoal) {
    Script s;
    white_scores(s);
    ASSERT_NE(news(s.input(WHITE, "upgrade"), "upgrade"), nullptr);
    s.formations(UPGRADED);
    ASSERT_EQ(s.match.stage(), Stage::PLAY);
    // Half time restarts without a goal: the pieces go back to the default, and White may
    // not bring its substitute on again.
    s.input(WHITE, "half_time");
    ASSERT_EQ(s.match.stage(), Stage::FORMATION);
    auto d = s.input(WHITE, "upgrade");
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(d.back().rule, "C11-A16");
    // The three-pawn formation is no longer allowed.
    s.input(WHITE, "substitute", {{"piece", "q"}});
    s.board(UPGRADED);
    d = s.input(WHITE, "ready");
    EXPECT_FALSE(s.match.ready(WHITE));
    EXPECT_EQ(d.back().rule, "C11-FORM-2");
}

TEST(C11_A16, TheSubstituteMayGoToAnySideThatHasScoredOrToTheConcedingSide) {
    ElevenRules any;
    any.sub_eligibility = SubEligibility::ANY_TEAM_THAT_HAS_SCORED;
    Script a(0, any);
    white_scores(a);
    EXPECT_NE(news(a.input(WHITE, "upgrade"), "upgrade"), nullptr);
    EXPECT_NE(find<engine::EventIgnored>(a.input(BLACK, "upgrade")), nullptr);  // no goal yet
    ElevenRules conceding;
    conceding.sub_eligibility = SubEligibility::CONCEDING_TEAM;
    Script c(0, conceding);
    white_scores(c);
    EXPECT_NE(find<engine::EventIgnored>(c.input(WHITE, "upgrade")), nullptr);
    EXPECT_NE(news(c.input(BLACK, "upgrade"), "upgrade"), nullptr);
}

TEST(C11_A5, TheCentreCircleIsD4E4D5E5AndCanBeSetOtherwise) {
    Script s;
    s.formations();
    auto d = s.move("d2d3");
    ASSERT_NE(find<engine::MoveRefused>(d), nullptr);
    EXPECT_EQ(d.front().reason,
              "the ball is loose at the centre: the move must end on d4, e4, d5 or e5");
    ElevenRules rules;
    rules.centre.assign(1, SQ_D3);
    Script t(0, rules);
    t.formations();
    d = t.move("e3e4");
    ASSERT_NE(find<engine::MoveRefused>(d), nullptr);
    EXPECT_NE(d.front().reason.find("must end on d3"), std::string::npos);
    d = t.move("d2d3");
    ASSERT_NE(news(d, "ball_won"), nullptr);
    EXPECT_EQ(t.match.ball().square, SQ_D3);
}

TEST(C11_A5, WhenNoMoveReachesTheCentreAnyMoveStandsAndTheBallStaysLoose) {
    Script s;
    // White's king alone on a1 cannot reach the centre circle.
    s.field("3k4/8/8/8/8/8/8/K7 w - - 0 1", SQ_NONE, std::nullopt, Ball::Where::CENTRE);
    auto d = s.move("a1a2");
    ASSERT_NE(find<engine::MoveAccepted>(d), nullptr);
    const auto* loose = news(d, "ball_loose");
    ASSERT_NE(loose, nullptr);
    EXPECT_EQ(d[1].rule, "C11-A5");
    EXPECT_EQ(s.match.ball().where, Ball::Where::CENTRE);
    EXPECT_FALSE(s.match.possession());
    EXPECT_EQ(s.match.to_move(), BLACK);
}

TEST(C11_A7, ThePassIsOptionalAndAPossessionTurnsElementsComeInAnyOrder) {
    Script s;
    s.formations();
    s.move("e3e4");
    auto d = s.input(WHITE, "end_turn");  // no pass after winning the ball
    ASSERT_NE(news(d, "turn"), nullptr);
    s.move("g8f6");
    // A pass first, then a move of another piece, then the end of the turn.
    ASSERT_NE(news(s.input(WHITE, "pass", {{"from", "e4"}, {"to", "e2"}}), "ball_passed"), nullptr);
    EXPECT_TRUE(s.accepted(s.move("a1a2")));
    EXPECT_EQ(s.match.ball().square, SQ_E2);  // the ball stays with the receiver
    EXPECT_TRUE(s.match.moved_this_turn() && s.match.passed_this_turn());
    EXPECT_NE(news(s.input(WHITE, "end_turn"), "turn"), nullptr);
}

TEST(C11_A8, UnderCarrierOnlyOnlyTakingTheCarrierWinsTheBall) {
    ElevenRules rules;
    rules.possession_on_capture = PossessionOnCapture::CARRIER_ONLY;
    Script s(0, rules);
    pass_back_and_dribble(s);
    auto d = s.move("f6e4");  // takes the rook, not the carrier
    ASSERT_TRUE(s.accepted(d));
    EXPECT_EQ(news(d, "ball_won"), nullptr);
    EXPECT_EQ(s.match.possession(), WHITE);
    EXPECT_EQ(s.match.to_move(), WHITE);  // Black's one move
    // The pass e3-d2 (along the receiving pawn's capture line); the knight takes the carrier.
    ASSERT_NE(news(s.input(WHITE, "pass", {{"from", "e3"}, {"to", "d2"}}), "ball_passed"), nullptr);
    s.input(WHITE, "end_turn");
    d = s.move("e4d2");
    ASSERT_NE(news(d, "ball_won"), nullptr);
    EXPECT_EQ(s.match.possession(), BLACK);
    EXPECT_EQ(s.match.ball().square, SQ_D2);
}

// After a corner at h8 (empty): White has the ball there, its rook on h3 on the corner's file;
// Black's king is off its goal (c8), so that a shot at it is a certain goal.
constexpr const char* CORNER_FIELD = "2k3r1/8/8/8/8/7R/8/3K4 w - - 0 1";

TEST(C11_A12, TheBallLeavesTheCornerByACornerPassOrByAMoveOntoTheCornerSquare) {
    Script pass;
    pass.field(CORNER_FIELD, SQ_H8, WHITE, Ball::Where::CORNER);
    auto d = pass.input(WHITE, "pass", {{"from", "h8"}, {"to", "h3"}});
    ASSERT_NE(news(d, "ball_passed"), nullptr);
    EXPECT_EQ(pass.match.ball().where, Ball::Where::CARRIER);
    EXPECT_EQ(pass.match.ball().square, SQ_H3);
    // Collect: the rook goes to h8 and has the ball.
    Script collect;
    collect.field(CORNER_FIELD, SQ_H8, WHITE, Ball::Where::CORNER);
    ASSERT_TRUE(collect.accepted(collect.move("h3h8")));
    EXPECT_EQ(collect.match.ball().where, Ball::Where::CARRIER);
    EXPECT_EQ(collect.match.ball().square, SQ_H8);
    // A defender that steps onto the corner square takes nothing: White collects it by taking.
    Script defender;
    defender.field("2k3r1/8/8/8/8/7R/8/3K4 b - - 0 1", SQ_H8, WHITE, Ball::Where::CORNER);
    ASSERT_TRUE(defender.accepted(defender.move("g8h8")));
    EXPECT_EQ(defender.match.ball().where, Ball::Where::CORNER);
    EXPECT_EQ(defender.match.possession(), WHITE);
    ASSERT_TRUE(defender.accepted(defender.move("h3h8")));
    EXPECT_EQ(defender.match.ball().square, SQ_H8);
    EXPECT_EQ(defender.match.possession(), WHITE);
    EXPECT_EQ(defender.match.bench().size(), 1u);
}

TEST(C11_A12, UnderNearestAttackerTheCornerGoesStraightToAPiece) {
    ElevenRules rules;
    rules.corner_mode = CornerMode::NEAREST_ATTACKER_GETS_BALL;
    Script s(0, rules);
    auto d = shot_at_e8(s, ShotOutcome::CORNER);
    ASSERT_EQ(news(d, "shot")->facts.at("outcome"), "corner");
    // White's piece nearest h8: the rook on e4 (three king steps; the others stand on ranks 1
    // and 2).
    EXPECT_EQ(s.match.ball().where, Ball::Where::CARRIER);
    EXPECT_EQ(s.match.ball().square, SQ_E4);
    EXPECT_EQ(s.match.possession(), WHITE);
}

TEST(C11_SHOOT_7, TheCornerTurnIsAPassOrAMoveThenTheOtherAndTheShot) {
    Script s;
    s.field(CORNER_FIELD, SQ_H8, WHITE, Ball::Where::CORNER);
    // Element 1 is a pass or a move: not a shot, nor the end of the turn.
    auto d = s.input(WHITE, "shot", {{"target", "e8"}});
    EXPECT_EQ(d.back().rule, "C11-TURN-2");
    d = s.input(WHITE, "end_turn");
    EXPECT_EQ(d.back().rule, "C11-TURN-2");
    ASSERT_NE(news(s.input(WHITE, "pass", {{"from", "h8"}, {"to", "h3"}}), "ball_passed"), nullptr);
    // Element 2: the move (the carrier goes to e3, on the e-file to the goal).
    ASSERT_TRUE(s.accepted(s.move("h3e3")));
    // No second pass, no second move; element 3 is the shot, at the empty e8.
    EXPECT_EQ(s.input(WHITE, "pass", {{"from", "e3"}, {"to", "d1"}}).back().rule, "C11-TURN-2");
    EXPECT_FALSE(s.accepted(s.move("d1c2")));
    d = s.input(WHITE, "shot", {{"target", "e8"}});
    ASSERT_NE(find<engine::ScoreChanged>(d), nullptr);
    EXPECT_EQ(s.match.goals(WHITE), 1);
}

TEST(C11_A24, NoFootballLawAppliesNoOffsideNoFoul) {
    // White's knight on e7 stands beyond every Black piece but the king: offside in football.
    // The pawn on f5 passes to it along the knight's jump (the receiver's pattern, C11-A6).
    Script s;
    s.field("3k4/4N3/ppp5/5P2/8/8/8/3K4 w - - 0 1", SQ_F5, WHITE);
    auto d = s.input(WHITE, "pass", {{"from", "f5"}, {"to", "e7"}});
    ASSERT_NE(news(d, "ball_passed"), nullptr);
    EXPECT_EQ(s.match.ball().square, SQ_E7);
    s.input(WHITE, "end_turn");
    // The king takes the carrier: a tackle from behind is no foul, it wins the ball.
    d = s.move("d8e7");
    ASSERT_NE(news(d, "ball_won"), nullptr);
    EXPECT_EQ(s.match.possession(), BLACK);
    for (const Decision& x : d) EXPECT_EQ(std::get_if<engine::EventIgnored>(&x.body), nullptr);
}

TEST(C11_A25, TheBallIsTheHostsStateNotReadFromTheBoard) {
    Script s;
    s.formations();
    s.move("e3e4");
    // The board reads something else entirely (a ball token moved, pieces knocked): the ball
    // stays where the host has it, and the reading decides nothing.
    auto d = s.board("8/8/8/8/8/8/8/8");
    EXPECT_TRUE(d.empty());
    EXPECT_EQ(s.match.ball().square, SQ_E4);
    EXPECT_NE(s.match.canonical().find("ball 1 28"), std::string::npos);  // e4, in the hash
}

// The board's light on the ball's square (C11-A25 ball_led), when it has changed: a command for
// the match's board with the clause and reason.
const engine::DeviceCommand* light(const std::vector<Decision>& d, std::string* rule = nullptr) {
    for (const Decision& x : d)
        if (const auto* c = std::get_if<engine::DeviceCommand>(&x.body);
            c && c->command == engine::DeviceAction::BOARD_LIGHT_SQUARE) {
            if (rule) *rule = x.rule;
            return c;
        }
    return nullptr;
}

TEST(C11_A25, WithBallLedTheBoardLightsTheBallsSquareWhereverItGoes) {
    ElevenRules lit;
    lit.ball_led = true;
    Script s(0, lit);
    s.formations();
    std::string rule;
    auto d = s.move("e3e4");  // the carrier collects it
    const engine::DeviceCommand* c = light(d, &rule);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->device, "b1");
    EXPECT_EQ(c->value, int(SQ_E4));
    EXPECT_EQ(rule, "C11-A25");
    // A board reading moves no ball: the light stays as it is, and nothing is sent.
    EXPECT_EQ(light(s.board("8/8/8/8/8/8/8/8")), nullptr);
    d = s.input(WHITE, "pass", {{"from", "e4"}, {"to", "e2"}});
    c = light(d);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->value, int(SQ_E2));
    // The arbiter ends the game: the ball is on no square any more, the lights go out.
    engine::ArbiterAction end;
    end.match = "e1";
    end.kind = engine::ArbiterActionKind::DECLARE_RESULT;
    end.result = "1/2-1/2";
    end.arbiter = "Arbiter";
    end.note = "the players agreed a draw";
    d = s.send(end);
    c = light(d);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->value, -1);

    // Without the option (the default) the board is never told anything.
    Script plain;
    plain.formations();
    EXPECT_EQ(light(plain.move("e3e4")), nullptr);
    EXPECT_EQ(light(plain.input(WHITE, "pass", {{"from", "e4"}, {"to", "e2"}})), nullptr);
}

// C11-PASS-3 on a board with lights (move_lights): a piece of the side on move lifted lights
// where it may go, the ball in hand where it may be passed or shot; set back, the board shows the
// ball's square again (ball_led) and nothing else.
TEST(C11_PASS_3, WithMoveLightsTheBoardLightsWhereALiftedPieceMayGo) {
    ElevenRules lit;
    lit.ball_led = true;
    lit.move_lights = true;
    Script s(0, lit);
    s.formations();
    std::string rule;
    // The kick-off: the d-pawn lifted may only go into the centre circle (the ball is there,
    // on no square: nothing else is lit).
    auto d = s.send(engine::BoardFieldUpdate{"e1", "b1", 0, 0, SQ_D2});
    const engine::DeviceCommand* c = light(d, &rule);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(rule, "C11-PASS-3");
    EXPECT_EQ(c->value, -1);
    EXPECT_EQ(c->squares, std::vector<int>{int(SQ_D4)});
    EXPECT_EQ(engine::lit_squares(*c), std::vector<int>{int(SQ_D4)});
    d = s.send(engine::BoardFieldUpdate{"e1", "b1", 0, 1, SQ_D2});  // set back
    c = light(d);
    ASSERT_NE(c, nullptr);
    EXPECT_TRUE(engine::lit_squares(*c).empty());
    // The carrier lifted after the kick-off: its pass to e2, its shot at e8, and the ball's
    // square.
    s.move("e3e4");
    d = s.send(engine::BoardFieldUpdate{"e1", "b1", 0, 0, SQ_E4});
    c = light(d);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(engine::lit_squares(*c), (std::vector<int>{int(SQ_E4), int(SQ_E2), int(SQ_E8)}));
    d = s.send(engine::BoardFieldUpdate{"e1", "b1", 0, 4, SQ_E4});  // set back: a tap
    c = light(d);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(engine::lit_squares(*c), std::vector<int>{int(SQ_E4)});
    // A second tap puts the ball in hand: its pass and its shot, lit while it was lifted, stay
    // lit (nothing new is sent) until it goes.
    d = s.send(engine::BoardFieldUpdate{"e1", "b1", 0, 0, SQ_E4});
    c = light(d);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(engine::lit_squares(*c), (std::vector<int>{int(SQ_E4), int(SQ_E2), int(SQ_E8)}));
    d = s.send(engine::BoardFieldUpdate{"e1", "b1", 0, 4, SQ_E4});
    ASSERT_NE(news(d, "ball_in_hand"), nullptr);
    EXPECT_EQ(light(d), nullptr);
    const auto shown_in_hand = s.match.shown_on_devices();
    ASSERT_EQ(shown_in_hand.size(), 1u);
    EXPECT_EQ(shown_in_hand.front().rule, "C11-PASS-3");
    const auto* in_hand = std::get_if<engine::DeviceCommand>(&shown_in_hand.front().body);
    ASSERT_NE(in_hand, nullptr);
    EXPECT_EQ(engine::lit_squares(*in_hand),
              (std::vector<int>{int(SQ_E4), int(SQ_E2), int(SQ_E8)}));
    // The pass made by tapping the receiver: the ball on e2, lit alone.
    s.send(engine::BoardFieldUpdate{"e1", "b1", 0, 0, SQ_E2});
    d = s.send(engine::BoardFieldUpdate{"e1", "b1", 0, 4, SQ_E2});
    c = light(d);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(engine::lit_squares(*c), std::vector<int>{int(SQ_E2)});
    // Black's piece lifted while White is on move lights nothing of its own.
    s.send(engine::BoardFieldUpdate{"e1", "b1", 0, 0, SQ_A7});
    const auto shown = s.match.shown_on_devices();
    ASSERT_EQ(shown.size(), 1u);
    const auto* now = std::get_if<engine::DeviceCommand>(&shown.front().body);
    ASSERT_NE(now, nullptr);
    EXPECT_EQ(engine::lit_squares(*now), std::vector<int>{int(SQ_E2)});
}

TEST(C11_A26, FormationsAreSetPhysicallyInFullViewAndEachIsShownAsItDevelops) {
    Script s;
    // One reading of the board shows both sides' formations as they stand, each reported.
    auto d = s.board("rnbk4/pppp4/8/8/8/4R3/2PPPP2/RNBK1BN1");
    int sides = 0;
    for (const Decision& x : d)
        if (auto* n = std::get_if<engine::GameNews>(&x.body); n && n->kind == "formation") ++sides;
    EXPECT_EQ(sides, 2);
    // Black adds a piece: only Black's news changes, which White sees as it happens.
    d = s.board("rnbk1b2/pppp4/8/8/8/4R3/2PPPP2/RNBK1BN1");
    const auto* black = news(d, "formation");
    ASSERT_NE(black, nullptr);
    EXPECT_EQ(black->facts.at("side"), "Black");
}

// A hub clock command of the decisions, if any.
const engine::DeviceCommand* clock_command(const std::vector<Decision>& d, engine::DeviceAction a,
                                           std::string* rule = nullptr) {
    for (const Decision& x : d)
        if (const auto* c = std::get_if<engine::DeviceCommand>(&x.body); c && c->command == a) {
            if (rule) *rule = x.rule;
            return c;
        }
    return nullptr;
}

// C11-A26 touchscreen_then_place: each player enters his formation on his panel, out of the
// other's sight, checked as a board's would be; the board decides nothing until the kick-off
// reveals both; then the players set them, and the half's countdown waits for the board.
TEST(C11_A26, EnteredHiddenThenRevealedAtTheKickOffAndPlacedBeforeTheHalfRuns) {
    ElevenRules hidden;
    hidden.formation_entry = FormationEntry::TOUCHSCREEN_THEN_PLACE;
    Script s(0, hidden);
    EXPECT_TRUE(s.board("8/8/8/8/8/8/8/8").empty()) << "the board is nobody's formation yet";
    // An invalid entry: the player is told what is wrong, nobody where its pieces stand.
    auto d = s.input(WHITE, "formation", {{"placement", "8/8/8/8/8/8/8/3K4"}});
    const auto* entered = news(d, "formation_entered");
    ASSERT_NE(entered, nullptr);
    EXPECT_NE(entered->facts.at("problems"), "");
    EXPECT_EQ(entered->facts.size(), 2u) << "side and problems, no squares";
    EXPECT_EQ(d.front().reason.rfind("White entered a formation: ", 0), 0u) << d.front().reason;
    d = s.input(WHITE, "ready");
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    d = s.input(BLACK, "ready");
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(d.front().rule, "C11-A26") << "Black has entered nothing";
    d = s.input(WHITE, "formation", {{"placement", "rnbk1bnr/pppp4/8/8/8/8/8/8"}});
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(d.front().rule, "C11-A26") << "White enters its own pieces only";
    d = s.input(WHITE, "formation", {{"placement", "a line"}});
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);

    s.input(WHITE, "substitute", {{"piece", "q"}});
    s.input(BLACK, "substitute", {{"piece", "q"}});
    d = s.input(WHITE, "formation", {{"placement", "8/8/8/8/8/4R3/2PPPP2/RNBK1BN1"}});
    ASSERT_NE(news(d, "formation_entered"), nullptr);
    EXPECT_EQ(news(d, "formation_entered")->facts.at("problems"), "");
    s.input(BLACK, "formation", {{"placement", "rnbk1bnr/pppp4/8/8/8/8/8/8"}});
    ASSERT_NE(news(s.input(WHITE, "ready"), "ready"), nullptr);
    d = s.input(BLACK, "ready");
    ASSERT_NE(news(d, "kick_off"), nullptr);
    const auto* revealed = news(d, "formations_revealed");
    ASSERT_NE(revealed, nullptr);
    EXPECT_EQ(revealed->facts.at("white"), "8/8/8/8/8/4R3/2PPPP2/RNBK1BN1");
    EXPECT_EQ(revealed->facts.at("black"), "rnbk1bnr/pppp4/8/8/8/8/8/8");
    ASSERT_NE(find<engine::RestoreRequired>(d), nullptr) << "set them on the board";
    EXPECT_EQ(clock_command(d, engine::DeviceAction::CLOCK_RUN), nullptr);
    std::string rule;
    ASSERT_NE(clock_command(d, engine::DeviceAction::CLOCK_PAUSE, &rule), nullptr);
    EXPECT_EQ(rule, "C11-A26");
    EXPECT_NE(s.match.canonical().find(" waits 1"), std::string::npos);
    // A snapshot keeps the entries and the waiting clock (a host restarted now goes on so).
    ElevenMatch copy(testing::eleven_config(), hidden, 0);
    ASSERT_TRUE(copy.restore_extra(s.match.extra_snapshot()));
    EXPECT_EQ(copy.extra_snapshot(), s.match.extra_snapshot());
    EXPECT_NE(s.match.extra_snapshot().find("\"a26\":[\"8/8/8/8/8/4R3"), std::string::npos);
    // The board shows both formations: the half's countdown runs on White's face.
    d = s.send(engine::BoardRestored{"e1", "b1"});
    const auto* run = clock_command(d, engine::DeviceAction::CLOCK_RUN, &rule);
    ASSERT_NE(run, nullptr);
    EXPECT_EQ(run->side, WHITE);
    EXPECT_EQ(rule, "C11-A26");
    EXPECT_NE(clock_command(d, engine::DeviceAction::CLOCK_RESUME), nullptr);
    ASSERT_NE(find<engine::MoveAccepted>(s.move("e3e4")), nullptr);

    // Physical entry (the default) has no such input.
    Script physical;
    d = physical.input(WHITE, "formation", {{"placement", "8/8/8/8/8/4R3/2PPPP2/RNBK1BN1"}});
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(d.front().rule, "C11-A26");
}

namespace a7 {

ElevenRules turn_rules(PossessionTurn turn) {
    ElevenRules r;
    r.possession_turn = turn;
    return r;
}

}  // namespace a7

TEST(C11_A7, ByDefaultAPassMayComeBeforeTheMove) {
    Script s;
    new_turn_on_the_ball(s);
    ASSERT_NE(news(s.input(WHITE, "pass", {{"from", "e2"}, {"to", "e4"}}), "ball_passed"), nullptr);
    EXPECT_TRUE(s.accepted(s.move("a1a2")));
}

TEST(C11_A7, UnderMoveThenPassOnlyNoMoveFollowsThePass) {
    Script s(0, a7::turn_rules(PossessionTurn::MOVE_THEN_PASS_ONLY));
    new_turn_on_the_ball(s);
    ASSERT_NE(news(s.input(WHITE, "pass", {{"from", "e2"}, {"to", "e4"}}), "ball_passed"), nullptr);
    auto d = s.move("a1a2");
    ASSERT_NE(find<engine::MoveRefused>(d), nullptr);
    EXPECT_EQ(d.front().rule, "C11-A7");
    EXPECT_NE(d.front().reason.find("the move comes before the pass"), std::string::npos);
    // The move first, then the pass: the turn the alternative allows.
    Script t(0, a7::turn_rules(PossessionTurn::MOVE_THEN_PASS_ONLY));
    t.formations();
    ASSERT_TRUE(t.accepted(t.move("e3e4")));
    EXPECT_NE(news(t.input(WHITE, "pass", {{"from", "e4"}, {"to", "e2"}}), "ball_passed"), nullptr);
}

TEST(C11_A7, UnderTripleOnlyAfterCornerATurnIsAMoveOrAPassButAllThreeAfterACorner) {
    ElevenRules rules = a7::turn_rules(PossessionTurn::TRIPLE_ONLY_AFTER_CORNER);
    Script s(0, rules);
    s.formations();
    s.move("e3e4");
    auto d = s.input(WHITE, "pass", {{"from", "e4"}, {"to", "e2"}});
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(d.back().rule, "C11-A7");
    // The corner's turn allows all three: the corner goes to the rook on e4 at once
    // (nearest_attacker_gets_ball), Black moves, and White dribbles, passes and may shoot.
    rules.corner_mode = CornerMode::NEAREST_ATTACKER_GETS_BALL;
    Script c(0, rules);
    ASSERT_EQ(news(shot_at_e8(c, ShotOutcome::CORNER), "shot")->facts.at("outcome"), "corner");
    ASSERT_TRUE(c.accepted(c.move("a7a6")));
    ASSERT_EQ(c.match.to_move(), WHITE);
    ASSERT_TRUE(c.accepted(c.move("e4e5")));
    EXPECT_NE(news(c.input(WHITE, "pass", {{"from", "e5"}, {"to", "e2"}}), "ball_passed"), nullptr);
}

TEST(C11_A7, UnderPassMandatoryAfterGainTheSideThatWonTheBallPassesFirst) {
    ElevenRules rules;
    rules.pass_mandatory_after_gain = true;
    Script s(0, rules);
    s.formations();
    s.move("e3e4");  // the kick-off wins the ball: a pass is owed
    auto d = s.input(WHITE, "end_turn");
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(d.back().rule, "C11-A7");
    d = s.input(WHITE, "shot", {{"target", "e8"}});
    EXPECT_EQ(d.back().rule, "C11-A7");
    EXPECT_NE(d.back().reason.find("passes before it shoots"), std::string::npos);
    ASSERT_NE(news(s.input(WHITE, "pass", {{"from", "e4"}, {"to", "e2"}}), "ball_passed"), nullptr);
    EXPECT_NE(news(s.input(WHITE, "end_turn"), "turn"), nullptr);
}

TEST(C11_A7, APassOwedLapsesWhenNoTeammateCanReceiveIt) {
    ElevenRules rules;
    rules.pass_mandatory_after_gain = true;
    Script s(0, rules);
    // White's rook on e4 has the ball; its king on a1 is on none of its lines, nor it on the
    // king's: no pass can be made.
    s.field("3k4/8/8/8/4R3/8/8/K7 w - - 0 1", SQ_E4, WHITE);
    auto j = nlohmann::json::parse(s.match.extra_snapshot());
    j["a7"] = {false, -1, int(WHITE)};  // White won the ball
    ASSERT_TRUE(s.match.restore_extra(j.dump()));
    ASSERT_TRUE(s.accepted(s.move("e4e5")));
    auto d = s.input(WHITE, "end_turn");
    ASSERT_NE(news(d, "no_pass"), nullptr);
    EXPECT_EQ(d.front().rule, "C11-A7");
    EXPECT_EQ(s.match.to_move(), BLACK);
}

// Two halves without a goal, under a seed whose first draw scores a shot from e4 at e8: the
// decisions of the arbiter's full time.
std::vector<Decision> goalless_to_full_time(Script& s) {
    s.input(WHITE, "seed",
            {{"value", std::to_string(seed_for(ShotOutcome::GOAL, chances_at_e8()))}});
    s.formations();
    s.input(WHITE, "half_time");
    s.formations();
    return s.input(WHITE, "full_time");
}

TEST(C11_A19, UnderGoldenGoalATieAtFullTimePlaysOnUntilTheNextGoal) {
    ElevenRules rules;
    rules.tie = Tie::GOLDEN_GOAL;
    Script s(0, rules);
    auto d = goalless_to_full_time(s);
    ASSERT_NE(news(d, "golden_goal"), nullptr);
    EXPECT_EQ(find<engine::GameEnded>(d), nullptr);
    EXPECT_EQ(s.match.half(), 3);
    EXPECT_EQ(s.match.clock_face_label(WHITE), "Golden goal");
    d = s.formations();
    EXPECT_EQ(s.match.to_move(), WHITE);  // the first half's kick-off side
    // No time limit: the hub's clock stops, and a flag changes nothing.
    EXPECT_NE(engine::testing::command(d, "clock.pause"), nullptr);
    EXPECT_EQ(engine::testing::command(d, "clock.run"), nullptr);
    EXPECT_EQ(s.send(engine::FlagFell{"e1", WHITE}).back().rule, "C11-A19");
    s.move("e3e4");
    const Decision* ended = nullptr;
    d = s.input(WHITE, "shot", {{"target", "e8"}});
    ASSERT_NE(find<engine::GameEnded>(d, &ended), nullptr);
    EXPECT_EQ(s.match.result(), "1-0");
    EXPECT_EQ(ended->rule, "C11-A19");
}

TEST(C11_A19, UnderExtraTimeATieGetsOneMorePeriodAndThenTheMostGoalsWins) {
    ElevenRules rules;
    rules.tie = Tie::EXTRA_TIME;
    rules.extra_time_ms = 180'000;
    Script s(0, rules);
    auto d = goalless_to_full_time(s);
    ASSERT_NE(news(d, "extra_time"), nullptr);
    EXPECT_EQ(s.match.half(), 3);
    // The extra period's countdown on White's face (Black's is the formation's).
    bool extra_set = false;
    for (const Decision& x : d)
        if (const auto* c = std::get_if<engine::DeviceCommand>(&x.body);
            c && c->command == engine::DeviceAction::CLOCK_SET_TIME && c->side == WHITE)
            extra_set = c->amount_ms == 180'000;
    EXPECT_TRUE(extra_set);
    s.formations();  // the first half's kick-off side starts
    s.move("e3e4");
    s.input(WHITE, "shot", {{"target", "e8"}});
    EXPECT_EQ(s.match.goals(WHITE), 1);
    EXPECT_EQ(s.match.result(), "*");  // a goal in extra time does not end it
    s.formations();
    const Decision* ended = nullptr;
    d = s.send(engine::FlagFell{"e1", WHITE});
    ASSERT_NE(find<engine::GameEnded>(d, &ended), nullptr);
    EXPECT_EQ(s.match.result(), "1-0");
    EXPECT_EQ(ended->rule, "C11-A19");
    EXPECT_NE(ended->reason.find("the end of extra time"), std::string::npos) << ended->reason;
}

}  // namespace
}  // namespace venue::games::eleven
