#include "games/eleven/rules/formation.h"

#include "chess/uci.h"

namespace venue::games::eleven {

using namespace chess;

namespace {

// "knight", "knights": a piece type in words for a count of n.
std::string count_words(PieceType pt, int n) {
    return std::string(type_name(pt)) + (n == 1 ? "" : "s");
}

// One standard set: what a side has to choose its field and its substitute from (C11-A2).
constexpr int SET[PIECE_TYPE_NB] = {0, 8, 2, 2, 2, 1, 1};

std::string squares_text(const std::vector<Square>& squares) {
    std::string s;
    for (std::size_t i = 0; i < squares.size(); ++i)
        s += (i ? ", " : "") + square_to_string(squares[i]);
    return s;
}

}  // namespace

std::vector<FormationProblem> formation_problems(const Placement& placement, Color side,
                                                 const FormationRound& round,
                                                 const ElevenRules& rules) {
    std::vector<FormationProblem> problems;
    const std::string who = color_name(side);
    int count[PIECE_TYPE_NB] = {};
    int total = 0;
    std::vector<Square> kings, outside;
    for (int s = 0; s < SQUARE_NB; ++s) {
        const Piece p = placement[std::size_t(s)];
        if (p == NO_PIECE || color_of(p) != side) continue;
        ++count[type_of(p)];
        ++total;
        if (type_of(p) == KING) kings.push_back(Square(s));
        if (relative_rank(side, rank_of(Square(s))) > 2) outside.push_back(Square(s));
    }

    if (total != 11)
        problems.push_back({"C11-FORM-3", who + " has " + std::to_string(total) +
                                              " pieces on the field: a formation has 11 (the "
                                              "king, 4 pawns and 6 more)"});
    if (kings.size() != 1)
        problems.push_back({"C11-FORM-2", who + " has " + std::to_string(kings.size()) +
                                              " kings on the field: a formation has one"});
    const int min_pawns = round.upgraded ? 3 : 4;
    if (count[PAWN] < min_pawns)
        problems.push_back({round.upgraded ? "C11-SUB-1" : "C11-FORM-2",
                            who + " has " + std::to_string(count[PAWN]) + " " +
                                count_words(PAWN, count[PAWN]) + ": a formation has at least " +
                                std::to_string(min_pawns) +
                                (round.upgraded ? " (one pawn is upgraded this round)" : "")});

    // The king keeps goal (C11-FORM-5, C11-A1) behind one of its pawns (C11-FORM-6).
    if (kings.size() == 1) {
        const Square k = kings.front();
        const bool home = rules.king_square == KingSquare::EITHER_GOAL_SQUARE
                              ? is_goal_square(side, k)
                              : k == king_home(side, rules);
        if (!home)
            problems.push_back(
                {"C11-FORM-5", who + "'s king is on " + square_to_string(k) +
                                   ": it keeps goal on " +
                                   (rules.king_square == KingSquare::EITHER_GOAL_SQUARE
                                        ? square_to_string(goal_squares(side)[0]) + " or " +
                                              square_to_string(goal_squares(side)[1])
                                        : square_to_string(king_home(side, rules))) +
                                   " (C11-A1)"});
        const int front_rank = rank_of(k) + (side == WHITE ? 1 : -1);
        if (front_rank >= 0 && front_rank <= 7) {
            const Square front = make_square(file_of(k), front_rank);
            if (placement[front] != make_piece(side, PAWN))
                problems.push_back({"C11-FORM-6", "no " + who + " pawn in front of the king (" +
                                                      square_to_string(front) + ")"});
        }
    }

    if (!outside.empty())
        problems.push_back({"C11-FORM-7", who + "'s pieces must stand on its first three ranks: " +
                                              squares_text(outside) + " do" +
                                              (outside.size() == 1 ? "es" : "") + " not"});

    // The substitute (C11-FORM-4), and both it and the field from one set (C11-A2).
    if (!round.substitute) {
        problems.push_back({"C11-FORM-4", who + " has not declared its substitute"});
    } else if (*round.substitute == KING || *round.substitute == NO_PIECE_TYPE) {
        problems.push_back({"C11-FORM-4", who + "'s substitute cannot be a king"});
    } else if (rules.substitute_nonpawn && *round.substitute == PAWN) {
        problems.push_back({"C11-A2", who + "'s substitute must not be a pawn here"});
    }
    if (rules.piece_pool == PiecePool::STANDARD_SET) {
        // An upgraded pawn is the substitute on the field now: the set still holds it once.
        int needed[PIECE_TYPE_NB] = {};
        for (int pt = PAWN; pt <= KING; ++pt) needed[pt] = count[pt];
        if (round.substitute && !round.upgraded && *round.substitute >= PAWN &&
            *round.substitute < KING)
            ++needed[*round.substitute];
        if (round.upgraded) ++needed[PAWN];  // the pawn it replaced is off, beside the board
        for (int pt = PAWN; pt <= KING; ++pt)
            if (needed[pt] > SET[pt])
                problems.push_back(
                    {"C11-A2",
                     who + " uses " + std::to_string(needed[pt]) + " " +
                         count_words(PieceType(pt), needed[pt]) +
                         (round.upgraded || !round.substitute ? "" : ", with its substitute") +
                         ": one set has " + std::to_string(SET[pt])});
    }
    return problems;
}

Placement default_formation(Color side, const ElevenRules& rules) {
    Placement p{};
    auto put = [&](Square white_square, PieceType pt) {
        p[side == WHITE ? white_square : flip_rank(white_square)] = make_piece(side, pt);
    };
    for (Square s : {SQ_C2, SQ_D2, SQ_E2, SQ_F2}) put(s, PAWN);
    put(SQ_A1, ROOK);
    put(SQ_H1, ROOK);
    put(SQ_B1, KNIGHT);
    put(SQ_G1, KNIGHT);
    put(SQ_C1, BISHOP);
    put(SQ_F1, BISHOP);
    const Square king = king_home(side, rules);
    p[king] = make_piece(side, KING);
    return p;
}

}  // namespace venue::games::eleven
