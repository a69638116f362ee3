#include "test_util.h"

namespace venue::chess {
namespace {

TEST(Uci, SquaresAndMoves) {
    EXPECT_EQ(square_to_string(SQ_A1), "a1");
    EXPECT_EQ(square_to_string(SQ_H8), "h8");
    EXPECT_EQ(parse_square("e4"), SQ_E4);
    EXPECT_EQ(parse_square("i4"), SQ_NONE);
    EXPECT_EQ(parse_square("e44"), SQ_NONE);
    EXPECT_EQ(to_uci(Move::make(SQ_A7, SQ_A8, MoveKind::PROMOTION, ROOK)), "a7a8r");
    EXPECT_EQ(to_uci(Move::none()), "0000");
}

TEST(Uci, ParseRefusesIllegalAndMalformed) {
    auto start = Position::start();
    EXPECT_TRUE(parse_uci(start, "e2e4"));
    EXPECT_FALSE(parse_uci(start, "e2e5"));
    EXPECT_FALSE(parse_uci(start, "e2"));
    EXPECT_FALSE(parse_uci(start, "z2e4"));
    auto promo = testing::fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_FALSE(parse_uci(promo, "a7a8"));
    EXPECT_FALSE(parse_uci(promo, "a7a8k"));
    EXPECT_TRUE(parse_uci(promo, "a7a8n"));
}

}  // namespace
}  // namespace venue::chess
