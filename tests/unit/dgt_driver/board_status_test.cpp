// DGT codes and sensors into chess pieces and squares.
#include <gtest/gtest.h>

#include "io/dgt/board_status.h"

namespace venue::io::dgt {
namespace {

TEST(BoardStatusTest, PiecesByTableKingBeforeQueen) {
    EXPECT_EQ(to_chess_piece(Piece::W_KING), chess::W_KING);
    EXPECT_EQ(to_chess_piece(Piece::W_QUEEN), chess::W_QUEEN);
    EXPECT_EQ(to_chess_piece(Piece::B_KING), chess::B_KING);
    EXPECT_EQ(to_chess_piece(Piece::B_QUEEN), chess::B_QUEEN);
    EXPECT_EQ(to_chess_piece(Piece::W_ROOK), chess::W_ROOK);
    EXPECT_EQ(to_chess_piece(Piece::B_KNIGHT), chess::B_KNIGHT);
    EXPECT_EQ(to_chess_piece(Piece::EMPTY), chess::NO_PIECE);
    EXPECT_EQ(to_chess_piece(Piece::MAGIC_DRAW), chess::NO_PIECE);
    EXPECT_EQ(to_chess_piece(Piece::MAGIC_BLACK_WINS), chess::NO_PIECE);
}

TEST(BoardStatusTest, SensorsToSquaresBothWaysRound) {
    EXPECT_EQ(to_chess_square(0, Orientation::NORMAL), chess::SQ_A8);
    EXPECT_EQ(to_chess_square(63, Orientation::NORMAL), chess::SQ_H1);
    EXPECT_EQ(to_chess_square(*parse_square("e2"), Orientation::NORMAL), chess::SQ_E2);
    EXPECT_EQ(to_chess_square(0, Orientation::ROTATED), chess::SQ_H1);
    EXPECT_EQ(to_chess_square(63, Orientation::ROTATED), chess::SQ_A8);
    EXPECT_EQ(to_chess_square(64, Orientation::NORMAL), chess::SQ_NONE);
}

TEST(BoardStatusTest, StartPositionEitherWayRoundIsTheChessStartPosition) {
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    EXPECT_EQ(sensing::to_string(to_chess_placement(start_position(), Orientation::NORMAL)), start);
    EXPECT_EQ(
        sensing::to_string(to_chess_placement(rotated(start_position()), Orientation::ROTATED)),
        start);
}

}  // namespace
}  // namespace venue::io::dgt
