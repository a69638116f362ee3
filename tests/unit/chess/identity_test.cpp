// Every piece keeps its identity (its starting square) through the game, so a
// team game can tell which player owns a piece after it has moved.
#include "test_util.h"

namespace venue::chess {
namespace {

TEST(Identity, StartPositionIdsAreStartingSquares) {
    auto pos = Position::start();
    EXPECT_EQ(pos.id_on(SQ_G1), PieceId(SQ_G1));
    EXPECT_EQ(pos.id_on(SQ_E4), NO_PIECE_ID);
}

TEST(Identity, FollowsMovesCapturesAndCastling) {
    auto pos =
        testing::play(Position::start(), {"g1f3", "d7d5", "e2e4", "d5e4", "f1c4", "e4f3", "e1g1"});
    EXPECT_EQ(pos.id_on(SQ_F3), PieceId(SQ_D7));  // the d-pawn took the knight on f3
    EXPECT_EQ(pos.square_of_id(PieceId(SQ_G1)), SQ_NONE);
    EXPECT_EQ(pos.id_on(SQ_G1), PieceId(SQ_E1));  // king castled
    EXPECT_EQ(pos.id_on(SQ_F1), PieceId(SQ_H1));  // and its rook
    EXPECT_EQ(pos.id_on(SQ_C4), PieceId(SQ_F1));
}

TEST(Identity, PromotionKeepsThePawnsId) {
    auto pos = testing::fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    PieceId pawn = pos.id_on(SQ_A7);
    pos = testing::play(pos, {"a7b8q"});
    EXPECT_EQ(pos.piece_on(SQ_B8), W_QUEEN);
    EXPECT_EQ(pos.id_on(SQ_B8), pawn);
}

TEST(Identity, EnPassantRemovesTheRightPiece) {
    auto pos = testing::play(testing::fen("4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1"), {"e7e5", "d5e6"});
    EXPECT_EQ(pos.square_of_id(PieceId(SQ_E7)), SQ_NONE);
    EXPECT_EQ(pos.id_on(SQ_E6), PieceId(SQ_D5));
}

}  // namespace
}  // namespace venue::chess
