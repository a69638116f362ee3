// Chess Eleven's clauses of movement, check, mate, stalemate and the bench (catalogue
// C11-PIECE-*, C11-CHECK-*, C11-POSS-2, C11-OBJ-2, C11-TIME-2, C11-A14, C11-A15, C11-A20,
// C11-A21, C11-A22, C11-A23), each a list of events in and decisions out.
#include <gtest/gtest.h>

#include "../../support/decision_search.h"
#include "eleven_script.h"
#include "games/eleven/rules/eleven_match.h"

namespace venue::games::eleven {
namespace {

using namespace chess;
using engine::Decision;
using engine::testing::find;

// White: K d1; P c2 d2 e2 f2; R a1 e3; N b1 h3; B c1 f1. Black: K d8 boxed in by its knights on
// c8 and e8 and its pawns a7-e7; R a8 h8; B b8. A White knight on f7 mates (nothing of Black's
// reaches f7).
constexpr const char* BOXED_KING = "rbnkn2r/ppppp3/8/8/8/4R2N/2PPPP2/RNBK1B2";
// The default formations (C11-A3): the a- and h-files are open.
constexpr const char* DEFAULTS = "rnbk1bnr/2pppp2/8/8/8/8/2PPPP2/RNBK1BNR";

using testing::news;

struct Round : testing::ElevenScript {
    explicit Round(const char* placement, ElevenRules rules = {})
        : ElevenScript(testing::eleven_config(rules)) {
        send(engine::ClockPressed{"e1", WHITE, std::nullopt});
        board(placement);
        kick_off = input(WHITE, "ready");
        auto more = input(BLACK, "ready");
        kick_off.insert(kick_off.end(), more.begin(), more.end());
    }
    std::vector<Decision> kick_off;
};

TEST(C11_START_1, WhiteKicksOffTheFirstRound) {
    Round r(BOXED_KING);
    const auto* k = news(r.kick_off, "kick_off");
    ASSERT_NE(k, nullptr);
    EXPECT_EQ(k->facts.at("side"), "White");
    EXPECT_EQ(r.match.to_move(), WHITE);
}

TEST(C11_PIECE_1, APieceCannotPassThroughAnotherNorLandOnItsOwn) {
    Round r(BOXED_KING);
    r.play({"e3e4", "end", "a7a6"});  // the kick-off: the rook wins the ball on e4
    auto d = r.move("e4e8");          // through the pawn on e7
    ASSERT_NE(find<engine::MoveRefused>(d), nullptr);
    EXPECT_EQ(d.front().rule, "C11-CHECK-1");
    ASSERT_NE(find<engine::RestoreRequired>(d), nullptr);
    EXPECT_FALSE(r.accepted(r.move("c1d2")));  // onto its own pawn
}

TEST(C11_PIECE_4, TheRookMovesAlongItsRankAndFile) {
    Round r(BOXED_KING);
    r.play({"e3e4", "end", "a7a6"});
    EXPECT_FALSE(r.accepted(r.move("e4f5")));  // not a rook's move
    EXPECT_TRUE(r.accepted(r.move("e4e6")));
}

TEST(C11_PIECE_6, TheKnightJumps) {
    Round r(BOXED_KING);
    r.play({"e3e4", "end", "a7a6"});
    EXPECT_TRUE(r.accepted(r.move("h3g5")));
}

TEST(C11_PIECE_7, APawnStepsOneOrTwoFromItsSecondRankAndCapturesDiagonally) {
    Round r(DEFAULTS);
    EXPECT_TRUE(r.accepted(r.move("d2d4")));  // two squares, into the centre circle
    r.input(WHITE, "end_turn");
    EXPECT_FALSE(r.accepted(r.move("c7d6")));  // a pawn does not step sideways
    EXPECT_TRUE(r.accepted(r.move("e7e5")));
}

TEST(C11_PIECE_2, TheKingStepsOneSquare) {
    Round r(DEFAULTS);
    r.play({"d2d4", "end", "e7e5"});
    EXPECT_FALSE(r.accepted(r.move("d1d3")));  // two squares
    EXPECT_TRUE(r.accepted(r.move("d1d2")));
}

TEST(C11_CHECK_1, AMoveThatLeavesTheKingInCheckIsRefused) {
    Round r(BOXED_KING);
    r.play({"e3e4", "end", "a7a6", "h3g5", "end"});
    ASSERT_TRUE(r.accepted(r.move("h8h1")));  // the rook on h1 pins White's bishop on f1
    auto d = r.move("f1h3");
    ASSERT_NE(find<engine::MoveRefused>(d), nullptr);
    EXPECT_EQ(d.front().rule, "C11-CHECK-1");
}

TEST(C11_POSS_2, ACapturedPieceWaitsOnTheBenchUntilTheNextReset) {
    Round r(DEFAULTS);
    r.play({"d2d4", "end", "a8a1"});
    ASSERT_EQ(r.match.bench().size(), 1u);
    EXPECT_EQ(r.match.bench()[0], W_ROOK);
    r.input(WHITE, "half_time");  // a reset: the formations again
    EXPECT_TRUE(r.match.bench().empty());
}

// The mate on f7: two goals to White (C11-CHECK-2), the mated side kicks off the next round
// (C11-A23), and every captured piece is back (C11-A20).
void mate(Round& r) {
    r.play({"e3e4", "end", "a7a6", "h3g5", "end", "a6a5"});
}

TEST(C11_CHECK_2, CheckmateIsTwoGoals) {
    Round r(BOXED_KING);
    mate(r);
    auto d = r.move("g5f7");
    ASSERT_TRUE(r.accepted(d));
    const auto* score = find<engine::ScoreChanged>(d);
    ASSERT_NE(score, nullptr);
    EXPECT_EQ(score->white_half_points, 4);  // two goals, in half points
    EXPECT_EQ(r.match.goals(WHITE), 2);
    EXPECT_EQ(r.match.stage(), Stage::FORMATION);
}

TEST(C11_A23, TheMatedSideKicksOffTheNextRound) {
    Round r(BOXED_KING);
    mate(r);
    auto d = r.move("g5f7");
    const auto* restart = news(d, "restart");
    ASSERT_NE(restart, nullptr);
    EXPECT_EQ(restart->facts.at("starts"), "Black");
    EXPECT_EQ(r.match.to_move(), BLACK);
}

TEST(C11_A20, EveryCapturedPieceReturnsAfterACheckmateToo) {
    Round r(BOXED_KING);
    mate(r);
    // The carrier dribbles along the fourth rank, then takes the pawn: it goes to the bench.
    r.play({"e4a4", "end", "b7b6", "a4a5"});
    ASSERT_EQ(r.match.bench().size(), 1u);
    EXPECT_EQ(r.match.ball().square, SQ_A5) << "the carrier that captures keeps the ball (C11-A8)";
    r.input(WHITE, "end_turn");
    ASSERT_TRUE(r.accepted(r.move("a8a7")));
    ASSERT_TRUE(r.accepted(r.move("g5f7")));  // mate
    EXPECT_EQ(r.match.goals(WHITE), 2);
    EXPECT_TRUE(r.match.bench().empty());
}

TEST(C11_A22, APassNeverCaptures) {
    Round r(BOXED_KING);
    r.move("e3e4");
    // The pawn on e7 stands on the rook's file: a pass there would take it, and is refused.
    auto d = r.input(WHITE, "pass", {{"from", "e4"}, {"to", "e7"}});
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(r.match.ball().square, SQ_E4);
    EXPECT_NE(r.match.field().piece_on(SQ_E7), NO_PIECE);
}

TEST(C11_A15, CastlingIsOffForKingsThatStartInGoal) {
    ElevenRules rules;
    rules.king_square = KingSquare::E_FILE;  // e1, e8: the squares castling would start from
    Round r("r1bnk2r/1pppp1p1/5n2/8/8/5N2/1PPPP1P1/R1BNK2R", rules);
    ASSERT_EQ(r.match.stage(), Stage::PLAY) << (r.kick_off.empty() ? "" : r.kick_off.back().reason);
    ASSERT_TRUE(r.accepted(r.move("d2d4")));  // the kick-off
    r.input(WHITE, "end_turn");
    ASSERT_TRUE(r.accepted(r.move("b7b6")));
    auto d = r.move("e1g1");  // f1 and g1 empty, the rook on h1: castling, were it on
    EXPECT_FALSE(r.accepted(d));
    ASSERT_NE(find<engine::MoveRefused>(d), nullptr);
}

// A match in play on a field of the test's own (ElevenScript::field): the clause's position.
struct Field : testing::ElevenScript {
    explicit Field(ElevenRules rules = {}) : ElevenScript(testing::eleven_config(rules)) {}
};

TEST(C11_PIECE_3, TheQueenGoesAnyDistanceStraightOrDiagonallyAndNotThroughPieces) {
    // White: K d1, P d2, Q c3 with the ball. Black: K d8, P f6 on the queen's long diagonal.
    constexpr const char* FEN = "3k4/8/5p2/8/8/2Q5/3P4/3K4 w - - 0 1";
    Field f;
    f.field(FEN, SQ_C3, WHITE);
    EXPECT_FALSE(f.accepted(f.move("c3d5")));  // a knight's move
    EXPECT_FALSE(f.accepted(f.move("c3e1")));  // through her own pawn on d2
    EXPECT_FALSE(f.accepted(f.move("c3h8")));  // through Black's pawn on f6
    // Any distance along a file: five squares up the c-file.
    Field up;
    up.field(FEN, SQ_C3, WHITE);
    EXPECT_TRUE(up.accepted(up.move("c3c8")));
    // A capture ends the move: the queen stops on f6, the pawn goes to the bench.
    auto d = f.move("c3f6");
    ASSERT_TRUE(f.accepted(d));
    EXPECT_EQ(f.match.field().piece_on(SQ_F6), W_QUEEN);
    ASSERT_EQ(f.match.bench().size(), 1u);
    EXPECT_EQ(f.match.ball().square, SQ_F6);  // she carried the ball
}

TEST(C11_PIECE_5, TheBishopMovesDiagonallyAndStaysOnItsColour) {
    // White: K d1, P d2, B c1 with the ball. Black: K d8.
    Field f;
    f.field("3k4/8/8/8/8/8/3P4/2BK4 w - - 0 1", SQ_C1, WHITE);
    auto dark = [](Square s) { return (file_of(s) + rank_of(s)) % 2 == 0; };
    ASSERT_TRUE(dark(SQ_C1));
    EXPECT_FALSE(f.accepted(f.move("c1c2")));  // along a file
    EXPECT_FALSE(f.accepted(f.move("c1e3")));  // through its pawn on d2
    ASSERT_TRUE(f.accepted(f.move("c1a3")));
    f.play({"end", "d8e8"});
    EXPECT_FALSE(f.accepted(f.move("a3a4")));
    ASSERT_TRUE(f.accepted(f.move("a3d6")));
    EXPECT_EQ(f.match.field().piece_on(SQ_D6), W_BISHOP);
    EXPECT_TRUE(dark(SQ_D6)) << "the bishop stays on its colour";
}

TEST(C11_PIECE_G, EnPassantAndPromotionAreTheLawsAndCastlingIsOff) {
    // En passant (C11-A15, on): Black's pawn steps c7-c5 past White's on d5, which takes it.
    Field ep;
    ep.field("3k4/2p5/8/3P4/8/8/8/3K4 b - - 0 1", SQ_D1, WHITE);
    ASSERT_TRUE(ep.accepted(ep.move("c7c5")));  // Black's one move; the turn passes
    ASSERT_EQ(ep.match.to_move(), WHITE);
    auto d = ep.move("d5c6");
    ASSERT_TRUE(ep.accepted(d));
    EXPECT_EQ(ep.match.field().piece_on(SQ_C5), NO_PIECE);
    ASSERT_EQ(ep.match.bench().size(), 1u);
    EXPECT_EQ(ep.match.bench()[0], B_PAWN);
    // Promotion (on): the carrier pawn reaches the far rank and becomes a queen, with the ball.
    Field pr;
    pr.field("3k4/6P1/8/8/8/8/8/3K4 w - - 0 1", SQ_G7, WHITE);
    ASSERT_TRUE(pr.accepted(pr.move("g7g8q")));
    EXPECT_EQ(pr.match.field().piece_on(SQ_G8), W_QUEEN);
    EXPECT_EQ(pr.match.ball().square, SQ_G8);
    // Castling (off): C11_A15 below.
}

TEST(C11_A15, EachOfCastlingEnPassantAndPromotionCanBeSwitched) {
    ElevenRules off;
    off.en_passant = false;
    off.promotion = false;
    Field ep(off);
    ep.field("3k4/2p5/8/3P4/8/8/8/3K4 b - - 0 1", SQ_D1, WHITE);
    ASSERT_TRUE(ep.accepted(ep.move("c7c5")));
    auto d = ep.move("d5c6");
    ASSERT_NE(find<engine::MoveRefused>(d), nullptr);
    EXPECT_EQ(d.front().rule, "C11-A15");
    EXPECT_TRUE(ep.accepted(ep.move("d5d6")));  // the pawn's other move stands
    Field pr(off);
    pr.field("3k4/6P1/8/8/8/8/8/3K4 w - - 0 1", SQ_G7, WHITE);
    d = pr.move("g7g8q");
    ASSERT_NE(find<engine::MoveRefused>(d), nullptr);
    EXPECT_EQ(d.front().rule, "C11-A15");
    // Castling on, for kings that keep goal on the e-file: king and rook on their squares.
    ElevenRules on;
    on.king_square = KingSquare::E_FILE;
    on.castling = true;
    Round r("r1bnk2r/1pppp1p1/5n2/8/8/5N2/1PPPP1P1/R1BNK2R", on);
    ASSERT_EQ(r.match.stage(), Stage::PLAY);
    ASSERT_TRUE(r.accepted(r.move("d2d4")));
    r.input(WHITE, "end_turn");
    ASSERT_TRUE(r.accepted(r.move("b7b6")));
    EXPECT_TRUE(r.accepted(r.move("e1g1")));
    EXPECT_EQ(r.match.field().piece_on(SQ_F1), W_ROOK);
}

TEST(C11_OBJ_2, MovesCheckAndMateFollowTheLawsOfChess) {
    // The Laws' pin: White's knight on d2 stands between its king and Black's rook on d7 and
    // may not move, though a knight's jump would be legal on an empty board.
    Field f;
    f.field("3k4/3r4/8/8/8/8/3N4/3K3R w - - 0 1", SQ_H1, WHITE);
    auto d = f.move("d2f3");
    ASSERT_NE(find<engine::MoveRefused>(d), nullptr);
    EXPECT_EQ(d.front().rule, "C11-CHECK-1");
    // The Laws' mate is the game's (C11-CHECK-2): BOXED_KING's knight mate counts two goals.
    Round r(BOXED_KING);
    mate(r);
    ASSERT_TRUE(r.accepted(r.move("g5f7")));
    EXPECT_EQ(r.match.goals(WHITE), 2);
}

// A stalemate: White's queen g1-g6 leaves Black's king on h8 no move and not in check.
constexpr const char* BEFORE_STALEMATE = "7k/8/8/8/8/8/8/3K2Q1 w - - 0 1";

TEST(C11_CHECK_G, AStalemateEndsTheRoundWithoutAGoalAndTheStalematedSideStarts) {
    Field f;
    f.field(BEFORE_STALEMATE, SQ_G1, WHITE);
    auto d = f.move("g1g6");
    ASSERT_TRUE(f.accepted(d));
    const auto* stalemate = news(d, "stalemate");
    ASSERT_NE(stalemate, nullptr);
    EXPECT_EQ(stalemate->facts.at("side"), "Black");
    EXPECT_EQ(find<engine::ScoreChanged>(d), nullptr);
    EXPECT_EQ(f.match.goals(WHITE), 0);
    ASSERT_NE(news(d, "restart"), nullptr);
    EXPECT_EQ(f.match.stage(), Stage::FORMATION);
    EXPECT_EQ(f.match.to_move(), BLACK);
}

TEST(C11_A14, AStalemateMayInsteadBeAGoalForTheStalematingSideOrADrawnMatch) {
    ElevenRules goal;
    goal.stalemate = StalemateRule::ONE_GOAL_TO_STALEMATING_SIDE;
    Field f(goal);
    f.field(BEFORE_STALEMATE, SQ_G1, WHITE);
    auto d = f.move("g1g6");
    ASSERT_NE(find<engine::ScoreChanged>(d), nullptr);
    EXPECT_EQ(f.match.goals(WHITE), 1);
    EXPECT_EQ(f.match.to_move(), BLACK);  // the side that conceded kicks off
    ElevenRules draw;
    draw.stalemate = StalemateRule::DRAW_GAME;
    Field g(draw);
    g.field(BEFORE_STALEMATE, SQ_G1, WHITE);
    d = g.move("g1g6");
    ASSERT_NE(find<engine::GameEnded>(d), nullptr);
    EXPECT_EQ(g.match.result(), "1/2-1/2");
}

TEST(C11_CHECK_3, ASideWithTheBallInCheckMustMeetTheCheckBeforeAPassOrAShot) {
    // White has the ball on h1; Black's rook on a1 checks White's king on d1 along the rank.
    Field f;
    f.field("3k4/8/8/8/8/7P/8/r2K3R w - - 0 1", SQ_H1, WHITE);
    auto d = f.input(WHITE, "pass", {{"from", "h1"}, {"to", "h3"}});
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(d.back().rule, "C11-CHECK-3");
    d = f.input(WHITE, "end_turn");
    EXPECT_EQ(d.back().rule, "C11-CHECK-3");
    EXPECT_EQ(f.match.possession(), WHITE);  // the side in check keeps the ball (C11-A13)
    ASSERT_TRUE(f.accepted(f.move("d1e2")));
    d = f.input(WHITE, "pass", {{"from", "h1"}, {"to", "h3"}});
    ASSERT_NE(news(d, "ball_passed"), nullptr);
    EXPECT_EQ(f.match.ball().square, SQ_H3);
}

TEST(C11_A13, UnderLosesPossessionTheCheckingPieceWinsTheBall) {
    ElevenRules rules;
    rules.in_check = InCheck::LOSES_POSSESSION;
    // White has the ball on h1; Black, to move, checks along the first rank.
    Field f(rules);
    f.field("r2k4/8/8/8/8/7P/8/3K3R b - - 0 1", SQ_H1, WHITE);
    auto d = f.move("a8a1");
    ASSERT_TRUE(f.accepted(d));
    const auto* won = news(d, "ball_won");
    ASSERT_NE(won, nullptr);
    EXPECT_EQ(won->facts.at("carrier"), "a1");
    EXPECT_EQ(f.match.possession(), BLACK);
    EXPECT_EQ(f.match.ball().square, SQ_A1);
    EXPECT_EQ(f.match.to_move(), BLACK);  // as a capture that wins it: the winner goes on
    // By default the same check leaves White the ball.
    Field g;
    g.field("r2k4/8/8/8/8/7P/8/3K3R b - - 0 1", SQ_H1, WHITE);
    g.move("a8a1");
    EXPECT_EQ(g.match.possession(), WHITE);
    EXPECT_EQ(g.match.ball().square, SQ_H1);
}

TEST(C11_A21, TheKingMayLeaveItsGoalUnlessConfinedToIt) {
    constexpr const char* FEN = "3k4/8/8/8/8/8/8/3K3R w - - 0 1";
    Field f;
    f.field(FEN, SQ_H1, WHITE);
    EXPECT_TRUE(f.accepted(f.move("d1c2")));
    ElevenRules confined;
    confined.king_confined_to_goal = true;
    Field g(confined);
    g.field(FEN, SQ_H1, WHITE);
    auto d = g.move("d1c2");
    ASSERT_NE(find<engine::MoveRefused>(d), nullptr);
    EXPECT_EQ(d.front().rule, "C11-A21");
    EXPECT_TRUE(g.accepted(g.move("d1e1")));  // along its goal
}

TEST(C11_TIME_2, ACorrespondenceGameIsAMatchToTwoGoals) {
    ElevenRules two;
    two.target_goals = 2;
    Round r(BOXED_KING, two);
    // No time limit: the half's countdown at zero changes nothing (C11-OBJ-1).
    auto d = r.send(engine::FlagFell{"e1", WHITE});
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(r.match.stage(), Stage::PLAY);
    mate(r);
    d = r.move("g5f7");  // mate: two goals, the target
    ASSERT_NE(find<engine::GameEnded>(d), nullptr);
    EXPECT_EQ(r.match.result(), "1-0");
}

}  // namespace
}  // namespace venue::games::eleven
