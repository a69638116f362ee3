// Grassi's ChessBall played as a game (GrassiGame): the kick-off, the turns of three alternating
// moves and their movement points, dribbles, passes, throws and shots, the keeper's dice, tackles,
// substitutions, goals, halves and the result; each test named by the clause it checks
// (catalogue §7). The dice are physical here (GCB-A28), so that every throw is the test's own.
#include <gtest/gtest.h>

#include "grassi_field.h"

namespace venue::games::grassi {
namespace {

using namespace chess;
using test::BLACK_PLACES;
using test::Field;
using test::find;
using test::physical_dice;
using test::WHITE_KICK_OFF;

// The second half's kick-off, Black's (GCB-A25): Black's bishop next to the ball.
constexpr std::array<Point, 3> WHITE_RECEIVES{{{7, 5}, {4, 5}, {12, 5}}};
constexpr std::array<Point, 3> BLACK_KICK_OFF{{{9, 9}, {4, 11}, {12, 11}}};

// White's shot from the kick-off point into the free corner of Black's goal at (6, 16): a
// diagonal start and one 45° spin after two steps (GCB-PASS-5); 8 half-squares, power 10.
const std::vector<Point> SHOT_PAST_THE_KEEPER{{8, 8},  {7, 9},  {6, 10}, {6, 11}, {6, 12},
                                              {6, 13}, {6, 14}, {6, 15}, {6, 16}};
// Straight at Black's keeper on (8, 16): 8 half-squares, power 10.
const std::vector<Point> SHOT_AT_THE_KEEPER{{8, 8},  {8, 9},  {8, 10}, {8, 11}, {8, 12},
                                            {8, 13}, {8, 14}, {8, 15}, {8, 16}};

TEST(GCB_KIT_1, TheFieldIsAnEightByEightBoardAndTheSidesPlayWithChessPieces) {
    EXPECT_EQ(LATTICE, 2 * 8 + 1);  // 8 squares of two half-squares, and the far edge
    Field f;
    f.place();
    const auto& p = f.game.pieces();
    for (Color side : {WHITE, BLACK}) {
        EXPECT_EQ(p[std::size_t(index_of(side, 0))].type, KING);
        EXPECT_EQ(p[std::size_t(index_of(side, 1))].type, BISHOP);
        EXPECT_EQ(p[std::size_t(index_of(side, 2))].type, KNIGHT);
        EXPECT_EQ(p[std::size_t(index_of(side, 3))].type, ROOK);
    }
}

TEST(GCB_KIT_3, TheBallIsAPointWithACarrierOrLoose) {
    Field f;
    f.start();
    EXPECT_EQ(f.game.ball().at, KICK_OFF);
    EXPECT_EQ(f.game.ball().carrier, index_of(WHITE, 1));
    const auto news = f.ball(WHITE, {{8, 8}, {9, 8}, {10, 8}, {11, 8}});
    EXPECT_EQ(f.game.ball().at, (Point{11, 8}));
    EXPECT_FALSE(f.game.ball().carrier);
    EXPECT_NE(find(news, "loose"), nullptr);
}

TEST(GCB_OBJ_1, FiftyTurnsInTwoHalvesOfTwentyFiveThenTheResult) {
    Field f;
    EXPECT_EQ(f.game.last_turn(), 50);
    f.place();
    for (int turn = 1; turn <= 25; ++turn) f.pass_turn();
    EXPECT_EQ(f.game.half(), 2);
    EXPECT_EQ(f.game.turn(), 26);
    EXPECT_EQ(f.game.stage(), Stage::PLACEMENT);
    EXPECT_EQ(f.game.kicker(), BLACK);  // the other player kicks off the second half (GCB-A25)
    f.ok(f.game.place(WHITE, WHITE_RECEIVES));
    f.ok(f.game.place(BLACK, BLACK_KICK_OFF));
    for (int turn = 26; turn <= 50; ++turn) f.pass_turn();
    EXPECT_EQ(f.game.stage(), Stage::OVER);
    EXPECT_FALSE(f.game.winner());  // 0-0: a draw by default (GCB-A27)
    EXPECT_EQ(f.game.end_clause(), "GCB-A27");
}

TEST(GCB_OBJ_1, MoreGoalsAfterTheLastTurnWins) {
    GrassiRules r = physical_dice();
    r.turns = 2;
    Field f(r);
    f.start();
    f.ball(WHITE, SHOT_PAST_THE_KEEPER);  // 1-0; the goal ends turn 1: half-time
    EXPECT_EQ(f.game.goals(WHITE), 1);
    EXPECT_EQ(f.game.half(), 2);
    f.ok(f.game.place(WHITE, WHITE_RECEIVES));
    f.ok(f.game.place(BLACK, BLACK_KICK_OFF));
    f.pass_turn();
    EXPECT_EQ(f.game.stage(), Stage::OVER);
    EXPECT_EQ(f.game.winner(), WHITE);
    EXPECT_EQ(f.game.end_clause(), "GCB-OBJ-1");
}

TEST(GCB_TURN_1, ThreeMovesEachAlternatingWhiteFirst) {
    Field f;
    f.start();
    EXPECT_EQ(f.refused(f.game.pass_move(BLACK)), "GCB-TURN-1");
    for (Color expected : {WHITE, BLACK, WHITE, BLACK, WHITE, BLACK}) {
        EXPECT_EQ(f.game.mover(), expected);
        f.ok(f.game.pass_move(expected));
    }
    EXPECT_EQ(f.game.turn(), 2);
    EXPECT_EQ(f.game.pending_roll(), Roll::MOVEMENT);  // the next turn's dice (GCB-MP-1)
}

TEST(GCB_TURN_2, OnlyTheSideWhosePieceHasTheBallMovesIt) {
    Field f;
    f.start();
    f.ok(f.game.pass_move(WHITE));
    EXPECT_EQ(f.refused(f.game.move_ball(BLACK, {{8, 8}, {8, 9}})), "GCB-TURN-2");
    // Nor does a player move the other's pieces.
    EXPECT_EQ(f.refused(f.game.move(BLACK, {{4, 5}, {4, 6}})), "GCB-TURN-2");
}

TEST(GCB_MP_2, AMoveIsAPieceTheBallOrASubstitution) {
    Field f;
    f.start();
    EXPECT_NE(find(f.ball(WHITE, {{8, 8}, {8, 7}}), "ball_moved"), nullptr);  // round its carrier
    EXPECT_NE(find(f.move(BLACK, {{12, 11}, {12, 10}}), "moved"), nullptr);
    EXPECT_NE(find(f.ok(f.game.substitute(WHITE, {4, 5}, BISHOP)), "substituted"), nullptr);
}

TEST(GCB_MP_3, AMoveCostingMoreThanTheMPLeftIsRefused) {
    Field f;
    f.start({1, 1, 1, 1, 1, 1});  // 3 MP each
    EXPECT_EQ(f.refused(f.game.move(WHITE, {{12, 5}, {12, 4}, {12, 3}, {12, 2}, {12, 1}})),
              "GCB-MP-3");
    f.move(WHITE, {{12, 5}, {12, 4}, {12, 3}, {12, 2}});
    EXPECT_EQ(f.game.mp(WHITE), 0);
}

TEST(GCB_A3, UnusedMPAreLostAtTheEndOfTheTurn) {
    Field f;
    f.start();
    f.move(WHITE, {{12, 5}, {12, 6}, {12, 7}});
    EXPECT_EQ(f.game.mp(WHITE), 16);
    f.pass_rest_of_turn();
    f.roll({1, 1, 1, 1, 1, 1});
    EXPECT_EQ(f.game.mp(WHITE), 3);
    EXPECT_EQ(f.game.mp(BLACK), 3);
}

TEST(GCB_A3, OrCarriedOverAsTheAlternative) {
    GrassiRules r = physical_dice();
    r.mp_carry_over = true;
    Field f(r);
    f.start();
    f.move(WHITE, {{12, 5}, {12, 6}, {12, 7}});
    f.pass_rest_of_turn();
    f.roll({1, 1, 1, 1, 1, 1});
    EXPECT_EQ(f.game.mp(WHITE), 16 + 3);
    EXPECT_EQ(f.game.mp(BLACK), 15 + 3);
}

TEST(GCB_HALF_1, APieceStopsOnAVertexOrAnEdgeAsOnASquare) {
    Field f;
    f.start();
    f.move(WHITE, {{12, 5}, {12, 6}});  // a corner of four squares
    EXPECT_EQ(f.game.pieces()[std::size_t(index_of(WHITE, 3))].at, (Point{12, 6}));
}

TEST(GCB_BALL_1, ADribbleTakesTheBallAlongAndCostsItsStepsToo) {
    Field f;
    f.start();
    const auto news = f.move(WHITE, {{7, 7}, {6, 6}});  // the ball at (8, 8) follows to (7, 7)
    EXPECT_NE(find(news, "dribbled"), nullptr);
    EXPECT_EQ(f.game.ball().at, (Point{7, 7}));
    EXPECT_EQ(f.game.ball().carrier, index_of(WHITE, 1));
    EXPECT_EQ(f.game.mp(WHITE), 18 - 2);
}

TEST(GCB_BALL_3, AKnightsDribbleCostsThreeAndThree) {
    Field f;
    f.start();
    f.ok(f.game.substitute(WHITE, {7, 7}, KNIGHT));  // the carrier becomes a knight (0 MP)
    f.ok(f.game.pass_move(BLACK));
    f.move(WHITE, {{7, 7}, {11, 9}});
    EXPECT_EQ(f.game.ball().at, (Point{12, 10}));
    EXPECT_EQ(f.game.mp(WHITE), 18 - 6);
}

TEST(GCB_PREP_4, TheKickerPutsAPieceNextToTheBallAndEveryoneStaysInHisHalf) {
    Field f;
    EXPECT_EQ(f.refused(f.game.place(WHITE, {{{6, 6}, {4, 5}, {12, 5}}})), "GCB-PREP-4");
    EXPECT_EQ(f.refused(f.game.place(WHITE, {{{7, 9}, {4, 5}, {12, 5}}})), "GCB-A25");
    EXPECT_EQ(f.refused(f.game.place(BLACK, {{{9, 11}, {4, 7}, {12, 11}}})), "GCB-A25");
    EXPECT_EQ(f.refused(f.game.move(WHITE, {{7, 7}, {6, 6}})), "GCB-PREP-4");  // not in play yet
    const auto news = f.place();
    EXPECT_NE(find(news, "kick_off"), nullptr);
    EXPECT_EQ(f.game.ball().carrier, index_of(WHITE, 1));
    EXPECT_EQ(f.game.stage(), Stage::PLAY);
}

TEST(GCB_PREP_5, PiecesArePlacedOnEdgesAndCornersAsWellAsOnSquares) {
    Field f;
    f.place({{{7, 8}, {4, 4}, {12, 5}}}, BLACK_PLACES);  // an edge's middle, a corner
    EXPECT_EQ(f.game.pieces()[std::size_t(index_of(WHITE, 2))].at, (Point{4, 4}));
}

TEST(GCB_A1, EveryPointOfTheLatticeIsAPosition) {
    Field f;
    f.place({{{7, 7}, {0, 0}, {16, 8}}}, {{{9, 11}, {0, 16}, {16, 9}}});
    EXPECT_EQ(f.game.pieces()[std::size_t(index_of(BLACK, 2))].at, (Point{0, 16}));
}

TEST(GCB_PREP_3, AfterAGoalEachSideHasABishopAKnightAndARookAgain) {
    Field f;
    f.start();
    f.ok(f.game.substitute(WHITE, {4, 5}, PAWN));  // +4 MP
    f.ok(f.game.pass_move(BLACK));
    const auto news = f.ball(WHITE, SHOT_PAST_THE_KEEPER);
    ASSERT_NE(find(news, "goal"), nullptr);
    EXPECT_EQ(f.game.pieces()[std::size_t(index_of(WHITE, 2))].type, KNIGHT);
    EXPECT_FALSE(f.game.pieces()[std::size_t(index_of(WHITE, 2))].placed);
    EXPECT_EQ(f.game.pieces()[std::size_t(index_of(BLACK, 0))].at, keeper_home(BLACK));
}

TEST(GCB_PARATA_6, AfterAGoalTheConcedingPlayerKicksOff) {
    Field f;
    f.start();
    const auto news = f.ball(WHITE, SHOT_PAST_THE_KEEPER);
    ASSERT_NE(find(news, "kick_off_due"), nullptr);
    EXPECT_EQ(f.game.kicker(), BLACK);
    EXPECT_EQ(f.game.stage(), Stage::PLACEMENT);
    EXPECT_EQ(f.game.ball().at, KICK_OFF);
}

TEST(GCB_MOV_4, AKnightMovesOnceAGameTurn) {
    Field f;
    f.start();
    f.move(WHITE, {{4, 5}, {6, 9}});
    f.ok(f.game.pass_move(BLACK));
    EXPECT_EQ(f.refused(f.game.move(WHITE, {{6, 9}, {8, 13}})), "GCB-MOV-4");
    f.pass_rest_of_turn();
    f.roll({3, 3, 3, 3, 3, 3});
    f.move(WHITE, {{6, 9}, {8, 13}});  // a new turn
}

TEST(GCB_PASS_2, AThrowEndsNextToNoPieceAndTheBallIsAnyonesToTake) {
    Field f;
    f.start();
    const auto thrown = f.ball(WHITE, {{8, 8}, {9, 8}, {10, 8}, {11, 8}, {12, 8}});
    EXPECT_NE(find(thrown, "loose"), nullptr);
    const auto taken = f.move(BLACK, {{12, 11}, {12, 10}, {12, 9}});
    EXPECT_NE(find(taken, "possession"), nullptr);
    EXPECT_EQ(f.game.ball().carrier, index_of(BLACK, 3));
}

TEST(GCB_A32, APieceThatEndsAMoveNextToALooseBallTakesIt) {
    Field f;
    f.start();
    f.ball(WHITE, {{8, 8}, {9, 8}, {10, 8}, {11, 8}, {12, 8}});
    f.ok(f.game.pass_move(BLACK));
    f.move(WHITE, {{12, 5}, {12, 6}, {12, 7}});
    EXPECT_EQ(f.game.ball().carrier, index_of(WHITE, 3));
}

TEST(GCB_A18, TheBallStaysOnTheEdgeItReaches) {
    Field f;
    f.start();
    EXPECT_EQ(f.refused(f.game.move_ball(WHITE, {{8, 8},
                                                 {9, 8},
                                                 {10, 8},
                                                 {11, 8},
                                                 {12, 8},
                                                 {13, 8},
                                                 {14, 8},
                                                 {15, 8},
                                                 {16, 8},
                                                 {17, 8}})),
              "GCB-A18");
    f.ball(WHITE, {{8, 8}, {9, 8}, {10, 8}, {11, 8}, {12, 8}, {13, 8}, {14, 8}, {15, 8}, {16, 8}});
    EXPECT_EQ(f.game.ball().at, (Point{16, 8}));
    EXPECT_FALSE(f.game.ball().carrier);
}

TEST(GCB_TIRO_1, ABallReachingTheGoalLineInsideTheMouthIsAShot) {
    Field f;
    f.start();
    const auto news = f.ball(WHITE, SHOT_AT_THE_KEEPER);
    const News* shot = find(news, "shot");
    ASSERT_NE(shot, nullptr);
    EXPECT_EQ(shot->facts.at("power"), "10");
    EXPECT_EQ(f.game.pending_roll(), Roll::KEEPER);
}

TEST(GCB_TIRO_1, TheGoalLineOutsideTheMouthIsNoShot) {
    Field f;
    f.start();
    const auto news = f.ball(
        WHITE,
        {{8, 8}, {9, 9}, {10, 10}, {11, 11}, {12, 12}, {13, 13}, {14, 14}, {15, 15}, {16, 16}});
    EXPECT_EQ(find(news, "shot"), nullptr);
    EXPECT_EQ(f.game.ball().at, (Point{16, 16}));
}

TEST(GCB_TIRO_3, WithTheKeeperElsewhereTheShotIsAGoalWithoutDice) {
    Field f;
    f.start();
    const auto news = f.ball(WHITE, SHOT_PAST_THE_KEEPER);
    ASSERT_NE(find(news, "goal"), nullptr);
    EXPECT_EQ(find(news, "dice"), nullptr);
    EXPECT_EQ(f.game.goals(WHITE), 1);
    EXPECT_EQ(f.game.pending_roll(), Roll::NONE);
}

TEST(GCB_TIRO_4, TheBallStopsWhereTheMPRunOut) {
    Field f;
    f.start({1, 1, 1, 1, 1, 1});
    const auto news = f.ball(WHITE, {{8, 8}, {9, 8}, {10, 8}, {11, 8}, {12, 8}, {13, 8}});
    EXPECT_EQ(f.game.ball().at, (Point{11, 8}));
    EXPECT_EQ(f.game.mp(WHITE), 0);
    ASSERT_FALSE(news.empty());
    EXPECT_EQ(news.front().clause, "GCB-TIRO-4");
}

TEST(GCB_A33, ASavedBallLiesStraightInFrontOfTheKeeper) {
    Field f;
    f.start();
    f.ball(WHITE, SHOT_AT_THE_KEEPER);
    const auto news = f.roll({6, 4, 1});  // 11 against power 10: a save
    EXPECT_NE(find(news, "keeper"), nullptr);
    EXPECT_EQ(f.game.ball().carrier, index_of(BLACK, 0));
    EXPECT_EQ(f.game.ball().at, (Point{8, 15}));
}

TEST(GCB_A33, AnInterceptedBallLiesAtTheLastFreePointOfItsPath) {
    Field f;
    f.start();
    const auto news = f.ball(WHITE, {{8, 8}, {9, 9}, {9, 10}, {9, 11}, {9, 12}});
    EXPECT_NE(find(news, "intercepted"), nullptr);
    EXPECT_EQ(f.game.ball().at, (Point{9, 10}));
    EXPECT_EQ(f.game.ball().carrier, index_of(BLACK, 1));
    EXPECT_EQ(f.game.mp(WHITE), 18 - 3);  // it reached the piece on its third step
}

TEST(GCB_A31, AfterASaveTheTurnAlternatesAsUsualAndTheKeeperMayPass) {
    Field f;
    f.start();
    f.ball(WHITE, SHOT_AT_THE_KEEPER);
    f.roll({6, 4, 1});
    EXPECT_EQ(f.game.mover(), BLACK);
    EXPECT_EQ(f.game.moves_made(), 1);
    f.ball(BLACK, {{8, 15}, {8, 14}, {8, 13}});
    EXPECT_EQ(f.game.ball().at, (Point{8, 13}));
}

TEST(GCB_PARATA_4, InPlayARollFourBelowThePowerIsAGoal) {
    Field f;
    f.start();
    f.ball(WHITE, SHOT_AT_THE_KEEPER);
    const auto news = f.roll({2, 2, 2});  // 6 against 10
    EXPECT_NE(find(news, "goal"), nullptr);
    EXPECT_EQ(f.game.goals(WHITE), 1);
}

TEST(GCB_A17, AParriedBallStepsOutAndThePieceInItsWayTakesIt) {
    Field f;
    f.place(WHITE_KICK_OFF, {{{9, 11}, {4, 11}, {10, 14}}});
    f.roll({6, 6, 6, 5, 5, 5});
    f.ball(WHITE, SHOT_AT_THE_KEEPER);
    f.roll({3, 3, 2});  // 8 against 10: a parry of 2
    EXPECT_EQ(f.game.pending_roll(), Roll::PARRY);
    const auto news = f.roll({1});  // left as Black's keeper sees it: (+1, -1)
    EXPECT_NE(find(news, "parry"), nullptr);
    EXPECT_EQ(f.game.ball().at, (Point{9, 15}));
    EXPECT_EQ(f.game.ball().carrier, index_of(BLACK, 3));
}

TEST(GCB_A17, AParriedBallNoPieceStopsIsLooseWhereItStops) {
    Field f;
    f.start();
    f.ball(WHITE, SHOT_AT_THE_KEEPER);
    f.roll({3, 3, 2});
    const auto news = f.roll({3});  // centre: straight out
    EXPECT_EQ(f.game.ball().at, (Point{8, 14}));
    EXPECT_FALSE(f.game.ball().carrier);
    EXPECT_NE(find(news, "loose"), nullptr);
}

TEST(GCB_A14, InPlayARollEqualToThePowerDropsTheBallBesideTheKeeperAndItIsHis) {
    Field f;
    f.start();
    f.ball(WHITE, SHOT_AT_THE_KEEPER);
    f.roll({4, 3, 3});  // 10 against 10
    f.roll({5});        // right as Black's keeper sees it: (-1, -1)
    EXPECT_EQ(f.game.ball().at, (Point{7, 15}));
    EXPECT_EQ(f.game.ball().carrier, index_of(BLACK, 0));
}

TEST(GCB_CONTR_1, ATackleIsMadeNextToTheBallOnceAPlayerATurn) {
    Field f;
    f.start();
    f.ok(f.game.pass_move(WHITE));
    EXPECT_EQ(f.refused(f.game.contest(BLACK, {9, 11})), "GCB-CONTR-1");  // not next to the ball
    f.move(BLACK, {{9, 11}, {10, 10}, {9, 9}});
    f.ok(f.game.pass_move(WHITE));
    f.ok(f.game.contest(BLACK, {9, 9}));
    EXPECT_EQ(f.game.pending_roll(), Roll::TACKLE);
    f.roll({1, 1, 1, 6, 6, 6});
    EXPECT_EQ(f.game.ball().carrier, index_of(BLACK, 1));
    f.ok(f.game.contest(WHITE, {7, 7}));  // White's own tackle of the turn
    f.roll({6, 6, 6, 1, 1, 1});
    EXPECT_EQ(f.game.ball().carrier, index_of(WHITE, 1));
    EXPECT_EQ(f.refused(f.game.contest(BLACK, {9, 9})), "GCB-A19");  // Black's second
}

TEST(GCB_CONTR_2, BothRollThreeDiceAndTheHigherTotalHasTheBall) {
    Field f;
    f.start();
    f.ok(f.game.pass_move(WHITE));
    f.move(BLACK, {{9, 11}, {10, 10}, {9, 9}});
    f.ok(f.game.pass_move(WHITE));
    f.ok(f.game.contest(BLACK, {9, 9}));
    const auto news = f.roll({2, 3, 3, 4, 4, 4});  // the seed's example: White 8, Black 12
    const News* tackle = find(news, "tackle");
    ASSERT_NE(tackle, nullptr);
    EXPECT_EQ(tackle->facts.at("winner"), "black");
    EXPECT_EQ(f.game.ball().carrier, index_of(BLACK, 1));
}

TEST(GCB_A19, OneTackleATurnInAllOrOneAPairAsAlternatives) {
    GrassiRules total = physical_dice();
    total.contest_limit = ContestLimit::PER_TURN_TOTAL;
    Field f(total);
    f.start();
    f.ok(f.game.pass_move(WHITE));
    f.move(BLACK, {{9, 11}, {10, 10}, {9, 9}});
    f.ok(f.game.pass_move(WHITE));
    f.ok(f.game.contest(BLACK, {9, 9}));
    f.roll({1, 1, 1, 6, 6, 6});
    EXPECT_EQ(f.refused(f.game.contest(WHITE, {7, 7})), "GCB-A19");

    GrassiRules pair = physical_dice();
    pair.contest_limit = ContestLimit::PER_PAIR_PER_TURN;
    pair.contest_cost = ContestCost::FREE_ACTION;
    Field g(pair);
    g.start();
    g.ok(g.game.pass_move(WHITE));
    g.move(BLACK, {{9, 11}, {10, 10}, {9, 9}});
    g.ok(g.game.pass_move(WHITE));
    g.ok(g.game.contest(BLACK, {9, 9}));
    g.roll({6, 6, 6, 1, 1, 1});                                      // White keeps it
    EXPECT_EQ(g.refused(g.game.contest(BLACK, {9, 9})), "GCB-A19");  // the same pair
}

TEST(GCB_A21, ATackleIsOneOfTheStartersMovesForNoMPAndOnlyTheSideWithoutTheBallStartsIt) {
    Field f;
    f.start();
    EXPECT_EQ(f.refused(f.game.contest(WHITE, {7, 7})), "GCB-A21");  // White has the ball
    f.ok(f.game.pass_move(WHITE));
    f.move(BLACK, {{9, 11}, {10, 10}, {9, 9}});
    f.ok(f.game.pass_move(WHITE));
    const int mp = f.game.mp(BLACK);
    f.ok(f.game.contest(BLACK, {9, 9}));
    f.roll({1, 1, 1, 6, 6, 6});
    EXPECT_EQ(f.game.moves_made(), 4);
    EXPECT_EQ(f.game.mp(BLACK), mp);

    GrassiRules free_action = physical_dice();
    free_action.contest_cost = ContestCost::FREE_ACTION;
    free_action.contest_mp = 2;
    Field g(free_action);
    g.start();
    g.ok(g.game.pass_move(WHITE));
    g.move(BLACK, {{9, 11}, {10, 10}, {9, 9}});
    g.ok(g.game.pass_move(WHITE));
    g.ok(g.game.contest(BLACK, {9, 9}));
    g.roll({1, 1, 1, 6, 6, 6});
    EXPECT_EQ(g.game.moves_made(), 3);  // not a move: Black still has its second
    EXPECT_EQ(g.game.mover(), BLACK);
    EXPECT_EQ(g.game.mp(BLACK), 15 - 2 - 2);
}

TEST(GCB_SOST_3, TheIncomingPieceTakesThePlaceAndKeepsTheBall) {
    Field f;
    f.start();
    f.ok(f.game.substitute(WHITE, {7, 7}, KNIGHT));
    const FieldPiece& p = f.game.pieces()[std::size_t(index_of(WHITE, 1))];
    EXPECT_EQ(p.type, KNIGHT);
    EXPECT_EQ(p.at, (Point{7, 7}));
    EXPECT_EQ(f.game.ball().carrier, index_of(WHITE, 1));
}

TEST(GCB_A24, TheSubstitutesComeFromOneStandardSet) {
    Field f;
    f.start();
    f.ok(f.game.substitute(WHITE, {7, 7}, QUEEN));  // -8 MP
    f.pass_rest_of_turn();
    f.pass_turn();
    f.pass_turn();
    f.roll({6, 6, 6, 6, 6, 6});
    EXPECT_EQ(f.game.turn(), 4);
    EXPECT_EQ(f.refused(f.game.substitute(WHITE, {4, 5}, QUEEN)), "GCB-A24");

    GrassiRules any = physical_dice();
    any.piece_limits = PieceLimits::UNLIMITED;
    Field g(any);
    g.start();
    g.ok(g.game.substitute(WHITE, {7, 7}, QUEEN));
    g.pass_rest_of_turn();
    g.pass_turn();
    g.pass_turn();
    g.roll({6, 6, 6, 6, 6, 6});
    g.ok(g.game.substitute(WHITE, {4, 5}, QUEEN));
}

TEST(GCB_A26, AGoalEndsTheTurnByDefault) {
    Field f;
    f.start();
    f.ball(WHITE, SHOT_PAST_THE_KEEPER);
    EXPECT_EQ(f.game.turn(), 2);
    f.ok(f.game.place(WHITE, WHITE_RECEIVES));
    f.ok(f.game.place(BLACK, BLACK_KICK_OFF));
    EXPECT_EQ(f.game.pending_roll(), Roll::MOVEMENT);
}

TEST(GCB_A26, OrTheTurnGoesOnAfterTheKickOff) {
    GrassiRules r = physical_dice();
    r.after_goal = AfterGoal::CONTINUE_TURN_AFTER_RESET;
    Field f(r);
    f.start();
    f.ball(WHITE, SHOT_PAST_THE_KEEPER);
    EXPECT_EQ(f.game.turn(), 1);
    f.ok(f.game.place(WHITE, WHITE_RECEIVES));
    f.ok(f.game.place(BLACK, BLACK_KICK_OFF));
    EXPECT_EQ(f.game.pending_roll(), Roll::NONE);  // no new dice: the turn's MP go on
    EXPECT_EQ(f.game.mover(), BLACK);
    EXPECT_EQ(f.game.mp(WHITE), 18 - 8);
}

// A game of two turns (one a half) played level to its end.
void level_after_two_turns(Field& f) {
    f.place();
    f.pass_turn();
    f.ok(f.game.place(WHITE, WHITE_RECEIVES));
    f.ok(f.game.place(BLACK, BLACK_KICK_OFF));
    f.pass_turn();
}

TEST(GCB_A27, LevelAfterTheLastTurnIsADrawByDefault) {
    GrassiRules r = physical_dice();
    r.turns = 2;
    Field f(r);
    level_after_two_turns(f);
    EXPECT_EQ(f.game.stage(), Stage::OVER);
    EXPECT_FALSE(f.game.winner());
}

TEST(GCB_A27, ExtraTurnsThenADraw) {
    GrassiRules r = physical_dice();
    r.turns = 2;
    r.tie = Tie::EXTRA_TURNS;
    r.extra_turns = 2;
    Field f(r);
    level_after_two_turns(f);
    EXPECT_EQ(f.game.stage(), Stage::PLACEMENT);
    EXPECT_EQ(f.game.half(), 3);
    EXPECT_EQ(f.game.last_turn(), 4);
    f.place();  // White kicks off the extra turns, as it did the first half
    f.pass_turn();
    f.pass_turn();
    EXPECT_EQ(f.game.stage(), Stage::OVER);
    EXPECT_FALSE(f.game.winner());
}

TEST(GCB_A27, OrAGoldenGoal) {
    GrassiRules r = physical_dice();
    r.turns = 2;
    r.tie = Tie::GOLDEN_GOAL;
    Field f(r);
    level_after_two_turns(f);
    EXPECT_TRUE(f.game.golden_goal());
    f.start();
    f.ball(WHITE, SHOT_PAST_THE_KEEPER);
    EXPECT_EQ(f.game.stage(), Stage::OVER);
    EXPECT_EQ(f.game.winner(), WHITE);
}

TEST(GCB_A28, PhysicalDiceAreWaitedForAndNothingElseIsTaken) {
    Field f;
    f.place();
    EXPECT_EQ(f.game.pending_roll(), Roll::MOVEMENT);
    EXPECT_EQ(f.refused(f.game.pass_move(WHITE)), "GCB-A28");
    EXPECT_EQ(f.refused(f.game.enter_dice({6, 6})), "GCB-A28");  // six dice are due
    EXPECT_EQ(f.refused(f.game.enter_dice({6, 6, 6, 6, 6, 7})), "GCB-KIT-2");
    f.roll({6, 6, 6, 6, 6, 6});
    EXPECT_EQ(f.game.mp(WHITE), 18);
}

TEST(GCB_A28, TheHostsDiceComeFromTheSeedAndRollTheSameOnAReplay) {
    GrassiRules host;  // dice = host, first kick-off by a coin
    GrassiGame a(host, 2026), b(host, 2026);
    EXPECT_NE(find(a.opening(), "dice"), nullptr);
    EXPECT_EQ(a.kicker(), b.kicker());
    EXPECT_FALSE(a.enter_dice({3}));
    // Over many seeds, both sides kick off first.
    bool white = false, black = false;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        const GrassiGame g(host, seed);
        (g.kicker() == WHITE ? white : black) = true;
    }
    EXPECT_TRUE(white);
    EXPECT_TRUE(black);
}

TEST(GCB_A29, HalfTimeIsAKickOffAndSubstitutionsStay) {
    GrassiRules r = physical_dice();
    r.turns = 4;
    Field f(r);
    f.start();
    f.ok(f.game.substitute(WHITE, {7, 7}, KNIGHT));
    f.pass_rest_of_turn();
    f.pass_turn();
    EXPECT_EQ(f.game.half(), 2);
    EXPECT_EQ(f.game.stage(), Stage::PLACEMENT);
    EXPECT_EQ(f.game.pieces()[std::size_t(index_of(WHITE, 1))].type, KNIGHT);

    r.halftime_reset_pieces = true;
    Field g(r);
    g.start();
    g.ok(g.game.substitute(WHITE, {7, 7}, KNIGHT));
    g.pass_rest_of_turn();
    g.pass_turn();
    EXPECT_EQ(g.game.pieces()[std::size_t(index_of(WHITE, 1))].type, BISHOP);
}

TEST(GCB_A30, FieldPiecesMayStandOnTheGoalLineUnlessTheMatchSaysNot) {
    Field f;
    f.ok(f.game.place(WHITE, {{{7, 7}, {3, 0}, {12, 5}}}));
    GrassiRules off = physical_dice();
    off.field_pieces_on_goal_line = false;
    Field g(off);
    EXPECT_EQ(g.refused(g.game.place(WHITE, {{{7, 7}, {3, 0}, {12, 5}}})), "GCB-A30");
}

TEST(GCB_A10, TheSideThatMovedTheBallKeepsItWhenBothSidesAreNextToIt) {
    Field f;
    f.place({{{7, 7}, {4, 5}, {11, 7}}}, {{{9, 11}, {4, 11}, {11, 9}}});
    f.roll({6, 6, 6, 5, 5, 5});
    f.ball(WHITE, {{8, 8}, {9, 8}, {10, 8}});
    EXPECT_EQ(f.game.ball().carrier, index_of(WHITE, 3));
}

TEST(GCB_A10, NearestThenMoverAsAnAlternative) {
    GrassiRules r = physical_dice();
    r.multi_adjacent = MultiAdjacent::NEAREST_THEN_MOVER;
    Field f(r);
    f.place({{{7, 7}, {4, 5}, {11, 7}}}, {{{9, 11}, {4, 11}, {10, 9}}});
    f.roll({6, 6, 6, 5, 5, 5});
    f.ball(WHITE, {{8, 8}, {9, 8}, {10, 8}});
    EXPECT_EQ(f.game.ball().carrier, index_of(BLACK, 3));  // (10, 9) is nearer than (11, 7)
}

TEST(GCB_A10, OrATackleDecides) {
    GrassiRules r = physical_dice();
    r.multi_adjacent = MultiAdjacent::AUTO_CONTEST;
    Field f(r);
    f.place({{{7, 7}, {4, 5}, {11, 7}}}, {{{9, 11}, {4, 11}, {11, 9}}});
    f.roll({6, 6, 6, 5, 5, 5});
    const auto news = f.ball(WHITE, {{8, 8}, {9, 8}, {10, 8}});
    EXPECT_NE(find(news, "contested_ball"), nullptr);
    f.roll({1, 1, 1, 6, 6, 6});
    EXPECT_EQ(f.game.ball().carrier, index_of(BLACK, 3));
    EXPECT_EQ(f.game.mover(), BLACK);  // the pass was White's move
}

// White's own goal: a diagonal start, one spin, into White's mouth at (10, 0); 8 half-squares.
const std::vector<Point> OWN_GOAL{{8, 8},  {9, 7},  {10, 6}, {10, 5}, {10, 4},
                                  {10, 3}, {10, 2}, {10, 1}, {10, 0}};

TEST(GCB_A12, AnOwnGoalCountsForTheOpponent) {
    Field f;
    f.start();
    f.ball(WHITE, OWN_GOAL);
    EXPECT_EQ(f.game.goals(BLACK), 1);
    EXPECT_EQ(f.game.kicker(), WHITE);  // the conceding player kicks off
}

TEST(GCB_A12, OrMayNotBePlayed) {
    GrassiRules r = physical_dice();
    r.own_goals = OwnGoals::IMPOSSIBLE;
    Field f(r);
    f.start();
    EXPECT_EQ(f.refused(f.game.move_ball(WHITE, OWN_GOAL)), "GCB-A12");
    EXPECT_EQ(f.game.goals(BLACK), 0);
}

TEST(GCB_A2, WhiteMovesFirstInEveryTurnOrTheKickOffsTakerOrThePossessor) {
    for (TurnOrder order :
         {TurnOrder::WHITE_FIRST, TurnOrder::KICKOFF_TAKER_FIRST, TurnOrder::POSSESSOR_FIRST}) {
        GrassiRules r = physical_dice();
        r.first_kickoff = FirstKickoff::COIN;
        r.turn_order = order;
        Field f(r);
        EXPECT_EQ(f.game.pending_roll(), Roll::COIN);
        f.roll({5});  // 4-6: Black kicks off
        EXPECT_EQ(f.game.kicker(), BLACK);
        f.place(WHITE_RECEIVES, BLACK_KICK_OFF);
        f.roll({3, 3, 3, 3, 3, 3});
        EXPECT_EQ(f.game.first_mover(), order == TurnOrder::WHITE_FIRST ? WHITE : BLACK);
    }
}

TEST(GCB_A4, AMoveMayBeSpentDoingNothingUnlessTheMatchSaysNot) {
    Field f;
    f.start();
    EXPECT_NE(find(f.ok(f.game.pass_move(WHITE)), "pass_move"), nullptr);
    GrassiRules r = physical_dice();
    r.allow_pass_move = false;
    Field g(r);
    g.start();
    EXPECT_EQ(g.refused(g.game.pass_move(WHITE)), "GCB-A4");
}

TEST(GrassiCorrections, TheArbiterSetsAPieceOrTheBallWithoutCostOrMove) {
    Field f;
    f.start();
    f.ok(f.game.correct_piece({12, 5}, {12, 6}));
    f.ok(f.game.correct_ball({6, 8}, Point{7, 7}));
    EXPECT_EQ(f.refused(f.game.correct_piece({8, 0}, {8, 1})), "GCB-MOV-7");
    EXPECT_EQ(f.game.moves_made(), 0);
    EXPECT_EQ(f.game.mp(WHITE), 18);
}

}  // namespace
}  // namespace venue::games::grassi
