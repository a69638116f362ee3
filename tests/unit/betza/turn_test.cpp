// Turns: the batting order of armies, pairs pushed for each move, the used-board set and the
// multi-move turn (BETZA-0.3, 3, 3.1, 4, 4.1, 4.2, 6, 6.1, 6.2, 6.3, 6.5, A5, A7, A8).
#include <gtest/gtest.h>

#include "betza_setup.h"

namespace venue::games::betza {
namespace {

using namespace chess;
using namespace test;

BetzaGame started(int armies, const BetzaRules& rules = seated()) {
    return BetzaGame::start(armies, rules, 1).value();
}

// Four boards; army 0 has a rook on its home board (a4), a bishop on board 1 and a knight on
// board 3, so it can make up to two moves a turn.
BetzaGame spread_army(const BetzaRules& rules = seated()) {
    ArmyPosition p = empty_boards(4);
    kings_at_home(p);
    put(p, 0, ROOK, 0, 0, 3);
    put(p, 0, BISHOP, 1, 2, 2);
    put(p, 0, KNIGHT, 3, 1, 1);
    return BetzaGame(p, rules, seating(4));
}

TEST(BETZA_3, ArmiesMoveInTheBattingOrder) {
    BetzaGame g = started(3);
    EXPECT_EQ(refused(g.declare_pair(1, {1, 2})), RefusalCode::NOT_ARMY_TURN);
    EXPECT_EQ(g.declare_pair(1, {1, 2}).error().clause, "BETZA-3");
    accepted(g.play(0, {0, 1}, Move(SQ_E2, SQ_E4)));
    EXPECT_EQ(g.army_on_move(), 1);
    accepted(g.play(1, {1, 2}, Move(SQ_E2, SQ_E4)));
    EXPECT_EQ(g.army_on_move(), 2);
    accepted(g.play(2, {2, 0}, Move(SQ_E2, SQ_E3)));
    EXPECT_EQ(g.army_on_move(), 0);
    EXPECT_EQ(g.turn(), 4u);
}

TEST(BETZA_3_1, TheBattingOrderBelongsToArmiesNotPlayers) {
    ArmyPosition p = ArmyPosition::start({Layout::WHITE, Layout::BLACK, Layout::WHITE});
    p.controller[2] = 0;  // player 0 holds armies 0 and 2: two slots
    BetzaGame g(p, seated(), seating(3));
    EXPECT_EQ(g.eliminated(), std::vector<int>{2});
    // In army 0's slot, army 2's pieces do not move, though the same player controls them.
    accepted(g.declare_pair(0, {0, 2}));
    const Decided other = g.move(0, Move(SQ_H7, SQ_H6));  // army 2's pawn on the pair (0, 2)
    EXPECT_EQ(refused(other), RefusalCode::NOT_OWN_PIECE);
    EXPECT_EQ(other.error().clause, "BETZA-3.1");
    accepted(g.move(0, Move(SQ_E2, SQ_E4)));
    EXPECT_EQ(g.army_on_move(), 1);
    const Decided wrong = g.declare_pair(2, {2, 1});
    EXPECT_NE(wrong.error().reason.find("controlled by player 1"), std::string::npos);
    accepted(g.play(1, {1, 0}, Move(SQ_B1, SQ_C3)));
    EXPECT_EQ(g.army_on_move(), 2);
    EXPECT_EQ(g.controller_of(g.army_on_move()), 0);  // player 0's second slot
}

TEST(BETZA_4, EveryMoveNeedsAPairAndStaysOnIt) {
    BetzaGame g = started(4);
    accepted(g.declare_pair(0, {0, 1}));
    // A move read from a half-board outside the declared pair.
    const Decided off_pair = g.move(0, HalfSquare{0, 4, 1}, HalfSquare{2, 3, 3});
    EXPECT_EQ(refused(off_pair), RefusalCode::PIECE_NOT_ON_PAIR);
    EXPECT_EQ(off_pair.error().clause, "BETZA-4");
    accepted(g.move(0, HalfSquare{0, 4, 1}, HalfSquare{0, 4, 3}));
    EXPECT_EQ(g.position().at({0, 4, 3}).type, PAWN);
}

TEST(BETZA_4_1, AnyTwoHalfBoardsInEitherOrder) {
    BetzaGame g = started(4);
    // Boards 3 and 0, board 3 first: army 0's e-pawn is d7 of that joined board.
    accepted(g.play(0, {3, 0}, Move(SQ_D7, SQ_D5)));
    EXPECT_EQ(g.position().at({0, 4, 3}).type, PAWN);
    // The pair need not hold the mover's home board, only a board with its piece (A7).
    ArmyPosition p = empty_boards(4);
    kings_at_home(p);
    put(p, 0, KNIGHT, 2, 1, 1);
    BetzaGame away(p, seated(), seating(4));
    accepted(away.play(0, {2, 3}, Move(SQ_B2, SQ_C4)));
}

TEST(BETZA_4_2, NoMoveWithoutTwoPushedHalfBoards) {
    BetzaGame g = started(3);
    const Decided no_pair = g.move(0, Move(SQ_E2, SQ_E4));
    EXPECT_EQ(refused(no_pair), RefusalCode::NO_PAIR);
    EXPECT_EQ(no_pair.error().clause, "BETZA-4.2");
    EXPECT_EQ(refused(g.declare_pair(0, {0, 0})), RefusalCode::NO_PAIR);
    EXPECT_EQ(refused(g.declare_pair(0, {0, 3})), RefusalCode::NO_SUCH_BOARD);
    // A move inside one half-board still needs the pair.
    accepted(g.declare_pair(0, {0, 2}));
    accepted(g.move(0, Move(SQ_E2, SQ_E3)));
}

TEST(BETZA_A7, ThePairMustHoldTheBoardOfThePieceThatMoves) {
    BetzaGame g = started(4);
    const Decided none = g.declare_pair(0, {1, 2});
    EXPECT_EQ(refused(none), RefusalCode::NO_OWN_PIECE_ON_PAIR);
    EXPECT_EQ(none.error().clause, "BETZA-A7");
    for (const Pair& pair : g.open_pairs()) EXPECT_TRUE(pair.contains(0));
    EXPECT_EQ(g.open_pairs().size(), 3u);
}

TEST(BETZA_6, SeveralMovesATurnEachOnFreshBoards) {
    // Catalogue scenario 9.3 (2): move 1 on (A, C), move 2 on (B, D), nothing after.
    BetzaGame g = spread_army();
    accepted(g.play(0, {0, 2}, Move(SQ_A4, SQ_A3)));
    EXPECT_TRUE(g.board_used(0) && g.board_used(2));
    EXPECT_EQ(g.army_on_move(), 0);  // the turn goes on: a bonus move is possible
    const Decided used = g.declare_pair(0, {0, 1});
    EXPECT_EQ(refused(used), RefusalCode::BOARD_USED);
    EXPECT_EQ(used.error().clause, "BETZA-6");
    EXPECT_EQ(refused(g.declare_pair(0, {2, 3})), RefusalCode::BOARD_USED);
    const std::vector<News> second = accepted(g.play(0, {1, 3}, Move(SQ_C3, SQ_D4)));
    const News* ended = find_news(second, NewsKind::TURN_ENDED, 0);
    ASSERT_NE(ended, nullptr);
    EXPECT_EQ(ended->clause, "BETZA-A8");  // no unused board is left
    EXPECT_EQ(g.army_on_move(), 1);
    EXPECT_FALSE(g.board_used(0));
}

TEST(BETZA_6, WithThreeBoardsNoSecondMoveIsEverPossible) {
    // Catalogue scenario 9.3 (3).
    ArmyPosition p = empty_boards(3);
    kings_at_home(p);
    put(p, 0, ROOK, 0, 0, 3);
    put(p, 0, KNIGHT, 2, 1, 1);
    BetzaGame g(p, seated(), seating(3));
    const std::vector<News> news = accepted(g.play(0, {0, 1}, Move(SQ_A4, SQ_A5)));
    EXPECT_NE(find_news(news, NewsKind::TURN_ENDED, 0), nullptr);
    EXPECT_EQ(g.army_on_move(), 1);
}

TEST(BETZA_6_1, NoPieceMovesTwiceInATurn) {
    BetzaGame g = spread_army();
    accepted(g.play(0, {0, 2}, Move(SQ_A4, SQ_A5)));  // the rook lands on board 2
    EXPECT_EQ(g.position().at({2, 7, 3}).type, ROOK);
    for (int other : {1, 3})
        EXPECT_EQ(refused(g.declare_pair(0, {2, other})), RefusalCode::BOARD_USED);
}

TEST(BETZA_6_2, NoBoardIsBombardedFromSeveralBoardsInATurn) {
    BetzaGame g = spread_army();
    accepted(g.play(0, {0, 2}, Move(SQ_A4, SQ_A5)));  // a move into board 2
    // The bishop on board 1 may not make a second move into board 2.
    EXPECT_EQ(refused(g.declare_pair(0, {1, 2})), RefusalCode::BOARD_USED);
    accepted(g.declare_pair(0, {1, 3}));
}

TEST(BETZA_6_3, NoPieceLeavesABoardAnotherPieceEnteredThisTurn) {
    BetzaGame g = spread_army();
    accepted(g.play(0, {0, 1}, Move(SQ_A4, SQ_A5)));  // the rook enters board 1
    EXPECT_EQ(g.position().at({1, 7, 3}).type, ROOK);
    EXPECT_EQ(refused(g.declare_pair(0, {1, 3})), RefusalCode::BOARD_USED);  // bishop stays
    accepted(g.play(0, {2, 3}, Move(SQ_G7, SQ_F5)));  // the knight, board 3 turned
}

TEST(BETZA_0_3, PiecesOnSeveralBoardsEarnExtraMoves) {
    BetzaGame home = started(4);
    accepted(home.play(0, {0, 1}, Move(SQ_E2, SQ_E4)));
    EXPECT_EQ(home.army_on_move(), 1);  // all of army 0 stands on board 0: one move
    BetzaGame spread = spread_army();
    accepted(spread.play(0, {0, 1}, Move(SQ_A4, SQ_A3)));
    EXPECT_EQ(spread.army_on_move(), 0);  // its knight on board 3 can still move
    EXPECT_TRUE(spread.can_move());
}

TEST(BETZA_6_5, AnArmyThatStaysAtHomeNeverMovesMoreThanOnceATurn) {
    BetzaGame g = started(6);
    for (int turn = 0; turn < 6; ++turn) {
        const int army = g.army_on_move();
        accepted(g.play(army, {army, (army + 1) % 6}, Move(SQ_B1, SQ_C3)));
        EXPECT_NE(g.army_on_move(), army);
    }
}

TEST(BETZA_A8, TheFirstMoveIsCompulsoryExtraMovesOptional) {
    BetzaGame g = spread_army();
    const Decided pass = g.end_turn(0);
    EXPECT_EQ(refused(pass), RefusalCode::FIRST_MOVE_REQUIRED);
    EXPECT_EQ(pass.error().clause, "BETZA-A8");
    accepted(g.play(0, {0, 1}, Move(SQ_A4, SQ_A3)));
    EXPECT_TRUE(g.can_move());
    accepted(g.end_turn(0));
    EXPECT_EQ(g.army_on_move(), 1);

    BetzaRules none = seated();
    none.extra_moves = ExtraMoves::NONE;
    BetzaGame one = spread_army(none);
    accepted(one.play(0, {0, 1}, Move(SQ_A4, SQ_A3)));
    EXPECT_EQ(one.army_on_move(), 1);

    BetzaRules compulsory = seated();
    compulsory.extra_moves = ExtraMoves::COMPULSORY_WHEN_LEGAL;
    BetzaGame must = spread_army(compulsory);
    accepted(must.play(0, {0, 1}, Move(SQ_A4, SQ_A3)));
    EXPECT_EQ(refused(must.end_turn(0)), RefusalCode::EXTRA_MOVE_REQUIRED);
}

// Army 0 double-steps its e-pawn past army 1's pawn, which stands on board 0 (foreign to it, so
// it moves toward board 0's outer edge).
ArmyPosition passing_position() {
    ArmyPosition p = empty_boards(3);
    kings_at_home(p);
    put(p, 0, PAWN, 0, 4, 1);  // e2
    put(p, 1, PAWN, 0, 3, 3);  // d4
    return p;
}

TEST(BETZA_A5, EnPassantOnlyForTheNextArmyOnTheSamePairAsItsFirstMove) {
    BetzaGame g(passing_position(), seated(), seating(3));
    accepted(g.play(0, {0, 1}, Move(SQ_E2, SQ_E4)));
    ASSERT_EQ(g.army_on_move(), 1);
    auto takes_in_passing = [&](const Pair& pair) {
        for (Move m : g.legal_moves_on(pair))
            if (m.kind() == MoveKind::EN_PASSANT) return true;
        return false;
    };
    EXPECT_FALSE(takes_in_passing({0, 2}));  // another pair: no
    EXPECT_TRUE(takes_in_passing({1, 0}));   // the same two boards, in either order
    accepted(g.play(1, {0, 1}, Move(SQ_D4, SQ_E3)));
    EXPECT_TRUE(g.position().at({0, 4, 3}).empty());  // army 0's pawn is taken
    EXPECT_EQ(g.position().at({0, 4, 2}).army, 1);

    // The army after the next one: no chance.
    BetzaGame later(passing_position(), seated(), {0, 2, 1});
    accepted(later.play(0, {0, 1}, Move(SQ_E2, SQ_E4)));
    accepted(later.play(2, {2, 1}, Move(SQ_H1, SQ_H2)));
    ASSERT_EQ(later.army_on_move(), 1);
    for (Move m : later.legal_moves_on({0, 1})) EXPECT_NE(m.kind(), MoveKind::EN_PASSANT);

    BetzaRules off = seated();
    off.en_passant = EnPassant::OFF;
    BetzaGame none(passing_position(), off, seating(3));
    accepted(none.play(0, {0, 1}, Move(SQ_E2, SQ_E4)));
    for (Move m : none.legal_moves_on({0, 1})) EXPECT_NE(m.kind(), MoveKind::EN_PASSANT);
}

}  // namespace
}  // namespace venue::games::betza
