// The ball's own movement in Grassi's ChessBall (catalogue GCB-PASS-*, GCB-TIRO-2, GCB-A11):
// straight or with one spin made within its first two MP, stopped by the first piece in its way,
// and a shot's power.
#include <gtest/gtest.h>

#include "games/grassi/rules/ball_path.h"

namespace venue::games::grassi {
namespace {

std::string clause_of(const std::optional<MoveProblem>& p) {
    return p ? p->clause : "";
}

TEST(GCB_PASS_1, APassCostsOneMovementPointPerStep) {
    const std::vector<Point> pass{{4, 4}, {5, 4}, {6, 4}, {7, 4}, {8, 4}};  // the seed's 4 MP
    EXPECT_FALSE(ball_path_problem(pass, {}));
    EXPECT_EQ(int(pass.size()) - 1, 4);
    EXPECT_EQ(clause_of(ball_path_problem({{4, 4}, {6, 4}}, {})), "GCB-PASS-1");
}

TEST(GCB_PASS_3, TheFirstPieceOnTheBallsPathStopsItAndTakesIt) {
    const std::vector<Point> path{{4, 4}, {5, 4}, {6, 4}, {7, 4}, {8, 4}};
    const Occupancy field{{{7, 4}}, std::nullopt};
    const BallStop stop = ball_stop(path, field);
    EXPECT_EQ(stop.index, 2u);  // at (6, 4), the free point before the piece
    ASSERT_TRUE(stop.stopped_by);
    EXPECT_EQ(*stop.stopped_by, (Point{7, 4}));
    EXPECT_EQ(ball_stop(path, Occupancy{}).index, 4u);
}

TEST(GCB_PASS_4, SpinDeviatesTheBallByFortyFiveDegreesAtMost) {
    EXPECT_FALSE(ball_path_problem({{4, 4}, {5, 4}, {6, 5}, {7, 6}}, {}));
    EXPECT_EQ(clause_of(ball_path_problem({{4, 4}, {5, 4}, {5, 5}, {5, 6}}, {})), "GCB-PASS-4");
}

TEST(GCB_PASS_5, SpinOnlyWithinTheBallsFirstTwoMovementPoints) {
    // Turning after the second step: allowed; after the third: too late.
    EXPECT_FALSE(ball_path_problem({{4, 4}, {5, 4}, {6, 4}, {7, 5}, {8, 6}}, {}));
    const auto late = ball_path_problem({{4, 4}, {5, 4}, {6, 4}, {7, 4}, {8, 5}}, {});
    EXPECT_EQ(clause_of(late), "GCB-PASS-5");
    EXPECT_NE(late->words.find("SPIN_TOO_LATE"), std::string::npos);
}

TEST(GCB_A11, OneDeviationAtMostByDefaultAndTheAlternatives) {
    const std::vector<Point> two_same{{4, 4}, {5, 4}, {6, 5}, {6, 6}};  // left, then left again
    EXPECT_EQ(clause_of(ball_path_problem(two_same, {})), "GCB-A11");
    GrassiRules curl;
    curl.spin = Spin::UP_TO_TWO_SAME_SIDE;
    EXPECT_FALSE(ball_path_problem(two_same, curl));
    const std::vector<Point> zigzag{{4, 4}, {5, 4}, {6, 5}, {7, 5}};  // left, then right
    EXPECT_EQ(clause_of(ball_path_problem(zigzag, curl)), "GCB-A11");
    GrassiRules off;
    off.spin = Spin::OFF;
    EXPECT_EQ(clause_of(ball_path_problem({{4, 4}, {5, 4}, {6, 5}}, off)), "GCB-A11");
}

TEST(GCB_TIRO_2, PowerIsEighteenLessTheHalfSquaresTravelled) {
    EXPECT_EQ(shot_power(12), 6);
    EXPECT_EQ(shot_power(4), 14);
}

}  // namespace
}  // namespace venue::games::grassi
