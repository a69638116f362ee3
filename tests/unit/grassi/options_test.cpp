// Grassi's ChessBall in the venue file: the [match.grassi] keys (one per gap the catalogue settles,
// GCB-A*), the example file with every key, what they set, and what the loader refuses.
#include <gtest/gtest.h>

#include "config/venue_config.h"
#include "config/venue_writer.h"
#include "games/grassi/rules/grassi_entry.h"
#include "games/grassi/rules/grassi_options.h"
#include "games/grassi/rules/keeper.h"
#include "games/grassi/rules/substitution.h"
#include "venue/game_rules.h"

namespace venue::games::grassi {
namespace {

std::string venue_file(const std::string& table) {
    return "[[match]]\nid = \"gb1\"\ngame = \"grassi\"\n[match.grassi]\n" + table +
           "[match.white]\nplayers = [{ id = \"w\" }]\n[match.black]\nplayers = [{ id = \"b\" "
           "}]\n";
}

TEST(GrassiOptions, EveryKeyNamesTheClauseItSettlesAndSaysWhatItDoes) {
    for (const engine::GameOption& o : grassi_options()) {
        EXPECT_EQ(o.rule.rfind("GCB-", 0), 0u) << o.key;
        EXPECT_FALSE(o.help.empty()) << o.key;
        EXPECT_EQ(engine::option_value_problem(o, o.default_value), "") << o.key;
    }
    EXPECT_EQ(rules_of(engine::default_options(grassi_options())), GrassiRules{});
}

TEST(GrassiOptions, TheExampleVenueFileLoadsWithEveryKeyAndWritesBackTheSame) {
    auto c = config::load_venue_config(VENUE_SOURCE_DIR "/schemas/config/examples/grassi.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    const engine::MatchConfig& m = c->matches.at(0);
    EXPECT_EQ(m.game, "grassi");
    EXPECT_EQ(rules_of(m.options), GrassiRules{});  // the example holds every default
    for (const engine::GameOption& o : rules().options)
        EXPECT_TRUE(m.options.values().count(o.key)) << o.file_key;
    auto back = config::parse_venue_config(config::write_venue_toml(*c), "written.toml");
    ASSERT_TRUE(back) << back.error().to_string();
    EXPECT_EQ(back->matches.at(0).options, m.options);
}

TEST(GrassiOptions, TheTableSetsTheRulesTheMatchPlays) {
    auto c = config::parse_venue_config(
        venue_file("turns = 10\nturn_order = \"possessor_first\"\nmulti_adjacent = "
                   "\"auto_contest\"\nparry_frame = \"shooter\"\nsub_frequency = "
                   "\"fixed_turns_1_4_7\"\ntie = \"extra_turns\"\nextra_turns = 4\ndice = "
                   "\"physical_entered\"\n"),
        "venue.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    const GrassiRules r = rules_of(c->matches.at(0).options);
    EXPECT_EQ(r.turns, 10);
    EXPECT_EQ(r.turn_order, TurnOrder::POSSESSOR_FIRST);
    EXPECT_EQ(r.multi_adjacent, MultiAdjacent::AUTO_CONTEST);
    EXPECT_EQ(r.parry_frame, ParryFrame::SHOOTER);
    EXPECT_EQ(r.sub_frequency, SubFrequency::FIXED_TURNS);
    EXPECT_EQ(r.tie, Tie::EXTRA_TURNS);
    EXPECT_EQ(r.extra_turns, 4);
    EXPECT_EQ(r.dice, Dice::PHYSICAL_ENTERED);
}

TEST(GrassiOptions, TheLoaderRefusesAnUnknownChoiceAndAnOddNumberOfTurnsNamingTheKey) {
    auto spin = config::parse_venue_config(venue_file("spin = \"wild\"\n"), "venue.toml");
    ASSERT_FALSE(spin);
    EXPECT_NE(spin.error().to_string().find("spin"), std::string::npos) << spin.error().to_string();
    auto odd = config::parse_venue_config(venue_file("turns = 7\n"), "venue.toml");
    ASSERT_FALSE(odd);
    EXPECT_NE(odd.error().to_string().find("turns"), std::string::npos) << odd.error().to_string();
}

TEST(GCB_A16, TheShootersViewAndTheGoalLineAsAlternatives) {
    GrassiRules shooter;
    shooter.parry_frame = ParryFrame::SHOOTER;
    EXPECT_EQ(parry_direction(chess::WHITE, 1, shooter), (Point{1, 1}));  // the keeper's right
    GrassiRules line;
    line.parry_sides = ParrySides::ALONG_GOAL_LINE;
    EXPECT_EQ(parry_direction(chess::WHITE, 1, line), (Point{-1, 0}));
    EXPECT_EQ(parry_direction(chess::WHITE, 3, line), (Point{0, 1}));
}

TEST(GCB_A23, OnlyInTurnsOneFourSevenAsTheAlternative) {
    GrassiRules fixed;
    fixed.sub_frequency = SubFrequency::FIXED_TURNS;
    EXPECT_FALSE(substitution_problem(chess::BISHOP, chess::KNIGHT, 10, 4, 1, fixed));
    EXPECT_EQ(
        substitution_problem(chess::BISHOP, chess::KNIGHT, 10, 3, std::nullopt, fixed)->clause,
        "GCB-A23");
    EXPECT_EQ(substitution_problem(chess::BISHOP, chess::KNIGHT, 10, 4, 4, fixed)->clause,
              "GCB-A23");
}

}  // namespace
}  // namespace venue::games::grassi
