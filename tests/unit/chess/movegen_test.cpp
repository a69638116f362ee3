// Special moves and their edge cases, each checked as a move list.
#include "test_util.h"

namespace venue::chess {
namespace {

using testing::fen;
using testing::has_move;

TEST(Castling, BothWingsWhenPathIsFreeAndSafe) {
    auto pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_TRUE(has_move(pos, "e1g1"));
    EXPECT_TRUE(has_move(pos, "e1c1"));
    pos.do_move(*parse_uci(pos, "a1a2"));
    EXPECT_TRUE(has_move(pos, "e8g8"));
    EXPECT_TRUE(has_move(pos, "e8c8"));
}

TEST(Castling, NotOutOfCheck) {
    EXPECT_FALSE(has_move(fen("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1"), "e1g1"));
    EXPECT_FALSE(has_move(fen("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1"), "e1c1"));
}

TEST(Castling, NotThroughAttackedSquare) {
    // f1 attacked by the rook on f8: no O-O; d1 attacked: no O-O-O.
    EXPECT_FALSE(has_move(fen("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1g1"));
    EXPECT_TRUE(has_move(fen("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1c1"));
    EXPECT_FALSE(has_move(fen("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1c1"));
}

TEST(Castling, NotIntoCheck) {
    EXPECT_FALSE(has_move(fen("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1g1"));
    EXPECT_FALSE(has_move(fen("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1c1"));
}

TEST(Castling, QueenSideAllowedWhenOnlyB1Attacked) {
    // b1 may be attacked: the king does not cross it.
    EXPECT_TRUE(has_move(fen("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1c1"));
}

TEST(Castling, BlockedPath) {
    EXPECT_FALSE(has_move(fen("4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1"), "e1c1"));
    EXPECT_FALSE(has_move(fen("4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1"), "e1g1"));
}

TEST(Castling, RightsLostWhenRookCaptured) {
    auto pos = fen("4k3/8/8/8/8/8/6b1/R3K2R b KQ - 0 1");
    pos = testing::play(pos, {"g2h1"});
    EXPECT_FALSE(pos.can_castle(WHITE_OO));
    EXPECT_TRUE(pos.can_castle(WHITE_OOO));
}

TEST(EnPassant, OrdinaryCapture) {
    auto pos = testing::play(fen("4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1"), {"e7e5"});
    EXPECT_TRUE(pos.en_passant_possible());
    EXPECT_TRUE(has_move(pos, "d5e6"));
    pos = testing::play(pos, {"d5e6"});
    EXPECT_EQ(pos.piece_on(SQ_E5), NO_PIECE);
    EXPECT_EQ(pos.piece_on(SQ_E6), W_PAWN);
}

TEST(EnPassant, RankPinnedCaptureWouldExposeKing) {
    // After ...e5 the white pawn d5 and black pawn e5 stand between the white
    // king a5 and the black rook h5: taking en passant would remove both.
    auto pos = testing::play(fen("4k3/4p3/8/K2P3r/8/8/8/8 b - - 0 1"), {"e7e5"});
    EXPECT_FALSE(has_move(pos, "d5e6"));
    EXPECT_FALSE(pos.en_passant_possible());
}

TEST(EnPassant, DiagonalPinnedCapturer) {
    auto pos = testing::play(fen("4k3/4p3/8/3P4/8/8/8/K5b1 b - - 0 1"), {"e7e5"});
    EXPECT_TRUE(has_move(pos, "d5e6"));
    pos = testing::play(fen("7k/4p3/8/3P4/2K5/8/8/8 b - - 0 1"), {"e7e5"});
    EXPECT_TRUE(has_move(pos, "d5e6"));
    // Pinned along b3-g8, the capture to e6 stays on the pin line: legal.
    pos = testing::play(fen("6bk/4p3/8/3P4/8/1K6/8/8 b - - 0 1"), {"e7e5"});
    EXPECT_TRUE(has_move(pos, "d5e6"));
    // Pinned along a8-f3, the capture leaves the line: illegal.
    pos = testing::play(fen("K7/4p3/8/3P4/8/5b2/8/7k b - - 0 1"), {"e7e5"});
    EXPECT_FALSE(has_move(pos, "d5e6"));
    EXPECT_FALSE(pos.en_passant_possible());
}

TEST(EnPassant, CapturesTheCheckingPawn) {
    // ...e5 gives check to the king on d4 (pawn e5 attacks d4); exd6 is not
    // possible but d5xe6 e.p. removes the checker.
    auto pos = testing::play(fen("4k3/4p3/8/3P4/3K4/8/8/8 b - - 0 1"), {"e7e5"});
    EXPECT_TRUE(pos.in_check());
    EXPECT_TRUE(has_move(pos, "d5e6"));
}

TEST(EnPassant, NotPossibleWhenEnemyPawnMissing) {
    auto pos = testing::play(Position::start(), {"e2e4"});
    EXPECT_EQ(pos.en_passant_square(), SQ_E3);
    EXPECT_FALSE(pos.en_passant_possible());
}

TEST(Promotion, AllFourPiecesByPushAndCapture) {
    auto pos = fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    for (const char* m : {"a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n"})
        EXPECT_TRUE(has_move(pos, m)) << m;
    EXPECT_FALSE(has_move(pos, "a7a8"));
    auto after = testing::play(pos, {"a7b8n"});
    EXPECT_EQ(after.piece_on(SQ_B8), W_KNIGHT);
}

TEST(Mate, CheckmateAndStalemateHaveNoMoves) {
    auto mated = fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    EXPECT_TRUE(mated.in_check());
    EXPECT_TRUE(legal_moves(mated).empty());
    auto stale = fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    EXPECT_FALSE(stale.in_check());
    EXPECT_TRUE(legal_moves(stale).empty());
}

TEST(Check, DoubleCheckAllowsOnlyKingMoves) {
    auto pos = fen("4k3/8/8/8/8/8/3n4/r3K3 w - - 0 1");
    for (Move m : legal_moves(pos)) EXPECT_EQ(m.from(), SQ_E1);
}

TEST(Check, PinnedPieceCannotMove) {
    auto pos = fen("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    for (Move m : legal_moves(pos)) EXPECT_NE(m.from(), SQ_E2);
}

TEST(Position, InvariantsHoldAlongAGame) {
    Position pos = Position::start();
    // A deterministic walk: always the (i mod n)-th legal move.
    for (int i = 0; i < 300; ++i) {
        auto moves = legal_moves(pos);
        if (moves.empty()) break;
        pos.do_move(moves[(i * 7) % moves.size()]);
        std::string why;
        ASSERT_TRUE(pos.is_ok(&why)) << why << " after ply " << i << " " << pos.fen();
    }
}

}  // namespace
}  // namespace venue::chess
