// The game record (venue/match_record.h): a Chess Eleven match folded event by event, its record
// checked against schemas/record/record.schema.json and for what a reader replays the game from:
// the moves with their SAN, the pass, the shot with its draw, the goal, in the log's order, and
// no command to a device.
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "../feed/json_schema_check.h"
#include "games/eleven/rules/eleven_field.h"
#include "games/eleven/rules/shot.h"
#include "venue/match_record.h"
#include "venue/venue_state.h"

namespace venue::engine {
namespace {

using nlohmann::json;

class RecordScript {
  public:
    RecordScript() {
        MatchConfig c;
        c.id = "e1";
        c.game = "eleven";
        c.board = "b1";
        c.event = "Record Cup";
        c.white().players.push_back({"w", "Wanda", 0, {0}, ""});
        c.black().players.push_back({"b", "Boris", 0, {8}, ""});
        send(MatchCreated{c});
    }
    void send(EventBody body) {
        const Event e{++seq_ * 1'000'000, std::nullopt, std::move(body)};
        records.add(seq_, e, state.apply(e));
    }
    void input(chess::Color side, std::string kind, std::map<std::string, std::string> args = {}) {
        GameInput in;
        in.match = "e1";
        in.side = side;
        in.kind = std::move(kind);
        in.args = std::move(args);
        send(in);
    }
    VenueState state;
    MatchRecords records;

  private:
    std::int64_t seq_ = 0;
};

// The entries of decision kind `decision` (and, for game_news, of news kind `news`).
std::vector<json> entries(const json& match, const std::string& decision,
                          const std::string& news = "") {
    std::vector<json> out;
    for (const json& e : match.at("entries"))
        if (e.at("decision") == decision && (news.empty() || e.at("fields").at("kind") == news))
            out.push_back(e);
    return out;
}

TEST(MatchRecord, AChessElevenMatchKeepsItsMovesPassShotAndGoalInOrder) {
    using namespace chess;
    namespace c11 = games::eleven;
    RecordScript s;
    // The first draw of the seed scores a shot from e4 at e8 past the king on d8.
    const auto chances = c11::shot_chances(
        *c11::placement_of("rnbk1bnr/pppp4/8/8/4R3/8/2PPPP2/RNBK1BN1"), WHITE, SQ_E8, {});
    std::uint64_t seed = 1;
    while (c11::draw_outcome(chances, {}, seed, 0) != c11::ShotOutcome::GOAL) ++seed;
    s.input(WHITE, "seed", {{"value", std::to_string(seed)}});
    s.input(WHITE, "substitute", {{"piece", "q"}});
    s.input(BLACK, "substitute", {{"piece", "q"}});
    s.send(BoardSnapshot{"e1", "b1", "rnbk1bnr/pppp4/8/8/8/4R3/2PPPP2/RNBK1BN1"});
    s.input(WHITE, "ready");
    s.input(BLACK, "ready");
    s.send(MoveSensed{"e1", "b1", "e3e4"});
    s.input(WHITE, "pass", {{"from", "e4"}, {"to", "e2"}});
    s.input(WHITE, "pass", {{"from", "e2"}, {"to", "d2"}});  // a second pass: refused
    s.input(WHITE, "end_turn");
    s.send(MoveSensed{"e1", "b1", "g8f6"});
    s.send(MoveSensed{"e1", "b1", "e2e3"});
    s.input(WHITE, "pass", {{"from", "e3"}, {"to", "e4"}});
    s.input(WHITE, "shot", {{"target", "e8"}});

    const json doc = json::parse(s.records.document(s.state));
    std::ifstream in(VENUE_SOURCE_DIR "/schemas/record/record.schema.json");
    feed::testing::SchemaCheck schema(json::parse(in));
    EXPECT_TRUE(schema.unknown_keywords().empty());
    const auto errors = schema.check(doc);
    EXPECT_TRUE(errors.empty()) << errors.front();

    ASSERT_EQ(doc.at("matches").size(), 1u);
    const json& m = doc.at("matches").front();
    EXPECT_EQ(m.at("game_name"), "Chess Eleven");
    EXPECT_EQ(m.at("sides").at(0).at("players").at(0).at("name"), "Wanda");
    EXPECT_EQ(m.at("options").at("tie"), "draw");
    // The moves, with their SAN, in order.
    const auto moves = entries(m, "move_accepted");
    ASSERT_EQ(moves.size(), 3u);
    EXPECT_EQ(moves[0].at("fields").at("san"), "Re4");
    EXPECT_EQ(moves[1].at("fields").at("san"), "Nf6");
    EXPECT_EQ(moves[2].at("fields").at("uci"), "e2e3");
    // The passes made, and the one refused with its clause and reason.
    const auto passes = entries(m, "game_news", "ball_passed");
    ASSERT_EQ(passes.size(), 2u);
    EXPECT_EQ(passes[0].at("fields").at("facts").at("to"), "e2");
    EXPECT_EQ(passes[0].at("cause"), "game_input");
    bool refused = false;
    for (const json& e : entries(m, "event_ignored"))
        refused = refused ||
                  (e.at("rule") == "C11-TURN-2" && e.at("reason") == "one pass a turn (C11-A7)");
    EXPECT_TRUE(refused);
    // The shot with its draw and the goal it scored, after the second pass.
    const auto shots = entries(m, "game_news", "shot");
    ASSERT_EQ(shots.size(), 1u);
    EXPECT_EQ(shots[0].at("fields").at("facts").at("outcome"), "goal");
    EXPECT_EQ(shots[0].at("fields").at("facts").at("draw"), "0");
    EXPECT_GT(shots[0].at("seq"), passes[1].at("seq"));
    const auto goals = entries(m, "game_news", "goal");
    ASSERT_EQ(goals.size(), 1u);
    EXPECT_EQ(goals[0].at("fields").at("facts").at("tally"), "1-0");
    EXPECT_EQ(entries(m, "score_changed").size(), 1u);
    // Nothing for the devices.
    EXPECT_TRUE(entries(m, "device_command").empty());
}

TEST(MatchRecord, OneMatchOrNoneWhenAskedForAnother) {
    RecordScript s;
    const json one = json::parse(s.records.document(s.state, "e1"));
    EXPECT_EQ(one.at("matches").size(), 1u);
    const json none = json::parse(s.records.document(s.state, "nope"));
    EXPECT_TRUE(none.at("matches").empty());
    EXPECT_EQ(none.at("format"), "venue-record");
    EXPECT_EQ(none.at("version"), 1);
}

}  // namespace
}  // namespace venue::engine
