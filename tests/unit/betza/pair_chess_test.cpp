// The chess of a pushed-together pair: legality, pawns on foreign half-boards, friends and foes,
// check judged on the pair (BETZA-1, 0.2, 4, X.1, 5.1, 7.1, 7.2, 7.4, A4, A6, A10, A20).
#include <gtest/gtest.h>

#include <algorithm>

#include "betza_setup.h"

namespace venue::games::betza {
namespace {

using namespace chess;
using namespace test;

std::vector<Move> moves_of(const ArmyPosition& p, int army, const Pair& pair,
                           const BetzaRules& rules = {}) {
    return legal_moves(p, rules, army, pair, std::nullopt);
}

// The destinations, as half-board squares, of the piece on `from`.
std::vector<HalfSquare> targets(const ArmyPosition& p, int army, const Pair& pair, HalfSquare from,
                                const BetzaRules& rules = {}) {
    std::vector<HalfSquare> out;
    for (Move m : moves_of(p, army, pair, rules))
        if (half_square(pair, m.from()) == from) out.push_back(half_square(pair, m.to()));
    return out;
}

bool contains(const std::vector<HalfSquare>& v, HalfSquare s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

TEST(BETZA_1, ChessLegalityAppliesOnTheJoinedBoard) {
    const ArmyPosition start =
        ArmyPosition::start({Layout::WHITE, Layout::BLACK, Layout::WHITE, Layout::BLACK});
    EXPECT_EQ(moves_of(start, 0, {0, 1}).size(), 20u);
    EXPECT_EQ(moves_of(start, 0, {0, 2}).size(), 20u);
    // A pin holds on the pair where the pinning rook stands, and only there.
    ArmyPosition p = empty_boards(3);
    kings_at_home(p, 0);
    put(p, 0, KING, 0, 4, 0);
    put(p, 0, BISHOP, 0, 4, 1);
    put(p, 1, ROOK, 1, 3, 0);  // on the pair (0, 1): e8, on the king's file
    EXPECT_TRUE(targets(p, 0, {0, 1}, {0, 4, 1}).empty());
    EXPECT_FALSE(targets(p, 0, {0, 2}, {0, 4, 1}).empty());
}

TEST(BETZA_0_2, AMoveIsAnyLegalMoveOnTheTwoPushedBoards) {
    ArmyPosition p = empty_boards(3);
    kings_at_home(p);
    put(p, 0, QUEEN, 0, 3, 3);
    // The queen reaches squares of whichever board is pushed against hers, and only those.
    const auto with_1 = targets(p, 0, {0, 1}, {0, 3, 3});
    const auto with_2 = targets(p, 0, {0, 2}, {0, 3, 3});
    EXPECT_TRUE(contains(with_1, HalfSquare{1, 4, 0}));  // d8 of the pair: board 1's (4, 0)
    EXPECT_TRUE(contains(with_2, HalfSquare{2, 4, 0}));
    for (HalfSquare s : with_1) EXPECT_NE(s.board, 2);
}

TEST(BETZA_4, MovesCrossTheJoinOntoThePartnerBoard) {
    ArmyPosition p = empty_boards(2);
    kings_at_home(p);
    put(p, 0, KNIGHT, 0, 1, 3);  // b4
    put(p, 1, PAWN, 1, 4, 3);    // on the pair (0, 1): d5
    const auto t = targets(p, 0, {0, 1}, {0, 1, 3});
    EXPECT_TRUE(contains(t, HalfSquare{1, 5, 2}));  // c6 of the pair: board 1's (5, 2)
    EXPECT_TRUE(contains(t, HalfSquare{1, 4, 3}));  // takes on d5 across the join
    EXPECT_TRUE(contains(t, HalfSquare{0, 3, 2}));  // d3, at home
}

TEST(BETZA_X_1, APawnMovesTowardTheJoinAtHomeAndAwayFromItElsewhere) {
    ArmyPosition p = empty_boards(3);
    kings_at_home(p);
    put(p, 0, PAWN, 0, 2, 2);  // home board
    put(p, 0, PAWN, 1, 5, 2);  // army 1's board: foreign
    for (Pair pair : {Pair{0, 1}, Pair{1, 0}}) {
        EXPECT_EQ(targets(p, 0, pair, {0, 2, 2}), (std::vector<HalfSquare>{{0, 2, 3}}));
        EXPECT_EQ(targets(p, 0, pair, {1, 5, 2}), (std::vector<HalfSquare>{{1, 5, 1}}));
    }
    // From the home board's inner edge the pawn crosses the join and goes on the same way.
    put(p, 0, PAWN, 0, 6, 3);
    EXPECT_EQ(targets(p, 0, {0, 2}, {0, 6, 3}), (std::vector<HalfSquare>{{2, 1, 3}}));
}

TEST(BETZA_A4, DoubleStepFromHomeOnlyPromotionOnAForeignOuterEdge) {
    ArmyPosition p = empty_boards(3);
    kings_at_home(p);
    put(p, 0, PAWN, 0, 1, 1);  // its starting square
    put(p, 0, PAWN, 1, 2, 2);  // a foreign board: no double step
    put(p, 0, PAWN, 2, 5, 1);  // one step from board 2's outer edge
    EXPECT_EQ(targets(p, 0, {0, 1}, {0, 1, 1}).size(), 2u);
    EXPECT_EQ(targets(p, 0, {0, 1}, {1, 2, 2}).size(), 1u);
    int promotions = 0;
    for (Move m : moves_of(p, 0, {0, 2}))
        if (m.kind() == MoveKind::PROMOTION) {
            ++promotions;
            EXPECT_EQ(half_square({0, 2}, m.to()), (HalfSquare{2, 5, 0}));
        }
    EXPECT_EQ(promotions, 4);  // queen, rook, bishop, knight
    // Never on the home board: there a pawn only moves toward the join, so the move from the
    // inner edge goes onto the partner board without promoting.
    put(p, 0, PAWN, 0, 6, 3);
    for (Move m : moves_of(p, 0, {0, 1}))
        if (half_square({0, 1}, m.from()) == HalfSquare{0, 6, 3}) {
            EXPECT_EQ(m.kind(), MoveKind::NORMAL);
        }
    // The alternatives: pawns always head for the join.
    BetzaRules toward;
    toward.pawn_forward = PawnForward::ALWAYS_TOWARD_JOIN;
    EXPECT_EQ(targets(p, 0, {0, 1}, {1, 2, 2}, toward), (std::vector<HalfSquare>{{1, 2, 3}}));
    EXPECT_EQ(BetzaRules{}.promotion_zone, PromotionZone::FOREIGN_OUTER_EDGE);
}

TEST(BETZA_7_1, ArmiesOfOnePlayerDoNotCheckEachOther) {
    ArmyPosition p = empty_boards(3);
    kings_at_home(p);
    put(p, 2, ROOK, 2, 0, 0);  // on the pair (0, 2): h8, on army 0's king's file
    EXPECT_TRUE(in_check(p, BetzaRules{}, 0, {0, 2}));
    p.controller[2] = 0;  // player 0 now controls army 2 as well
    EXPECT_FALSE(in_check(p, BetzaRules{}, 0, {0, 2}));
}

TEST(BETZA_7_2, PiecesOfEveryOtherPlayerGiveCheckAndMakeMatingNets) {
    ArmyPosition p = empty_boards(4);
    kings_at_home(p);
    put(p, 3, ROOK, 2, 0, 0);  // army 3's rook, standing on board 2
    EXPECT_TRUE(in_check(p, BetzaRules{}, 0, {0, 2}));
    EXPECT_FALSE(in_check(p, BetzaRules{}, 0, {0, 1}));  // and only on that pair
}

TEST(BETZA_5_1, AlliedPiecesStillGiveCheck) {
    ArmyPosition p = empty_boards(3);
    kings_at_home(p);
    put(p, 2, ROOK, 2, 0, 0);
    BetzaRules r;
    r.record_alliances = true;
    BetzaGame g(p, r, {1, 0, 2});
    accepted(g.record_alliance(0, 2));
    EXPECT_EQ(g.alliances().size(), 1u);
    EXPECT_TRUE(in_check(g.position(), g.rules(), 0, {0, 2}));
}

TEST(BETZA_A20, CoControlledPiecesAreFriendsUnlessTheOptionSaysOtherwise) {
    ArmyPosition p = empty_boards(3);
    kings_at_home(p);
    put(p, 0, ROOK, 0, 0, 0);
    put(p, 2, KNIGHT, 0, 0, 3);  // army 2's knight on a4 of board 0
    p.controller[2] = 0;
    EXPECT_FALSE(contains(targets(p, 0, {0, 1}, {0, 0, 0}), HalfSquare{0, 0, 3}));
    BetzaRules r;
    r.capture_own_controlled = true;
    EXPECT_TRUE(contains(targets(p, 0, {0, 1}, {0, 0, 0}, r), HalfSquare{0, 0, 3}));
    // Never a piece of the mover's own army.
    put(p, 0, KNIGHT, 0, 0, 2);
    EXPECT_FALSE(contains(targets(p, 0, {0, 1}, {0, 0, 0}, r), HalfSquare{0, 0, 2}));
}

TEST(BETZA_A10, AKingIsNeverCaptured) {
    ArmyPosition p = empty_boards(3);
    kings_at_home(p);
    put(p, 0, ROOK, 0, 0, 0);  // a1; army 1's king is a8 on the pair (0, 1)
    EXPECT_TRUE(in_check(p, BetzaRules{}, 1, {0, 1}));
    EXPECT_FALSE(contains(targets(p, 0, {0, 1}, {0, 0, 0}), HalfSquare{1, 7, 0}));
    EXPECT_TRUE(contains(targets(p, 0, {0, 1}, {0, 0, 0}), HalfSquare{1, 7, 1}));
}

TEST(BETZA_7_4, ALegalMoveMayLeaveTheKingInCheckOnAnotherPairing) {
    ArmyPosition p = empty_boards(3);
    kings_at_home(p, 0);
    put(p, 0, KING, 0, 4, 0);    // e1
    put(p, 0, KNIGHT, 0, 4, 1);  // e2, between the king and army 2's rook
    put(p, 2, ROOK, 2, 3, 0);    // on the pair (0, 2): e8
    EXPECT_TRUE(targets(p, 0, {0, 2}, {0, 4, 1}).empty());  // pinned there
    BetzaGame g(p, BetzaRules{}, seating(3));
    accepted(g.play(0, {0, 1}, Move(SQ_E2, SQ_C3)));  // legal on (0, 1)
    EXPECT_FALSE(in_check(g.position(), g.rules(), 0, {0, 1}));
    EXPECT_TRUE(in_check(g.position(), g.rules(), 0, {0, 2}));
}

// Army 1 (Black's layout: king on d, as its player sees it) on its home board 1, king and rooks
// unmoved; army 2's rook watches the square the king crosses toward the a-file rook, but only on
// the pair (1, 2).
ArmyPosition castling_position() {
    ArmyPosition p = empty_boards(3);
    put(p, 0, KING, 0, 7, 0);
    put(p, 2, KING, 2, 7, 0);
    put(p, 1, KING, 1, 3, 0, true);
    put(p, 1, ROOK, 1, 0, 0, true);
    put(p, 1, ROOK, 1, 7, 0, true);
    put(p, 2, ROOK, 2, 5, 0);  // on the pair (1, 2): c8, watching c1
    return p;
}

TEST(BETZA_A6, CastlingOnTheHomeBoardWithCheckJudgedOnThePair) {
    const ArmyPosition p = castling_position();
    auto castlings = [&](const Pair& pair, const BetzaRules& rules) {
        std::vector<HalfSquare> to;
        for (Move m : moves_of(p, 1, pair, rules))
            if (m.kind() == MoveKind::CASTLING) to.push_back(half_square(pair, m.to()));
        return to;
    };
    EXPECT_EQ(castlings({1, 0}, {}).size(), 2u);
    EXPECT_EQ(castlings({1, 2}, {}), (std::vector<HalfSquare>{{1, 5, 0}}));  // not through c1
    BetzaRules off;
    off.castling = false;
    EXPECT_TRUE(castlings({1, 0}, off).empty());
    // The rook jumps to the square the king crossed.
    BetzaGame g(p, BetzaRules{}, {1, 2, 0});
    accepted(g.play(1, {1, 0}, Move(SQ_D1, SQ_B1)));
    EXPECT_EQ(g.position().at({1, 1, 0}).type, KING);
    EXPECT_EQ(g.position().at({1, 2, 0}).type, ROOK);
    EXPECT_TRUE(g.position().at({1, 0, 0}).empty());
}

}  // namespace
}  // namespace venue::games::betza
