// Moving pieces on Grassi's half-square lattice (catalogue GCB-HALF-*, GCB-MOV-*, GCB-BALL-*,
// GCB-A5..A9), with the seed's worked examples as test vectors.
#include <gtest/gtest.h>

#include "games/grassi/rules/movement.h"

namespace venue::games::grassi {
namespace {

using namespace chess;

std::vector<Point> line(Point from, Point step, int steps) {
    std::vector<Point> p{from};
    for (int i = 0; i < steps; ++i) p.push_back({p.back().x + step.x, p.back().y + step.y});
    return p;
}

const Occupancy EMPTY{};

std::string clause_of(const std::optional<MoveProblem>& p) {
    return p ? p->clause : "";
}

TEST(GCB_HALF_2, ARookGoingThreeSquaresMakesSixHalfSquareSteps) {
    const auto path = line({1, 1}, {1, 0}, 6);
    EXPECT_EQ(path.back(), (Point{7, 1}));
    EXPECT_FALSE(path_problem(ROOK, WHITE, path, EMPTY, {}));
    EXPECT_EQ(move_cost(ROOK, path), 6);
}

TEST(GCB_HALF_3, EveryStepIsOneHalfSquare) {
    const std::vector<Point> jump{{1, 1}, {3, 1}};
    EXPECT_EQ(clause_of(path_problem(ROOK, WHITE, jump, EMPTY, {})), "GCB-HALF-3");
    EXPECT_EQ(clause_of(path_problem(ROOK, WHITE, {{16, 1}, {17, 1}}, EMPTY, {})), "GCB-HALF-1");
}

TEST(GCB_MOV_1, APawnMovesOneOrTwoStepsInAnyDirectionAndMayTurn) {
    EXPECT_FALSE(path_problem(PAWN, WHITE, {{5, 5}, {6, 6}}, EMPTY, {}));
    EXPECT_FALSE(path_problem(PAWN, WHITE, {{5, 5}, {6, 6}, {6, 7}}, EMPTY, {}));  // turns
    EXPECT_EQ(clause_of(path_problem(PAWN, WHITE, line({5, 5}, {0, 1}, 3), EMPTY, {})),
              "GCB-MOV-1");
}

TEST(GCB_A7, ThePawnsDirectionsAndTurningAreOptions) {
    GrassiRules four;
    four.pawn_eight_directions = false;
    EXPECT_EQ(clause_of(path_problem(PAWN, WHITE, {{5, 5}, {6, 6}}, EMPTY, four)), "GCB-A7");
    GrassiRules straight;
    straight.pawn_may_turn = false;
    EXPECT_EQ(clause_of(path_problem(PAWN, WHITE, {{5, 5}, {6, 6}, {6, 7}}, EMPTY, straight)),
              "GCB-A7");
}

TEST(GCB_MOV_2, ABishopStepsDiagonallyAndMayTurn) {
    EXPECT_FALSE(path_problem(BISHOP, WHITE, {{3, 3}, {4, 4}, {5, 3}, {6, 4}}, EMPTY, {}));
    EXPECT_EQ(clause_of(path_problem(BISHOP, WHITE, {{3, 3}, {4, 3}}, EMPTY, {})), "GCB-MOV-2");
    // A diagonal square is two steps.
    EXPECT_EQ(move_cost(BISHOP, line({1, 1}, {1, 1}, 2)), 2);
}

TEST(GCB_MOV_3, AKnightLeapsAsInChessFromAnyPointForThreeMovementPoints) {
    EXPECT_FALSE(path_problem(KNIGHT, WHITE, {{4, 4}, {6, 8}}, EMPTY, {}));
    EXPECT_FALSE(path_problem(KNIGHT, WHITE, {{5, 4}, {1, 6}}, EMPTY, {}));  // from an edge
    EXPECT_EQ(move_cost(KNIGHT, {{4, 4}, {6, 8}}), 3);
    EXPECT_EQ(clause_of(path_problem(KNIGHT, WHITE, {{4, 4}, {5, 6}}, EMPTY, {})), "GCB-MOV-3");
    // It jumps: what stands between does not stop it.
    const Occupancy crowd{{{5, 5}, {5, 6}, {4, 6}}, Point{6, 6}};
    EXPECT_FALSE(path_problem(KNIGHT, WHITE, {{4, 4}, {6, 8}}, crowd, {}));
}

TEST(GCB_MOV_5, ARookStepsOrthogonallyAndMayTurn) {
    EXPECT_FALSE(path_problem(ROOK, WHITE, {{3, 3}, {4, 3}, {4, 4}}, EMPTY, {}));
    EXPECT_EQ(clause_of(path_problem(ROOK, WHITE, {{3, 3}, {4, 4}}, EMPTY, {})), "GCB-MOV-5");
}

TEST(GCB_MOV_6, AQueenStepsEitherWay) {
    EXPECT_FALSE(path_problem(QUEEN, WHITE, {{3, 3}, {4, 4}, {4, 5}, {3, 6}}, EMPTY, {}));
    EXPECT_EQ(move_cost(QUEEN, {{3, 3}, {4, 4}, {4, 5}, {3, 6}}), 3);
}

TEST(GCB_MOV_7, TheKingMovesOnlyAlongItsGoalLine) {
    EXPECT_FALSE(path_problem(KING, WHITE, {{8, 0}, {9, 0}, {10, 0}}, EMPTY, {}));
    EXPECT_EQ(clause_of(path_problem(KING, WHITE, {{8, 0}, {8, 1}}, EMPTY, {})), "GCB-A8");
    EXPECT_FALSE(path_problem(KING, BLACK, {{8, 16}, {7, 16}}, EMPTY, {}));
}

TEST(GCB_A8, TheKingStaysInItsGoalMouthByDefault) {
    EXPECT_EQ(clause_of(path_problem(KING, WHITE, {{11, 0}, {12, 0}}, EMPTY, {})), "GCB-A8");
    GrassiRules whole;
    whole.king_zone = KingZone::WHOLE_LINE;
    EXPECT_FALSE(path_problem(KING, WHITE, {{11, 0}, {12, 0}}, EMPTY, whole));
    EXPECT_EQ(clause_of(path_problem(KING, WHITE, {{11, 0}, {11, 1}}, EMPTY, whole)), "GCB-MOV-7");
}

TEST(GCB_MOV_8, APieceMayNotEndOnAnOccupiedPoint) {
    const Occupancy f{{{5, 3}}, std::nullopt};
    const auto p = path_problem(ROOK, WHITE, {{3, 3}, {4, 3}, {5, 3}}, f, {});
    EXPECT_EQ(clause_of(p), "GCB-MOV-8");
    EXPECT_EQ(p->words, "the rook cannot stop on (5, 3): it is taken (no captures)");
    EXPECT_EQ(
        clause_of(path_problem(KNIGHT, WHITE, {{1, 1}, {3, 5}}, {{{3, 5}}, std::nullopt}, {})),
        "GCB-MOV-8");
}

TEST(GCB_MOV_9, APieceMayNotPassThroughAnother) {
    const Occupancy f{{{4, 3}}, std::nullopt};
    EXPECT_EQ(clause_of(path_problem(ROOK, WHITE, {{3, 3}, {4, 3}, {5, 3}}, f, {})), "GCB-MOV-9");
}

TEST(GCB_A9, TheBallIsAnObstacleToPiecesByDefault) {
    const Occupancy f{{}, Point{4, 3}};
    EXPECT_EQ(clause_of(path_problem(ROOK, WHITE, {{3, 3}, {4, 3}, {5, 3}}, f, {})), "GCB-MOV-9");
    GrassiRules through;
    through.ball_blocks_pieces = false;
    EXPECT_FALSE(path_problem(ROOK, WHITE, {{3, 3}, {4, 3}, {5, 3}}, f, through));
}

TEST(GCB_BALL_1, ADribblePaysForThePiecesStepsAndTheBalls) {
    // The seed's 12 MP: six steps of the piece and six of the ball.
    EXPECT_EQ(dribble_cost(ROOK, line({1, 1}, {1, 0}, 6), 6, {}), 12);
}

TEST(GCB_BALL_2, TheBallCirclingAStillPieceCostsItsSteps) {
    // The seed's 5 MP: the piece stays put and the ball goes five steps round it.
    EXPECT_EQ(dribble_cost(ROOK, {{4, 4}}, 5, {}), 5);
}

TEST(GCB_BALL_3, AKnightsBallCostsThree) {
    EXPECT_EQ(dribble_cost(KNIGHT, {{4, 4}, {6, 8}}, 4, {}), 6);
}

TEST(GCB_A5, UnderBallOnlyADribbleCostsTheBallsStepsAlone) {
    GrassiRules ball_only;
    ball_only.dribble_cost = DribbleCost::BALL_ONLY;
    EXPECT_EQ(dribble_cost(ROOK, line({1, 1}, {1, 0}, 6), 6, ball_only), 6);
}

TEST(GCB_A6, AKnightWithTheBallCostsThreePlusThreeOrThree) {
    GrassiRules ball_only;
    ball_only.dribble_cost = DribbleCost::BALL_ONLY;
    EXPECT_EQ(dribble_cost(KNIGHT, {{4, 4}, {6, 8}}, 4, {}), 6);
    EXPECT_EQ(dribble_cost(KNIGHT, {{4, 4}, {6, 8}}, 4, ball_only), 3);
}

TEST(GCB_PREP_1, TheGoalMouthRunsFromTheMiddleOfCToTheMiddleOfF) {
    EXPECT_TRUE(in_goal_mouth({5, 0}, WHITE));
    EXPECT_TRUE(in_goal_mouth({11, 16}, BLACK));
    EXPECT_FALSE(in_goal_mouth({12, 0}, WHITE));
    EXPECT_FALSE(in_goal_mouth({8, 16}, WHITE));  // Black's goal line
}

TEST(GCB_A13, ThePostsAreInsideTheMouthByDefault) {
    EXPECT_TRUE(in_goal_mouth({5, 0}, WHITE, true));
    EXPECT_FALSE(in_goal_mouth({5, 0}, WHITE, false));
    EXPECT_TRUE(in_goal_mouth({6, 0}, WHITE, false));
}

TEST(GCB_PREP_2, TheKeeperStandsAtTheCentreOfItsGoal) {
    EXPECT_EQ(keeper_home(WHITE), (Point{8, 0}));
    EXPECT_EQ(keeper_home(BLACK), (Point{8, 16}));
    EXPECT_EQ(KICK_OFF, (Point{8, 8}));
}

TEST(GCB_A25, EachSidesOwnHalfIncludesTheHalfwayLine) {
    EXPECT_TRUE(in_own_half({3, 8}, WHITE));
    EXPECT_TRUE(in_own_half({3, 8}, BLACK));
    EXPECT_FALSE(in_own_half({3, 9}, WHITE));
}

}  // namespace
}  // namespace venue::games::grassi
