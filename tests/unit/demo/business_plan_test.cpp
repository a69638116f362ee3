// The Business Chess plans: each scenario played through the rules engine gives the tree it
// describes, the same plan on every run, and moves that read as the boards will show them.
#include "games/business/demo/business_plan.h"

#include <gtest/gtest.h>

#include "chess/uci.h"

namespace venue::games::business {
namespace {

BusinessPlan plan_of(const BusinessScenario& s, std::uint64_t seed = 1) {
    auto p = make_business_plan(s, business_match_config(), seed);
    EXPECT_TRUE(p) << p.error();
    return p ? *p : BusinessPlan{};
}

const BusinessTurn& turn_at(const BusinessPlan& p, int move, chess::Color side) {
    return p.turns.at(std::size_t(move * 2 - (side == chess::WHITE ? 2 : 1)));
}

TEST(BusinessPlan, SchemeFourHasTheSeedsTree) {
    const BusinessPlan p = plan_of(scheme_four_scenario());
    ASSERT_FALSE(p.turns.empty());
    // Open branches: two after move 7, three after 11, four after 12, five after 18; then
    // selections and a draw on 24, 25, 29 and 37 leave one, of rating 8.
    const chess::Color W = chess::WHITE, B = chess::BLACK;
    EXPECT_EQ(turn_at(p, 6, B).open_branches, 1);
    EXPECT_EQ(turn_at(p, 7, W).open_branches, 2);
    EXPECT_EQ(turn_at(p, 11, B).open_branches, 3);
    EXPECT_EQ(turn_at(p, 12, W).open_branches, 4);
    EXPECT_EQ(turn_at(p, 18, B).open_branches, 5);
    EXPECT_EQ(turn_at(p, 24, W).open_branches, 4);
    EXPECT_EQ(turn_at(p, 25, B).open_branches, 3);
    EXPECT_EQ(turn_at(p, 29, W).open_branches, 2);
    EXPECT_EQ(turn_at(p, 37, W).open_branches, 1);
    EXPECT_EQ(turn_at(p, 37, W).ratings, (std::map<int, int>{{2, 8}}));
    EXPECT_EQ(turn_at(p, 18, B).ratings,
              (std::map<int, int>{{1, 2}, {2, 3}, {3, 2}, {4, 2}, {5, 1}}));
    // The score (half points) moves only with the selections, the draw and the resignation.
    EXPECT_EQ(turn_at(p, 23, B).score, (Score{0, 0}));
    EXPECT_EQ(turn_at(p, 24, W).score, (Score{0, 2}));
    EXPECT_EQ(turn_at(p, 25, B).score, (Score{2, 2}));
    EXPECT_EQ(turn_at(p, 29, W).score, (Score{4, 4}));
    EXPECT_EQ(turn_at(p, 37, W).score, (Score{4, 10}));
    EXPECT_EQ(p.final_score, (Score{20, 10}));
    EXPECT_EQ(p.result, "1-0");
    EXPECT_EQ(p.branches, 5u);
    EXPECT_EQ(p.turns.size(), 82u);  // Black resigns the last branch on move 41
    // The cards: yellow on move 20, red on move 30; the replacement only after White's press.
    ASSERT_EQ(turn_at(p, 20, W).after.size(), 1u);
    EXPECT_EQ(turn_at(p, 20, W).after[0].card, "yellow");
    ASSERT_EQ(turn_at(p, 30, W).after.size(), 2u);
    EXPECT_EQ(turn_at(p, 30, W).after[0].card, "red");
    EXPECT_EQ(turn_at(p, 30, W).after[1].refused, "CLOCK_RUNNING");
    EXPECT_EQ(turn_at(p, 30, W).after_press.size(), 1u);
    // Every branching and board C asks for a board to be set up.
    int setups = 0;
    for (const BusinessTurn& t : p.turns)
        for (const PlannedEntry& e : t.before) setups += e.setup ? 1 : 0;
    EXPECT_EQ(setups, 5);
    // BC-I.7: 30 s a move from the press after move 37 on.
    EXPECT_FALSE(turn_at(p, 36, B).one_branch_bonus);
    EXPECT_TRUE(turn_at(p, 37, W).one_branch_bonus);
    EXPECT_TRUE(turn_at(p, 40, B).one_branch_bonus);
}

TEST(BusinessPlan, BranchOneFollowsTheSourceGameAndTheDaughtersDiffer) {
    const BusinessPlan p = plan_of(scheme_four_scenario());
    // Branch 1 plays Kasparov - Topalov: 7. Nge2 is its move; the daughter plays another.
    const BusinessTurn& t7 = turn_at(p, 7, chess::WHITE);
    ASSERT_EQ(t7.moves.size(), 2u);
    EXPECT_EQ(t7.moves[0].branch, 1);
    EXPECT_EQ(t7.moves[0].san, "Nge2");
    EXPECT_EQ(t7.moves[1].branch, 2);
    EXPECT_NE(t7.moves[1].san, "Nge2");
    EXPECT_EQ(t7.moves[1].board, "2");
    // The daughter starts from the mother's position.
    EXPECT_EQ(t7.moves[1].before.fen(), t7.moves[0].before.fen());
    EXPECT_EQ(turn_at(p, 20, chess::WHITE).moves[0].san, "Qf4+");
}

TEST(BusinessPlan, TheShortDemoEndsByMateOnBranchOneAndADraw) {
    const BusinessPlan p = plan_of(short_scenario());
    const BusinessTurn& t17 = turn_at(p, 17, chess::WHITE);
    EXPECT_EQ(t17.moves[0].san, "Rd8#");
    EXPECT_EQ(t17.open_branches, 1);
    EXPECT_EQ(p.result, "1-0");
    // Selection of branch 3 (2) by Black: White +4; mate on branch 1 (6): +12; draw of branch
    // 2 (4): 4 each.
    EXPECT_EQ(p.final_score, (Score{20, 4}));
    EXPECT_LE(p.turns.size(), 42u);
}

TEST(BusinessPlan, IsTheSameOnEveryRun) {
    const BusinessPlan a = plan_of(scheme_four_scenario(), 9);
    const BusinessPlan b = plan_of(scheme_four_scenario(), 9);
    ASSERT_EQ(a.turns.size(), b.turns.size());
    for (std::size_t i = 0; i < a.turns.size(); ++i) {
        ASSERT_EQ(a.turns[i].moves.size(), b.turns[i].moves.size());
        for (std::size_t k = 0; k < a.turns[i].moves.size(); ++k)
            EXPECT_EQ(a.turns[i].moves[k].uci, b.turns[i].moves[k].uci);
    }
}

TEST(BusinessPlan, AnEntryTheRulesRefuseIsAnErrorNamingTheTurn) {
    BusinessScenario s = short_scenario();
    engine::KeyChange k;
    k.kind = engine::KeyChangeKind::PASS;
    k.side = chess::WHITE;
    k.from_branch = 1;
    k.to_branch = 7;  // no such branch
    k.amount = 1;
    s.entries.push_back({2, chess::WHITE, TurnStage::AFTER_MOVES, k, std::nullopt, ""});
    auto p = make_business_plan(s, business_match_config(), 1);
    ASSERT_FALSE(p);
    EXPECT_NE(p.error().find("move 2 (White)"), std::string::npos) << p.error();
}

}  // namespace
}  // namespace venue::games::business
