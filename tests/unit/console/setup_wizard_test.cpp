// The setup wizard's model: a Chessball venue built step by step as an arbiter would, buttons
// assigned by pressing them (and a duplicate refused), issues naming the field, the file saved
// and read back by load_venue_config, and the hub's presses reaching the wizard.
#include "console/setup_wizard.h"

#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "console/setup_hub.h"

namespace venue::console {
namespace {

// The sides of a game of two.
struct W {
    static constexpr int WHITE = 0, BLACK = 1;
};

// A file name in the test's own temporary directory, removed afterwards.
class TempFile {
  public:
    explicit TempFile(const std::string& name)
        : dir_(std::filesystem::temp_directory_path() /
               ("venue-wizard-" + std::to_string(::getpid()))) {
        std::filesystem::create_directories(dir_);
        path_ = (dir_ / name).string();
        std::filesystem::remove(path_);
    }
    ~TempFile() { std::filesystem::remove_all(dir_); }
    const std::string& path() const { return path_; }

  private:
    std::filesystem::path dir_;
    std::string path_;
};

bool has_issue(const std::vector<WizardIssue>& issues, const std::string& key,
               const std::string& fragment) {
    for (const WizardIssue& i : issues)
        if (i.key == key && i.message.find(fragment) != std::string::npos) return true;
    return false;
}

std::string all(const std::vector<WizardIssue>& issues) {
    std::string s;
    for (const WizardIssue& i : issues) s += i.to_string() + "\n";
    return s;
}

TEST(SetupWizard, DealsFilesOutForAnyTeamSize) {
    EXPECT_EQ(SetupWizard::dealt_files(2), (std::vector<std::string>{"abcd", "efgh"}));
    EXPECT_EQ(SetupWizard::dealt_files(3), (std::vector<std::string>{"abc", "def", "gh"}));
    EXPECT_EQ(SetupWizard::dealt_files(4), (std::vector<std::string>{"ab", "cd", "ef", "gh"}));
    EXPECT_EQ(SetupWizard::dealt_files(5), (std::vector<std::string>{"ab", "cd", "ef", "g", "h"}));
    EXPECT_EQ(SetupWizard::dealt_files(8).size(), 8u);
    EXPECT_EQ(SetupWizard::dealt_files(8).back(), "h");
    EXPECT_TRUE(SetupWizard::dealt_files(0).empty());
    EXPECT_TRUE(SetupWizard::dealt_files(9).empty());
}

TEST(SetupWizard, BuildsAChessballVenueStepByStepAndSavesIt) {
    TempFile file("cup.toml");
    SetupWizard w = SetupWizard::open(file.path());
    EXPECT_EQ(w.step(), WizardStep::EVENT);
    EXPECT_EQ(w.match().game, "chessball");

    // 1. Event.
    config::VenueConfig& d = w.draft();
    d.event_name = "Kazan \"Open\" Chessball Cup";
    d.site = "Казань";
    d.log_path = "";
    EXPECT_TRUE(has_issue(w.check(WizardStep::EVENT), "event.log", "event log"));
    EXPECT_FALSE(w.next());
    EXPECT_EQ(w.step(), WizardStep::EVENT);
    EXPECT_TRUE(w.message_is_error());
    EXPECT_NE(w.message().find("event.log"), std::string::npos) << w.message();
    d.log_path = "cup.sqlite";
    d.hub.port = "/dev/ttyACM0";
    ASSERT_TRUE(w.next()) << w.message();

    // 2. Game and time control: Chessball's defaults (CB-A16), then 25 minutes.
    EXPECT_EQ(w.step(), WizardStep::GAME);
    EXPECT_EQ(w.match().time.base_ms, 30 * 60000);
    EXPECT_EQ(w.match().time.mode, engine::TimeMode::SUDDEN_DEATH);
    w.set_match_id("cb1");
    w.match().round = "1.1";
    w.match().board = "12345";
    w.match().time.base_ms = 25 * 60000;
    w.match().time.base_ms = 0;
    EXPECT_TRUE(has_issue(w.check(WizardStep::GAME), "match[1].time.base_minutes", "> 0"));
    w.match().time.base_ms = 25 * 60000;
    ASSERT_TRUE(w.next()) << w.message();

    // 3. Teams: Kazan has three players, Moscow four.
    EXPECT_EQ(w.step(), WizardStep::TEAMS);
    w.team(W::WHITE).name = "Kazan";
    w.team(W::BLACK).name = "Moscow";
    w.set_player_count(W::WHITE, 3);
    ASSERT_EQ(w.team(W::WHITE).players.size(), 3u);
    const char* white[] = {"Aliya", "Bulat", "Dina"};
    const char* black[] = {"Fyodor", "Galina", "Igor", "Kira"};
    for (std::size_t i = 0; i < 3; ++i) w.team(W::WHITE).players[i].name = white[i];
    for (std::size_t i = 0; i < 4; ++i) w.team(W::BLACK).players[i].name = black[i];
    w.team(W::BLACK).players[1].id = "W2";  // a slip: the id of a White player
    EXPECT_TRUE(has_issue(w.check(WizardStep::TEAMS), "match[1].black.players[2].id", "twice"));
    w.team(W::BLACK).players[1].id = "B2";
    ASSERT_TRUE(w.next()) << w.message();

    // 4. Files: three players were dealt abc, def, gh; a wrong hand-edit names its field.
    EXPECT_EQ(w.step(), WizardStep::FILES);
    EXPECT_EQ(w.team(W::WHITE).players[0].files, "abc");
    EXPECT_EQ(w.team(W::WHITE).players[2].files, "gh");
    EXPECT_EQ(w.team(W::BLACK).players[3].files, "gh");
    w.team(W::WHITE).players[1].files = "cdx";
    auto issues = w.check(WizardStep::FILES);
    EXPECT_TRUE(has_issue(issues, "match[1].white.players[2].files", "file c is also W1 (Aliya)'s"))
        << all(issues);
    EXPECT_TRUE(has_issue(issues, "match[1].white.players[2].files", "'x' is not a file a-h"))
        << all(issues);
    EXPECT_TRUE(has_issue(issues, "match[1].white.players", "no owner for files ef"))
        << all(issues);
    EXPECT_FALSE(w.next());
    EXPECT_EQ(w.step(), WizardStep::FILES);
    w.deal_files(W::WHITE);
    EXPECT_EQ(w.team(W::WHITE).players[1].files, "def");
    ASSERT_TRUE(w.next()) << w.message();

    // 5. Buttons: entering the step selects W1; every press goes to the selected player and
    // moves on to the next one without a button.
    EXPECT_EQ(w.step(), WizardStep::BUTTONS);
    ASSERT_TRUE(w.claim_target());
    EXPECT_EQ(*w.claim_target(), (PlayerRef{W::WHITE, 0}));
    EXPECT_TRUE(w.on_claim_press(0));
    EXPECT_EQ(*w.claim_target(), (PlayerRef{W::WHITE, 1}));
    EXPECT_TRUE(w.on_claim_press(1));
    // Button 0 again, for Dina (W3): it is Aliya's, refused; Dina stays selected.
    EXPECT_FALSE(w.on_claim_press(0));
    EXPECT_TRUE(w.message_is_error());
    EXPECT_NE(w.message().find("button 0 is already W1 (Aliya)'s"), std::string::npos)
        << w.message();
    EXPECT_EQ(*w.claim_target(), (PlayerRef{W::WHITE, 2}));
    EXPECT_TRUE(w.team(W::WHITE).players[2].buttons.empty());
    EXPECT_FALSE(w.on_claim_press(16));
    EXPECT_TRUE(w.on_claim_press(2));
    // Not finished: Moscow has no buttons; the step says so and names the field.
    EXPECT_TRUE(has_issue(w.check(WizardStep::BUTTONS), "match[1].black.players[1].buttons",
                          "no claim button"));
    for (int b : {8, 9, 10, 11}) EXPECT_TRUE(w.on_claim_press(b)) << w.message();
    EXPECT_FALSE(w.claim_target());
    EXPECT_NE(w.message().find("every player has a button"), std::string::npos);
    // Bulat's button was wrong: select him again; a press replaces it.
    w.select_for_claim(PlayerRef{W::WHITE, 1});
    EXPECT_TRUE(w.on_claim_press(4));
    EXPECT_EQ(w.team(W::WHITE).players[1].buttons, std::vector<int>{4});
    EXPECT_FALSE(w.claim_target());
    // A press outside the step is not taken for anyone.
    ASSERT_TRUE(w.next()) << w.message();
    EXPECT_FALSE(w.on_claim_press(5));
    EXPECT_EQ(w.team(W::WHITE).players[1].buttons, std::vector<int>{4});

    // 6. Boards: the match's board, turned round, through a port.
    EXPECT_EQ(w.step(), WizardStep::BOARDS);
    w.add_board();
    ASSERT_EQ(w.draft().boards.size(), 1u);
    EXPECT_EQ(w.draft().boards[0].id, "12345");
    EXPECT_TRUE(has_issue(w.check(WizardStep::BOARDS), "board[1]", "exactly one of port"));
    w.draft().boards[0].port = "/dev/ttyUSB0";
    w.draft().boards[0].orientation = "rotated";
    ASSERT_TRUE(w.next()) << w.message();

    // 7. Review and save; a second save refuses to overwrite unless asked.
    EXPECT_EQ(w.step(), WizardStep::REVIEW);
    EXPECT_TRUE(w.check_all().empty()) << all(w.check_all());
    ASSERT_TRUE(w.save(false)) << w.message();
    EXPECT_FALSE(w.save(false));
    EXPECT_NE(w.message().find("exists"), std::string::npos) << w.message();
    EXPECT_TRUE(w.save(true)) << w.message();

    auto back = config::load_venue_config(file.path());
    ASSERT_TRUE(back) << back.error().to_string();
    EXPECT_EQ(back->event_name, "Kazan \"Open\" Chessball Cup");
    EXPECT_EQ(back->site, "Казань");
    EXPECT_EQ(back->log_path, "cup.sqlite");
    EXPECT_EQ(back->hub.port, "/dev/ttyACM0");
    ASSERT_EQ(back->boards.size(), 1u);
    EXPECT_EQ(back->boards[0].orientation, "rotated");
    ASSERT_EQ(back->matches.size(), 1u);
    const engine::MatchConfig& m = back->matches[0];
    EXPECT_EQ(m.id, "cb1");
    EXPECT_EQ(m.game, "chessball");
    EXPECT_EQ(m.board, "12345");
    EXPECT_EQ(m.time.base_ms, 25 * 60000);
    EXPECT_EQ(m.time.increment_ms, 0);
    EXPECT_EQ(m.white().name, "Kazan");
    ASSERT_EQ(m.white().players.size(), 3u);
    EXPECT_EQ(m.white().players[1].name, "Bulat");
    EXPECT_EQ(m.white().players[1].files, "def");
    EXPECT_EQ(m.white().players[1].buttons, std::vector<int>{4});
    ASSERT_EQ(m.black().players.size(), 4u);
    EXPECT_EQ(m.black().players[3].id, "B4");
    EXPECT_EQ(m.black().players[3].buttons, std::vector<int>{11});
    EXPECT_EQ(m.black().players[3].files, "gh");

    // Opened again, the wizard edits the saved file.
    SetupWizard again = SetupWizard::open(file.path());
    EXPECT_EQ(again.match().id, "cb1");
    EXPECT_EQ(again.team(W::BLACK).players[0].name, "Fyodor");
    EXPECT_FALSE(again.save(false));
}

// The whole file is checked as `venue run` reads it: an issue the steps do not catch (two
// matches with one id, the second kept from an edited file) is refused with the reader's words.
TEST(SetupWizard, TheReviewSaysWhatVenueRunWouldSay) {
    TempFile file("two.toml");
    auto c = config::load_venue_config(VENUE_SOURCE_DIR "/schemas/config/examples/chessball.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    c->matches.push_back(c->matches.front());
    SetupWizard w(file.path(), *c);
    auto issues = w.check_all();
    ASSERT_EQ(issues.size(), 1u) << all(issues);
    EXPECT_NE(issues[0].message.find("match[2].id: 'cb1' is used twice"), std::string::npos)
        << issues[0].message;
    EXPECT_NE(issues[0].message.find(file.path()), std::string::npos) << issues[0].message;
    EXPECT_FALSE(w.save(true));
    EXPECT_FALSE(std::filesystem::exists(file.path()));
    // The steps of the first match have nothing to say.
    EXPECT_TRUE(w.check(WizardStep::TEAMS).empty());
    // Renamed, the file saves and reads.
    w.draft().matches[1].id = "cb2";
    ASSERT_TRUE(w.save(false)) << w.message();
    EXPECT_TRUE(config::load_venue_config(file.path()));
}

TEST(SetupWizard, AKeyOfTheFileBelongsToAStep) {
    EXPECT_EQ(step_of_key("event.log"), WizardStep::EVENT);
    EXPECT_EQ(step_of_key("hub.match"), WizardStep::EVENT);
    EXPECT_EQ(step_of_key("board[2].orientation"), WizardStep::BOARDS);
    EXPECT_EQ(step_of_key("match[1].time.mode"), WizardStep::GAME);
    EXPECT_EQ(step_of_key("match[1].white.players[2].files"), WizardStep::FILES);
    EXPECT_EQ(step_of_key("match[1].black.players[1].buttons"), WizardStep::BUTTONS);
    EXPECT_EQ(step_of_key("match[1].black.players[1].id"), WizardStep::TEAMS);
    EXPECT_EQ(step_of_key("match[1]"), WizardStep::REVIEW);
    EXPECT_EQ(step_of_key("match[2].id"), WizardStep::REVIEW);
    EXPECT_EQ(step_of_key("match[2].id", 1), WizardStep::GAME);
    EXPECT_EQ(step_of_key("match[2].white.players[1].files", 1), WizardStep::FILES);
    EXPECT_EQ(step_of_key("match[1].id", 1), WizardStep::REVIEW);
    EXPECT_EQ(step_of_key("match[1].side[5].players[1].buttons"), WizardStep::BUTTONS);
    EXPECT_EQ(step_of_key("match[1].side[0].players[1].id"), WizardStep::TEAMS);
}

// A game of more sides (Betza's, 2 to 8 armies) is set up as one of two is: the armies counted,
// each army's player named, each station's End-turn button assigned by pressing it, the file
// written with [[match.side]] (even for two armies) and read back as `venue run` reads it.
TEST(SetupWizard, SetsUpAGameOfAnyNumberOfArmies) {
    TempFile file("betza.toml");
    SetupWizard w(file.path());
    w.draft().event_name = "Betza night";
    w.set_game("betza");
    // Four armies by default, one player each, no White and Black.
    ASSERT_EQ(w.side_count(), 4);
    EXPECT_EQ(w.side_name(0), "Army 0");
    EXPECT_EQ(w.side_name(3), "Army 3");
    for (int s = 0; s < 4; ++s) EXPECT_EQ(w.team(s).players.size(), 1u);
    EXPECT_EQ(w.team(2).players[0].id, "C1");
    EXPECT_TRUE(w.applies(WizardStep::BUTTONS));
    EXPECT_FALSE(w.applies(WizardStep::FILES));
    EXPECT_EQ(w.title(WizardStep::BUTTONS), "End-turn buttons");

    // Six armies; nine are refused, named in the game's words.
    ASSERT_TRUE(w.set_side_count(6));
    EXPECT_EQ(w.team(5).players[0].id, "F1");
    EXPECT_FALSE(w.set_side_count(9));
    EXPECT_EQ(w.side_count(), 8);
    EXPECT_NE(w.message().find("2 to 8 armies"), std::string::npos) << w.message();
    ASSERT_TRUE(w.set_side_count(5));
    w.team(1).players[0].name = "Bob";
    // Two players of one army: refused with the field.
    w.set_player_count(4, 2);
    EXPECT_FALSE(w.check(WizardStep::TEAMS).empty());
    EXPECT_TRUE(has_issue(w.check(WizardStep::TEAMS), "match[1].side[4].players", ""))
        << all(w.check(WizardStep::TEAMS));
    w.set_player_count(4, 1);
    EXPECT_TRUE(w.check(WizardStep::TEAMS).empty()) << all(w.check(WizardStep::TEAMS));

    // The End-turn buttons, pressed station by station; a missing one names its army's key.
    w.go_to(WizardStep::BUTTONS);
    EXPECT_TRUE(has_issue(w.check(WizardStep::BUTTONS), "match[1].side[0].players[1].buttons",
                          "no End-turn button (BETZA-6"))
        << all(w.check(WizardStep::BUTTONS));
    for (int b = 4; b < 9; ++b) ASSERT_TRUE(w.on_claim_press(b)) << w.message();
    EXPECT_FALSE(w.claim_target());
    EXPECT_EQ(w.team(4).players[0].buttons, std::vector<int>{8});
    EXPECT_TRUE(w.check(WizardStep::BUTTONS).empty()) << all(w.check(WizardStep::BUTTONS));

    // Saved and read back: five armies in order, Bob on army 1 with button 5.
    ASSERT_TRUE(w.save(false)) << w.message();
    auto read = config::load_venue_config(file.path());
    ASSERT_TRUE(read) << read.error().to_string();
    const engine::MatchConfig& m = read->matches.front();
    ASSERT_EQ(m.side_count(), 5);
    EXPECT_EQ(m.side(1).players.front().name, "Bob");
    EXPECT_EQ(m.side(1).players.front().buttons, std::vector<int>{5});

    // Two armies play chess (BETZA-6.4), called White and Black as everywhere, but are still a
    // game of armies: written as [[match.side]], which Betza reads.
    SetupWizard two(file.path(), *read);
    ASSERT_TRUE(two.set_side_count(2));
    EXPECT_EQ(two.side_name(1), "Black");
    EXPECT_NE(two.toml().find("[[match.side]]"), std::string::npos) << two.toml();
    EXPECT_TRUE(two.check_all().empty()) << all(two.check_all());

    // Its boards never show chess's start position: one left on auto is refused, naming why.
    two.match().options.set("boards", std::vector<std::string>{"10001", "10002"});
    two.add_board();
    two.draft().boards.back().id = "10002";
    two.draft().boards.back().port = "/dev/ttyACM1";
    EXPECT_TRUE(has_issue(two.check(WizardStep::BOARDS), "board[1].orientation", "BETZA-4"))
        << all(two.check(WizardStep::BOARDS));
    two.draft().boards.back().orientation = "normal";
    EXPECT_TRUE(two.check(WizardStep::BOARDS).empty()) << all(two.check(WizardStep::BOARDS));
    two.match().options.set("boards", std::vector<std::string>{});
    two.draft().boards.clear();

    // Back to a game of two sides: White and Black again, two sides.
    two.set_game("fide");
    EXPECT_EQ(two.side_count(), 2);
    EXPECT_EQ(two.side_name(0), "White");
    EXPECT_EQ(two.team(0).name, "White");
    EXPECT_TRUE(two.check_all().empty()) << all(two.check_all());
}

// A file of two matches: the second set up (its issues named match[2]), the first kept as it
// was, comments and all in FILE.bak since the new file is written from the draft.
TEST(SetupWizard, SetsUpAnyMatchOfTheFileAndKeepsTheOldFile) {
    TempFile file("two-matches.toml");
    std::ifstream example(VENUE_SOURCE_DIR "/schemas/config/examples/chessball.toml");
    std::stringstream text;
    text << example.rdbuf();
    std::ofstream(file.path()) << text.str();
    SetupWizard w = SetupWizard::open(file.path());
    ASSERT_EQ(w.draft().matches.size(), 1u) << w.message();
    const engine::MatchConfig first = w.match();

    w.add_match();
    EXPECT_EQ(w.match_index(), 1u);
    EXPECT_EQ(w.match_key(), "match[2]");
    EXPECT_EQ(w.match().id, "m2");
    EXPECT_EQ(w.match().game, "chessball");
    w.set_match_id("cb2");
    w.set_player_count(W::WHITE, 2);
    w.team(W::WHITE).players[1].files = "";  // h has no owner now
    const auto issues = w.check(WizardStep::FILES);
    ASSERT_FALSE(issues.empty());
    EXPECT_EQ(issues[0].key.rfind("match[2].white", 0), 0u) << issues[0].to_string();
    w.deal_files(W::WHITE);
    // Buttons: the second match's players need their own; press them.
    w.go_to(WizardStep::BUTTONS);
    for (int b = 0; w.claim_target() && b < 16; ++b)
        ASSERT_TRUE(w.on_claim_press(b)) << w.message();
    const auto everything = w.check_all();
    ASSERT_TRUE(everything.empty()) << everything.front().to_string();
    ASSERT_TRUE(w.save(true)) << w.message();
    EXPECT_NE(w.message().find(".bak"), std::string::npos) << w.message();

    // The old file, comments and all, is FILE.bak; the new one has both matches.
    std::ifstream bak(file.path() + ".bak");
    std::stringstream old;
    old << bak.rdbuf();
    EXPECT_EQ(old.str(), text.str());
    auto saved = config::load_venue_config(file.path());
    ASSERT_TRUE(saved) << saved.error().to_string();
    ASSERT_EQ(saved->matches.size(), 2u);
    EXPECT_EQ(saved->matches[0].id, first.id);
    EXPECT_EQ(saved->matches[0].white().players.size(), first.white().players.size());
    EXPECT_EQ(saved->matches[1].id, "cb2");
    EXPECT_EQ(saved->matches[1].white().players.size(), 2u);

    // The first match again; a match removed; the last one stays.
    w.select_match(0);
    EXPECT_EQ(w.match().id, first.id);
    w.select_match(9);
    EXPECT_EQ(w.match().id, "cb2");
    EXPECT_TRUE(w.remove_match());
    EXPECT_EQ(w.draft().matches.size(), 1u);
    EXPECT_FALSE(w.remove_match());
    EXPECT_TRUE(w.message_is_error());
}

TEST(SetupWizard, TheGameSetsItsDefaultsAndItsSteps) {
    SetupWizard w("unused.toml");
    EXPECT_TRUE(w.applies(WizardStep::FILES));
    w.set_game("fide");
    EXPECT_EQ(w.team(W::WHITE).players.size(), 1u);
    EXPECT_EQ(w.match().time.increment_ms, 30000);
    EXPECT_FALSE(w.applies(WizardStep::FILES));
    EXPECT_FALSE(w.applies(WizardStep::BUTTONS));
    // From TEAMS, Next skips files and buttons.
    w.go_to(WizardStep::TEAMS);
    ASSERT_TRUE(w.next()) << w.message();
    EXPECT_EQ(w.step(), WizardStep::BOARDS);
    w.back();
    EXPECT_EQ(w.step(), WizardStep::TEAMS);
    w.set_game("business");
    EXPECT_EQ(w.team(W::BLACK).players.size(), 6u);
    EXPECT_EQ(w.match().time.increment_ms, 0);
    w.match().time.increment_ms = 5000;
    EXPECT_TRUE(has_issue(w.check(WizardStep::GAME), "match[1].time.increment_seconds", "BC-I.5"));
    w.match().time.increment_ms = 0;
    // Business Chess's boards are the file's [[board]]s, with ids the match names.
    EXPECT_TRUE(w.check_all().empty()) << all(w.check_all());
    // Six players are a Chessball team too (2 to 8): kept, and the files dealt out to them.
    w.set_game("chessball");
    ASSERT_EQ(w.team(W::WHITE).players.size(), 6u);
    EXPECT_EQ(w.team(W::WHITE).players[1].files, "cd");
    EXPECT_EQ(w.team(W::WHITE).players[5].files, "h");
    EXPECT_TRUE(w.check(WizardStep::FILES).empty());
}

// The hub's claim presses reach the wizard: a ButtonPress, whatever the hub's lockout made of
// it, is a press of that button; anything else is not.
TEST(SetupHub, ButtonPressesAreFedToTheWizard) {
    SetupWizard w("unused.toml");
    w.go_to(WizardStep::BUTTONS);
    std::vector<io::HubEvent> events;
    io::HubInput press;
    wire::ButtonPress bp{};
    bp.button = 7;
    bp.outcome = wire::PressOutcome::UNASSIGNED;
    press.payload = bp;
    events.push_back(press);
    io::HubInput paddle;
    paddle.payload = wire::Paddle{};
    events.push_back(paddle);
    events.push_back(io::HubDisconnected{});
    bp.button = 3;
    bp.outcome = wire::PressOutcome::ACCEPTED;
    press.payload = bp;
    events.push_back(press);
    EXPECT_EQ(feed_claim_presses(w, events), 2);
    EXPECT_EQ(w.team(W::WHITE).players[0].buttons, std::vector<int>{7});
    EXPECT_EQ(w.team(W::WHITE).players[1].buttons, std::vector<int>{3});
    EXPECT_EQ(*w.claim_target(), (PlayerRef{W::WHITE, 2}));
}

}  // namespace
}  // namespace venue::console
