// Moves read from the DGT boards that carry the half-boards ([match.betza] boards; half_boards.h):
// a settled board comes to the match as BoardSettled, the pushed pair's two boards are read
// against the legal moves of the army on move, and a change the game cannot explain is flagged
// with BETZA-A21. Boards show two colours only; the game knows each man's army.
#include <gtest/gtest.h>

#include "betza_match_script.h"
#include "chess/uci.h"
#include "games/betza/rules/betza_entry.h"
#include "games/betza/rules/half_boards.h"
#include "sensing/placement.h"
#include "venue/game_rules.h"

namespace venue::games::betza {
namespace {

using engine::Decision;
using test::betza_config;
using test::BetzaScript;
using test::news;

const std::vector<std::string> BOARDS = {"10000", "10001", "10002", "10003"};

// Four armies in seating order (0 White, 1 Black, 2 White, 3 Black), each half-board on a DGT
// board of its own.
engine::MatchConfig with_boards() {
    BetzaRules r;
    r.order = BattingOrder::SEATING_CLOCKWISE;
    engine::MatchConfig c = betza_config(r);
    c.options.set("boards", BOARDS);
    return c;
}

// What half-board `board`'s DGT board shows when it shows the game, with `changes` (a DGT
// square as the player at it reads it, and the piece now there: '.' for none, else a FEN
// letter).
std::string shown(const BetzaScript& s, int board,
                  const std::vector<std::pair<std::string, char>>& changes = {}) {
    sensing::Placement p = placement_of(expected_view(s.game().position(), board));
    for (const auto& [square, letter] : changes) {
        const auto placed = sensing::parse_placement(
            letter == '.' ? "8/8/8/8/8/8/8/8" : std::string(1, letter) + "7/8/8/8/8/8/8/8");
        p[std::size_t(chess::parse_square(square))] = (*placed)[std::size_t(chess::SQ_A8)];
    }
    return sensing::to_string(p);
}

std::vector<Decision> settle(BetzaScript& s, int board, const std::string& placement) {
    return s.send(engine::BoardSettled{"z1", BOARDS[std::size_t(board)], placement});
}

TEST(BETZA_4, EachHalfBoardsDgtBoardIsReadByTheMatch) {
    BetzaScript s(with_boards());
    EXPECT_TRUE(s.match().board_role("10002").read_by_match);
    EXPECT_FALSE(s.match().board_role("99999").read_by_match);
    EXPECT_EQ(engine::boards_of(with_boards()), BOARDS);
}

TEST(BETZA_4, TheVenueFileGivesOneDgtBoardPerHalfBoardEachOnce) {
    engine::MatchConfig c = with_boards();
    c.options.set("boards", std::vector<std::string>{"10000", "10001"});
    auto problem = engine::validate_match(c);
    ASSERT_TRUE(problem);
    EXPECT_NE(problem->find("betza.boards: 2 boards for 4 half-boards"), std::string::npos)
        << *problem;
    c.options.set("boards", std::vector<std::string>{"10000", "10001", "10002", "10001"});
    problem = engine::validate_match(c);
    ASSERT_TRUE(problem);
    EXPECT_NE(problem->find("board 10001 carries two half-boards"), std::string::npos) << *problem;
}

TEST(BETZA_A21, AMoveOnOneHalfBoardIsReadFromItsBoard) {
    BetzaScript s(with_boards());
    s.pair(0, 0, 1);
    const auto d = settle(s, 0, shown(s, 0, {{"f2", '.'}, {"f3", 'P'}}));
    const engine::GameNews* moved = news(d, "moved");
    ASSERT_NE(moved, nullptr) << (d.empty() ? "" : d[0].reason);
    EXPECT_EQ(s.game().position().moves_played, 1U);
    // The other board, seen as it stands, changes nothing.
    EXPECT_TRUE(settle(s, 1, shown(s, 1)).empty());
}

TEST(BETZA_4_3, AMoveAcrossTheJoinIsALiftOnOneBoardAndAPlaceOnTheOther) {
    BetzaScript s(with_boards());
    s.to_before_fools_mate();
    s.pair(1, 0, 1);
    // Fool's mate: Bob's queen leaves his own board (joined d8 is his e1, seen from his seat:
    // a Black layout's queen stands on its e-file) and is set on Alice's board at h4.
    const auto lifted = settle(s, 1, shown(s, 1, {{"e1", '.'}}));
    EXPECT_TRUE(lifted.empty()) << "a man in the hand is a move under way";
    const auto placed = settle(s, 0, shown(s, 0, {{"h4", 'q'}}));
    ASSERT_NE(news(placed, "moved"), nullptr) << (placed.empty() ? "" : placed[0].reason);
    EXPECT_NE(news(placed, "army_captured"), nullptr) << "the queen mates army 0 on 0+1";
    EXPECT_EQ(s.game().controller_of(0), 1);
    s.expect_replay_and_snapshot_agree();
}

TEST(BETZA_4_3, ACaptureAcrossTheJoinReadsTheSameWhicheverManIsLiftedFirst) {
    BetzaScript s(with_boards());
    s.play(0, 0, 1, "e2e4");
    s.play(1, 0, 1, "d7d5");  // Bob's pawn on joined d5: his board's e4, seen from his seat
    s.play(2, 2, 3, "d2d4");
    s.play(3, 2, 3, "d7d6");
    s.pair(0, 0, 1);
    // exd5: the captured pawn is lifted from Bob's board first, then Alice's pawn crosses.
    EXPECT_TRUE(settle(s, 1, shown(s, 1, {{"e4", '.'}})).empty());
    EXPECT_TRUE(settle(s, 0, shown(s, 0, {{"e4", '.'}})).empty());
    const auto d = settle(s, 1, shown(s, 1, {{"e4", 'P'}}));
    const engine::GameNews* moved = news(d, "moved");
    ASSERT_NE(moved, nullptr) << (d.empty() ? "" : d[0].reason);
    const Man& taker = s.game().position().at(HalfSquare{1, 4, 3});
    EXPECT_EQ(taker.army, 0) << "the white pawn on Bob's board is Alice's (BETZA-A21)";
    EXPECT_EQ(taker.type, chess::PAWN);
}

TEST(BETZA_A21, AChangeTheGameCannotExplainIsFlaggedOnceAndClearedWhenSetRight) {
    BetzaScript s(with_boards());
    s.pair(0, 0, 1);
    const auto wrong = shown(s, 0, {{"f2", '.'}, {"e3", 'P'}});  // no pawn steps aside
    const auto d = settle(s, 0, wrong);
    const engine::GameNews* flag = news(d, "board_unexplained");
    ASSERT_NE(flag, nullptr);
    EXPECT_EQ(d.back().rule, "BETZA-A21");
    EXPECT_EQ(flag->facts.at("squares"), "0:f2 0:e3");
    EXPECT_NE(d.back().reason.find("differs from the game on f2, e3"), std::string::npos)
        << d.back().reason;
    EXPECT_TRUE(settle(s, 0, wrong).empty()) << "said once";
    const auto back = settle(s, 0, shown(s, 0));
    EXPECT_NE(news(back, "boards_match"), nullptr);
    EXPECT_EQ(s.game().position().moves_played, 0U);
    s.expect_replay_and_snapshot_agree();
}

TEST(BETZA_A21, ABoardOffThePushedPairThatChangesIsFlagged) {
    BetzaScript s(with_boards());
    s.pair(0, 0, 1);
    const auto d = settle(s, 2, shown(s, 2, {{"a2", '.'}, {"a3", 'P'}}));
    ASSERT_NE(news(d, "board_unexplained"), nullptr);
    EXPECT_NE(d.back().reason.find("not on the pushed pair 0+1"), std::string::npos)
        << d.back().reason;
    // A man only lifted is a player's hand: no flag.
    EXPECT_NE(news(settle(s, 2, shown(s, 2)), "boards_match"), nullptr);
    EXPECT_TRUE(settle(s, 2, shown(s, 2, {{"a2", '.'}})).empty());
}

TEST(BETZA_A21, MenOnTheFarHalfAreFlagged) {
    BetzaScript s(with_boards());
    s.pair(0, 0, 1);
    const auto d = settle(s, 1, shown(s, 1, {{"c6", 'N'}}));
    ASSERT_NE(news(d, "board_unexplained"), nullptr);
    EXPECT_NE(d.back().reason.find("men on its far half"), std::string::npos) << d.back().reason;
}

TEST(BETZA_4, AMoveMadeBeforeThePairIsPushedIsReadWhenItIs) {
    BetzaScript s(with_boards());
    const auto early = settle(s, 0, shown(s, 0, {{"e2", '.'}, {"e4", 'P'}}));
    ASSERT_NE(news(early, "board_unexplained"), nullptr);
    EXPECT_NE(early.back().reason.find("no pair is pushed"), std::string::npos);
    const auto pushed = s.pair(0, 0, 1);
    EXPECT_NE(news(pushed, "pair_declared"), nullptr);
    EXPECT_NE(news(pushed, "moved"), nullptr) << "the boards already show e2e4";
    EXPECT_NE(news(pushed, "boards_match"), nullptr);
    s.expect_replay_and_snapshot_agree();
}

TEST(BETZA_A21, TheManSetDownMustBeTheOneThatMoved) {
    // The reading itself (half_boards.h), on the pushed pair 0+1.
    BetzaScript s(with_boards());
    s.pair(0, 0, 1);
    const BetzaGame& g = s.game();
    const Pair pair{0, 1};
    HalfView first = expected_view(g.position(), 0), second = expected_view(g.position(), 1);
    // A knight's move: b1 to c3.
    first.near[std::size_t(HalfSquare{0, 1, 0}.index())] = chess::NO_PIECE;
    first.near[std::size_t(HalfSquare{0, 2, 2}.index())] = chess::W_KNIGHT;
    const HalfBoardReading r = read_pair(g, pair, first, second);
    ASSERT_EQ(r.kind, HalfBoardReading::Kind::MOVE);
    EXPECT_EQ(chess::to_uci(r.move), "b1c3");
    // The same knight set down as a bishop: no legal move shows that.
    first.near[std::size_t(HalfSquare{0, 2, 2}.index())] = chess::W_BISHOP;
    EXPECT_EQ(read_pair(g, pair, first, second).kind, HalfBoardReading::Kind::UNEXPLAINED);
}

// What the console draws of the boards: the pushed pair's joined board, then every half-board as
// its DGT board should show it, a square that differs on the board framed.
TEST(BETZA_A21, ThePicturesShowTheJoinedBoardAndEachHalfBoardWithWhatDiffersFramed) {
    BetzaScript s(with_boards());
    s.pair(0, 0, 1);
    settle(s, 2, shown(s, 2, {{"a2", '.'}, {"a3", 'P'}}));
    const auto pictures = s.match().board_pictures();
    ASSERT_EQ(pictures.size(), 5u);
    EXPECT_TRUE(pictures[0].active);
    EXPECT_EQ(pictures[0].caption, "Pushed pair 0+1: army 0 (Alice) on move");
    EXPECT_EQ(pictures[0].squares[std::size_t(chess::SQ_E1)], chess::W_KING);
    EXPECT_EQ(pictures[0].squares[std::size_t(chess::SQ_E8)], chess::B_KING)
        << "Bob's king: a Black layout's king on his d1, turned";
    EXPECT_TRUE(pictures[1].active);
    EXPECT_EQ(pictures[2].squares[std::size_t(chess::SQ_D1)], chess::B_KING)
        << "half-board 1 as its own DGT board shows it";
    EXPECT_EQ(pictures[3].caption, "Half-board 2 on 10002, home of army 2 (Carol)");
    EXPECT_EQ(pictures[3].marked, (std::vector<chess::Square>{chess::SQ_A2, chess::SQ_A3}));
    EXPECT_TRUE(pictures[4].marked.empty());
}

TEST(BETZA_A21, AManSetDownOnThePartnersBoardBeforeItsOwnBoardSettledIsAMoveUnderWay) {
    BetzaScript s(with_boards());
    s.to_before_fools_mate();
    s.pair(1, 0, 1);
    // Bob's queen is on Alice's h4 before his own board, where it still stands, has settled.
    EXPECT_TRUE(settle(s, 0, shown(s, 0, {{"h4", 'q'}})).empty()) << "no flag: a move under way";
    const auto d = settle(s, 1, shown(s, 1, {{"e1", '.'}}));
    EXPECT_NE(news(d, "moved"), nullptr);
    EXPECT_EQ(news(d, "board_unexplained"), nullptr);
}

TEST(BETZA_A21, ARetiredArmysMenComeOffOneByOneWithoutAFlag) {
    engine::MatchConfig c = with_boards();
    c.options.set("clock_ms", std::int64_t{60'000});
    BetzaScript s(c);
    s.pair(0, 0, 1);
    const auto flag = s.send(engine::ArmyFlagFell{"z1", 0});
    ASSERT_NE(news(flag, "army_retired"), nullptr);
    // Alice's men come off her board one by one: the board between is no change to flag.
    EXPECT_TRUE(settle(s, 0, shown(s, 0, {{"a1", 'R'}, {"b1", 'N'}, {"e1", 'K'}})).empty());
    EXPECT_TRUE(settle(s, 0, shown(s, 0, {{"e1", 'K'}})).empty());
    const auto pictures = s.match().board_pictures();  // no pair pushed: half-board 0 first
    ASSERT_EQ(pictures[0].caption.rfind("Half-board 0", 0), 0u) << pictures[0].caption;
    EXPECT_EQ(pictures[0].marked, std::vector<chess::Square>{chess::SQ_E1})
        << "the king still there is framed";
    EXPECT_TRUE(settle(s, 0, shown(s, 0)).empty());
    // Once off, a man set there again is a change the game cannot explain.
    EXPECT_NE(news(settle(s, 0, shown(s, 0, {{"e1", 'K'}})), "board_unexplained"), nullptr);
    s.expect_replay_and_snapshot_agree();
}

}  // namespace
}  // namespace venue::games::betza
