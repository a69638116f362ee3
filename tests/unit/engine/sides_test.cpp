// A match has as many sides as its game says: two (White and Black) in most games, 2 to 8 armies
// in Betza's. The config, the log, the fold, the result, the standing and the arbiter's result
// count sides, and a game of two keeps the form every log before it has.
#include <gtest/gtest.h>

#include "../../support/decision_search.h"
#include "../../support/ring_match.h"
#include "venue/event_json.h"
#include "venue/game_rules.h"
#include "venue/venue_state.h"

namespace venue::engine {
namespace {

using testing::find;
using testing::ring_config;
using testing::ring_maker;
using testing::ring_pass;
using testing::RingMatch;

std::string created_json(const MatchConfig& c) {
    return event_payload(EventBody{MatchCreated{c}});
}

TEST(Sides, AGameOfTwoKeepsWhiteAndBlackInTheLog) {
    MatchConfig c;
    c.id = "m1";
    c.white().name = "Kazan";
    c.black().name = "Moscow";
    const std::string json = created_json(c);
    EXPECT_NE(json.find("\"white\":{"), std::string::npos) << json;
    EXPECT_NE(json.find("\"black\":{"), std::string::npos) << json;
    EXPECT_EQ(json.find("\"sides\""), std::string::npos) << json;
    auto back = parse_event("match_created", json);
    ASSERT_TRUE(back) << back.error();
    const MatchConfig& r = std::get<MatchCreated>(*back).config;
    ASSERT_EQ(r.side_count(), 2);
    EXPECT_EQ(r.white().name, "Kazan");
    EXPECT_EQ(r.black().name, "Moscow");
}

TEST(Sides, AGameOfMoreSidesKeepsThemInTheirOrder) {
    const MatchConfig c = ring_config(4);
    const std::string json = created_json(c);
    EXPECT_EQ(json.find("\"white\""), std::string::npos) << json;
    auto back = parse_event("match_created", json);
    ASSERT_TRUE(back) << back.error();
    const MatchConfig& r = std::get<MatchCreated>(*back).config;
    ASSERT_EQ(r.side_count(), 4);
    EXPECT_EQ(r.side(0).name, "North");
    EXPECT_EQ(r.side(3).name, "West");
    EXPECT_EQ(r.side(3).players.at(0).id, "w1");
    EXPECT_EQ(event_payload(EventBody{MatchCreated{r}}), json);
}

TEST(Sides, AListOfOneSideIsNotAMatch) {
    auto bad = parse_event("match_created",
                           R"({"config":{"id":"x","sides":[{"name":"alone","players":[]}]}})");
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("'sides' has 1 side(s)"), std::string::npos) << bad.error();
}

TEST(Sides, EachSideIsCalledAsPeopleCallIt) {
    RingMatch ring(ring_config());
    EXPECT_EQ(ring.side_count(), 3);
    EXPECT_EQ(ring.side_label(0), "North");
    EXPECT_EQ(ring.side_label(2), "Side 3");  // no name: its number
    MatchConfig two;
    two.white().name = "Kazan";
    RingMatch pair(two);
    EXPECT_EQ(pair.side_label(0), "White");
    EXPECT_EQ(pair.side_label(1), "Black");
}

TEST(Sides, TheTurnGoesRoundTheSidesAndTheWinnerIsNamedByItsPlace) {
    VenueState state(ring_maker);
    state.apply({0, std::nullopt, MatchCreated{ring_config()}});
    const Match& m = *state.match("r1");
    EXPECT_EQ(m.side_on_move(), 0);

    auto d = state.apply({0, std::nullopt, ring_pass("e1")});  // not East's turn
    ASSERT_NE(find<EventIgnored>(d), nullptr);
    EXPECT_EQ(d.back().rule, "R-1");
    EXPECT_NE(d.back().reason.find("East is not on move: North is"), std::string::npos);

    for (const char* p : {"n1", "e1", "s1"}) state.apply({0, std::nullopt, ring_pass(p)});
    EXPECT_EQ(m.side_on_move(), 0);
    EXPECT_EQ(m.standing().half_points, (std::vector<int>{2, 2, 2}));
    state.apply({0, std::nullopt, ring_pass("n1")});
    EXPECT_EQ(m.phase(), MatchPhase::FINISHED);
    EXPECT_EQ(m.result(), "1-0-0");
    EXPECT_EQ(m.standing().half_points, (std::vector<int>{4, 2, 2}));
    // The replay gives the same state.
    VenueState again(ring_maker);
    again.apply({0, std::nullopt, MatchCreated{ring_config()}});
    for (const char* p : {"n1", "e1", "s1", "n1"}) again.apply({0, std::nullopt, ring_pass(p)});
    EXPECT_EQ(again.state_hash(), state.state_hash());
}

TEST(Sides, AGameOfMoreSidesScoresByItsStandingNotByAScoreOfTwo) {
    RingMatch ring(ring_config());
    std::vector<Decision> out;
    for (const char* p : {"n1", "e1", "s1", "n1"}) ring.apply({0, std::nullopt, ring_pass(p)}, out);
    EXPECT_NE(find<GameEnded>(out), nullptr);
    EXPECT_EQ(find<ScoreChanged>(out), nullptr);  // White's and Black's score: not this game's
}

TEST(Sides, AnArbitersResultNamesEverySide) {
    RingMatch ring(ring_config());
    ArbiterAction a;
    a.match = "r1";
    a.kind = ArbiterActionKind::DECLARE_RESULT;
    a.note = "forfeit";
    std::vector<Decision> out;
    for (const char* wrong : {"1-0", "1-0-0-0", "1--0", "-1-0", "1-0-"}) {
        a.result = wrong;
        out.clear();
        ring.apply({0, std::nullopt, a}, out);
        ASSERT_NE(find<EventIgnored>(out), nullptr) << wrong;
        EXPECT_NE(out.back().reason.find("not a result of 3 sides"), std::string::npos)
            << out.back().reason;
    }
    EXPECT_EQ(ring.phase(), MatchPhase::WAITING);
    a.result = "0-0-1";
    out.clear();
    ring.apply({0, std::nullopt, a}, out);
    EXPECT_EQ(ring.result(), "0-0-1");
}

TEST(Sides, AGameOfTwoSidesRefusesAThird) {
    MatchConfig c;
    c.id = "m1";
    c.sides.assign(3, TeamConfig{});
    for (int i = 0; i < 3; ++i)
        c.side(i).players.push_back({"p" + std::to_string(i), "", 0, {}, ""});
    std::string why;
    EXPECT_EQ(make_match(c, &why), nullptr);
    EXPECT_EQ(why, "match m1: Chess is played by exactly 2 players, not 3");
}

TEST(Sides, AGameSaysHowManySidesItTakes) {
    GameRules armies;
    armies.display_name = "Armies";
    armies.sides = {
        .min_sides = 2, .max_sides = 8, .min_players = 1, .max_players = 1, .side_word = "army"};
    EXPECT_FALSE(side_count_problem(armies, 2));
    EXPECT_FALSE(side_count_problem(armies, 8));
    EXPECT_EQ(side_count_problem(armies, 9), "Armies is played by 2 to 8 armies, not 9");
}

// A result is typed (points per side); its text is for the log, PGN and people, and reads back.
TEST(Sides, AResultIsEachSidesPointsAndReadsBackFromItsText) {
    EXPECT_EQ(Outcome::win(0, 2).text(), "1-0");
    EXPECT_EQ(Outcome::win(1, 2).text(), "0-1");
    EXPECT_EQ(Outcome::draw(2).text(), "1/2-1/2");
    EXPECT_EQ(Outcome().text(), "*");
    EXPECT_EQ(Outcome::win(1, 3).text(), "0-1-0");
    EXPECT_EQ(Outcome::of({1, 1, 0}).text(), "1/2-1/2-0");
    EXPECT_EQ(Outcome::of({3, 0, 0}).text(), "3/2-0-0");
    for (const Outcome& o : {Outcome::win(0, 2), Outcome::win(1, 2), Outcome::draw(2), Outcome()})
        EXPECT_EQ(Outcome::parse(o.text(), 2), o) << o.text();
    for (const Outcome& o : {Outcome::win(2, 3), Outcome::of({1, 1, 0}), Outcome::draw(3)})
        EXPECT_EQ(Outcome::parse(o.text(), 3), o) << o.text();
    // A game of two takes chess's three results only; a game of more one number per side.
    for (const char* wrong : {"2-0", "1/2-0", "1-1", "0-0", "", "1-0-0"})
        EXPECT_FALSE(Outcome::parse(wrong, 2)) << wrong;
    for (const char* wrong : {"1-0", "1-0-0-0", "1--0", "-1-0", "1-0-", "a-b-c", "1/3-0-0"})
        EXPECT_FALSE(Outcome::parse(wrong, 3)) << wrong;
    EXPECT_TRUE(Outcome::draw(3).is_draw());
    EXPECT_FALSE(Outcome::win(0, 3).is_draw());
    EXPECT_FALSE(Outcome().is_draw());
}

}  // namespace
}  // namespace venue::engine
