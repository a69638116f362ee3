// Chess Eleven's clauses of movement, check, mate and the bench (catalogue C11-PIECE-*,
// C11-CHECK-*, C11-POSS-2, C11-A15, C11-A20, C11-A22, C11-A23), each a list of events in and
// decisions out.
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

}  // namespace
}  // namespace venue::games::eleven
