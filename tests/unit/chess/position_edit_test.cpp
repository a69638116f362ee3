// Positions made by hand: an illegal move played as the pieces went, and the edits' checks.
#include "chess/position_edit.h"

#include "test_util.h"

namespace venue::chess {
namespace {

Position after(const Position& pos, std::string_view move) {
    auto m = parse_physical_move(move);
    EXPECT_TRUE(m) << (m ? "" : m.error());
    auto p = after_illegal_move(pos, *m);
    EXPECT_TRUE(p) << (p ? "" : p.error());
    return p ? *p : pos;
}

std::string refusal(const Position& pos, std::string_view move) {
    auto m = parse_physical_move(move);
    if (!m) return m.error();
    auto p = after_illegal_move(pos, *m);
    return p ? std::string("accepted: ") + p->fen() : p.error();
}

TEST(PositionEdit, AnIllegalMoveIsPlayedAsThePiecesWent) {
    // A knight moved like a bishop, taking a pawn.
    auto pos = testing::fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ(after(pos, "g1d4").fen(),
              "rnbqkbnr/pppppppp/8/8/3N4/8/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
    auto black = testing::fen("rnbqkbnr/pppppppp/8/8/3N4/8/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
    EXPECT_EQ(after(black, "d8d4").fen(),
              "rnb1kbnr/pppppppp/8/8/3q4/8/PPPPPPPP/RNBQKB1R w KQkq - 0 2");
}

TEST(PositionEdit, AKingOrRookThatMovedLosesItsCastling) {
    auto pos = testing::fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 20");
    EXPECT_EQ(after(pos, "e1e3").fen(), "r3k2r/8/8/8/8/4K3/8/R6R b kq - 6 20");
    EXPECT_EQ(after(pos, "h1h8").fen(), "r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 20");
}

TEST(PositionEdit, APawnOnTheLastRankBecomesThePieceNamed) {
    auto pos = testing::fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(after(pos, "b7c8n").fen(), "2N1k3/8/8/8/8/8/8/4K3 b - - 0 1");
    EXPECT_NE(refusal(pos, "b7c8").find("becomes a piece"), std::string::npos);
    EXPECT_NE(refusal(pos, "e1e2q").find("only a pawn"), std::string::npos);
}

TEST(PositionEdit, RefusesWhatChessCannotGoOnFrom) {
    auto pos = Position::start();
    EXPECT_NE(refusal(pos, "e7e5").find("no White piece stands on e7"), std::string::npos);
    EXPECT_NE(refusal(pos, "d1e1").find("own piece stands on e1"), std::string::npos);
    // The mover's own king left in check: the opponent would take it.
    auto pinned = testing::fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
    EXPECT_NE(refusal(pinned, "e2d3").find("White's king would stand in check"), std::string::npos);
    auto capture_king = testing::fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    EXPECT_NE(refusal(capture_king, "a1e8").find("a king cannot be captured"), std::string::npos);
}

TEST(PositionEdit, ParsesMovesAsSquaresAndSaysWhatIsWrong) {
    auto m = parse_physical_move("e7e8q");
    ASSERT_TRUE(m);
    EXPECT_EQ(m->from, SQ_E7);
    EXPECT_EQ(m->to, SQ_E8);
    EXPECT_EQ(m->promotion, QUEEN);
    EXPECT_EQ(to_string(*m), "e7e8q");
    EXPECT_NE(parse_physical_move("e7").error().find("from and to squares"), std::string::npos);
    EXPECT_NE(parse_physical_move("e9e8").error().find("two squares"), std::string::npos);
    EXPECT_NE(parse_physical_move("e4e4").error().find("another"), std::string::npos);
    EXPECT_NE(parse_physical_move("e7e8k").error().find("'k'"), std::string::npos);
}

TEST(PositionEdit, AnEditKeepsTheCountersAndDropsEnPassant) {
    auto pos = testing::fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 33");
    PositionEdit e = edit_of(pos);
    e.board[SQ_D5] = NO_PIECE;
    auto edited = position_of(e);
    ASSERT_TRUE(edited);
    EXPECT_EQ(edited->fen(), "4k3/8/8/4P3/8/8/8/4K3 w - - 0 33");
    e.board[SQ_E8] = NO_PIECE;
    EXPECT_FALSE(position_of(e));  // no black king
}

}  // namespace
}  // namespace venue::chess
