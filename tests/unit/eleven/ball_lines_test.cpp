// Passes and shots in Chess Eleven (catalogue C11-PASS-2, C11-SHOOT-1, C11-A6, C11-A9, C11-A11):
// along which lines the ball may go, and what stops it.
#include <gtest/gtest.h>

#include "eleven_test_field.h"
#include "games/eleven/rules/ball_lines.h"

namespace venue::games::eleven {
namespace {

using namespace chess;
using testing::field;

// The seed's example: a rook passes to a pawn two squares below it.
TEST(C11_PASS_2, ARookPassesToAPawnTwoSquaresBelowIt) {
    const Placement p = field("3k4/8/8/3R4/8/3P4/8/3K4");
    EXPECT_FALSE(pass_problem(p, SQ_D5, SQ_D3, {}));
    EXPECT_FALSE(pass_problem(p, SQ_D3, SQ_D5, {}));  // and back: the rook's line serves both
    // The pawn, past its second rank, does not reach d5 itself: the rook's line is enough.
    EXPECT_FALSE(on_move_ray(p, SQ_D3, SQ_D5, Blockers::ALL));
}

TEST(C11_PASS_2, APassFollowsEitherPiecesPatternAndGoesToAPieceOfTheSameSide) {
    // A knight on f3 passes to the pawn on e5? The knight reaches e5: yes. To the rook on h3: no
    // line for the knight, but the rook reaches f3 along the rank.
    const Placement p = field("3k4/8/8/4P3/8/5N1R/8/3K4");
    EXPECT_FALSE(pass_problem(p, SQ_F3, SQ_E5, {}));
    EXPECT_FALSE(pass_problem(p, SQ_F3, SQ_H3, {}));
    const auto to_king = pass_problem(p, SQ_F3, SQ_D1, {});  // no line either way
    ASSERT_TRUE(to_king);
    EXPECT_EQ(to_king->clause, "C11-PASS-2");
    EXPECT_EQ(to_king->words,
              "White's king on d1 is not on a clear line of the White's knight on f3, nor the "
              "other way round (C11-A6)");
    const auto to_opponent = pass_problem(p, SQ_F3, SQ_D8, {});
    ASSERT_TRUE(to_opponent);
    EXPECT_EQ(to_opponent->clause, "C11-PASS-1");
}

TEST(C11_A6, EveryPieceBlocksAPassByDefaultAndTheAlternativesNarrowOrWiden) {
    // Rook a1 to pawn a5 with a black knight on a3 between.
    const Placement p = field("3k4/8/8/P7/8/n7/8/R2K4");
    const auto blocked = pass_problem(p, SQ_A1, SQ_A5, {});
    ASSERT_TRUE(blocked);
    EXPECT_EQ(blocked->clause, "C11-PASS-2");
    // Own pieces block too by default.
    const Placement own = field("3k4/8/8/P7/8/N7/8/R2K4");
    EXPECT_TRUE(pass_problem(own, SQ_A1, SQ_A5, {}));
    ElevenRules opponents_only;
    opponents_only.pass_blockers = Blockers::OPPONENTS_ONLY;
    EXPECT_FALSE(pass_problem(own, SQ_A1, SQ_A5, opponents_only));
    EXPECT_TRUE(pass_problem(p, SQ_A1, SQ_A5, opponents_only));
    // The receiver's pattern counts by default; only the passer's under passer_only: a pawn on b2
    // cannot reach the bishop on d4, the bishop reaches b2.
    const Placement diag = field("3k4/8/8/8/3B4/8/1P6/3K4");
    EXPECT_FALSE(pass_problem(diag, SQ_B2, SQ_D4, {}));
    ElevenRules passer_only;
    passer_only.pass_direction = PassDirection::PASSER_ONLY;
    EXPECT_TRUE(pass_problem(diag, SQ_B2, SQ_D4, passer_only));
    EXPECT_FALSE(pass_problem(diag, SQ_D4, SQ_B2, passer_only));
}

TEST(C11_A6, APawnsRaysAreItsStepsAndItsCaptureSquaresAndTheKingsIsOneSquare) {
    const Placement p = field("3k4/8/8/8/2N1N3/3N4/3P4/3K4");
    EXPECT_TRUE(on_move_ray(p, SQ_D2, SQ_D3, Blockers::ALL));   // one step
    EXPECT_FALSE(on_move_ray(p, SQ_D2, SQ_D4, Blockers::ALL));  // two steps, over d3's knight
    EXPECT_TRUE(on_move_ray(p, SQ_D2, SQ_C3, Blockers::ALL));   // capture square
    EXPECT_FALSE(on_move_ray(p, SQ_D2, SQ_C1, Blockers::ALL));  // not backwards
    EXPECT_TRUE(on_move_ray(p, SQ_D1, SQ_D2, Blockers::ALL));
    EXPECT_FALSE(on_move_ray(p, SQ_D1, SQ_D3, Blockers::ALL));
    const Placement open = field("3k4/8/8/8/8/8/3P4/3K4");
    EXPECT_TRUE(on_move_ray(open, SQ_D2, SQ_D4, Blockers::ALL));  // two from the second rank
    const Placement black = field("3k4/3p4/8/8/8/8/8/3K4");
    EXPECT_TRUE(on_move_ray(black, SQ_D7, SQ_D5, Blockers::ALL));
    EXPECT_FALSE(on_move_ray(black, SQ_D7, SQ_D8, Blockers::ALL));
}

TEST(C11_SHOOT_1, AShotNeedsAClearLineToASquareOfTheOpponentsGoal) {
    // White's rook on d5 shoots down the d-file at d8; e8 is off its line.
    const Placement p = field("4k3/8/8/3R4/8/8/8/3K4");
    EXPECT_FALSE(shot_problem(p, SQ_D5, SQ_D8, {}));
    const auto off = shot_problem(p, SQ_D5, SQ_E8, {});
    ASSERT_TRUE(off);
    EXPECT_EQ(off->clause, "C11-SHOOT-1");
    const auto own_goal = shot_problem(p, SQ_D5, SQ_D1, {});
    ASSERT_TRUE(own_goal);
    EXPECT_EQ(own_goal->words, "d1 is not a square of Black's goal");
    // A knight shoots by its jump: from c6 at d8, not at e8.
    const Placement knight = field("4k3/8/2N5/8/8/8/8/3K4");
    EXPECT_FALSE(shot_problem(knight, SQ_C6, SQ_D8, {}));
    EXPECT_TRUE(shot_problem(knight, SQ_C6, SQ_E8, {}));
}

TEST(C11_A9, OnlyOpposingPiecesBlockAShotByDefault) {
    // Rook d3, own pawn d5, black knight d6.
    const Placement own = field("4k3/8/8/3P4/8/3R4/8/4K3");
    EXPECT_FALSE(shot_problem(own, SQ_D3, SQ_D8, {}));  // the own pawn does not block
    ElevenRules all;
    all.shot_blockers = Blockers::ALL;
    EXPECT_TRUE(shot_problem(own, SQ_D3, SQ_D8, all));
    const Placement opp = field("4k3/8/3n4/8/8/3R4/8/4K3");
    const auto blocked = shot_problem(opp, SQ_D3, SQ_D8, {});
    ASSERT_TRUE(blocked);
    EXPECT_EQ(blocked->words,
              "no clear line from the White's rook on d3 to d8 (only opposing pieces block, "
              "C11-A9)");
    // Straight lines only: a knight cannot shoot; a pawn shoots along the file from afar.
    ElevenRules straight;
    straight.shot_pattern = ShotPattern::STRAIGHT_LINES_ONLY;
    const Placement knight = field("4k3/8/2N5/8/8/8/8/3K4");
    EXPECT_TRUE(shot_problem(knight, SQ_C6, SQ_D8, straight));
    const Placement pawn = field("4k3/8/8/8/3P4/8/8/4K3");
    EXPECT_TRUE(shot_problem(pawn, SQ_D4, SQ_D8, {}));  // its pattern is one step
    EXPECT_FALSE(shot_problem(pawn, SQ_D4, SQ_D8, straight));
}

TEST(C11_A11, AShotCannotTargetASquareHoldingTheShootersOwnPiece) {
    const Placement p = field("3Nk3/8/8/3R4/8/8/8/4K3");
    const auto own = shot_problem(p, SQ_D5, SQ_D8, {});
    ASSERT_TRUE(own);
    EXPECT_EQ(own->clause, "C11-A11");
    EXPECT_EQ(own->words, "the target d8 holds the shooter's own piece");
}

}  // namespace
}  // namespace venue::games::eleven
