// Square numbering, orientation and piece codes of the DGT protocol.
#include <gtest/gtest.h>

#include "io/dgt/dgt_board.h"
#include "io/dgt/dgt_piece.h"
#include "io/dgt/dgt_square.h"

namespace venue::io::dgt {
namespace {

TEST(DgtSquare, IndexFollowsTheDocumentedFormula) {
    // index = (8 - rank) * 8 + file with rank 1..8; here rank is 0-based.
    EXPECT_EQ(dgt_index(0, 7), 0);   // a8
    EXPECT_EQ(dgt_index(7, 7), 7);   // h8
    EXPECT_EQ(dgt_index(0, 6), 8);   // a7
    EXPECT_EQ(dgt_index(7, 0), 63);  // h1
    EXPECT_EQ(dgt_index(4, 1), 52);  // e2
    for (int file = 0; file < 8; ++file) {
        for (int rank = 0; rank < 8; ++rank) {
            const std::uint8_t i = dgt_index(file, rank);
            EXPECT_EQ(i, (8 - (rank + 1)) * 8 + file);
            EXPECT_EQ(file_of(i), file);
            EXPECT_EQ(rank_of(i), rank);
        }
    }
}

TEST(DgtSquare, NamesRoundTrip) {
    EXPECT_EQ(square_name(0), "a8");
    EXPECT_EQ(square_name(63), "h1");
    EXPECT_EQ(square_name(52), "e2");
    EXPECT_EQ(square_name(64), "??");
    for (std::uint8_t i = 0; i < 64; ++i) EXPECT_EQ(parse_square(square_name(i)), i);
    EXPECT_EQ(parse_square("E4"), parse_square("e4"));
    EXPECT_FALSE(parse_square("i1"));
    EXPECT_FALSE(parse_square("a9"));
    EXPECT_FALSE(parse_square("a"));
    EXPECT_FALSE(parse_square("a10"));
}

TEST(DgtSquare, RotatedBoardReportsSixtyThreeMinusIndex) {
    EXPECT_EQ(flip(0), 63);
    EXPECT_EQ(flip(52), 11);  // e2 seen from the other side is sensor 11 (d7's normal index)
    for (std::uint8_t i = 0; i < 64; ++i) {
        EXPECT_EQ(orient(i, Orientation::NORMAL), i);
        EXPECT_EQ(orient(i, Orientation::ROTATED), 63 - i);
        EXPECT_EQ(orient(orient(i, Orientation::ROTATED), Orientation::ROTATED), i);
    }
}

TEST(DgtPiece, KingComesBeforeQueen) {
    EXPECT_EQ(code_of(Piece::W_KING), 5);
    EXPECT_EQ(code_of(Piece::W_QUEEN), 6);
    EXPECT_EQ(code_of(Piece::B_KING), 11);
    EXPECT_EQ(code_of(Piece::B_QUEEN), 12);
    EXPECT_EQ(piece_char(Piece::W_KING), 'K');
    EXPECT_EQ(piece_char(Piece::W_QUEEN), 'Q');
    EXPECT_EQ(piece_char(Piece::B_KING), 'k');
    EXPECT_EQ(piece_char(Piece::B_QUEEN), 'q');
    EXPECT_EQ(piece_from_char('K'), Piece::W_KING);
    EXPECT_EQ(piece_from_char('q'), Piece::B_QUEEN);
    EXPECT_EQ(piece_from_char('.'), Piece::EMPTY);
    EXPECT_FALSE(piece_from_char('x'));
    EXPECT_FALSE(piece_from_char('1'));  // magic pieces are never placed by name
}

TEST(DgtPiece, LowNibbleIsThePiece) {
    EXPECT_EQ(piece_from_code(0x45), Piece::W_KING);
    EXPECT_EQ(piece_from_code(0x7c), Piece::B_QUEEN);
    EXPECT_TRUE(is_white(Piece::W_PAWN));
    EXPECT_TRUE(is_black(Piece::B_PAWN));
    EXPECT_FALSE(is_chess_piece(Piece::EMPTY));
    EXPECT_TRUE(is_magic(Piece::MAGIC_DRAW));
    EXPECT_FALSE(is_chess_piece(Piece::MAGIC_BLACK_WINS));
}

TEST(DgtBoard, StartPositionMatchesTheDocumentedDump) {
    const std::uint8_t expected[64] = {8, 9, 10, 12, 11, 10, 9, 8, 7, 7, 7, 7, 7, 7, 7, 7,
                                       0, 0, 0,  0,  0,  0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                       0, 0, 0,  0,  0,  0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                       1, 1, 1,  1,  1,  1,  1, 1, 2, 3, 4, 6, 5, 4, 3, 2};
    const BoardCodes b = start_position();
    for (int i = 0; i < 64; ++i)
        EXPECT_EQ(code_of(b[static_cast<std::size_t>(i)]), expected[i]) << i;
}

TEST(DgtBoard, OrientationFromTheStartPosition) {
    EXPECT_EQ(detect_orientation(start_position()), Orientation::NORMAL);
    EXPECT_EQ(detect_orientation(rotated(start_position())), Orientation::ROTATED);
    EXPECT_FALSE(detect_orientation(empty_board()));
    BoardCodes moved = start_position();
    moved[dgt_index(4, 1)] = Piece::EMPTY;
    moved[dgt_index(4, 3)] = Piece::W_PAWN;
    EXPECT_FALSE(detect_orientation(moved));
}

TEST(DgtBoard, PlacementRoundTrip) {
    EXPECT_EQ(to_placement(start_position()), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    const char* fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4";
    const auto b = from_placement(fen);
    ASSERT_TRUE(b);
    EXPECT_EQ(to_placement(*b), "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1");
    EXPECT_EQ((*b)[dgt_index(6, 0)], Piece::W_KING);  // g1
    EXPECT_FALSE(from_placement("8/8/8/8/8/8/8"));    // 7 ranks
    EXPECT_FALSE(from_placement("9/8/8/8/8/8/8/8"));  // too wide
    EXPECT_FALSE(from_placement("ppppppppp/8/8/8/8/8/8/8"));
    EXPECT_FALSE(from_placement("x7/8/8/8/8/8/8/8"));
}

}  // namespace
}  // namespace venue::io::dgt
