#include "chess/san.h"

#include "test_util.h"

namespace venue::chess {
namespace {

using testing::fen;

std::string san(const Position& pos, const char* uci) {
    return to_san(pos, *parse_uci(pos, uci));
}

TEST(SanWrite, PiecesPawnsCapturesPromotions) {
    auto start = Position::start();
    EXPECT_EQ(san(start, "e2e4"), "e4");
    EXPECT_EQ(san(start, "g1f3"), "Nf3");
    auto pos = testing::play(start, {"e2e4", "d7d5"});
    EXPECT_EQ(san(pos, "e4d5"), "exd5");
    auto promo = fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(san(promo, "a7a8q"), "a8=Q");  // the knight on b8 blocks the check
    EXPECT_EQ(san(promo, "a7b8n"), "axb8=N");
}

TEST(SanWrite, Disambiguation) {
    // Knights on b1 and f1 both reach d2: file. Rooks a1 and a5 both reach a3: rank.
    auto pos = fen("4k3/8/8/R7/8/8/8/RN2KN2 w - - 0 1");
    EXPECT_EQ(san(pos, "b1d2"), "Nbd2");
    EXPECT_EQ(san(pos, "a1a3"), "R1a3");
    EXPECT_EQ(san(pos, "a5a3"), "R5a3");
    // Queens b5, d5 and b3 all reach c4: b5 shares a file with b3 and a rank with d5.
    auto three = fen("7k/8/8/1Q1Q4/8/1Q6/8/K7 w - - 0 1");
    EXPECT_EQ(san(three, "b5c4"), "Qb5c4");
}

TEST(SanWrite, CastlingCheckAndMate) {
    auto pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(san(pos, "e1g1"), "O-O");
    EXPECT_EQ(san(pos, "e1c1"), "O-O-O");
    auto check = fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    EXPECT_EQ(san(check, "a1a8"), "Ra8+");
    auto mate = fen("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1");
    EXPECT_EQ(san(mate, "a1a8"), "Ra8#");
}

TEST(SanRead, AcceptsWhatPeopleWrite) {
    auto pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (const char* text : {"O-O", "0-0", "O-O+", "Kg1", "e1g1"})
        EXPECT_EQ(to_uci(*parse_san(pos, text)), "e1g1") << text;
    auto start = Position::start();
    for (const char* text : {"Nf3", "Ng1f3", "Ng1-f3", "Nf3!?", "N1f3"})
        EXPECT_EQ(to_uci(*parse_san(start, text)), "g1f3") << text;
    EXPECT_EQ(to_uci(*parse_san(start, "e2e4")), "e2e4");
    auto capture = testing::play(start, {"e2e4", "d7d5"});
    for (const char* text : {"exd5", "ed5", "e4xd5", "exd5!"})
        EXPECT_EQ(to_uci(*parse_san(capture, text)), "e4d5") << text;
    auto promo = fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    for (const char* text : {"a8=Q", "a8Q", "a8=Q+", "a8(Q)", "a8/Q"})
        EXPECT_EQ(to_uci(*parse_san(promo, text)), "a7a8q") << text;
    EXPECT_EQ(to_uci(*parse_san(promo, "axb8=N")), "a7b8n");
    auto ep = testing::play(fen("4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1"), {"e7e5"});
    EXPECT_EQ(to_uci(*parse_san(ep, "dxe6e.p.")), "d5e6");
}

TEST(SanRead, ErrorsSayWhy) {
    auto pos = fen("4k3/8/8/8/8/8/8/RN2KN2 w - - 0 1");
    auto amb = parse_san(pos, "Nd2");
    ASSERT_FALSE(amb);
    EXPECT_NE(amb.error().find("ambiguous"), std::string::npos) << amb.error();
    auto illegal = parse_san(Position::start(), "e5");
    ASSERT_FALSE(illegal);
    EXPECT_NE(illegal.error().find("not a legal move"), std::string::npos);
    auto no_promo = parse_san(fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), "a8");
    ASSERT_FALSE(no_promo);
    EXPECT_NE(no_promo.error().find("promotion"), std::string::npos);
    EXPECT_FALSE(parse_san(Position::start(), "Zz9"));
    EXPECT_FALSE(parse_san(Position::start(), ""));
}

TEST(SanRoundTrip, EveryMoveOfAWalk) {
    Position pos = Position::start();
    for (int i = 0; i < 400; ++i) {
        auto moves = legal_moves(pos);
        if (moves.empty()) break;
        for (Move m : moves) {
            auto back = parse_san(pos, to_san(pos, m));
            ASSERT_TRUE(back) << to_san(pos, m) << " in " << pos.fen();
            EXPECT_EQ(*back, m);
        }
        pos.do_move(moves[(i * 13 + 5) % moves.size()]);
    }
}

}  // namespace
}  // namespace venue::chess
