// Draw rules of the Laws of Chess and game status.
#include "chess/game.h"

#include "chess/material.h"
#include "test_util.h"

namespace venue::chess {
namespace {

using testing::fen;

void play_uci(Game& g, std::initializer_list<const char*> moves) {
    for (const char* text : moves) {
        auto m = parse_uci(g.position(), text);
        ASSERT_TRUE(m) << text;
        ASSERT_TRUE(g.play(*m));
    }
}

TEST(Repetition, KnightShuffleCountsAndClaims) {
    Game g;
    EXPECT_EQ(g.repetition_count(), 1);
    play_uci(g, {"g1f3", "g8f6", "f3g1", "f6g8"});
    EXPECT_EQ(g.repetition_count(), 2);
    EXPECT_FALSE(g.can_claim_threefold());
    // Claim with the intended move (Art. 9.2.1.1) before it is made.
    play_uci(g, {"g1f3", "g8f6", "f3g1"});
    EXPECT_TRUE(g.can_claim_threefold_with(*parse_uci(g.position(), "f6g8")));
    play_uci(g, {"f6g8"});
    EXPECT_EQ(g.repetition_count(), 3);
    EXPECT_TRUE(g.can_claim_threefold());
    EXPECT_EQ(g.status(), GameStatus::ONGOING);  // threefold must be claimed
    play_uci(g, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"});
    EXPECT_EQ(g.repetition_count(), 5);
    EXPECT_EQ(g.status(), GameStatus::FIVEFOLD_REPETITION);
}

TEST(Repetition, EnPassantPossibilityMakesPositionsDiffer) {
    // After 1.e4 (no black pawn can take e.p.) the position equals the same
    // placement reached otherwise; with a pawn able to take e.p. it does not.
    Game a(fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    play_uci(a, {"e2e4"});
    Game b(fen("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"));
    EXPECT_EQ(a.position().key(), b.position().key());

    Game c(fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1"));
    play_uci(c, {"e2e4"});
    Game d(fen("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1"));
    EXPECT_TRUE(c.position().en_passant_possible());
    EXPECT_NE(c.position().key(), d.position().key());
}

TEST(Repetition, CastlingRightsMakePositionsDiffer) {
    Game g(fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    // The kings go out and back: same placement, but rights are gone.
    play_uci(g, {"e1f1", "e8f8", "f1e1", "f8e8"});
    EXPECT_EQ(g.repetition_count(), 1);
    play_uci(g, {"e1f1", "e8f8", "f1e1", "f8e8"});
    EXPECT_EQ(g.repetition_count(), 2);
}

TEST(FiftyMoves, ClaimAt100PliesAutomaticAt150) {
    Game g(fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
    EXPECT_FALSE(g.can_claim_fifty_moves());
    EXPECT_TRUE(g.can_claim_fifty_moves_with(*parse_uci(g.position(), "a1a2")));
    play_uci(g, {"a1a2", "e8d8"});
    EXPECT_TRUE(g.can_claim_fifty_moves());
    EXPECT_EQ(g.status(), GameStatus::ONGOING);

    Game h(fen("4k3/8/8/8/8/8/8/R3K3 w - - 149 120"));
    play_uci(h, {"a1a2"});
    EXPECT_EQ(h.status(), GameStatus::SEVENTY_FIVE_MOVES);
}

TEST(FiftyMoves, CheckmateOnThe75thMoveStands) {
    Game g(fen("6k1/5ppp/8/8/8/8/8/R3K3 w - - 149 120"));
    play_uci(g, {"a1a8"});
    EXPECT_EQ(g.status(), GameStatus::CHECKMATE);
}

TEST(FiftyMoves, PawnMoveOrCaptureResets) {
    Game g(fen("4k3/4p3/8/8/8/8/8/R3K3 b - - 60 80"));
    play_uci(g, {"e7e6"});
    EXPECT_EQ(g.position().halfmove_clock(), 0);
}

TEST(Status, MateStalemateDead) {
    Game mate;
    play_uci(mate, {"f2f3", "e7e5", "g2g4", "d8h4"});
    EXPECT_EQ(mate.status(), GameStatus::CHECKMATE);
    EXPECT_EQ(Game(fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")).status(), GameStatus::STALEMATE);
    EXPECT_EQ(Game(fen("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1")).status(), GameStatus::DEAD_POSITION);
}

TEST(Undo, RestoresThePreviousPosition) {
    Game g;
    play_uci(g, {"e2e4", "e7e5"});
    g.undo();
    EXPECT_EQ(g.ply_count(), 1u);
    EXPECT_EQ(g.position().fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    EXPECT_FALSE(g.play(Move(SQ_E2, SQ_E4)));  // illegal moves change nothing
    EXPECT_EQ(g.ply_count(), 1u);
}

struct MaterialCase {
    const char* fen;
    bool white_can_mate;
    bool black_can_mate;
};

class CouldCheckmate : public ::testing::TestWithParam<MaterialCase> {};

TEST_P(CouldCheckmate, StandardCases) {
    auto pos = fen(GetParam().fen);
    EXPECT_EQ(could_checkmate(pos, WHITE), GetParam().white_can_mate) << GetParam().fen;
    EXPECT_EQ(could_checkmate(pos, BLACK), GetParam().black_can_mate) << GetParam().fen;
}

INSTANTIATE_TEST_SUITE_P(
    Laws, CouldCheckmate,
    ::testing::Values(MaterialCase{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, false},   // K v K
                      MaterialCase{"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", false, false},  // KN v K
                      MaterialCase{"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", false, false},  // KB v K
                      MaterialCase{"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", false,
                                   false},                                            // same colour
                      MaterialCase{"4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", true, true},  // opposite
                      MaterialCase{"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", true, false},   // KNN v K
                      MaterialCase{"4k3/8/8/8/8/8/8/4KN1r w - - 0 1", true, true},    // KN v KR
                      MaterialCase{"4k3/8/8/8/8/8/8/4K2Q w - - 0 1", true, false},    // KQ v K
                      MaterialCase{"4k3/p7/8/8/8/8/8/4K3 w - - 0 1", false, true}));  // KP

}  // namespace
}  // namespace venue::chess
