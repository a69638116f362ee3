// The overlay pages in a real browser: headless Chromium (Debian's `chromium`) loads each one
// from the feed server, runs its script, and the DOM it renders must show the teams, scores,
// clocks, cards, the board with the last move and the claim with the rivals' margins. A
// screenshot of each (1920×1080, transparent) is saved under <build>/feed-overlays/.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "../../support/business_tree.h"
#include "../../unit/betza/betza_match_script.h"
#include "config/venue_config.h"
#include "feed/feed_model.h"
#include "feed/feed_server.h"
#include "feed_script.h"
#include "games/eleven/rules/shot.h"
#include "games/grassi/rules/grassi_match.h"

namespace venue::feed::testing {
namespace {

constexpr const char* CHROMIUM = "/usr/bin/chromium";

std::string run(const std::string& command) {
    std::string out;
    FILE* p = popen(command.c_str(), "r");
    if (!p) return out;
    char buf[4096];
    for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
    pclose(p);
    return out;
}

class Overlays : public ::testing::Test {
  protected:
    void SetUp() override {
        if (!std::filesystem::exists(CHROMIUM))
            GTEST_FAIL() << CHROMIUM << " missing: scripts/setup installs the chromium package";
        FeedOptions o;
        o.port = 0;
        o.log = [](const std::string&) {};
        auto started = FeedServer::start(o);
        ASSERT_TRUE(started) << started.error();
        server_ = std::move(*started);
        script_.play_opening();
        server_->publish(make_update(script_.state(), script_.applied(), memory_));
        profile_ = std::filesystem::temp_directory_path() /
                   ("venue-chromium-" + std::to_string(::getpid()));
        shots_ = std::filesystem::path(VENUE_BINARY_DIR) / "feed-overlays";
        std::filesystem::create_directories(shots_);
        std::filesystem::remove(shots_ / "chromium-stderr.log");  // this test's words only
    }
    void TearDown() override { std::filesystem::remove_all(profile_); }

    std::string url(const std::string& page) const {
        return "http://127.0.0.1:" + std::to_string(server_->port()) + "/overlay/" + page +
               "?match=cb1";
    }
    std::string chromium(const std::string& args) const {
        return "timeout 30 " + std::string(CHROMIUM) +
               " --headless --no-sandbox --disable-gpu --disable-background-networking"
               " --disable-dev-shm-usage --no-first-run --hide-scrollbars"
               " --user-data-dir=" +
               profile_.string() + " " + args + " 2>>" + (shots_ / "chromium-stderr.log").string();
    }
    // What went wrong when a run of chromium printed nothing: `timeout 30` stopped it, or it
    // failed; its last words are in <build>/feed-overlays/chromium-stderr.log.
    std::string chromium_said() const {
        std::ifstream in(shots_ / "chromium-stderr.log");
        std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        return "chromium printed nothing (stopped after 30 s?); its stderr ends:\n" +
               all.substr(all.size() > 2000 ? all.size() - 2000 : 0);
    }
    // The DOM after the page's scripts ran.
    std::string dom(const std::string& page) const {
        const std::string out = run(chromium("--dump-dom '" + url(page) + "'"));
        EXPECT_FALSE(out.empty()) << chromium_said();
        return out;
    }
    void screenshot(const std::string& page) const {
        const auto png = shots_ / (page + ".png");
        std::filesystem::remove(png);
        run(
            chromium("--window-size=1920,1080 --default-background-color=00000000"
                     " --screenshot=" +
                     png.string() + " '" + url(page) + "'"));
        EXPECT_TRUE(std::filesystem::exists(png)) << png << ": " << chromium_said();
        if (std::filesystem::exists(png)) {
            EXPECT_GT(std::filesystem::file_size(png), 1000u);
        }
    }

