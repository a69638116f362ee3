// A side's formation in Chess Eleven (catalogue C11-FORM-*, C11-SUB-1, C11-A1..A3, A16): each
// clause checked with a formation that breaks it and one that does not.
#include <gtest/gtest.h>

#include "chess/uci.h"
#include "eleven_test_field.h"
#include "games/eleven/rules/formation.h"

namespace venue::games::eleven {
namespace {

using namespace chess;
using testing::field;

const FormationRound DECLARED{QUEEN, false};

// The default formations of both sides, as one field.
Placement both_defaults(const ElevenRules& rules = {}) {
    Placement p = default_formation(WHITE, rules);
    const Placement b = default_formation(BLACK, rules);
    for (int s = 0; s < SQUARE_NB; ++s)
        if (b[std::size_t(s)] != NO_PIECE) p[std::size_t(s)] = b[std::size_t(s)];
    return p;
}

std::string clauses(const std::vector<FormationProblem>& problems) {
    std::string s;
    for (const auto& p : problems) s += (s.empty() ? "" : " ") + p.clause;
    return s;
}

TEST(C11_A3, TheDefaultFormationIsValidForBothSides) {
    const Placement p = both_defaults();
    EXPECT_EQ(board_text(p), "rnbk1bnr/2pppp2/8/8/8/8/2PPPP2/RNBK1BNR");
    EXPECT_TRUE(formation_problems(p, WHITE, {DEFAULT_SUBSTITUTE, false}, {}).empty());
    EXPECT_TRUE(formation_problems(p, BLACK, {DEFAULT_SUBSTITUTE, false}, {}).empty());
}

TEST(C11_FORM_3, AFormationHasElevenPieces) {
    Placement p = both_defaults();
    p[SQ_A1] = NO_PIECE;
    auto problems = formation_problems(p, WHITE, DECLARED, {});
    ASSERT_EQ(clauses(problems), "C11-FORM-3");
    EXPECT_EQ(
        problems[0].words,
        "White has 10 pieces on the field: a formation has 11 (the king, 4 pawns and 6 more)");
    // The other side is not judged by White's pieces.
    EXPECT_TRUE(formation_problems(p, BLACK, DECLARED, {}).empty());
}

TEST(C11_FORM_2, AFormationHasTheKingAndFourPawns) {
    // A knight for the f2 pawn: 11 pieces, 3 pawns.
    Placement p = both_defaults();
    p[SQ_F2] = NO_PIECE;
    p[SQ_B2] = W_QUEEN;
    auto problems = formation_problems(p, WHITE, {PAWN, false}, {});
    ASSERT_EQ(clauses(problems), "C11-FORM-2");
    EXPECT_EQ(problems[0].words, "White has 3 pawns: a formation has at least 4");
    // Two kings.
    p = both_defaults();
    p[SQ_E1] = W_KING;
    p[SQ_A1] = NO_PIECE;
    EXPECT_NE(clauses(formation_problems(p, WHITE, DECLARED, {})).find("C11-FORM-2"),
              std::string::npos);
}

TEST(C11_FORM_5, TheKingKeepsGoalOnTheSquareOfItsOwnColour) {
    Placement p = both_defaults();
    p[SQ_D1] = NO_PIECE;
    p[SQ_E1] = W_KING;
    auto problems = formation_problems(p, WHITE, DECLARED, {});
    ASSERT_EQ(clauses(problems), "C11-FORM-5");
    EXPECT_EQ(problems[0].words, "White's king is on e1: it keeps goal on d1 (C11-A1)");
}

TEST(C11_A1, TheKingSquareIsD1AndD8ByDefaultAndAnAlternativeMovesIt) {
    EXPECT_EQ(king_home(WHITE, {}), SQ_D1);  // d1 is light: White's colour
    EXPECT_EQ(king_home(BLACK, {}), SQ_D8);  // d8 is dark: Black's
    ElevenRules e_file;
    e_file.king_square = KingSquare::E_FILE;
    EXPECT_EQ(king_home(WHITE, e_file), SQ_E1);
    const Placement p = both_defaults(e_file);
    EXPECT_EQ(p[SQ_E8], B_KING);
    EXPECT_TRUE(formation_problems(p, BLACK, DECLARED, e_file).empty());
    EXPECT_EQ(clauses(formation_problems(p, BLACK, DECLARED, {})), "C11-FORM-5");
    ElevenRules either;
    either.king_square = KingSquare::EITHER_GOAL_SQUARE;
    EXPECT_TRUE(formation_problems(p, BLACK, DECLARED, either).empty());
}

TEST(C11_FORM_6, APawnStandsInFrontOfTheKing) {
    // The d2 pawn on b2: still four pawns, none in front of the king.
    Placement p = both_defaults();
    p[SQ_D2] = NO_PIECE;
    p[SQ_B2] = W_PAWN;
    auto problems = formation_problems(p, WHITE, DECLARED, {});
    ASSERT_EQ(clauses(problems), "C11-FORM-6");
    EXPECT_EQ(problems[0].words, "no White pawn in front of the king (d2)");
    // Black's king's pawn is on d7.
    p = both_defaults();
    p[SQ_D7] = B_KNIGHT;
    p[SQ_B8] = NO_PIECE;
    p[SQ_B7] = B_PAWN;
    EXPECT_EQ(clauses(formation_problems(p, BLACK, DECLARED, {})), "C11-FORM-6");
}

TEST(C11_FORM_7, EveryPieceStandsOnItsFirstThreeRanks) {
    Placement p = both_defaults();
    p[SQ_G1] = NO_PIECE;
    p[SQ_G4] = W_KNIGHT;
    p[SQ_B8] = NO_PIECE;
    p[SQ_B6] = B_KNIGHT;  // Black's third rank: fine
    auto problems = formation_problems(p, WHITE, DECLARED, {});
    ASSERT_EQ(clauses(problems), "C11-FORM-7");
    EXPECT_EQ(problems[0].words, "White's pieces must stand on its first three ranks: g4 does not");
    EXPECT_TRUE(formation_problems(p, BLACK, DECLARED, {}).empty());
}

TEST(C11_FORM_4, TheSubstituteIsDeclaredAndIsNotAKing) {
    const Placement p = both_defaults();
    EXPECT_EQ(clauses(formation_problems(p, WHITE, {std::nullopt, false}, {})), "C11-FORM-4");
    EXPECT_EQ(clauses(formation_problems(p, WHITE, {KING, false}, {})), "C11-FORM-4");
    EXPECT_TRUE(formation_problems(p, WHITE, {QUEEN, false}, {}).empty());
}

TEST(C11_A2, TheFieldAndTheSubstituteComeFromOneSet) {
    const Placement p = both_defaults();
    // The default field holds both knights: a third one as substitute is not in the set.
    auto problems = formation_problems(p, WHITE, {KNIGHT, false}, {});
    ASSERT_EQ(clauses(problems), "C11-A2");
    EXPECT_EQ(problems[0].words, "White uses 3 knights, with its substitute: one set has 2");
    // Extra pawns are allowed, up to the set's eight.
    EXPECT_TRUE(formation_problems(p, WHITE, {PAWN, false}, {}).empty());
    ElevenRules no_pawn_sub;
    no_pawn_sub.substitute_nonpawn = true;
    EXPECT_EQ(clauses(formation_problems(p, WHITE, {PAWN, false}, no_pawn_sub)), "C11-A2");
    ElevenRules unlimited;
    unlimited.piece_pool = PiecePool::UNLIMITED;
    EXPECT_TRUE(formation_problems(p, WHITE, {KNIGHT, false}, unlimited).empty());
}

TEST(C11_SUB_1, AnUpgradedPawnLeavesThreePawnsAndTheSubstituteOnTheField) {
    // The c2 pawn replaced by the substitute queen.
    Placement p = both_defaults();
    p[SQ_C2] = W_QUEEN;
    EXPECT_TRUE(formation_problems(p, WHITE, {QUEEN, true}, {}).empty());
    // Not an upgrade this round: three pawns are too few.
    EXPECT_EQ(clauses(formation_problems(p, WHITE, {QUEEN, false}, {})), "C11-FORM-2 C11-A2");
}

TEST(C11Field, APlacementReadsAndWritesTheBoardOfAFen) {
    auto p = placement_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    ASSERT_TRUE(p);
    EXPECT_EQ((*p)[SQ_E4], W_PAWN);
    EXPECT_EQ((*p)[SQ_E8], B_KING);
    EXPECT_EQ(board_text(*p), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    EXPECT_FALSE(placement_of("rnbqkbnr/ppppXppp/8/8/8/8/8/8"));
    EXPECT_FALSE(placement_of("8/8/8/8/8/8/8"));
    EXPECT_FALSE(placement_of("9/8/8/8/8/8/8/8"));
}

}  // namespace
}  // namespace venue::games::eleven
