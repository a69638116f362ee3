// The half-boards, the armies and how two half-boards join (BETZA-0.1, 0.2, 2, 2.1, 4.3, 10,
// A2, A3, A18, A21).
#include <gtest/gtest.h>

#include <set>

#include "betza_setup.h"
#include "chess/position.h"
#include "games/betza/rules/batting_order.h"
#include "games/betza/rules/fide_bridge.h"

namespace venue::games::betza {
namespace {

using namespace chess;
using namespace test;

TEST(BETZA_0_1, TwoToEightPlayersEachWithAnArmyAndAHalfBoard) {
    for (int n = MIN_ARMIES; n <= MAX_ARMIES; ++n) {
        auto g = BetzaGame::start(n, seated(), 1);
        ASSERT_TRUE(g.ok()) << n;
        EXPECT_EQ(g.value().armies(), n);
        EXPECT_EQ(g.value().players_in().size(), std::size_t(n));
        for (int a = 0; a < n; ++a) EXPECT_EQ(g.value().controller_of(a), a);
    }
    EXPECT_FALSE(BetzaGame::start(1, seated(), 1).ok());
    EXPECT_FALSE(BetzaGame::start(9, seated(), 1).ok());
}

TEST(BETZA_2, EachArmyStartsOnTheNearTwoRanksOfItsOwnHalfBoard) {
    const BetzaGame g = BetzaGame::start(5, seated(), 1).value();
    for (int board = 0; board < 5; ++board) {
        for (int file = 0; file < HALF_FILES; ++file) {
            EXPECT_EQ(g.position().at({board, file, 1}).type, PAWN);
            EXPECT_EQ(g.position().at({board, file, 0}).army, board);
            EXPECT_TRUE(g.position().at({board, file, 2}).empty());
            EXPECT_TRUE(g.position().at({board, file, 3}).empty());
        }
        EXPECT_EQ(g.position().at({board, 0, 0}).type, ROOK);
        EXPECT_EQ(g.position().at({board, 6, 0}).type, KNIGHT);
    }
}

TEST(BETZA_2_1, EveryPieceKeepsItsArmyThroughMovesAcrossBoards) {
    BetzaGame g = BetzaGame::start(4, seated(), 1).value();
    // Armies 0 and 2 both use White's layout: only the tracked identity tells them apart.
    const JoinedBoard board = JoinedBoard::of(g.position(), {0, 2});
    EXPECT_EQ(board.at(SQ_E1).army, 0);
    EXPECT_EQ(board.at(SQ_D8).type, KING);  // army 2's king, turned 180 degrees
    EXPECT_EQ(board.at(SQ_D8).army, 2);
    EXPECT_TRUE(may_capture(g.position(), g.rules(), 0, board.at(SQ_D7)));
    accepted(g.play(0, {0, 2}, Move(SQ_G1, SQ_F3)));
    EXPECT_EQ(g.position().at({0, 5, 2}).type, KNIGHT);
    EXPECT_EQ(g.position().at({0, 5, 2}).army, 0);
}

TEST(BETZA_A21, IdentityIsTrackedByTheEngineUnlessPiecesIdentifyThemselves) {
    EXPECT_FALSE(BetzaRules{}.rfid_pieces);
    // A White-layout army's piece read on another army's board is still shown White and still
    // belongs to its army: the host knows it from the moves, not from the board's colours.
    ArmyPosition p = empty_boards(3);
    kings_at_home(p);
    put(p, 0, ROOK, 1, 0, 3);
    EXPECT_EQ(p.at({1, 0, 3}).army, 0);
    // On the pair (1, 0): army 1's king on h1, army 0's rook on a4, army 0's king (board 0
    // turned) on a8; the rook reads as White, army 0's layout, on army 1's board.
    EXPECT_EQ(placement_of(p, {1, 0}), "K7/8/8/8/R7/8/8/7k");
}

TEST(BETZA_4_3, ThePartnerHalfBoardIsTurnedAndButtedAgainstTheInnerEdge) {
    const Pair pair{3, 5};
    EXPECT_EQ(joined_square(pair, {3, 0, 0}), SQ_A1);
    EXPECT_EQ(joined_square(pair, {3, 7, 3}), SQ_H4);
    EXPECT_EQ(joined_square(pair, {5, 0, 0}), SQ_H8);  // (f, r) -> (7 - f, 7 - r)
    EXPECT_EQ(joined_square(pair, {5, 7, 3}), SQ_A5);
    EXPECT_EQ(joined_square(pair, {5, 2, 1}), SQ_F7);
    for (int s = 0; s < 64; ++s) {
        const HalfSquare h = half_square(pair, Square(s));
        EXPECT_EQ(joined_square(pair, h), Square(s));
        // Checkering is kept: a half-board square has one colour in every pair.
        const Square alone = joined_square(Pair{h.board, 7}, h);
        EXPECT_EQ((file_of(Square(s)) + rank_of(Square(s))) % 2,
                  (file_of(alone) + rank_of(alone)) % 2);
    }
}

TEST(BETZA_A3, LayoutsAlternateAlongTheBattingOrderAndTwoArmiesMakeTheChessStart) {
    const BetzaGame two = BetzaGame::start(2, seated(), 1).value();
    EXPECT_EQ(placement_of(two.position(), CHESS_PAIR),
              std::string(Position::START_FEN.substr(0, Position::START_FEN.find(' '))));
    BetzaRules random;
    const BetzaGame five = BetzaGame::start(5, random, 99).value();
    const auto& order = five.batting_order();
    for (std::size_t slot = 0; slot < order.size(); ++slot) {
        const int army = order[slot];
        const Layout expected = slot % 2 == 0 ? Layout::WHITE : Layout::BLACK;
        EXPECT_EQ(five.position().layout[std::size_t(army)], expected);
        // White's layout: queen on the d-file, king on e; Black's: king on d, queen on e.
        EXPECT_EQ(five.position().at({army, 3, 0}).type, expected == Layout::WHITE ? QUEEN : KING);
        EXPECT_EQ(five.position().at({army, 4, 0}).type, expected == Layout::WHITE ? KING : QUEEN);
    }
    BetzaRules all_white = seated();
    all_white.layout = LayoutRule::ALL_WHITE;
    EXPECT_EQ(BetzaGame::start(4, all_white, 1).value().position().layout[1], Layout::WHITE);
    BetzaRules chosen = seated();
    chosen.layout = LayoutRule::PER_ARMY_CHOICE;
    chosen.chosen_layouts = {Layout::BLACK, Layout::BLACK, Layout::WHITE};
    EXPECT_EQ(BetzaGame::start(3, chosen, 1).value().position().layout[0], Layout::BLACK);
    chosen.chosen_layouts.pop_back();
    EXPECT_FALSE(BetzaGame::start(3, chosen, 1).ok());
}

TEST(BETZA_A2, TheBattingOrderIsDrawnFromTheLoggedSeed) {
    const BetzaRules r;  // random by default
    EXPECT_EQ(r.order, BattingOrder::RANDOM);
    EXPECT_EQ(draw_batting_order(r, 6, 12345), draw_batting_order(r, 6, 12345));
    std::set<std::vector<int>> orders;
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
        std::vector<int> order = draw_batting_order(r, 6, seed);
        std::vector<int> sorted = order;
        std::sort(sorted.begin(), sorted.end());
        EXPECT_EQ(sorted, seating(6));
        orders.insert(order);
    }
    EXPECT_GT(orders.size(), 40u);  // the seed really shuffles
    EXPECT_EQ(draw_batting_order(seated(), 4, 7), seating(4));
    BetzaRules entered;
    entered.order = BattingOrder::ARBITER_ENTERED;
    entered.entered_order = {2, 0, 1};
    EXPECT_EQ(BetzaGame::start(3, entered, 0).value().batting_order(), entered.entered_order);
    EXPECT_EQ(BetzaGame::start(3, entered, 0).value().army_on_move(), 2);
    entered.entered_order = {2, 2, 1};
    EXPECT_FALSE(BetzaGame::start(3, entered, 0).ok());
}

TEST(BETZA_A18, ACapturedArmysHomeBoardStaysInPlay) {
    ArmyPosition p = empty_boards(3);
    kings_at_home(p);
    p.controller[1] = 0;  // army 1 was captured by player 0; its home board 1 is still a board
    put(p, 2, ROOK, 2, 0, 0);
    BetzaGame g(p, BetzaRules{}, {2, 0, 1});
    EXPECT_EQ(g.eliminated(), std::vector<int>{1});
    // Army 2 pushes board 1 (the captured army's home) and moves onto it.
    EXPECT_TRUE(has_move(g, {2, 1}, {2, 0, 0}, {1, 7, 1}));
    accepted(g.play(2, {2, 1}, joined({2, 1}, {2, 0, 0}, {1, 7, 1})));
    EXPECT_EQ(g.position().at({1, 7, 1}).army, 2);
}

TEST(BETZA_10, ThePairingLayerIsSeparateFromChessLegality) {
    // The joining map knows no chess, and the chess of a pair needs no turn: each works alone.
    for (int a = 0; a < MAX_ARMIES; ++a)
        for (int b = 0; b < MAX_ARMIES; ++b) {
            if (a == b) continue;
            for (int s = 0; s < 64; ++s)
                EXPECT_EQ(joined_square({a, b}, half_square({a, b}, Square(s))), Square(s));
        }
    const ArmyPosition start = ArmyPosition::start({Layout::WHITE, Layout::BLACK, Layout::WHITE});
    EXPECT_EQ(legal_moves(start, BetzaRules{}, 1, {1, 2}, std::nullopt).size(), 20u);
    EXPECT_EQ(legal_moves(start, BetzaRules{}, 1, {2, 1}, std::nullopt).size(), 20u);
}

}  // namespace
}  // namespace venue::games::betza
