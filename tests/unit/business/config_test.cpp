// Business Chess in the venue file (BC-P-1..5): the seed's parameters by default.
#include <gtest/gtest.h>

#include "config/venue_config.h"
#include "games/business/rules/business_rules.h"

namespace venue::config {
namespace {

constexpr const char* BUSINESS = R"(
[[match]]
id = "bc1"
game = "business"
[match.white]
team = "Federation"
players = [{ id = "w1" }, { id = "w2" }, { id = "w3" }, { id = "w4" }, { id = "w5" },
           { id = "w6" }]
[match.black]
team = "City Hall"
players = [{ id = "b1" }, { id = "b2" }, { id = "b3" }, { id = "b4" }, { id = "b5" }]
)";

TEST(BusinessChess, BC_P_5_TheVenueFileGivesTheSeedsParameters) {
    auto c = parse_venue_config(BUSINESS, "bc.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    const auto& m = c->matches[0];
    EXPECT_EQ(m.game, "business");
    EXPECT_EQ(m.time.base_ms, 90 * 60000);  // BC-I.5: one clock, no increment
    EXPECT_EQ(m.time.increment_ms, 0);
    const auto r = games::business::BusinessRules::of(m);
    EXPECT_EQ(r.game_rating, 10);
    EXPECT_EQ(r.max_branches, 5);
    EXPECT_EQ(r.control_board, "C");
    EXPECT_EQ(r.veto_window_ms, 30 * 60000);
}

TEST(BusinessChess, BC_P_4_AgreedParametersAreRead) {
    std::string text = std::string(BUSINESS) + R"(
[match.business]
game_rating = 12
boards = ["4", "2", "1", "3", "5"]
second_offence = "time_penalty"
)";
    auto c = parse_venue_config(text, "bc.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    const auto r = games::business::BusinessRules::of(c->matches[0]);
    EXPECT_EQ(r.game_rating, 12);
    EXPECT_EQ(r.boards.front(), "4");
    EXPECT_EQ(r.second_offence, games::business::SecondOffence::TIME_PENALTY);
    auto bad =
        parse_venue_config(std::string(BUSINESS) + "[match.business]\nplayers = 3\n", "bc.toml");
    ASSERT_FALSE(bad);  // six white players for 3 + 1 (BC-I.4)
    EXPECT_NE(bad.error().to_string().find("BC-I.4"), std::string::npos) << bad.error().to_string();
}

TEST(BusinessChess, BC_A8_TheAmbiguitiesAlternativesAreKeysOfTheVenueFile) {
    std::string text = std::string(BUSINESS) + R"(
[match.business]
clone_confirmation = "board"
veto_effect = "ban_all_branching"
veto_scope = "opponent_next_turn"
veto_count = 0
incomplete_commit = "penalty"
incomplete_penalty_seconds = 30
representative = "designated"
cross_only_on_own_turn = true
single_branch_time = "overtime_after_flag"
max_replacements = 2
replace_expelled = false
)";
    auto c = parse_venue_config(text, "bc.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    using namespace games::business;
    const auto r = BusinessRules::of(c->matches[0]);
    EXPECT_EQ(r.clone_confirmation, CloneConfirmation::BOARD);
    EXPECT_EQ(r.veto_effect, VetoEffect::BAN_ALL);
    EXPECT_EQ(r.veto_scope, VetoScope::OPPONENT_NEXT_TURN);
    EXPECT_EQ(r.veto_count, 0);
    EXPECT_EQ(r.incomplete_commit, IncompleteCommit::PENALTY);
    EXPECT_EQ(r.incomplete_penalty_ms, 30000);
    EXPECT_EQ(r.representative, Representative::DESIGNATED);
    EXPECT_TRUE(r.cross_only_on_own_turn);
    EXPECT_EQ(r.single_branch_time, SingleBranchTime::OVERTIME_AFTER_FLAG);
    EXPECT_EQ(r.max_replacements, 2);
    EXPECT_FALSE(r.replace_expelled);
    // And back: the rules written into a match config read the same.
    engine::MatchConfig again;
    r.write_to(again);
    const auto r2 = BusinessRules::of(again);
    EXPECT_EQ(r2.veto_scope, VetoScope::OPPONENT_NEXT_TURN);
    EXPECT_EQ(r2.incomplete_commit, IncompleteCommit::PENALTY);
    EXPECT_EQ(r2.single_branch_time, SingleBranchTime::OVERTIME_AFTER_FLAG);
}

TEST(BusinessChess, BC_A1_AnUnknownChoiceIsRefusedNamingTheKey) {
    auto bad = parse_venue_config(
        std::string(BUSINESS) + "[match.business]\nveto_effect = \"sometimes\"\n", "bc.toml");
    ASSERT_FALSE(bad);
    const std::string why = bad.error().to_string();
    EXPECT_NE(why.find("veto_effect"), std::string::npos) << why;
    EXPECT_NE(why.find("ban_opponent_branching"), std::string::npos) << why;
}

TEST(BusinessChess, BC_II_3_TheCaptainsConfirmClonesByDefault) {
    auto c = parse_venue_config(BUSINESS, "bc.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    EXPECT_EQ(games::business::BusinessRules::of(c->matches[0]).clone_confirmation,
              games::business::CloneConfirmation::CAPTAINS);
}

}  // namespace
}  // namespace venue::config
