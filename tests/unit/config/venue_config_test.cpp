#include "config/venue_config.h"
#include "config/venue_writer.h"

#include "games/business/rules/business_rules.h"
#include "games/chessball/rules/chessball_rules.h"
#include "venue/game_rules.h"

#include <gtest/gtest.h>

namespace venue::config {
namespace {

constexpr const char* MINIMAL = R"(
[[match]]
id = "m1"
[match.white]
players = [{ id = "w1", name = "A" }]
[match.black]
players = [{ id = "b1" }]
)";

TEST(VenueConfig, TheFideExampleLoads) {
    auto c = load_venue_config(VENUE_SOURCE_DIR "/schemas/config/examples/fide.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    EXPECT_EQ(c->event_name, "Venue Open 2026");
    EXPECT_EQ(c->log_path, "venue-open-2026.sqlite");
    EXPECT_EQ(c->feed.port, 8080);
    EXPECT_EQ(c->hub.serial, "VENUE-HUB-0001");
    ASSERT_EQ(c->matches.size(), 1u);
    const auto& m = c->matches[0];
    EXPECT_EQ(m.round, "1.1");
    EXPECT_EQ(m.event, "Venue Open 2026");
    EXPECT_EQ(m.time.base_ms, 90 * 60000);
    EXPECT_EQ(m.time.increment_ms, 30000);
    EXPECT_EQ(m.white().players[0].name, "Ivanov, Ivan");
    EXPECT_EQ(m.penalties.illegal_move_bonus_ms, 120000);
}

// [event] seed: the seed of every match's draws, for a rehearsal that must draw the same; it is
// written back as read.
TEST(VenueConfig, TheEventsSeedIsReadAndANegativeOneIsRefused) {
    auto c = parse_venue_config(std::string("[event]\nseed = 42\n") + MINIMAL, "seed.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    ASSERT_TRUE(c->seed);
    EXPECT_EQ(*c->seed, 42u);
    auto back = parse_venue_config(write_venue_toml(*c), "again.toml");
    ASSERT_TRUE(back) << back.error().to_string();
    EXPECT_EQ(back->seed, c->seed);
    EXPECT_FALSE(parse_venue_config(MINIMAL, "min.toml")->seed);
    auto bad = parse_venue_config(std::string("[event]\nseed = -1\n") + MINIMAL, "bad.toml");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().key, "event.seed");
}

// [publish]: the hall's log and feed to a broker (docs/multi-hall.md); written back as read.
TEST(VenueConfig, PublishNamesTheBrokerAndTheHall) {
    auto c = parse_venue_config(std::string(R"([publish]
broker = "mqtts://broker.local"
event = "open-2026"
hall = "hall-a"
username = "hall-a"
password_file = "/etc/venue/hall-a.secret"
ca_file = "/etc/venue/ca.pem"
)") + MINIMAL,
                                "publish.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    EXPECT_TRUE(c->publish.enabled());
    EXPECT_EQ(c->publish.broker, "mqtts://broker.local");
    EXPECT_EQ(c->publish.hall, "hall-a");
    EXPECT_EQ(c->publish.password_file, "/etc/venue/hall-a.secret");
    auto back = parse_venue_config(write_venue_toml(*c), "again.toml");
    ASSERT_TRUE(back) << back.error().to_string();
    EXPECT_EQ(back->publish.broker, c->publish.broker);
    EXPECT_EQ(back->publish.event, c->publish.event);
    EXPECT_EQ(back->publish.ca_file, c->publish.ca_file);
    EXPECT_FALSE(parse_venue_config(MINIMAL, "min.toml")->publish.enabled());
}

TEST(VenueConfig, PublishRefusesAHallThatIsNotOneTopicLevel) {
    auto slash = parse_venue_config(
        std::string("[publish]\nbroker = \"mqtt://b\"\nhall = \"a/#\"\n") + MINIMAL, "p.toml");
    ASSERT_FALSE(slash);
    EXPECT_EQ(slash.error().key, "publish.hall");
    EXPECT_NE(slash.error().message.find("'/'"), std::string::npos) << slash.error().message;
    auto none =
        parse_venue_config(std::string("[publish]\nbroker = \"mqtt://b\"\n") + MINIMAL, "p.toml");
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().key, "publish.hall");
    auto unknown = parse_venue_config(
        std::string("[publish]\nbroker = \"mqtt://b\"\nhall = \"a\"\nport = 1\n") + MINIMAL,
        "p.toml");
    ASSERT_FALSE(unknown);
}

TEST(VenueConfig, DefaultsFillWhatIsMissing) {
    auto c = parse_venue_config(MINIMAL, "min.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    EXPECT_EQ(c->feed.host, "127.0.0.1");
    EXPECT_EQ(c->matches[0].game, "fide");
    EXPECT_EQ(c->matches[0].black().players[0].name, "b1");
}

struct Bad {
    const char* text;
    int line;
    const char* key;
    const char* fragment;
};

class VenueConfigErrors : public ::testing::TestWithParam<Bad> {};

TEST_P(VenueConfigErrors, NameFileLineAndKey) {
    auto c = parse_venue_config(GetParam().text, "venue.toml");
    ASSERT_FALSE(c);
    const auto& e = c.error();
    EXPECT_EQ(e.file, "venue.toml");
    EXPECT_EQ(e.line, GetParam().line) << e.to_string();
    EXPECT_EQ(e.key, GetParam().key) << e.to_string();
    EXPECT_NE(e.to_string().find(GetParam().fragment), std::string::npos) << e.to_string();
}

INSTANTIATE_TEST_SUITE_P(
    All, VenueConfigErrors,
    ::testing::Values(
        Bad{"[event]\nname = \"x\"\n", 0, "match", "at least one"},
        Bad{"[event]\nnmae = \"x\"\n", 2, "event.nmae", "unknown key"},
        Bad{"[event]\nname = 3\n[[match]]\nid=\"m\"\n", 2, "event.name", "must be a string"},
        Bad{"[feed]\naddress = \"nowhere\"\n", 2, "feed.address", "HOST:PORT"},
        Bad{"[[match]]\nid = \"m1\"\ngame = \"tandem\"\n", 3, "match[1].game", "not available"},
        Bad{"[[match]]\ngame = \"fide\"\n", 1, "match[1].id", "missing"},
        Bad{"[[match]]\nid = \"m1\"\n[match.white]\nplayers = []\n[match.black]\nplayers = []\n"
            "[match.time]\nmode = \"hourglass\"\n",
            8, "match[1].time.mode", "hourglass"},
        Bad{"[[match]]\nid = \"m1\"\n[match.white]\nplayers = [{id=\"a\"},{id=\"b\"}]\n"
            "[match.black]\nplayers = [{id=\"c\"}]\n",
            3, "match[1].white.players", "exactly one player"},
        Bad{"[[match]]\nid = \"m1\"\n[match.white]\nplayers = [{name=\"a\"}]\n", 4,
            "match[1].white.players[1].id", "missing"},
        Bad{"[[board]]\nport = \"/dev/x\"\n", 1, "board[1].id", "missing"},
        Bad{"[[board]]\nid = \"1\"\n", 1, "board[1]", "exactly one of port and usb_serial"},
        Bad{"[[board]]\nid = \"1\"\nport = \"/a\"\n[[board]]\nid = \"1\"\nport = \"/b\"\n", 4,
            "board[2].id", "listed twice"},
        Bad{"[hub]\nmatch = \"zz\"\n[[match]]\nid = \"m1\"\n[match.white]\nplayers = "
            "[{id=\"a\"}]\n[match.black]\nplayers = [{id=\"b\"}]\n",
            1, "hub.match", "no match 'zz'"},
        Bad{"[[board]]\nid = \"1\"\nport = \"/a\"\nclock = \"left\"\n", 4, "board[1].clock",
            "white-left"},
        Bad{"[event\nname = 1\n", 1, "", ""}));

TEST(VenueConfig, TheChessballExampleLoads) {
    auto c = load_venue_config(VENUE_SOURCE_DIR "/schemas/config/examples/chessball.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    const auto& m = c->matches[0];
    EXPECT_EQ(m.game, "chessball");
    EXPECT_EQ(m.white().players.size(), 4u);
    EXPECT_EQ(m.black().players[3].files, "gh");
    EXPECT_EQ(m.black().players[3].buttons, std::vector<int>{11});
    EXPECT_FALSE(games::chessball::ChessballRules::of(m).auto_warnings);
    // Its hub serves the match, and its board is found by the cable's USB serial number.
    ASSERT_NE(c->hub_match(), nullptr);
    EXPECT_EQ(c->hub_match()->id, "cb1");
    ASSERT_EQ(c->boards.size(), 1u);
    EXPECT_EQ(c->boards[0].id, m.board);
    EXPECT_EQ(c->boards[0].usb_serial, "DGT-USB-12345");
}

TEST(VenueConfig, TheBusinessChessExampleLoadsWithItsSixBoards) {
    auto c = load_venue_config(VENUE_SOURCE_DIR "/schemas/config/examples/business.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    const auto& m = c->matches[0];
    EXPECT_EQ(m.game, "business");
    const auto r = games::business::BusinessRules::of(m);
    EXPECT_EQ(r.game_rating, 10);
    EXPECT_EQ(r.max_branches, 5);
    EXPECT_EQ(r.boards, (std::vector<std::string>{"1", "2", "3", "4", "5"}));
    EXPECT_EQ(r.control_board, "C");
    EXPECT_EQ(m.time.base_ms, 90 * 60'000);
    EXPECT_EQ(m.time.increment_ms, 0);
    EXPECT_EQ(m.white().players.size(), 6u) << "five and a reserve";
    ASSERT_NE(c->hub_match(), nullptr);
    EXPECT_EQ(c->hub_match()->id, "bc1");
    // Every [[board]] of the file is one the match plays on, so venue run attaches all six.
    ASSERT_EQ(c->boards.size(), 6u);
    for (const auto& b : c->boards) EXPECT_TRUE(engine::plays_on(m, b.id)) << b.id;
    EXPECT_FALSE(engine::plays_on(m, "6"));
    EXPECT_FALSE(engine::plays_on(m, ""));
}

TEST(VenueConfig, APlainMatchPlaysOnlyOnItsBoard) {
    auto c = load_venue_config(VENUE_SOURCE_DIR "/schemas/config/examples/chessball.toml");
    ASSERT_TRUE(c);
    EXPECT_TRUE(engine::plays_on(c->matches[0], "12345"));
    EXPECT_FALSE(engine::plays_on(c->matches[0], "1"));
    EXPECT_FALSE(engine::plays_on(c->matches[0], "C")) << "board C is Business Chess's";
}

TEST(VenueConfig, TheHubServesTheFirstMatchWithClaimButtonsByDefault) {
    auto fide = parse_venue_config(MINIMAL, "min.toml");
    ASSERT_TRUE(fide);
    ASSERT_NE(fide->hub_match(), nullptr);
    EXPECT_EQ(fide->hub_match()->id, "m1") << "no buttons anywhere: the first match";
    auto two = load_venue_config(VENUE_SOURCE_DIR "/schemas/config/examples/chessball.toml");
    ASSERT_TRUE(two);
    two->hub.match.clear();
    engine::MatchConfig plain = fide->matches[0];
    two->matches.insert(two->matches.begin(), plain);
    EXPECT_EQ(two->hub_match()->id, "cb1") << "the match with claim buttons";
}

TEST(VenueConfig, ChessballOwnershipIsTheCurrentFileUnlessStartFileIsAsked) {
    auto example = load_venue_config(VENUE_SOURCE_DIR "/schemas/config/examples/chessball.toml");
    ASSERT_TRUE(example);
    using games::chessball::ChessballRules;
    using games::chessball::Ownership;
    EXPECT_EQ(ChessballRules::of(example->matches[0]).ownership, Ownership::CURRENT_FILE);
    const std::string base =
        "[[match]]\nid = \"cb\"\ngame = \"chessball\"\n[match.white]\n"
        "players = [{id=\"a\", files=\"abcd\", buttons=[0]}, {id=\"b\", files=\"efgh\", "
        "buttons=[1]}]\n[match.black]\nplayers = [{id=\"c\", files=\"abcd\", buttons=[2]}, "
        "{id=\"d\", files=\"efgh\", buttons=[3]}]\n[match.chessball]\n";
    auto start = parse_venue_config(base + "ownership = \"start_file\"\n", "cb.toml");
    ASSERT_TRUE(start) << start.error().to_string();
    EXPECT_EQ(ChessballRules::of(start->matches[0]).ownership, Ownership::START_FILE);
    auto bad = parse_venue_config(base + "ownership = \"first_file\"\n", "cb.toml");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().key, "match[1].chessball.ownership");
    EXPECT_NE(bad.error().message.find("current_file or start_file"), std::string::npos);
}

TEST(VenueConfig, ChessballFilesAreCheckedWithTheMatchLine) {
    auto c = parse_venue_config(
        "[[match]]\nid = \"cb\"\ngame = \"chessball\"\n[match.white]\n"
        "players = [{id=\"a\", files=\"abcd\", buttons=[0]}, {id=\"b\", files=\"efg\", "
        "buttons=[1]}]\n[match.black]\nplayers = [{id=\"c\", files=\"abcd\", buttons=[2]}, "
        "{id=\"d\", files=\"efgh\", buttons=[3]}]\n",
        "cb.toml");
    ASSERT_FALSE(c);
    EXPECT_EQ(c.error().key, "match[1]");
    EXPECT_NE(c.error().message.find("file h has no owner"), std::string::npos)
        << c.error().to_string();
}

// The PGN's Date: given in the file, or left to the host (empty here: the session dates it).
TEST(VenueConfig, AMatchDateIsReadAsPgnWritesIt) {
    auto c = parse_venue_config(
        "[[match]]\nid = \"m1\"\ndate = \"2026.11.26\"\n[match.white]\nplayers = [{ id = \"w1\" "
        "}]\n"
        "[match.black]\nplayers = [{ id = \"b1\" }]\n",
        "d.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    EXPECT_EQ(c->matches[0].date, "2026.11.26");
    auto none = parse_venue_config(MINIMAL, "d.toml");
    ASSERT_TRUE(none);
    EXPECT_EQ(none->matches[0].date, "");
    for (const char* bad : {"26.11.2026", "2026-11-26", "2026.13.01", "2026.11.1"}) {
        auto b = parse_venue_config(std::string("[[match]]\nid = \"m1\"\ndate = \"") + bad +
                                        "\"\n[match.white]\nplayers = [{ id = \"w1\" }]\n"
                                        "[match.black]\nplayers = [{ id = \"b1\" }]\n",
                                    "d.toml");
        ASSERT_FALSE(b) << bad;
        EXPECT_EQ(b.error().key, "match[1].date") << bad;
        EXPECT_EQ(b.error().line, 3) << bad;
        EXPECT_NE(b.error().message.find("YYYY.MM.DD"), std::string::npos) << b.error().message;
    }
}

TEST(VenueConfig, DuplicateMatchIds) {
    std::string text = std::string(MINIMAL) + MINIMAL;
    auto c = parse_venue_config(text, "dup.toml");
    ASSERT_FALSE(c);
    EXPECT_EQ(c.error().key, "match[2].id");
    EXPECT_EQ(c.error().line, 10);  // the second copy's id line
}

// A game of two sides names them [match.white] and [match.black]; [[match.side]] is how a game of
// more numbers its sides, and the file says which to write.
TEST(VenueConfig, AGameOfTwoSidesIsWrittenWithWhiteAndBlack) {
    auto c = parse_venue_config(R"(
[[match]]
id = "m1"
[[match.side]]
players = [{ id = "a" }]
[[match.side]]
players = [{ id = "b" }]
)",
                                "sides.toml");
    ASSERT_FALSE(c);
    EXPECT_EQ(c.error().key, "match[1].side");
    EXPECT_EQ(c.error().line, 4);
    EXPECT_NE(c.error().message.find("write them as [match.white] and [match.black]"),
              std::string::npos)
        << c.error().to_string();
}

TEST(VenueConfig, MissingFile) {
    auto c = load_venue_config("/nonexistent/venue.toml");
    ASSERT_FALSE(c);
    EXPECT_NE(c.error().to_string().find("cannot read"), std::string::npos);
}

}  // namespace
}  // namespace venue::config
