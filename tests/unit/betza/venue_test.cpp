// Betza's chess in the venue file and the registry: the registry's entry (2 to 8 armies, one
// player each), the [match.betza] table read into BetzaRules, and what the loader refuses, each
// refusal naming the key (BETZA-0.1, A1, A2, A12, A15).
#include <gtest/gtest.h>

#include "betza_match_script.h"
#include "config/venue_config.h"
#include "config/venue_writer.h"
#include "games/betza/rules/betza_entry.h"
#include "venue/game_rules.h"

namespace venue::games::betza {
namespace {

using test::betza_config;

// A match of `armies` armies with `table` as its [match.betza] table.
std::string venue_file(const std::string& table, int armies = 4) {
    std::string text = "[[match]]\nid = \"bz1\"\ngame = \"betza\"\n[match.betza]\n" + table;
    for (int i = 0; i < armies; ++i)
        text += "[[match.side]]\nplayers = [{ id = \"p" + std::to_string(i) + "\" }]\n";
    return text;
}

TEST(BETZA_0_1, TheRegistryOffersBetzasChessForTwoToEightArmiesOfOnePlayer) {
    const engine::GameRules* game = engine::find_game("betza");
    ASSERT_NE(game, nullptr);
    EXPECT_EQ(game, &rules());
    EXPECT_EQ(game->sides.min_sides, 2);
    EXPECT_EQ(game->sides.max_sides, 8);
    EXPECT_EQ(game->sides.max_players, 1);
    EXPECT_EQ(game->sides.side_word, "army");
    EXPECT_EQ(game->options.size(), betza_options().size());
    EXPECT_NE(engine::game_ids_in_words().find("\"betza\""), std::string::npos);
    auto m = engine::make_match(betza_config());
    ASSERT_NE(m, nullptr);
    EXPECT_NE(dynamic_cast<BetzaMatch*>(m.get()), nullptr);

    // An army without a name is called as the game counts it, from 0 as its facts and buttons
    // do (the console, the feed and the record all say "Army 2" for the third).
    EXPECT_EQ(game->sides.first_number, 0);
    EXPECT_EQ(m->side_label(2), "Army 2");
    EXPECT_EQ(engine::side_label(betza_config({}, 3), 0), "Army 0");
    engine::MatchConfig named = betza_config();
    named.side(1).name = "The Blues";
    EXPECT_EQ(engine::side_label(named, 1), "The Blues");

    for (int armies : {2, 8}) EXPECT_FALSE(engine::validate_match(betza_config({}, armies)));
    engine::MatchConfig nine = betza_config({}, 8);
    nine.sides.push_back(nine.sides.back());
    ASSERT_TRUE(engine::validate_match(nine));
    EXPECT_NE(engine::validate_match(nine)->find("2 to 8 armies"), std::string::npos)
        << *engine::validate_match(nine);
    engine::MatchConfig pairs = betza_config();
    pairs.side(1).players.push_back({"b2", "Bea", 0, {}, ""});
    ASSERT_TRUE(engine::validate_match(pairs));
    EXPECT_NE(engine::validate_match(pairs)->find("BETZA-0.1"), std::string::npos);
}

TEST(BETZA_A1, TheExampleVenueFileLoadsWithEveryKeyAndWritesBackTheSame) {
    auto c = config::load_venue_config(VENUE_SOURCE_DIR "/schemas/config/examples/betza.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    const engine::MatchConfig& m = c->matches.at(0);
    EXPECT_EQ(m.game, "betza");
    EXPECT_EQ(m.side_count(), 4);
    EXPECT_EQ(m.side(3).players.at(0).id, "d");
    EXPECT_EQ(BetzaRules::of(m.options), BetzaRules{});  // the example holds every default
    // Every key of the entry is in the example (the loader would refuse one it does not know).
    for (const engine::GameOption& o : rules().options)
        EXPECT_TRUE(m.options.values().count(o.key)) << o.file_key;
    auto back = config::parse_venue_config(config::write_venue_toml(*c), "written.toml");
    ASSERT_TRUE(back) << back.error().to_string();
    EXPECT_EQ(back->matches.at(0).options, m.options);
    EXPECT_EQ(back->matches.at(0).side_count(), 4);
}

TEST(BETZA_A1, TheMatchBetzaTableSetsTheRulesTheMatchPlays) {
    auto c = config::parse_venue_config(
        venue_file("order = \"arbiter_entered\"\nentered_order = [\"2\", \"0\", \"1\"]\n"
                   "stalemate = \"eliminate_army\"\nclock_minutes = 15\n"
                   "friendly_reassign = \"arbiter_may_reassign\"\nscoring = \"place_points\"\n",
                   3),
        "venue.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    const BetzaRules r = BetzaRules::of(c->matches.at(0).options);
    EXPECT_EQ(r.order, BattingOrder::ARBITER_ENTERED);
    EXPECT_EQ(r.entered_order, (std::vector<int>{2, 0, 1}));
    EXPECT_EQ(r.stalemate, Stalemate::ELIMINATE_ARMY);
    EXPECT_EQ(r.clock_ms, 15 * 60'000);
    EXPECT_TRUE(r.friendly_reassign);
    EXPECT_EQ(r.scoring, Scoring::PLACE_POINTS);
    // The match made from it plays them: the entered order, no seed wanted.
    auto m = engine::make_match(c->matches.at(0));
    ASSERT_NE(m, nullptr);
    const auto& betza = dynamic_cast<const BetzaMatch&>(*m);
    EXPECT_FALSE(betza.wants_seed());
    EXPECT_EQ(betza.game()->batting_order(), (std::vector<int>{2, 0, 1}));
    EXPECT_EQ(betza.side_on_move(), 2);
}

struct Bad {
    std::string table;
    int armies;
    const char* key;
    std::vector<const char*> fragments;
};

class BetzaVenueFileErrors : public ::testing::TestWithParam<Bad> {};

TEST_P(BetzaVenueFileErrors, NameTheKeyAndWhatItTakes) {
    auto c =
        config::parse_venue_config(venue_file(GetParam().table, GetParam().armies), "venue.toml");
    ASSERT_FALSE(c);
    EXPECT_EQ(c.error().key, GetParam().key) << c.error().to_string();
    for (const char* f : GetParam().fragments)
        EXPECT_NE(c.error().to_string().find(f), std::string::npos) << c.error().to_string();
}

INSTANTIATE_TEST_SUITE_P(
    BETZA_A12, BetzaVenueFileErrors,
    ::testing::Values(
        // An unknown choice: the key, the choices and the clause.
        Bad{"stalemate = \"sulk\"\n",
            4,
            "match[1].betza.stalemate",
            {"'sulk'", "use skip_turn, eliminate_army or draw_game", "(BETZA-A12)"}},
        Bad{"rules_version = \"v2\"\n",
            4,
            "match[1].betza.rules_version",
            {"'v2'", "reconstructed_v1", "(BETZA-A1)"}},
        Bad{"clock_minutes = -5\n", 4, "match[1].betza.clock_minutes", {"at least 0", "BETZA-A15"}},
        Bad{"castling = true\n", 4, "match[1].betza.castling", {"must be a string"}},
        Bad{"speed = 3\n", 4, "match[1].betza.speed", {"unknown key"}},
        // The game's own checks name their clause.
        Bad{"order = \"arbiter_entered\"\nentered_order = [\"0\", \"0\", \"1\", \"2\"]\n",
            4,
            "match[1]",
            {"BETZA-A2", "each army 0..3 once"}},
        Bad{"order = \"arbiter_entered\"\nentered_order = [\"x\", \"1\"]\n",
            2,
            "match[1]",
            {"betza.entered_order", "'x'", "BETZA-A2"}},
        Bad{"layout = \"per_army_choice\"\nchosen_layouts = [\"white\", \"red\"]\n",
            2,
            "match[1]",
            {"betza.chosen_layouts", "'red'", "BETZA-A3"}},
        Bad{"layout = \"per_army_choice\"\nchosen_layouts = [\"white\"]\n",
            2,
            "match[1]",
            {"one layout per army", "BETZA-A3"}},
        // 2 to 8 armies, written as [[match.side]].
        Bad{"", 1, "match[1].side", {"2 to 8 armies, not 1"}},
        Bad{"", 9, "match[1].side", {"2 to 8 armies, not 9"}}));

TEST(BETZA_A1, AMatchBetzaTableIsWrittenAsSidesNotWhiteAndBlack) {
    auto c = config::parse_venue_config(
        "[[match]]\nid = \"bz1\"\ngame = \"betza\"\n[match.white]\nplayers = [{ id = \"a\" }]\n"
        "[match.black]\nplayers = [{ id = \"b\" }]\n",
        "venue.toml");
    ASSERT_FALSE(c);
    EXPECT_EQ(c.error().key, "match[1].white");
    EXPECT_NE(c.error().message.find("[[match.side]]"), std::string::npos) << c.error().message;
}

}  // namespace
}  // namespace venue::games::betza
