// What a shot comes to (catalogue C11-SHOOT-2..7, C11-A10, X-4): a certain goal, or an outcome
// drawn among those the defenders make possible, the same on every replay.
#include <gtest/gtest.h>

#include <map>

#include "eleven_test_field.h"
#include "games/eleven/rules/shot.h"
#include "venue/seeded_random.h"

namespace venue::games::eleven {
namespace {

using namespace chess;
using testing::field;

std::vector<ShotOutcome> outcomes(std::initializer_list<ShotOutcome> o) {
    return o;
}

TEST(C11_SHOOT_2, AGoalWhenNoDefenderStandsOnEitherGoalSquare) {
    // Black's king has left its goal; the shot at d8 scores.
    const Placement p = field("8/3k4/8/3R4/8/8/8/3K4");
    const ShotChances c = shot_chances(p, WHITE, SQ_D8, {});
    EXPECT_TRUE(c.certain_goal);
    EXPECT_EQ(c.possible, outcomes({ShotOutcome::GOAL}));
}

TEST(C11_A11, OnlyAttackersOnTheGoalSquaresCountAsNoDefender) {
    const Placement p = field("4N3/3k4/8/3R4/8/8/8/3K4");
    EXPECT_TRUE(shot_chances(p, WHITE, SQ_D8, {}).certain_goal);
}

TEST(C11_SHOOT_3, ADefenderOnAGoalSquareMakesTheOutcomeADraw) {
    // Black's king on d8, a black knight on e8: goal, save, block or corner.
    const Placement p = field("3kn3/8/8/3R4/8/8/8/3K4");
    const ShotChances c = shot_chances(p, WHITE, SQ_D8, {});
    EXPECT_FALSE(c.certain_goal);
    EXPECT_EQ(c.possible, outcomes({ShotOutcome::GOAL, ShotOutcome::SAVE, ShotOutcome::BLOCK,
                                    ShotOutcome::CORNER}));
}

TEST(C11_SHOOT_5, ASaveGivesTheBallToTheDefendingKing) {
    const Placement p = field("3k4/8/8/3R4/8/8/8/3K4");
    const ShotChances c = shot_chances(p, WHITE, SQ_D8, {});
    ASSERT_TRUE(c.keeper);
    EXPECT_EQ(*c.keeper, SQ_D8);
    EXPECT_FALSE(c.blocker);
    EXPECT_EQ(c.possible, outcomes({ShotOutcome::GOAL, ShotOutcome::SAVE, ShotOutcome::CORNER}));
}

TEST(C11_SHOOT_6, ABlockGivesTheBallToTheDefenderOnTheTargetedSquareFirst) {
    // Black knights on both goal squares: the one aimed at blocks.
    const Placement p = field("3nn3/3k4/8/4R3/8/8/8/3K4");
    EXPECT_EQ(*shot_chances(p, WHITE, SQ_E8, {}).blocker, SQ_E8);
    EXPECT_EQ(*shot_chances(p, WHITE, SQ_D8, {}).blocker, SQ_D8);
    // The king on the targeted square: the other square's defender blocks.
    const Placement k = field("3kn3/8/8/3R4/8/8/8/3K4");
    EXPECT_EQ(*shot_chances(k, WHITE, SQ_D8, {}).blocker, SQ_E8);
}

TEST(C11_SHOOT_7, ACornerGoesToTheCornerOnTheSideOfTheSquareAimedAt) {
    EXPECT_EQ(corner_square(SQ_D8), SQ_A8);
    EXPECT_EQ(corner_square(SQ_E8), SQ_H8);
    EXPECT_EQ(corner_square(SQ_D1), SQ_A1);
    EXPECT_EQ(corner_square(SQ_E1), SQ_H1);
    const Placement p = field("3k4/8/8/8/8/8/8/3K1R2");
    EXPECT_EQ(shot_chances(p, BLACK, SQ_E1, {}).corner, SQ_H1);
}

TEST(C11_A10, OnlyTheTargetedSquareCountsUnderItsAlternative) {
    const Placement p = field("3kn3/8/8/3R4/8/8/8/3K4");
    ElevenRules targeted;
    targeted.shot_eligibility = ShotEligibility::TARGETED_SQUARE_ONLY;
    const ShotChances c = shot_chances(p, WHITE, SQ_D8, targeted);
    EXPECT_EQ(c.possible, outcomes({ShotOutcome::GOAL, ShotOutcome::SAVE, ShotOutcome::CORNER}));
}

TEST(C11_A10, TheOutcomesAreDrawnWithEqualWeightsFromTheLoggedSeed) {
    const Placement p = field("3kn3/8/8/3R4/8/8/8/3K4");
    const ShotChances c = shot_chances(p, WHITE, SQ_D8, {});
    std::map<ShotOutcome, int> seen;
    constexpr int DRAWS = 40000;
    for (int i = 0; i < DRAWS; ++i) ++seen[draw_outcome(c, {}, 0x5EED, std::uint64_t(i))];
    // Four outcomes, a quarter each: within 3% of 10 000 (the binomial's sd is about 87).
    for (ShotOutcome o : c.possible) EXPECT_NEAR(seen[o], DRAWS / 4, 300) << to_string(o);
    // Weights: a goal never, corners three times as often as a save or a block.
    ElevenRules weighted;
    weighted.shot_weights = {0, 1, 1, 3};
    seen.clear();
    for (int i = 0; i < DRAWS; ++i) ++seen[draw_outcome(c, weighted, 7, std::uint64_t(i))];
    EXPECT_EQ(seen[ShotOutcome::GOAL], 0);
    EXPECT_NEAR(seen[ShotOutcome::CORNER], DRAWS * 3 / 5, 400);
}

TEST(C11_A10, AReplayDrawsTheSameOutcomes) {
    const Placement p = field("3kn3/8/8/3R4/8/8/8/3K4");
    const ShotChances c = shot_chances(p, WHITE, SQ_D8, {});
    for (std::uint64_t i = 0; i < 100; ++i)
        EXPECT_EQ(draw_outcome(c, {}, 42, i), draw_outcome(c, {}, 42, i));
    // The generator's numbers are fixed: SplitMix64's first output for seed 0 is known.
    EXPECT_EQ(engine::seeded_draw(0, 0), 0xE220A8397B1DCDAFULL);
}

}  // namespace
}  // namespace venue::games::eleven
