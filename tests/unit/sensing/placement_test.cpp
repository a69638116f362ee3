#include <gtest/gtest.h>

#include "sensing_test_util.h"

namespace venue::sensing::testing {
namespace {

using namespace chess;

TEST(Placement, OfStartPosition) {
    const Placement p = placement_of(Position::start());
    EXPECT_EQ(p[SQ_E1], W_KING);
    EXPECT_EQ(p[SQ_D8], B_QUEEN);
    EXPECT_EQ(p[SQ_E4], NO_PIECE);
    EXPECT_EQ(to_string(p), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
}

TEST(Placement, TextRoundTrip) {
    const char* text = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R";
    auto p = parse_placement(text);
    ASSERT_TRUE(p);
    EXPECT_EQ(to_string(*p), text);
    EXPECT_FALSE(parse_placement("8/8/8"));
    EXPECT_FALSE(parse_placement("9/8/8/8/8/8/8/8"));
    EXPECT_FALSE(parse_placement("8/8/8/8/8/8/8/7x"));
}

TEST(Placement, DifferingSquares) {
    const Position start = Position::start();
    const Placement after = board_after(start, {"e2e4"});
    EXPECT_EQ(differing_squares(after, start), square_bb(SQ_E2) | square_bb(SQ_E4));
    EXPECT_EQ(differing_squares(after, placement_of(start)), square_bb(SQ_E2) | square_bb(SQ_E4));
    EXPECT_TRUE(same_placement(after, [&] {
        Position p = start;
        p.do_move(uci(p, "e2e4"));
        return p;
    }()));
    EXPECT_EQ(squares_to_string(square_bb(SQ_E2) | square_bb(SQ_E4)), "e2 e4");
}

// The footprint of every legal move in positions rich in special moves shows exactly the
// position after the move: the identity the whole recogniser rests on.
TEST(Placement, FootprintAgreesWithDoMove) {
    for (const char* text :
         {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
          "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
          "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1"}) {
        const Position pos = fen(text);
        for (Move m : legal_moves(pos)) {
            Position after = pos;
            after.do_move(m);
            const Placement sensed = placement_of(after);
            const Bitboard diff = differing_squares(sensed, pos);
            EXPECT_TRUE(shows_after(sensed, diff, footprint(pos, m))) << text << " " << to_uci(m);
            EXPECT_EQ(differing_after(sensed, diff, footprint(pos, m)), 0u) << to_uci(m);
        }
    }
}

}  // namespace
}  // namespace venue::sensing::testing
