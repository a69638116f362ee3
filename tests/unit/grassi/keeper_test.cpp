// The keeper against a shot (catalogue GCB-TIRO-3, GCB-PARATA-*, GCB-A14..A16), the seed's
// worked examples, and the exact chances compared with the catalogue's oracle table (§7.2).
#include <gtest/gtest.h>

#include <map>

#include "games/grassi/rules/dice.h"
#include "games/grassi/rules/keeper.h"

namespace venue::games::grassi {
namespace {

using namespace chess;

TEST(GCB_PARATA_5, TheSeedsWorkedExamples) {
    // Power 14: rolls 15, 11 and 8 give a save, a parry of 3 and a goal.
    EXPECT_EQ(keeper_result(14, 15, {}).outcome, KeeperOutcome::SAVE);
    const KeeperResult parry = keeper_result(14, 11, {});
    EXPECT_EQ(parry.outcome, KeeperOutcome::PARRY);
    EXPECT_EQ(parry.residual, 3);
    EXPECT_EQ(keeper_result(14, 8, {}).outcome, KeeperOutcome::GOAL);
}

TEST(GCB_PARATA_2, ARollAboveThePowerSaves) {
    EXPECT_EQ(keeper_result(10, 11, {}).outcome, KeeperOutcome::SAVE);
}

TEST(GCB_PARATA_3, ARollAtMostThreeBelowThePowerParries) {
    EXPECT_EQ(keeper_result(10, 7, {}).residual, 3);
    EXPECT_EQ(keeper_result(10, 9, {}).residual, 1);
}

TEST(GCB_PARATA_4, ARollFourOrMoreBelowThePowerIsAGoal) {
    EXPECT_EQ(keeper_result(14, 10, {}).outcome, KeeperOutcome::GOAL);
    EXPECT_EQ(keeper_result(10, 6, {}).outcome, KeeperOutcome::GOAL);
}

TEST(GCB_A14, ARollEqualToThePowerIsAParryOfNothingAndTheKeepersBall) {
    EXPECT_EQ(keeper_result(10, 10, {}).outcome, KeeperOutcome::PARRY_ZERO);
    GrassiRules save;
    save.equal_roll = EqualRoll::SAVE;
    EXPECT_EQ(keeper_result(10, 10, save).outcome, KeeperOutcome::SAVE);
    GrassiRules one;
    one.equal_roll = EqualRoll::PARRY_MIN_1;
    EXPECT_EQ(keeper_result(10, 10, one).residual, 1);
}

TEST(GCB_A15, AParryTravelsInHalfSquaresByDefault) {
    GrassiRules squares;
    squares.parry_unit = ParryUnit::SQUARE;
    EXPECT_EQ(keeper_result(14, 11, squares).residual, 6);
}

TEST(GCB_A16, TheParrysDirectionIsSeenByTheKeeperFacingTheField) {
    EXPECT_EQ(parry_step(WHITE, 1), (Point{-1, 1}));  // left, 45° outwards
    EXPECT_EQ(parry_step(WHITE, 4), (Point{0, 1}));   // centre
    EXPECT_EQ(parry_step(WHITE, 6), (Point{1, 1}));   // right
    EXPECT_EQ(parry_step(BLACK, 2), (Point{1, -1}));  // Black's keeper faces down the board
    EXPECT_EQ(parry_step(BLACK, 5), (Point{-1, -1}));
}

// The catalogue's oracle: P(save), P(parry), P(roll = power), P(goal) to three decimals, for
// each power, computed exactly from the rules over all 216 throws of 3d6.
TEST(GCB_PARATA_1, TheExactChancesMatchTheCataloguesOracleTable) {
    struct Row {
        int power;
        double save, parry, equal, goal;
    };
    const Row oracle[] = {
        {2, 1.000, 0.000, 0.000, 0.000},  {4, 0.981, 0.019, 0.014, 0.000},
        {6, 0.907, 0.093, 0.046, 0.000},  {8, 0.741, 0.241, 0.097, 0.019},
        {10, 0.500, 0.407, 0.125, 0.093}, {12, 0.259, 0.481, 0.116, 0.259},
        {14, 0.093, 0.407, 0.069, 0.500}, {16, 0.019, 0.241, 0.028, 0.741},
    };
    for (const Row& r : oracle) {
        const KeeperChances c = keeper_chances(r.power);
        EXPECT_NEAR(c.save, r.save, 0.0005) << "power " << r.power;
        EXPECT_NEAR(c.parry, r.parry, 0.0005) << "power " << r.power;
        EXPECT_NEAR(c.parry_equal, r.equal, 0.0005) << "power " << r.power;
        EXPECT_NEAR(c.goal, r.goal, 0.0005) << "power " << r.power;
        EXPECT_NEAR(c.save + c.parry + c.goal, 1.0, 1e-12);
    }
    // From 12 or more half-squares away (power 6 or less) a shot never scores past the keeper.
    for (int power = 2; power <= 6; ++power) EXPECT_EQ(keeper_chances(power).goal, 0.0);
}

TEST(KeeperChances, AtTheExtremesOfPower) {
    EXPECT_DOUBLE_EQ(keeper_chances(17).save, 1.0 / 216);  // only 6-6-6 beats 17
    EXPECT_NEAR(keeper_chances(2).save, 1.0, 1e-12);       // every throw beats 2
}

TEST(GCB_KIT_2, DiceRollFromTheLoggedSeedTheSameOnReplay) {
    std::map<int, int> faces;
    for (std::uint64_t roll = 0; roll < 6000; ++roll) {
        const auto d = three_d6(99, roll);
        EXPECT_EQ(d, three_d6(99, roll));
        for (int f : d) {
            ASSERT_GE(f, 1);
            ASSERT_LE(f, 6);
            ++faces[f];
        }
    }
    // 18 000 faces, 3 000 expected each: within 5 % (the binomial's sd is about 50).
    for (int f = 1; f <= 6; ++f) EXPECT_NEAR(faces[f], 3000, 150) << f;
}

TEST(GCB_MP_1, EachPlayersMovementPointsAreAThrowOfThreeDice) {
    for (std::uint64_t roll = 0; roll < 1000; ++roll) {
        const auto d = three_d6(7, roll);
        const int mp = d[0] + d[1] + d[2];
        EXPECT_GE(mp, 3);
        EXPECT_LE(mp, 18);
    }
}

TEST(GCB_CONTR_3, WhiteEightBlackTwelveBlackWinsTheBall) {
    EXPECT_EQ(tackle_winner(8, 12), 1);
    EXPECT_EQ(tackle_winner(13, 12), 0);
}

TEST(GCB_A20, EqualTotalsInATackleDecideNothing) {
    EXPECT_FALSE(tackle_winner(10, 10));
}

}  // namespace
}  // namespace venue::games::grassi
