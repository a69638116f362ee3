#include <gtest/gtest.h>

#include "chess/position.h"

namespace venue::chess {
namespace {

TEST(Fen, StartPositionRoundTrips) {
    EXPECT_EQ(Position::start().fen(), Position::START_FEN);
}

TEST(Fen, RoundTripsAllFields) {
    for (const char* fen : {
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
             "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
             "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
             "8/8/8/8/8/8/8/K6k b - - 99 150",
             "r3k3/8/8/8/8/8/8/4K2R w Kq - 12 40",
         }) {
        auto pos = Position::from_fen(fen);
        ASSERT_TRUE(pos) << fen << ": " << pos.error().to_string();
        EXPECT_EQ(pos->fen(), fen);
        std::string why;
        EXPECT_TRUE(pos->is_ok(&why)) << why;
    }
}

TEST(Fen, MissingCountersDefault) {
    auto pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - -");
    ASSERT_TRUE(pos);
    EXPECT_EQ(pos->halfmove_clock(), 0);
    EXPECT_EQ(pos->fullmove_number(), 1);
}

struct BadFen {
    const char* fen;
    int field;
    const char* fragment;
};

class FenErrors : public ::testing::TestWithParam<BadFen> {};

TEST_P(FenErrors, NameTheField) {
    auto pos = Position::from_fen(GetParam().fen);
    ASSERT_FALSE(pos) << GetParam().fen;
    EXPECT_EQ(pos.error().field, GetParam().field) << pos.error().to_string();
    EXPECT_NE(pos.error().to_string().find(GetParam().fragment), std::string::npos)
        << pos.error().to_string();
}

INSTANTIATE_TEST_SUITE_P(
    All, FenErrors,
    ::testing::Values(
        BadFen{"", 1, "empty"}, BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 2, "missing"},
        BadFen{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "'9'"},
        BadFen{"rnbqkbnr/pppppppp/45/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "longer than 8"},
        BadFen{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "7 squares"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "7 ranks"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", 1, "'X'"},
        BadFen{"rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "black has 0 kings"},
        BadFen{"4k3/8/8/8/8/8/8/P3K3 w - - 0 1", 1, "pawn"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", 2, "'x'"},
        BadFen{"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", 2, "not to move is in check"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1", 3, "'X'"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", 3, "rook on h1"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", 3, "repeated"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", 4, "not a square"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", 4, "rank 6"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", 4, "no pawn"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -3 1", 5, "-3"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", 6, "positive"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", 7, "extra"}));

}  // namespace
}  // namespace venue::chess
