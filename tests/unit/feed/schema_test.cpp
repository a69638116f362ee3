// Every document the feed serves is valid under schemas/feed/feed.schema.json (checked with the
// subset checker in json_schema_check.h), and the checker does catch what the schema forbids.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "../../support/grassi_config.h"
#include "../../support/ring_match.h"
#include "../../support/turns_match.h"
#include "../../unit/betza/betza_match_script.h"
#include "feed/feed_model.h"
#include "feed/feed_schema.h"
#include "feed_script.h"
#include "games/eleven/rules/eleven_field.h"
#include "games/eleven/rules/shot.h"
#include "json_schema_check.h"
#include "venue/game_rules.h"

namespace venue::feed::testing {
namespace {

using nlohmann::json;

json schema() {
    std::ifstream in(VENUE_SOURCE_DIR "/schemas/feed/feed.schema.json");
    std::stringstream ss;
    ss << in.rdbuf();
    return json::parse(ss.str());
}

std::string joined(const std::vector<std::string>& errors) {
    std::string s;
    for (const auto& e : errors) s += e + "\n";
    return s;
}

TEST(FeedSchema, IsDraft202012AndUsesOnlyTheCheckedKeywords) {
    json s = schema();
    EXPECT_EQ(s["$schema"], "https://json-schema.org/draft/2020-12/schema");
    SchemaCheck check(s);
    EXPECT_EQ(joined(check.unknown_keywords()), "");
}

TEST(FeedSchema, TheServedSchemaIsTheFile) {
    EXPECT_EQ(json::parse(feed_schema_json()), schema());
}

TEST(FeedSchema, EveryMatchDocumentOfTheOpeningIsValid) {
    FeedScript s;
    SchemaCheck check(schema());
    FeedMemory memory;
    auto first = make_update(s.state(), {}, memory);
    EXPECT_EQ(joined(check.check(json::parse(first.matches.at("cb1")), "/$defs/match")), "");
    s.play_opening();
    // After every event: the document as the stream would send it.
    FeedScript again;
    FeedMemory step;
    for (std::size_t i = again.applied().size(); i < s.applied().size(); ++i) {
        std::vector<runtime::Applied> one{
            again.send(s.applied()[i].event.body, s.applied()[i].event.hub_us)};
        auto u = make_update(again.state(), one, step);
        for (const auto& [id, text] : u.matches)
            EXPECT_EQ(joined(check.check(json::parse(text), "/$defs/match")), "")
                << "after event " << i << ": " << text;
    }
}

// A game played on something other than a chess board (engine::Match::chess() is null): its
// document has no boards and no illegal moves, is still valid, and its live PGN is empty.
TEST(FeedSchema, AMatchWithoutAChessBoardHasAValidDocumentAndNoPgn) {
    engine::testing::TurnsMatch match(engine::testing::turns_config());
    std::vector<engine::Decision> out;
    match.apply({0, std::nullopt, engine::ClockPressed{"t1", chess::WHITE, std::nullopt}}, out);
    const json doc = match_document(match, nullptr);
    EXPECT_TRUE(doc.at("boards").empty()) << doc.dump();
    EXPECT_EQ(doc.at("illegal_moves").at("white"), 0);
    EXPECT_EQ(doc.at("phase"), "playing");
    SchemaCheck check(schema());
    EXPECT_EQ(joined(check.check(doc, "/$defs/match")), "");
    EXPECT_EQ(live_pgn(match), "");
}

// A game played on a field of points (Grassi's ChessBall): its document carries the field, valid
// against the schema: the grid, the goal mouths and the halfway line, every piece and the ball.
TEST(FeedSchema, AGameOnAFieldOfPointsHasItsFieldInAValidDocument) {
    engine::VenueState state;
    state.apply({0, std::nullopt, engine::MatchCreated{engine::testing::grassi_config()}});
    state.apply(
        {0, std::nullopt, engine::GameInput{"g1", "seed", 0, "", {{"value", "7"}}, "", ""}});
    const json doc = match_document(*state.match("g1"), nullptr);
    ASSERT_TRUE(doc.contains("field")) << doc.dump();
    EXPECT_EQ(doc["field"]["points"], 17);
    EXPECT_EQ(doc["field"]["lines"].size(), 3u);   // the halfway line and two goal mouths
    EXPECT_EQ(doc["field"]["tokens"].size(), 3u);  // the keepers and the ball before a kick-off
    EXPECT_TRUE(doc.at("boards").empty());
    SchemaCheck check(schema());
    EXPECT_EQ(joined(check.check(doc, "/$defs/match")), "");
}

// A game of more than two sides (Betza's armies): every side in its order with its score, the
// side on move by its place, a result of one number per side; no White and Black.
TEST(FeedSchema, AMatchOfMoreSidesListsEverySideInItsOrder) {
    engine::testing::RingMatch match(engine::testing::ring_config(3));
    std::vector<engine::Decision> out;
    match.apply({0, std::nullopt, engine::testing::ring_pass("n1")}, out);
    json doc = match_document(match, nullptr);
    SchemaCheck check(schema());
    EXPECT_EQ(joined(check.check(doc, "/$defs/match")), "");
    EXPECT_FALSE(doc.contains("teams")) << doc.dump();
    ASSERT_EQ(doc.at("sides").size(), 3u);
    EXPECT_EQ(doc["sides"][0]["label"], "North");
    EXPECT_EQ(doc["sides"][2]["label"], "Side 3");
    EXPECT_EQ(doc["sides"][0]["half_points"], 2);
    EXPECT_EQ(doc["side_on_move"], 1);
    EXPECT_TRUE(doc["sides"][1]["on_move"]);
    EXPECT_EQ(doc["score"]["text"], "1-0-0");
    EXPECT_FALSE(doc["score"].contains("white_half_points"));

    for (const char* p : {"e1", "s1", "n1"})
        match.apply({0, std::nullopt, engine::testing::ring_pass(p)}, out);
    doc = match_document(match, nullptr);
    EXPECT_EQ(doc["result"], "1-0-0");
    EXPECT_TRUE(doc["side_on_move"].is_null());
    EXPECT_EQ(joined(check.check(doc, "/$defs/match")), "");
    json bad = doc;
    bad["result"] = "1-0-";
    EXPECT_FALSE(check.check(bad, "/$defs/match").empty());
}

// A game of two sides: its sides are White's and Black's, and the document keeps the teams and
// the score of two that overlays written for two read.
TEST(FeedSchema, AMatchOfTwoSidesKeepsTheTeamsOfWhiteAndBlack) {
    engine::testing::TurnsMatch match(engine::testing::turns_config());
    const json doc = match_document(match, nullptr);
    ASSERT_EQ(doc.at("sides").size(), 2u);
    EXPECT_EQ(doc["sides"][0]["label"], "White");
    EXPECT_EQ(doc["sides"][1]["label"], "Black");
    EXPECT_TRUE(doc.at("teams").contains("white"));
    EXPECT_EQ(doc["score"]["white_half_points"], 0);
    EXPECT_EQ(doc["side_on_move"], 0);
}

TEST(FeedSchema, TheEventDocumentIsValid) {
    FeedScript s;
    s.play_opening();
    FeedMemory memory;
    make_update(s.state(), s.applied(), memory);
    json doc = event_document(s.state(), memory, s.seq());
    SchemaCheck check(schema());
    EXPECT_EQ(joined(check.check(doc, "/$defs/eventDocument")), "");
    EXPECT_EQ(joined(check.check(doc)), "");  // the root: one of the documents
}

TEST(FeedSchema, TheCheckerCatchesWhatTheSchemaForbids) {
    FeedScript s;
    FeedMemory memory;
    auto u = make_update(s.state(), {}, memory);
    json m = json::parse(u.matches.at("cb1"));
    SchemaCheck check(schema());
    json missing = m;
    missing.erase("clock");
    EXPECT_NE(joined(check.check(missing, "/$defs/match")).find("missing clock"),
              std::string::npos);
    json extra = m;
    extra["surprise"] = 1;
    EXPECT_NE(joined(check.check(extra, "/$defs/match")).find("surprise"), std::string::npos);
    json bad_phase = m;
    bad_phase["phase"] = "napping";
    EXPECT_FALSE(check.check(bad_phase, "/$defs/match").empty());
    json bad_type = m;
    bad_type["clock"]["white_ms"] = "soon";
    EXPECT_FALSE(check.check(bad_type, "/$defs/match").empty());
    json bad_claim = m;
    bad_claim["claim"] = json{{"holder", 3}, {"latest", nullptr}};
    EXPECT_FALSE(check.check(bad_claim, "/$defs/match").empty());
}

// Betza's game, four armies (tests/unit/betza): after Fool's mate on 0 + 1 and army 2's push of
// 2 + 3, the document is valid, says who plays each army (army 0: Bob's side), draws the pushed
// pair first and every half-board after it, and lists the capture and the elimination among
// its incidents (headlines of the game), each with its rule.
TEST(FeedSchema, ArmiesTheirPlayersThePushedPairAndTheCapturesAreInTheDocument) {
    games::betza::BetzaRules seating;
    seating.order = games::betza::BattingOrder::SEATING_CLOCKWISE;  // 0, 1, 2, 3; none drawn
    games::betza::test::BetzaScript script(games::betza::test::betza_config(seating));
    script.to_fools_mate();
    script.pair(2, 2, 3);
    std::vector<runtime::Applied> applied;
    engine::VenueState state;
    for (const engine::EventBody& e : script.events) {
        engine::Event ev{std::int64_t(applied.size() + 1) * 1'000'000, std::nullopt, e};
        applied.push_back({std::int64_t(applied.size() + 1), ev, state.apply(ev)});
    }
    FeedMemory memory;
    const auto update = make_update(state, applied, memory);
    const json doc = json::parse(update.matches.at("z1"));
    SchemaCheck check(schema());
    EXPECT_EQ(joined(check.check(doc, "/$defs/match")), "");
    ASSERT_EQ(doc.at("sides").size(), 4u);
    EXPECT_EQ(doc["sides"][0]["played_by"], 1);
    EXPECT_EQ(doc["sides"][2]["played_by"], 2);
    EXPECT_TRUE(doc["sides"][0]["players"][0]["out"]);
    EXPECT_TRUE(doc["sides"][2]["on_move"]);
    ASSERT_EQ(doc.at("pictures").size(), 5u) << "the pushed pair and four half-boards";
    EXPECT_TRUE(doc["pictures"][0]["active"]);
    EXPECT_NE(doc["pictures"][0]["caption"].get<std::string>().find("2+3"), std::string::npos)
        << doc["pictures"][0]["caption"];
    EXPECT_EQ(doc["pictures"][1]["placement"], "8/8/8/8/6Pq/5P2/PPPPP2P/RNBQKBNR")
        << "half-board 0: f3 and g4 played, and the queen that mated on h4";
    std::set<std::string> headlines;
    for (const json& i : doc.at("incidents"))
        if (i["kind"] == "news")
            headlines.insert(i["news"].get<std::string>() + " " + i["rule"].get<std::string>());
    EXPECT_TRUE(headlines.count("army_captured BETZA-7")) << doc["incidents"].dump();
    EXPECT_TRUE(headlines.count("player_eliminated BETZA-9")) << doc["incidents"].dump();
    EXPECT_FALSE(headlines.count("moved BETZA-6")) << "a move is no headline";
}

// A game that names what its clock faces count and says facts of its own (Chess Eleven): the
// document carries them, as the schema says.
TEST(FeedSchema, AGamesFactsAndClockFaceLabelsAreInTheDocument) {
    engine::MatchConfig c;
    c.id = "c11";
    c.game = "eleven";
    c.white().players.push_back({"W", "w", 0, {0}, ""});
    c.black().players.push_back({"B", "b", 0, {8}, ""});
    auto match = engine::make_match(c);
    ASSERT_NE(match, nullptr);
    const json doc = match_document(*match, nullptr);
    SchemaCheck check(schema());
    EXPECT_EQ(joined(check.check(doc, "/$defs/match")), "");
    ASSERT_TRUE(doc.contains("facts")) << doc.dump();
    EXPECT_EQ(doc["facts"][0]["name"], "Goals");
    EXPECT_EQ(doc["clock"]["labels"]["black"], "Formation");
    // A game without either keeps the document as it was.
    engine::testing::TurnsMatch plain(engine::testing::turns_config());
    const json two = match_document(plain, nullptr);
    EXPECT_FALSE(two.contains("facts"));
    EXPECT_FALSE(two["clock"].contains("labels"));
}

// A game's own board (no ChessMatch) with its marks, and its headline news among the incidents:
// Chess Eleven's kick-off wins the ball on e4, and the shot at e8 is drawn a goal.
TEST(FeedSchema, AGamesBoardWithItsBallAndItsHeadlinesAreInTheDocument) {
    using namespace engine;
    MatchConfig c;
    c.id = "c11";
    c.game = "eleven";
    c.board = "b1";
    c.white().players.push_back({"W", "w", 0, {0}, ""});
    c.black().players.push_back({"B", "b", 0, {8}, ""});
    VenueState state;
    std::vector<runtime::Applied> applied;
    auto send = [&](EventBody body) {
        const Event e{std::int64_t(applied.size() + 1), std::nullopt, std::move(body)};
        applied.push_back({std::int64_t(applied.size() + 1), e, state.apply(e)});
    };
    auto input = [&](chess::Color side, const std::string& kind,
                     std::map<std::string, std::string> args = {}) {
        GameInput in;
        in.match = "c11";
        in.side = side;
        in.kind = kind;
        in.args = std::move(args);
        send(in);
    };
    send(MatchCreated{c});
    // The seed whose first draw makes the rook's shot from e4 at e8 a goal.
    const auto chances = games::eleven::shot_chances(
        *games::eleven::placement_of("rnbk1bnr/pppp4/8/8/4R3/8/2PPPP2/RNBK1BN1"), chess::WHITE,
        chess::SQ_E8, {});
    std::uint64_t seed = 1;
    while (games::eleven::draw_outcome(chances, {}, seed, 0) != games::eleven::ShotOutcome::GOAL)
        ++seed;
    input(chess::WHITE, "seed", {{"value", std::to_string(seed)}});
    input(chess::WHITE, "substitute", {{"piece", "q"}});
    input(chess::BLACK, "substitute", {{"piece", "q"}});
    send(BoardSnapshot{"c11", "b1", "rnbk1bnr/pppp4/8/8/8/4R3/2PPPP2/RNBK1BN1"});
    input(chess::WHITE, "ready");
    input(chess::BLACK, "ready");
    send(MoveSensed{"c11", "b1", "e3e4"});
    SchemaCheck check(schema());
    FeedMemory memory;
    json doc = json::parse(make_update(state, applied, memory).matches.at("c11"));
    EXPECT_EQ(joined(check.check(doc, "/$defs/match")), "");
    ASSERT_EQ(doc["boards"].size(), 1u) << doc.dump();
    EXPECT_EQ(doc["boards"][0]["last_move"]["san"], "Re4");
    ASSERT_EQ(doc["boards"][0]["marks"].size(), 1u);
    EXPECT_EQ(doc["boards"][0]["marks"][0]["square"], "e4");
    EXPECT_EQ(doc["boards"][0]["marks"][0]["kind"], "ball");
    const std::size_t before = applied.size();
    input(chess::WHITE, "shot", {{"target", "e8"}});
    doc = json::parse(
        make_update(state, std::span(applied).subspan(before), memory).matches.at("c11"));
    EXPECT_EQ(joined(check.check(doc, "/$defs/match")), "");
    ASSERT_FALSE(doc["incidents"].empty());
    const json& goal = doc["incidents"].back();
    EXPECT_EQ(goal["kind"], "news");
    EXPECT_EQ(goal["news"], "goal");
    EXPECT_EQ(goal["team"], "white");
    EXPECT_EQ(goal["facts"]["tally"], "1-0");
    EXPECT_EQ(goal["rule"], "C11-SHOOT-4");
    // The shot and its outcome came just before it.
    const json& shot = doc["incidents"][doc["incidents"].size() - 2];
    EXPECT_EQ(shot["news"], "shot");
    EXPECT_EQ(shot["facts"]["outcome"], "goal");
    // The formation phase after the goal has no field: no board.
    EXPECT_TRUE(doc["boards"].empty());
    // Other news (the turn passing, the ball won) is not a headline.
    for (const json& i : doc["incidents"]) EXPECT_NE(i["news"], "ball_won");
}

}  // namespace
}  // namespace venue::feed::testing
