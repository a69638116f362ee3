// Substitutions in Grassi's ChessBall (catalogue GCB-SOST-*, GCB-A22, GCB-A23): each entry of
// the seed's table checked by its id, and when a substitution may be made.
#include <gtest/gtest.h>

#include "games/grassi/rules/substitution.h"

namespace venue::games::grassi {
namespace {

using namespace chess;

// One test per entry of the table, named by its catalogue id (GCB-SOST-T01 ... T20).
#define SUBSTITUTION_ENTRY(ID, OUT, IN, MP)         \
    TEST(GCB_SOST_##ID, OUT##_For_##IN) {           \
        EXPECT_EQ(substitution_value(OUT, IN), MP); \
    }
SUBSTITUTION_ENTRY(T01, QUEEN, ROOK, 3)
SUBSTITUTION_ENTRY(T02, QUEEN, BISHOP, 5)
SUBSTITUTION_ENTRY(T03, QUEEN, KNIGHT, 5)
SUBSTITUTION_ENTRY(T04, QUEEN, PAWN, 10)
SUBSTITUTION_ENTRY(T05, ROOK, QUEEN, -5)
SUBSTITUTION_ENTRY(T06, ROOK, BISHOP, 3)
SUBSTITUTION_ENTRY(T07, ROOK, KNIGHT, 3)
SUBSTITUTION_ENTRY(T08, ROOK, PAWN, 7)
SUBSTITUTION_ENTRY(T09, BISHOP, QUEEN, -8)
SUBSTITUTION_ENTRY(T10, BISHOP, ROOK, -5)
SUBSTITUTION_ENTRY(T11, BISHOP, KNIGHT, 0)
SUBSTITUTION_ENTRY(T12, BISHOP, PAWN, 4)
SUBSTITUTION_ENTRY(T13, KNIGHT, QUEEN, -8)
SUBSTITUTION_ENTRY(T14, KNIGHT, ROOK, -5)
SUBSTITUTION_ENTRY(T15, KNIGHT, BISHOP, 0)
SUBSTITUTION_ENTRY(T16, KNIGHT, PAWN, 4)
SUBSTITUTION_ENTRY(T17, PAWN, QUEEN, -15)
SUBSTITUTION_ENTRY(T18, PAWN, ROOK, -10)
SUBSTITUTION_ENTRY(T19, PAWN, BISHOP, -7)
SUBSTITUTION_ENTRY(T20, PAWN, KNIGHT, -7)
#undef SUBSTITUTION_ENTRY

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
