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

}  // namespace
}  // namespace venue::config
