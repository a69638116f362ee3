// write_venue_toml: what it writes, parse_venue_config reads back to the same configuration,
// field by field (the examples, odd strings, fractions of a minute, board orientation).
#include "config/venue_writer.h"

#include <gtest/gtest.h>

#include <string>

namespace venue::config {
namespace {

void expect_same_team(const engine::TeamConfig& a, const engine::TeamConfig& b,
                      const std::string& where) {
    EXPECT_EQ(a.name, b.name) << where;
    ASSERT_EQ(a.players.size(), b.players.size()) << where;
    for (std::size_t i = 0; i < a.players.size(); ++i) {
        const auto& p = a.players[i];
        const auto& q = b.players[i];
        const std::string at = where + ".players[" + std::to_string(i) + "]";
        EXPECT_EQ(p.id, q.id) << at;
        EXPECT_EQ(p.name, q.name) << at;
        EXPECT_EQ(p.seat, q.seat) << at;
        EXPECT_EQ(p.buttons, q.buttons) << at;
        EXPECT_EQ(p.files, q.files) << at;
    }
}

void expect_same(const VenueConfig& a, const VenueConfig& b) {
    EXPECT_EQ(a.event_name, b.event_name);
    EXPECT_EQ(a.site, b.site);
    EXPECT_EQ(a.log_path, b.log_path);
    EXPECT_EQ(a.feed.enabled, b.feed.enabled);
    EXPECT_EQ(a.feed.host, b.feed.host);
    EXPECT_EQ(a.feed.port, b.feed.port);
    EXPECT_EQ(a.hub.serial, b.hub.serial);
    EXPECT_EQ(a.hub.port, b.hub.port);
    EXPECT_EQ(a.hub.match, b.hub.match);
    ASSERT_EQ(a.boards.size(), b.boards.size());
    for (std::size_t i = 0; i < a.boards.size(); ++i) {
        EXPECT_EQ(a.boards[i].id, b.boards[i].id);
        EXPECT_EQ(a.boards[i].port, b.boards[i].port);
        EXPECT_EQ(a.boards[i].usb_serial, b.boards[i].usb_serial);
        EXPECT_EQ(a.boards[i].clock, b.boards[i].clock);
        EXPECT_EQ(a.boards[i].orientation, b.boards[i].orientation);
    }
    ASSERT_EQ(a.matches.size(), b.matches.size());
    for (std::size_t i = 0; i < a.matches.size(); ++i) {
        const engine::MatchConfig& m = a.matches[i];
        const engine::MatchConfig& n = b.matches[i];
        EXPECT_EQ(m.id, n.id);
        EXPECT_EQ(m.game, n.game);
        EXPECT_EQ(m.event, n.event);
        EXPECT_EQ(m.site, n.site);
        EXPECT_EQ(m.round, n.round);
        EXPECT_EQ(m.date, n.date);
        EXPECT_EQ(m.board, n.board);
        EXPECT_EQ(m.start_fen, n.start_fen);
        EXPECT_EQ(m.time.base_ms, n.time.base_ms);
        EXPECT_EQ(m.time.increment_ms, n.time.increment_ms);
        EXPECT_EQ(m.time.mode, n.time.mode);
        EXPECT_EQ(m.penalties.illegal_move_bonus_ms, n.penalties.illegal_move_bonus_ms);
        EXPECT_EQ(m.penalties.illegal_moves_to_lose, n.penalties.illegal_moves_to_lose);
        EXPECT_EQ(m.penalties.incorrect_claim_bonus_ms, n.penalties.incorrect_claim_bonus_ms);
        // The game's own options, every key (the writer writes each one of the match's game).
        EXPECT_EQ(m.options, n.options);
        expect_same_team(m.white(), n.white(), m.id + ".white");
        expect_same_team(m.black(), n.black(), m.id + ".black");
    }
}

// Writes, reads back, compares; returns what was written (for the failure messages).
std::string round_trip(const VenueConfig& c) {
    const std::string text = write_venue_toml(c);
    auto back = parse_venue_config(text, "written.toml");
    EXPECT_TRUE(back) << back.error().to_string() << "\n" << text;
    if (back) expect_same(c, *back);
    return text;
}

class ExampleRoundTrip : public ::testing::TestWithParam<const char*> {};

TEST_P(ExampleRoundTrip, ReadsBackEqual) {
    const std::string path =
        std::string(VENUE_SOURCE_DIR "/schemas/config/examples/") + GetParam() + ".toml";
    auto c = load_venue_config(path);
    ASSERT_TRUE(c) << c.error().to_string();
    const std::string text = round_trip(*c);
    SCOPED_TRACE(text);
    // And the written file is stable: writing what was read back gives the same text.
    auto back = parse_venue_config(text, "written.toml");
    ASSERT_TRUE(back);
    EXPECT_EQ(write_venue_toml(*back), text);
}

INSTANTIATE_TEST_SUITE_P(Examples, ExampleRoundTrip,
                         ::testing::Values("fide", "chessball", "business"));

TEST(VenueWriter, TheChessballExampleKeepsItsTeamsFilesAndButtons) {
    auto c = load_venue_config(VENUE_SOURCE_DIR "/schemas/config/examples/chessball.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    auto back = parse_venue_config(write_venue_toml(*c), "written.toml");
    ASSERT_TRUE(back) << back.error().to_string();
    ASSERT_EQ(back->matches.size(), 1u);
    const engine::MatchConfig& m = back->matches[0];
    EXPECT_EQ(m.game, "chessball");
    EXPECT_EQ(m.time.base_ms, 30 * 60000);
    EXPECT_EQ(m.time.increment_ms, 0);
    EXPECT_EQ(m.time.mode, engine::TimeMode::SUDDEN_DEATH);
    ASSERT_EQ(m.black().players.size(), 4u);
    EXPECT_EQ(m.black().players[2].name, "Igor");
    EXPECT_EQ(m.black().players[2].files, "ef");
    EXPECT_EQ(m.black().players[2].buttons, std::vector<int>{10});
    EXPECT_EQ(back->hub.match, "cb1");
    ASSERT_EQ(back->boards.size(), 1u);
    EXPECT_EQ(back->boards[0].usb_serial, "DGT-USB-12345");
}

// Names and places as arbiters type them: quotes, backslashes, '#', newlines, tabs, Cyrillic,
// Tatar and CJK letters, an emoji.
TEST(VenueWriter, OddStringsSurvive) {
    auto c = load_venue_config(VENUE_SOURCE_DIR "/schemas/config/examples/chessball.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    c->event_name = "The \"Kazan\" Cup # 1 \\ final";
    c->site = "Казань, Татарстан\nӘлмәт 'B' \t hall";
    c->log_path = "logs/it's \"here\".sqlite";
    c->hub.port = "/dev/serial/by-id/usb-Venue_Hub_#1-if00";
    c->matches[0].white().name = "Команда \"Казань\"";
    c->matches[0].white().players[0].name = "O'Brien, \"Ace\" \\ 王 🏆";
    c->matches[0].black().players[3].id = "B4 \"x\"";
    c->matches[0].round = "1.1 ]]";
    c->matches[0].date = "2026.11.26";
    // What the engine gives every match from [event] (the reader sets it so).
    c->matches[0].options.set("ownership", std::string("start_file"));  // CB-A1's other reading
    c->matches[0].event = c->event_name;
    c->matches[0].site = c->site;
    const std::string text = round_trip(*c);
    EXPECT_NE(text.find("Казань"), std::string::npos) << "non-ASCII is written as is";
}

TEST(VenueWriter, FractionsAndNonDefaultsSurvive) {
    auto c = load_venue_config(VENUE_SOURCE_DIR "/schemas/config/examples/fide.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    engine::MatchConfig& m = c->matches[0];
    m.time = {150000, 1005, engine::TimeMode::BRONSTEIN};  // 2.5 min, 1.005 s
    m.penalties = {60000, 3, 61234};
    m.start_fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    m.white().players[0].seat = 7;
    c->feed = {false, "0.0.0.0", 9090};
    c->hub = {"", "/dev/pts/7", "m1"};
    c->boards.push_back({"12345", "/dev/ttyUSB0", "", "white-right", "rotated"});
    c->boards.push_back({"777", "", "DGT-USB-777", "", "normal"});
    c->boards.push_back({"778", "COM3", "", "", "auto"});
    round_trip(*c);

    const std::string text = write_venue_toml(*c);
    EXPECT_NE(text.find("base_minutes = 2.5"), std::string::npos) << text;
    EXPECT_NE(text.find("mode = \"bronstein\""), std::string::npos) << text;
    EXPECT_EQ(text.find("orientation = \"auto\""), std::string::npos) << "auto is the default";
}

TEST(VenueWriter, ABusinessMatchWithOtherRulesSurvives) {
    auto c = load_venue_config(VENUE_SOURCE_DIR "/schemas/config/examples/business.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    engine::GameOptions& o = c->matches[0].options;
    o.set("second_offence", std::string("time_penalty"));
    o.set("offence_bonus_ms", std::int64_t{90000});
    o.set("veto_window_ms", std::int64_t{25 * 60000 + 30000});  // 25.5 minutes
    o.set("clone_pause_auto", false);
    o.set("return_rating_half_up", false);
    o.set("boards", std::vector<std::string>{"5", "4", "3", "2", "1"});
    round_trip(*c);
}

// Orientation is read from [[board]] and refused, with its key, when it is not a known value.
TEST(VenueWriter, BoardOrientationIsReadAndCheckedOnRead) {
    const std::string base = R"(
[[board]]
id = "12345"
port = "/dev/ttyUSB0"
orientation = "ORIENT"
[[match]]
id = "m1"
board = "12345"
[match.white]
players = [{ id = "w1" }]
[match.black]
players = [{ id = "b1" }]
)";
    auto with = [&](const std::string& value) {
        std::string t = base;
        t.replace(t.find("ORIENT"), 6, value);
        return parse_venue_config(t, "venue.toml");
    };
    auto rotated = with("rotated");
    ASSERT_TRUE(rotated) << rotated.error().to_string();
    EXPECT_EQ(rotated->boards[0].orientation, "rotated");
    auto bad = with("upside-down");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().key, "board[1].orientation");
    EXPECT_EQ(bad.error().line, 5);
    EXPECT_NE(bad.error().message.find("upside-down"), std::string::npos);
    // Without the key: decided by the first start position the board reads.
    std::string none = base;
    none.erase(none.find("orientation"), std::string("orientation = \"ORIENT\"\n").size());
    auto unset = parse_venue_config(none, "venue.toml");
    ASSERT_TRUE(unset) << unset.error().to_string();
    EXPECT_EQ(unset->boards[0].orientation, "auto");
}

// The reader rounds durations to the nearest millisecond: 1.005 s was 1004 ms by truncation.
TEST(VenueWriter, DurationsAreRoundedToTheMillisecondOnRead) {
    auto c = parse_venue_config(R"(
[[match]]
id = "m1"
[match.time]
increment_seconds = 1.005
base_minutes = 0.29
[match.white]
players = [{ id = "w1" }]
[match.black]
players = [{ id = "b1" }]
)",
                                "venue.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    EXPECT_EQ(c->matches[0].time.increment_ms, 1005);
    EXPECT_EQ(c->matches[0].time.base_ms, 17400);
}

}  // namespace
}  // namespace venue::config
