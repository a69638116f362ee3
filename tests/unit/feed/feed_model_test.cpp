// The feed's documents from a short Chessball match: teams, score, clocks with their hub time,
// the board and its last move, the claim with the rivals' margins, warnings, and the live PGN.
#include <gtest/gtest.h>

#include "chess/pgn.h"
#include "feed/feed_model.h"
#include "feed_script.h"
#include "venue/pgn_export.h"

namespace venue::feed::testing {
namespace {

using nlohmann::json;

json doc_after(FeedScript& s, FeedMemory& memory) {
    auto u = make_update(s.state(), s.applied(), memory);
    return json::parse(u.matches.at("cb1"));
}

TEST(FeedModel, MatchOfEventsAndDecisions) {
    EXPECT_EQ(match_of(EventBody{MoveSensed{"m7", "b", "e2e4"}}), "m7");
    MatchConfig c;
    c.id = "m8";
    EXPECT_EQ(match_of(EventBody{MatchCreated{c}}), "m8");
    EXPECT_EQ(match_of(EventBody{HostStarted{"1"}}), "");
    EXPECT_EQ(match_of(DecisionBody{ClaimGranted{"m9", "W1", 0}}), "m9");
    EXPECT_EQ(match_of(DecisionBody{DeviceCommand{}}), "");
}

TEST(FeedModel, TheOpeningAsTheScoreboardShowsIt) {
    FeedScript s;
    s.play_opening();
    FeedMemory memory;
    json m = doc_after(s, memory);
    EXPECT_EQ(m["id"], "cb1");
    EXPECT_EQ(m["game"], "chessball");
    EXPECT_EQ(m["round"], "1.1");
    EXPECT_EQ(m["event"], "Kazan Chessball Cup");
    EXPECT_EQ(m["phase"], "playing");
    EXPECT_EQ(m["to_move"], "white");
    EXPECT_EQ(m["teams"]["white"]["name"], "Kazan");
    EXPECT_EQ(m["teams"]["black"]["name"], "Moscow");
    const json& bulat = m["teams"]["white"]["players"][1];
    EXPECT_EQ(bulat["name"], "Bulat");
    EXPECT_EQ(bulat["files"], "cd");
    EXPECT_EQ(bulat["warnings"], 1);
    EXPECT_EQ(bulat["out"], false);
    EXPECT_EQ(bulat["holds_claim"], true);
    EXPECT_EQ(m["score"]["text"], "0-0");

    // The hub's last reading, and the hub time it refers to.
    EXPECT_EQ(m["clock"]["white_ms"], 1'787'000);
    EXPECT_EQ(m["clock"]["black_ms"], 1'905'000);
    EXPECT_EQ(m["clock"]["running"], "white");
    EXPECT_EQ(m["clock"]["hub_us"], 35'000'000);

    ASSERT_EQ(m["boards"].size(), 1u);
    const json& b = m["boards"][0];
    EXPECT_EQ(b["id"], "12345");
    EXPECT_EQ(b["fen"], "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3");
    EXPECT_EQ(b["last_move"]["san"], "d6");
    EXPECT_EQ(b["last_move"]["uci"], "d7d6");
    EXPECT_EQ(b["last_move"]["ply"], 4);
    EXPECT_EQ(b["ply"], 4);

    // Bulat holds the claim; Emil was 12 µs late.
    EXPECT_EQ(m["claim"]["holder"]["name"], "Bulat");
    EXPECT_EQ(m["claim"]["holder"]["team"], "white");
    const json& latest = m["claim"]["latest"];
    EXPECT_EQ(latest["player"]["id"], "W2");
    EXPECT_EQ(latest["active"], true);
    EXPECT_EQ(latest["hub_us"], 36'000'000);
    ASSERT_EQ(latest["rivals"].size(), 1u);
    EXPECT_EQ(latest["rivals"][0]["name"], "Emil");
    EXPECT_EQ(latest["rivals"][0]["margin_us"], 12);
    EXPECT_EQ(latest["rivals"][0]["code"], "CLAIM_HELD");

    // The warning and Moscow's two minutes.
    bool warning = false, bonus = false;
    for (const json& i : m["incidents"]) {
        if (i["kind"] == "warning") {
            warning = true;
            EXPECT_EQ(i["player"]["name"], "Bulat");
            EXPECT_EQ(i["team"], "white");
            EXPECT_EQ(i["count"], 1);
            EXPECT_FALSE(i["rule"].get<std::string>().empty());
        }
        if (i["kind"] == "time_added") {
            bonus = true;
            EXPECT_EQ(i["team"], "black");
            EXPECT_EQ(i["amount_ms"], 120'000);
        }
    }
    EXPECT_TRUE(warning) << m["incidents"].dump(2);
    EXPECT_TRUE(bonus) << m["incidents"].dump(2);
    EXPECT_EQ(m["seq"], s.seq());
}

// CB-A24: the teams may agree to keep their allocation of files from each other; the public
// feed then names no files.
TEST(FeedModel, CB_A24_AHiddenAllocationIsNotPublished) {
    FeedScript s([](MatchConfig& m) { m.options.set("publish_allocation", false); });
    s.play_opening();
    FeedMemory memory;
    json m = doc_after(s, memory);
    for (const char* team : {"white", "black"})
        for (const json& p : m["teams"][team]["players"]) EXPECT_EQ(p["files"], "") << p.dump();
    EXPECT_EQ(m["teams"]["white"]["players"][1]["holds_claim"], true) << "the rest is shown";
}

TEST(FeedModel, TheFirstClaimKeepsItsRivalsAfterTheMove) {
    FeedScript s;
    s.send(ClockReading{"cb1", 1'800'000, 1'800'000, std::nullopt}, 1'000);
    s.press(2, 2'000'000);
    s.press(0, 2'000'004, ClaimVerdict::LATE, 4);
    s.press(1, 2'000'137, ClaimVerdict::LATE, 137);
    FeedMemory memory;
    json m = doc_after(s, memory);
    EXPECT_EQ(m["claim"]["holder"]["name"], "Dina");
    ASSERT_EQ(m["claim"]["latest"]["rivals"].size(), 2u);
    EXPECT_EQ(m["claim"]["latest"]["rivals"][0]["name"], "Aliya");
    EXPECT_EQ(m["claim"]["latest"]["rivals"][0]["margin_us"], 4);
    EXPECT_EQ(m["claim"]["latest"]["rivals"][1]["name"], "Bulat");
    EXPECT_EQ(m["claim"]["latest"]["rivals"][1]["margin_us"], 137);

    std::vector<runtime::Applied> more{s.move("e2e4"), s.clock(1'795'000, 5'000'000)};
    auto u = make_update(s.state(), more, memory);
    m = json::parse(u.matches.at("cb1"));
    EXPECT_TRUE(m["claim"]["holder"].is_null());
    EXPECT_EQ(m["claim"]["latest"]["active"], false);
    EXPECT_EQ(m["claim"]["latest"]["rivals"].size(), 2u);
    EXPECT_EQ(m["clock"]["running"], "black");
    EXPECT_EQ(m["clock"]["hub_us"], 5'000'000);
}

TEST(FeedModel, ATieLostBeforeTheWinnerIsReportedAsARival) {
    FeedScript s;
    ClaimPressed tie;
    tie.match = "cb1";
    tie.verdict = ClaimVerdict::TIE;
    tie.tied_with = {0, 2};
    tie.winner = 2;
    tie.tie_rule = "lfsr16";
    tie.button = 0;
    s.send(tie, 7'000);
    tie.button = 2;
    s.send(tie, 7'000);
    FeedMemory memory;
    json m = doc_after(s, memory);
    EXPECT_EQ(m["claim"]["holder"]["name"], "Dina");
    ASSERT_EQ(m["claim"]["latest"]["rivals"].size(), 1u);
    EXPECT_EQ(m["claim"]["latest"]["rivals"][0]["name"], "Aliya");
    EXPECT_EQ(m["claim"]["latest"]["rivals"][0]["code"], "TIE_LOST");
}

TEST(FeedModel, UpdatesOneByOneEndWhereOneBatchEnds) {
    FeedScript s;
    s.play_opening();
    FeedMemory batch_memory, step_memory;
    auto batch = make_update(s.state(), s.applied(), batch_memory);
    // Replayed event by event into a fresh state: the last document of each step.
    FeedScript again;
    std::string last;
    const auto& events = s.applied();
    for (std::size_t i = again.applied().size(); i < events.size(); ++i) {
        auto a = again.send(events[i].event.body, events[i].event.hub_us);
        std::vector<runtime::Applied> one{a};
        auto u = make_update(again.state(), one, step_memory);
        EXPECT_FALSE(u.full);
        if (u.matches.contains("cb1")) last = u.matches.at("cb1");
    }
    EXPECT_EQ(last, batch.matches.at("cb1"));
}

// The board's raw evidence (its snapshots and, one by one, its field updates) is in the log, not
// on TV: the match's document is republished as for any event of the match, with nothing but
// its seq changed.
TEST(FeedModel, TheBoardsRawEvidenceShowsNothingNew) {
    FeedScript s;
    s.play_opening();
    FeedMemory memory;
    json before = doc_after(s, memory);
    const std::size_t done = s.applied().size();
    s.send(BoardFieldUpdate{"cb1", "12345", 52, 0, chess::SQ_E2});
    s.send(BoardFieldUpdate{"cb1", "12345", 52, 0, chess::SQ_E2});   // a repeat
    s.send(BoardFieldUpdate{"cb1", "12345", 36, 13, chess::SQ_E4});  // a magic piece
    s.send(BoardSnapshot{"cb1", "12345", "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP2PP/RNBQKB1R"});
    const std::vector<runtime::Applied> evidence(s.applied().begin() + std::ptrdiff_t(done),
                                                 s.applied().end());
    auto u = make_update(s.state(), evidence, memory);
    ASSERT_TRUE(u.matches.contains("cb1"));
    json after = json::parse(u.matches.at("cb1"));
    EXPECT_EQ(after["seq"], evidence.back().seq);
    before.erase("seq");
    after.erase("seq");
    EXPECT_EQ(after, before);
}

TEST(FeedModel, WithoutEventsTheUpdateIsAFullSnapshot) {
    FeedScript s;
    FeedMemory memory;
    auto u = make_update(s.state(), {}, memory);
    EXPECT_TRUE(u.full);
    EXPECT_EQ(u.seq, 0);
    EXPECT_EQ(u.matches.size(), s.state().matches().size());
    EXPECT_EQ(json::parse(u.event_json)["name"], "Kazan Chessball Cup");
    json m = json::parse(u.matches.at("cb1"));
    EXPECT_EQ(m["phase"], "waiting");
    EXPECT_TRUE(m["claim"]["holder"].is_null());
    EXPECT_TRUE(m["claim"]["latest"].is_null());
    EXPECT_TRUE(m["clock"]["hub_us"].is_null());
    EXPECT_TRUE(m["boards"][0]["last_move"].is_null());
}

TEST(FeedModel, TheLivePgnIsTheExportText) {
    FeedScript s;
    s.play_opening();
    FeedMemory memory;
    auto u = make_update(s.state(), s.applied(), memory);
    std::string exported;
    for (const chess::PgnGame& g : to_pgn_parts(s.match())) exported += chess::write_pgn(g);
    EXPECT_EQ(u.pgn.at("cb1"), exported);
    const std::string& pgn = u.pgn.at("cb1");
    EXPECT_NE(pgn.find("[Round \"1.1\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("[GameId \"cb1\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("[WhiteTeam \"Kazan\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("1. e4 {[%clk 0:29:55]}"), std::string::npos) << pgn;
}

TEST(FeedModel, TheResultScores) {
    FeedScript s;
    s.play_opening();
    ArbiterAction a;
    a.match = "cb1";
    a.kind = ArbiterActionKind::DECLARE_RESULT;
    a.result = "1-0";
    a.text = "resignation";
    a.arbiter = "chief";
    a.note = "Moscow resigned";
    s.send(a);
    FeedMemory memory;
    json m = doc_after(s, memory);
    EXPECT_EQ(m["phase"], "finished");
    EXPECT_EQ(m["result"], "1-0");
    EXPECT_EQ(m["score"]["white_half_points"], 2);
    EXPECT_EQ(m["score"]["text"], "1-0");
    EXPECT_TRUE(m["to_move"].is_null());
    EXPECT_EQ(m["incidents"].back()["kind"], "game_ended");
}

TEST(FeedModel, PointsAsOnAScoreboard) {
    EXPECT_EQ(points_text(0), "0");
    EXPECT_EQ(points_text(1), "\u00bd");
    EXPECT_EQ(points_text(2), "1");
    EXPECT_EQ(points_text(25), "12\u00bd");
}

TEST(FeedModel, IncidentsAreBounded) {
    FeedScript s;
    FeedMemory memory;
    for (int i = 0; i < 30; ++i) {
        ArbiterAction a;
        a.match = "cb1";
        a.kind = ArbiterActionKind::ADD_TIME;
        a.side = chess::BLACK;
        a.amount_ms = 1000 + i;
        a.arbiter = "chief";
        a.note = "clock fault";
        s.send(a);
    }
    json m = doc_after(s, memory);
    ASSERT_EQ(m["incidents"].size(), MAX_INCIDENTS);
    EXPECT_EQ(m["incidents"].back()["amount_ms"], 1029);
}

}  // namespace
}  // namespace venue::feed::testing