    FeedScript script_;
    FeedMemory memory_;
    std::unique_ptr<FeedServer> server_;
    std::filesystem::path profile_, shots_;
};

// The text of the element with this id, up to its first child (no std::regex: GCC 12 warns
// inside <regex> in the sanitizer build).
std::string text_of(const std::string& dom, const std::string& id) {
    const auto at = dom.find("id=\"" + id + "\"");
    if (at == std::string::npos) return "<no #" + id + ">";
    const auto open = dom.find('>', at);
    const auto close = dom.find('<', open);
    return dom.substr(open + 1, close - open - 1);
}

TEST_F(Overlays, TheScoreboardShowsTeamsScoresClocksAndCards) {
    const std::string d = dom("scoreboard");
    EXPECT_EQ(text_of(d, "white-name"), "Kazan") << d;
    EXPECT_EQ(text_of(d, "black-name"), "Moscow");
    EXPECT_EQ(text_of(d, "white-score"), "0");
    EXPECT_EQ(text_of(d, "black-score"), "0");
    // Moscow's clock is stopped at 31:45 (30:00 less 15 s, plus the 2 minutes of the warning);
    // Kazan's runs down from 29:47 in the page.
    EXPECT_EQ(text_of(d, "black-clock"), "31:45");
    EXPECT_EQ(text_of(d, "white-clock").substr(0, 3), "29:") << text_of(d, "white-clock");
    EXPECT_NE(d.find("data-id=\"W2\" data-warnings=\"1\""), std::string::npos);
    EXPECT_NE(d.find("Bulat"), std::string::npos);
    EXPECT_NE(d.find("class=\"card\""), std::string::npos);  // Bulat's warning
    EXPECT_NE(d.find("class=\"player claim\""), std::string::npos);
    screenshot("scoreboard");
}

TEST_F(Overlays, TheBoardShowsThePositionAndTheLastMove) {
    const std::string d = dom("board");
    EXPECT_NE(d.find("data-square=\"e4\"><span class=\"pc w\" data-piece=\"P\">"),
              std::string::npos)
        << d;
    EXPECT_NE(d.find("data-square=\"d6\"><span class=\"pc b\" data-piece=\"p\">"),
              std::string::npos);
    EXPECT_NE(d.find("class=\"sq light last\" data-square=\"d7\""), std::string::npos);
    EXPECT_EQ(text_of(d, "last-move"), "2... d6");
    EXPECT_EQ(text_of(d, "to-move"), "Kazan to move");
    screenshot("board");
}

TEST_F(Overlays, TheClaimShowsTheHolderAndHowLateTheRivalsWere) {
    const std::string d = dom("claim");
    EXPECT_NE(d.find("id=\"claim-holder\" class=\"active\">Bulat"), std::string::npos) << d;
    EXPECT_NE(d.find("data-id=\"W4\""), std::string::npos);
    EXPECT_NE(d.find("Emil"), std::string::npos);
    EXPECT_NE(d.find("+12 \u00b5s"), std::string::npos);
    screenshot("claim");
}

TEST_F(Overlays, TheTreeShowsEveryBranchWithItsRatingUnderItsMother) {
    // A Business Chess match replaces the Chessball one (a full update).
    auto business = venue::testing::three_branches();
    FeedMemory memory;
    server_->publish(make_update(business.state(), {}, memory));
    const std::string base = "http://127.0.0.1:" + std::to_string(server_->port());
    const std::string d = run(chromium("--dump-dom '" + base + "/overlay/tree?match=m1'"));
    // Branch 1 (6 chips) at the root; 2 (3) under it, split after 1...e5; 3 (1) under 2.
    const auto one = d.find("data-branch=\"1\" data-open=\"true\"");
    const auto two = d.find("data-branch=\"2\" data-open=\"true\"");
    const auto three = d.find("data-branch=\"3\" data-open=\"true\"");
    ASSERT_NE(one, std::string::npos) << d;
    ASSERT_NE(two, std::string::npos);
    ASSERT_NE(three, std::string::npos);
    EXPECT_LT(one, two);
    EXPECT_LT(two, three);
    EXPECT_NE(d.find("data-rating=\"6\">6<"), std::string::npos);
    EXPECT_NE(d.find("data-rating=\"3\">3<"), std::string::npos);
    EXPECT_NE(d.find("from 1 after 1..."), std::string::npos);
    EXPECT_NE(d.find("from 2 after 2..."), std::string::npos);
    // Nesting: each daughter's list opens inside her mother's item (no item closes between).
    for (auto [mother, daughter] : {std::pair{one, two}, std::pair{two, three}}) {
        const std::string between = d.substr(mother, daughter - mother);
        EXPECT_NE(between.find("<ul class=\"branches\">"), std::string::npos) << between;
        EXPECT_EQ(between.find("</li>"), std::string::npos) << between;
    }
    EXPECT_NE(d.find("Federation <span class=\"pts\">0\u20130</span> City Hall"),
              std::string::npos);
    const auto png = shots_ / "tree.png";
    std::filesystem::remove(png);
    run(chromium("--window-size=1920,1080 --default-background-color=00000000 --screenshot=" +
                 png.string() + " '" + base + "/overlay/tree?match=m1'"));
    EXPECT_TRUE(std::filesystem::exists(png)) << png;
}

// The events of a match applied one by one (a millisecond apart), kept for make_update.
struct Applying {
    engine::VenueState state;
    std::vector<runtime::Applied> applied;
    void send(engine::EventBody body) {
        engine::Event e{std::int64_t(applied.size() + 1) * 1'000'000, std::nullopt,
                        std::move(body)};
        applied.push_back({std::int64_t(applied.size() + 1), e, state.apply(e)});
    }
    // A game's input for `side` of match `match`.
    void input(const std::string& match, int side, std::string kind,
               std::map<std::string, std::string> args = {}) {
        send(engine::GameInput{match, std::move(kind), side, "", std::move(args), "", ""});
    }
};

// Chess Eleven (schemas/config/examples/eleven.toml): the kick-off wins White the ball on e4 and
// its shot at e8 is saved. The board shows the ball with the keeper on d8; the scoreboard's
// status line is the shot and its outcome, from the feed's incidents (a headline of the game).
TEST_F(Overlays, TheBallIsOnTheBoardAndTheShotIsInTheStatusLine) {
    using namespace engine;
    auto config =
        config::load_venue_config(VENUE_SOURCE_DIR "/schemas/config/examples/eleven.toml");
    ASSERT_TRUE(config) << config.error().to_string();
    Applying a;
    auto input = [&](chess::Color side, std::string kind,
                     std::map<std::string, std::string> args = {}) {
        a.input("c11", side, std::move(kind), std::move(args));
    };
    a.send(MatchCreated{config->matches.front()});
    // The seed whose first draw saves a shot from e4 at e8 (Black's king keeps goal on d8).
    const std::string field = "rnbk1bnr/pppp4/8/8/4R3/8/2PPPP2/RNBK1BN1";
    const auto chances = games::eleven::shot_chances(*games::eleven::placement_of(field),
                                                     chess::WHITE, chess::SQ_E8, {});
    std::uint64_t seed = 1;
    while (games::eleven::draw_outcome(chances, {}, seed, 0) != games::eleven::ShotOutcome::SAVE)
        ++seed;
    input(chess::WHITE, "seed", {{"value", std::to_string(seed)}});
    input(chess::WHITE, "substitute", {{"piece", "q"}});
    input(chess::BLACK, "substitute", {{"piece", "q"}});
    a.send(BoardSnapshot{"c11", "12345", "rnbk1bnr/pppp4/8/8/8/4R3/2PPPP2/RNBK1BN1"});
    input(chess::WHITE, "ready");
    input(chess::BLACK, "ready");
    a.send(MoveSensed{"c11", "12345", "e3e4"});
    input(chess::WHITE, "shot", {{"target", "e8"}});
    FeedMemory memory;
    server_->publish(make_update(a.state, a.applied, memory));
    const std::string base = "http://127.0.0.1:" + std::to_string(server_->port());
    const std::string board = run(chromium("--dump-dom '" + base + "/overlay/board?match=c11'"));
    EXPECT_NE(board.find("data-square=\"d8\"><span class=\"pc b\" data-piece=\"k\">\u265a</span>"
                         "<span class=\"mark ball\" data-mark=\"ball\""),
              std::string::npos)
        << board;
    EXPECT_EQ(board.find("data-square=\"e4\"><span class=\"pc w\" data-piece=\"R\">\u265c</span>"
                         "<span class=\"mark"),
              std::string::npos);
    const std::string score =
        run(chromium("--dump-dom '" + base + "/overlay/scoreboard?match=c11'"));
    const std::string status = text_of(score, "status");
    EXPECT_NE(status.find("White shoots at e8: save"), std::string::npos) << status;
    const auto png = shots_ / "eleven-board.png";
    std::filesystem::remove(png);
    run(chromium("--window-size=1920,1080 --default-background-color=00000000 --screenshot=" +
                 png.string() + " '" + base + "/overlay/board?match=c11'"));
    EXPECT_TRUE(std::filesystem::exists(png)) << png;
}

// Grassi's ChessBall (schemas/config/examples/grassi.toml), played on the points of a lattice no
// chessboard senses: the field overlay draws each piece and the ball on its point from the
// document's "field", with the score and the turn; the index links the field, not a board.
TEST_F(Overlays, TheFieldShowsEveryPieceAndTheBallOnItsPoint) {
    using namespace engine;
    auto config =
        config::load_venue_config(VENUE_SOURCE_DIR "/schemas/config/examples/grassi.toml");
    ASSERT_TRUE(config) << config.error().to_string();
    Applying a;
    auto input = [&](int side, std::string kind, std::map<std::string, std::string> args) {
        a.input("gb1", side, std::move(kind), std::move(args));
    };
    a.send(MatchCreated{config->matches.front()});
    input(0, "seed", {{"value", "77"}});
    // Seed 77's coin: the kicker's bishop next to the ball at (8, 8) (tests/unit/grassi).
    const auto* m = dynamic_cast<const games::grassi::GrassiMatch*>(a.state.match("gb1"));
    ASSERT_NE(m, nullptr);
    const bool white_kicks = m->game()->kicker() == chess::WHITE;
    input(0, "place", {{"points", white_kicks ? "7,7 4,5 12,5" : "7,5 4,5 12,5"}});
    input(1, "place", {{"points", white_kicks ? "9,11 4,11 12,11" : "9,9 4,11 12,11"}});
    const auto field = m->field_view();
    ASSERT_TRUE(field);
    FeedMemory memory;
    server_->publish(make_update(a.state, a.applied, memory));
    const std::string base = "http://127.0.0.1:" + std::to_string(server_->port());
    const std::string dom = run(chromium("--dump-dom '" + base + "/overlay/field?match=gb1'"));
    for (const engine::FieldToken& t : field->tokens) {
        const std::string at = std::to_string(t.at.x) + "," + std::to_string(t.at.y);
        const std::string mark =
            t.ball() ? "data-ball=\"" + at + "\""
                     : "data-piece=\"" + std::string(1, t.piece) + "\" data-at=\"" + at + "\"";
        EXPECT_NE(dom.find(mark), std::string::npos) << mark << " in\n" << dom;
    }
    EXPECT_TRUE(dom.find("class=\"tok w carrier\"") != std::string::npos ||
                dom.find("class=\"tok b carrier\"") != std::string::npos);
    EXPECT_NE(dom.find("data-line=\"goal\""), std::string::npos);
    EXPECT_NE(text_of(dom, "fturn").find("turn 1 of"), std::string::npos) << text_of(dom, "fturn");
    EXPECT_NE(text_of(dom, "fscore").find("0-0"), std::string::npos) << text_of(dom, "fscore");
    const std::string index = run(chromium("--dump-dom '" + base + "/'"));
    EXPECT_NE(index.find("/overlay/field?match=gb1"), std::string::npos);
    const auto png = shots_ / "grassi-field.png";
    std::filesystem::remove(png);
    run(chromium("--window-size=1920,1080 --default-background-color=00000000 --screenshot=" +
                 png.string() + " '" + base + "/overlay/field?match=gb1'"));
    EXPECT_TRUE(std::filesystem::exists(png)) << png;
}

// Betza's game, four armies (tests/unit/betza): Fool's mate on the pair 0 + 1 hands army 0 to
// Bob and puts Alice out; army 2 then pushes 2 + 3. The sides overlay lists every army with who
// plays it now, who is on move and who is out, and the capture is in the status line (a headline
// of the game); the board overlay draws the pushed pair's board with its caption.
TEST_F(Overlays, TheSidesShowWhoPlaysEachArmyAndTheBoardThePushedPair) {
    games::betza::BetzaRules seating;
    seating.order = games::betza::BattingOrder::SEATING_CLOCKWISE;  // 0, 1, 2, 3; none drawn
    games::betza::test::BetzaScript script(games::betza::test::betza_config(seating));
    script.to_fools_mate();
    ASSERT_EQ(script.game().controller_of(0), 1);
    ASSERT_EQ(script.game().army_on_move(), 2);
    script.pair(2, 2, 3);
    Applying a;
    for (const engine::EventBody& e : script.events) a.send(e);
    FeedMemory memory;
    server_->publish(make_update(a.state, a.applied, memory));
    const std::string base = "http://127.0.0.1:" + std::to_string(server_->port());
    const std::string sides = run(chromium("--dump-dom '" + base + "/overlay/sides?match=z1'"));
    EXPECT_NE(sides.find("class=\"side out\" data-side=\"0\" data-played-by=\"1\""),
              std::string::npos)
        << sides;
    EXPECT_NE(sides.find("played by Bob"), std::string::npos);
    EXPECT_NE(sides.find("class=\"side on-move\" data-side=\"2\" data-played-by=\"2\""),
              std::string::npos);
    EXPECT_NE(sides.find("class=\"side\" data-side=\"3\" data-played-by=\"3\""), std::string::npos);
    EXPECT_NE(sides.find("data-fact=\"Armies\""), std::string::npos) << sides;
    const std::string status = text_of(sides, "sstatus");
    EXPECT_NE(status.find("Alice"), std::string::npos) << status;
    const std::string board = run(chromium("--dump-dom '" + base + "/overlay/board?match=z1'"));
    EXPECT_NE(text_of(board, "to-move").find("Pushed pair 2+3"), std::string::npos)
        << text_of(board, "to-move");
    // The men drawn in the board's grid (the page's script also holds the markup's text).
    const auto grid = board.find("id=\"board\"");
    const auto end = board.find("id=\"caption\"");
    ASSERT_NE(grid, std::string::npos) << board;
    std::size_t men = 0;
    for (auto at = board.find("class=\"pc ", grid); at < end;
         at = board.find("class=\"pc ", at + 1))
        ++men;
    EXPECT_EQ(men, 32u) << "two armies of 16 on the pushed pair";
    const std::string index = run(chromium("--dump-dom '" + base + "/'"));
    EXPECT_NE(index.find("/overlay/sides?match=z1"), std::string::npos);
    for (const char* page : {"sides", "board"}) {
        const auto png = shots_ / (std::string("betza-") + page + ".png");
        std::filesystem::remove(png);
        run(chromium("--window-size=1920,1080 --default-background-color=00000000 --screenshot=" +
                     png.string() + " '" + base + "/overlay/" + page + "?match=z1'"));
        EXPECT_TRUE(std::filesystem::exists(png)) << png;
    }
}

}  // namespace
}  // namespace venue::feed::testing
