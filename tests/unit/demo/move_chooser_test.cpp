// choose_move: a plausible move that never ends the game and never lets the opponent mate at
// once, the same on every run.
#include "demo/move_chooser.h"

#include <gtest/gtest.h>

#include "chess/movegen.h"
#include "chess/uci.h"

namespace venue::demo {
namespace {

chess::Game from_fen(const char* fen) {
    auto p = chess::Position::from_fen(fen);
    EXPECT_TRUE(p) << fen;
    return chess::Game(*p);
}

TEST(MoveChooser, NeverMatesNorStalemates) {
    // White mates with Qb7# or Qa8#... and could stalemate; the chooser plays neither.
    chess::Game g = from_fen("k7/8/1Q6/8/8/8/8/K7 w - - 0 1");
    auto m = choose_move(g, 1);
    ASSERT_TRUE(m);
    g.play(*m);
    EXPECT_EQ(g.status(), chess::GameStatus::ONGOING) << chess::to_uci(*m);
}

TEST(MoveChooser, DoesNotAllowAMateInOne) {
    // Black to move must stop Qxf7# (the scholar's mate threat): ...g6 or ...Qe7 or ...Nh6 etc.
    chess::Game g = from_fen("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3");
    auto m = choose_move(g, 7);
    ASSERT_TRUE(m);
    chess::Position after = g.position();
    after.do_move(*m);
    for (chess::Move reply : chess::legal_moves(after)) {
        chess::Position p = after;
        p.do_move(reply);
        EXPECT_FALSE(p.in_check() && chess::legal_moves(p).empty())
            << chess::to_uci(*m) << " allows " << chess::to_uci(reply);
    }
}

TEST(MoveChooser, TakesAHangingQueen) {
    chess::Game g = from_fen("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1");
    auto m = choose_move(g, 3);
    ASSERT_TRUE(m);
    EXPECT_EQ(chess::to_uci(*m), "d1d5");
}

TEST(MoveChooser, AvoidsTheMoveItIsToldToAvoid) {
    chess::Game g;
    auto first = choose_move(g, 11);
    ASSERT_TRUE(first);
    auto other = choose_move(g, 11, first);
    ASSERT_TRUE(other);
    EXPECT_NE(*first, *other);
}

TEST(MoveChooser, IsTheSameOnEveryRunAndDependsOnTheSeed) {
    chess::Game a, b;
    std::string line_a, line_b;
    for (int i = 0; i < 40; ++i) {
        auto ma = choose_move(a, 5);
        auto mb = choose_move(b, 5);
        ASSERT_TRUE(ma && mb);
        ASSERT_EQ(*ma, *mb);
        a.play(*ma);
        b.play(*mb);
        line_a += chess::to_uci(*ma) + " ";
    }
    chess::Game c;
    for (int i = 0; i < 40; ++i) {
        auto m = choose_move(c, 6);
        ASSERT_TRUE(m);
        c.play(*m);
        line_b += chess::to_uci(*m) + " ";
    }
    EXPECT_NE(line_a, line_b);
}

}  // namespace
}  // namespace venue::demo
