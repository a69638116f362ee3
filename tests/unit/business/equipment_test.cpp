// Business Chess: the clauses about the hall and its equipment (BC-D-2, HALL-1, I.2, III.*), the
// scenario's informational ones (SEL-2, REP-1, CLK-2) and the arbiters' (II.1, II.8): what the
// venue system does about each, as events in and decisions out (or, for II.1, the checklist the
// arbiter's guide gives him).
#include <fstream>
#include <sstream>

#include "business_script.h"

namespace venue::games::business::testing {
namespace {

const std::vector<std::string> DEMO_BOARDS = {"1", "2", "3", "4", "5", "C"};

TEST(BusinessEquipment, BC_D_2_WorkTableBoardsAreNeverGameInput) {
    Script s;
    const std::string before = s.state().canonical();
    auto d = s.move("W3", "e2e4");  // a sensed work-table board, were one attached
    const Decision* why = nullptr;
    ASSERT_TRUE(find<EventIgnored>(d, &why));
    EXPECT_EQ(why->rule, "BC-TREE-1");
    EXPECT_EQ(s.state().canonical(), before);
    EXPECT_FALSE(s.match().board_role("W3").game) << "no game is read on it";
}

TEST(BusinessEquipment, BC_I_2_TheWorkTablesAreNotTheMatchsBoards) {
    // The boards a venue attaches to the match: the five demonstration boards and board C only.
    EXPECT_EQ(rules().boards(business_config()), DEMO_BOARDS);
}

TEST(BusinessEquipment, BC_III_3_AWorkBoardsReadingChangesNothing) {
    Script s;
    const std::string before = s.state().canonical();
    s.send(BoardSnapshot{"m1", "W1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"});
    EXPECT_EQ(s.state().canonical(), before);
}

TEST(BusinessEquipment, BC_III_1_OneSensedBoardPerBranchSlot) {
    Script s;
    EXPECT_TRUE(s.match().board_role("1").game) << "branch 1 on board 1";
    EXPECT_FALSE(s.match().board_role("2").game) << "a free demonstration board";
    s.branch(1, 5);
    ASSERT_TRUE(s.match().board_role("2").game);
    EXPECT_EQ(s.match().board_role("2").game, &s.match().branch(2)->game);
}

TEST(BusinessEquipment, BC_HALL_1_BranchNumbersMatchTheBoardsAndWorkTables) {
    // Work table n analyses branch n: the default expansion order gives branch n board n.
    Script s;
    s.branch(1, 5);
    full_turn(s);
    s.branch(1, 2);
    for (int n : {1, 2, 3}) EXPECT_EQ(s.match().branch(n)->board, std::to_string(n));
}

TEST(BusinessEquipment, BC_III_2_RatingsAreHostStateBeyondTenChips) {
    MatchConfig c = business_config();
    c.options.set("game_rating", std::int64_t(14));  // a return game (BC-I.21)
    Script s(c);
    EXPECT_EQ(s.match().branch(1)->rating, 14);
    s.branch(1, 7);
    EXPECT_EQ(s.match().branch(1)->rating, 7);
    EXPECT_EQ(s.match().branch(2)->rating, 7);
    EXPECT_EQ(s.match().check(), "");
}

TEST(BusinessEquipment, BC_III_5_TheHostReadsTheOneClock) {
    Script s;
    s.clock(80 * 60000, 85 * 60000, chess::WHITE);
    EXPECT_EQ(s.match().clock().of(chess::WHITE), 80 * 60000);
    EXPECT_EQ(s.match().clock().of(chess::BLACK), 85 * 60000);
    EXPECT_EQ(s.match().clock().running, chess::WHITE);
}

TEST(BusinessEquipment, BC_III_7_TheHostDrivesTheScoreDisplay) {
    Script s;
    s.branch(1, 5);
    full_turn(s);
    auto d = s.key(KeyChangeKind::SELECT, 2, 1);
    const auto* score = find<ScoreChanged>(d);
    ASSERT_TRUE(score);
    EXPECT_EQ(score->white_half_points, 10);
    EXPECT_EQ(score->black_half_points, 0);
}

TEST(BusinessEquipment, BC_III_8_TheRecordNamesTheWhiteAndTheBlackTeam) {
    // Light shirts for the White team, dark for the Black: the record says which team is which.
    Script s;
    s.turns({"e2e4", "e7e5"});
    const auto games = s.match().record();
    ASSERT_FALSE(games.empty());
    EXPECT_NE(games[0].tag("WhiteTeam").find("Federation"), std::string::npos)
        << games[0].tag("WhiteTeam");
    EXPECT_NE(games[0].tag("BlackTeam").find("City Hall"), std::string::npos)
        << games[0].tag("BlackTeam");
}

TEST(BusinessEquipment, BC_SEL_2_ASelectionCanWinBackWhatItLost) {
    // Black gives up branch 2 (White scores 5) into branch 1, then mates there with rating 10:
    // the points in play exceed the game rating.
    Script s;
    before_fools_mate(s, true);
    s.key(KeyChangeKind::SELECT, 2, 1);
    EXPECT_EQ(s.match().branch(1)->rating, 10);
    s.move("1", "d8h4");
    EXPECT_EQ(s.match().score().white, 10);
    EXPECT_EQ(s.match().score().black, 20);
    EXPECT_GT(s.match().score().white + s.match().score().black, 2 * 10);
}

TEST(BusinessEquipment, BC_REP_1_OneRepresentativeAtTheBoards) {
    Script s;
    EXPECT_FALSE(find<ArbiterFlag>(s.send(BeamCrossed{"m1", chess::WHITE, true})));
    auto d = s.key(KeyChangeKind::BRANCH, 1, 0, 5);  // entered by w1, the one beyond the line
    ASSERT_TRUE(find<KeyChangeAccepted>(d));
    EXPECT_EQ(std::get<KeyChange>(s.events().back().body).player, "w1");
    const Decision* why = nullptr;
    d = s.send(BeamCrossed{"m1", chess::WHITE, true});
    ASSERT_TRUE(find<ArbiterFlag>(d, &why));
    EXPECT_EQ(why->rule, "BC-I.10");
}

TEST(BusinessEquipment, BC_CLK_2_RatingsAndTheClockAreChangedRemotely) {
    Script s;
    s.branch(1, 5);
    full_turn(s);
    full_turn(s);
    auto d = s.key(KeyChangeKind::PASS, 1, 2, 1);
    EXPECT_EQ(count<RatingChanged>(d), 2) << "both boards' ratings change from the terminal";
    move_everywhere(s);
    d = s.press();
    EXPECT_TRUE(find<ClockSwitched>(d));
}

TEST(BusinessEquipment, BC_II_8_BoardCNeedsNoCaptainsCheck) {
    // Assistants set board C up under BC-II.4: its reading resumes the clock; the captains'
    // check is for clones (BC-II.3).
    Script s;
    one_branch_left(s);
    ask_for_board_c(s, chess::WHITE);
    auto d = s.send(BoardRestored{"m1", "C"});
    EXPECT_TRUE(command(d, "clock.resume"));
    EXPECT_FALSE(find<ArbiterFlag>(d));
    EXPECT_TRUE(s.match().on_control_board());
}

// What a clock press waits for at the venue (runtime/press_hold.h): each branch's board until
// its move is sensed; a free board never (it plays no game).
TEST(BusinessEquipment, BC_CLK_1_APressWaitsOnlyForBranchBoardsWithoutTheirMove) {
    Script s;
    s.branch(1, 5);
    EXPECT_FALSE(s.match().move_sensed_on("1"));
    s.move("1", "e2e4");
    EXPECT_TRUE(s.match().move_sensed_on("1"));
    EXPECT_FALSE(s.match().move_sensed_on("2")) << "branch 2 has no move yet";
    s.move("2", "d2d4");
    EXPECT_TRUE(s.match().move_sensed_on("2"));
    EXPECT_FALSE(s.match().move_sensed_on("3"));
    EXPECT_FALSE(s.match().board_role("3").game) << "a free board: a press does not wait for it";
    s.press();
    EXPECT_FALSE(s.match().move_sensed_on("1")) << "committed: the next turn's move is awaited";
}

TEST(BusinessEquipment, BC_II_1_TheArbitersGuideHasTheConductAnnouncement) {
    // The announcement of the conduct rules and the red-line penalties is a pre-game checklist
    // item of the arbiter's guide; the arbiter ticks it before the first move.
    std::ifstream in(VENUE_DOCS_DIR "/arbiter-guide.md");
    ASSERT_TRUE(in) << VENUE_DOCS_DIR "/arbiter-guide.md";
    std::stringstream text;
    text << in.rdbuf();
    const std::string guide = text.str();
    const auto at = guide.find("BC-II.1");
    ASSERT_NE(at, std::string::npos);
    const auto item_start = guide.rfind("- [ ]", at);  // the checklist item that names it
    ASSERT_NE(item_start, std::string::npos);
    const std::string item = guide.substr(item_start, at - item_start);
    EXPECT_EQ(item.find("\n\n"), std::string::npos) << "one item: " << item;
    EXPECT_EQ(item.find("\n- "), std::string::npos) << "one item: " << item;
    EXPECT_NE(item.find("conduct rules"), std::string::npos) << item;
    EXPECT_NE(item.find("red line"), std::string::npos) << item;
}

}  // namespace
}  // namespace venue::games::business::testing
