// Substitutions in Grassi's ChessBall (catalogue GCB-SOST-*, GCB-A22, GCB-A23): each entry of
// the seed's table checked by its id, and when a substitution may be made.
#include <gtest/gtest.h>

#include "games/grassi/rules/substitution.h"

namespace venue::games::grassi {
namespace {

using namespace chess;

// One test per entry of the table, named by its catalogue id (GCB-SOST-T01 ... T20).
TEST(GCB_SOST_T01, QueenOutRookIn) {
    EXPECT_EQ(substitution_value(QUEEN, ROOK), 3);
}
TEST(GCB_SOST_T02, QueenOutBishopIn) {
    EXPECT_EQ(substitution_value(QUEEN, BISHOP), 5);
}
TEST(GCB_SOST_T03, QueenOutKnightIn) {
    EXPECT_EQ(substitution_value(QUEEN, KNIGHT), 5);
}
TEST(GCB_SOST_T04, QueenOutPawnIn) {
    EXPECT_EQ(substitution_value(QUEEN, PAWN), 10);
}
TEST(GCB_SOST_T05, RookOutQueenIn) {
    EXPECT_EQ(substitution_value(ROOK, QUEEN), -5);
}
TEST(GCB_SOST_T06, RookOutBishopIn) {
    EXPECT_EQ(substitution_value(ROOK, BISHOP), 3);
}
TEST(GCB_SOST_T07, RookOutKnightIn) {
    EXPECT_EQ(substitution_value(ROOK, KNIGHT), 3);
}
TEST(GCB_SOST_T08, RookOutPawnIn) {
    EXPECT_EQ(substitution_value(ROOK, PAWN), 7);
}
TEST(GCB_SOST_T09, BishopOutQueenIn) {
    EXPECT_EQ(substitution_value(BISHOP, QUEEN), -8);
}
TEST(GCB_SOST_T10, BishopOutRookIn) {
    EXPECT_EQ(substitution_value(BISHOP, ROOK), -5);
}
TEST(GCB_SOST_T11, BishopOutKnightIn) {
    EXPECT_EQ(substitution_value(BISHOP, KNIGHT), 0);
}
TEST(GCB_SOST_T12, BishopOutPawnIn) {
    EXPECT_EQ(substitution_value(BISHOP, PAWN), 4);
}
TEST(GCB_SOST_T13, KnightOutQueenIn) {
    EXPECT_EQ(substitution_value(KNIGHT, QUEEN), -8);
}
TEST(GCB_SOST_T14, KnightOutRookIn) {
    EXPECT_EQ(substitution_value(KNIGHT, ROOK), -5);
}
TEST(GCB_SOST_T15, KnightOutBishopIn) {
    EXPECT_EQ(substitution_value(KNIGHT, BISHOP), 0);
}
TEST(GCB_SOST_T16, KnightOutPawnIn) {
    EXPECT_EQ(substitution_value(KNIGHT, PAWN), 4);
}
TEST(GCB_SOST_T17, PawnOutQueenIn) {
    EXPECT_EQ(substitution_value(PAWN, QUEEN), -15);
}
TEST(GCB_SOST_T18, PawnOutRookIn) {
    EXPECT_EQ(substitution_value(PAWN, ROOK), -10);
}
TEST(GCB_SOST_T19, PawnOutBishopIn) {
    EXPECT_EQ(substitution_value(PAWN, BISHOP), -7);
}
TEST(GCB_SOST_T20, PawnOutKnightIn) {
    EXPECT_EQ(substitution_value(PAWN, KNIGHT), -7);
}

TEST(GCB_SOST_2, TheTableIsDataAndNotSymmetric) {
    EXPECT_EQ(substitution_value(ROOK, QUEEN), -5);
    EXPECT_EQ(substitution_value(QUEEN, ROOK), 3);
    EXPECT_FALSE(substitution_value(ROOK, ROOK));
}

TEST(GCB_SOST_4, TheKingIsNeverSubstituted) {
    const auto p = substitution_problem(KING, QUEEN, 18, 5, std::nullopt, {});
    ASSERT_TRUE(p);
    EXPECT_EQ(p->clause, "GCB-SOST-4");
    EXPECT_FALSE(substitution_value(KING, QUEEN));
}

TEST(GCB_SOST_1, OneSubstitutionEveryThreeTurns) {
    EXPECT_FALSE(substitution_problem(ROOK, BISHOP, 10, 4, 1, {}));  // 1 + 3 = 4
    const auto p = substitution_problem(ROOK, BISHOP, 10, 3, 1, {});
    ASSERT_TRUE(p);
    EXPECT_EQ(p->clause, "GCB-A23");
    EXPECT_EQ(p->words, "one substitution every 3 turns: the next from turn 4");
}

TEST(GCB_A23, TheWindowSlidesFromTheLastSubstitution) {
    EXPECT_TRUE(substitution_problem(ROOK, BISHOP, 10, 9, 7, {}));
    EXPECT_FALSE(substitution_problem(ROOK, BISHOP, 10, 10, 7, {}));
}

TEST(GCB_A22, PlusValuesAreAddedAndMinusValuesPaidFromThePool) {
    EXPECT_EQ(substitution_mp(3, {}), 3);
    EXPECT_EQ(substitution_mp(-15, {}), -15);
    const auto p = substitution_problem(PAWN, QUEEN, 14, 5, std::nullopt, {});
    ASSERT_TRUE(p);
    EXPECT_EQ(p->clause, "GCB-A22");
    EXPECT_EQ(p->words, "pawn for queen costs 15 MP; 14 left");
    EXPECT_FALSE(substitution_problem(PAWN, QUEEN, 15, 5, std::nullopt, {}));
    GrassiRules cost;
    cost.sub_sign = SubSign::PLUS_IS_COST;
    EXPECT_EQ(substitution_mp(3, cost), -3);
    EXPECT_TRUE(substitution_problem(QUEEN, PAWN, 9, 5, std::nullopt, cost));  // pays 10
}

}  // namespace
}  // namespace venue::games::grassi
