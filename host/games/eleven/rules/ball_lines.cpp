#include "games/eleven/rules/ball_lines.h"

#include "chess/bitboard.h"
#include "chess/uci.h"

namespace venue::games::eleven {

using namespace chess;

namespace {

Bitboard occupied(const Placement& field, std::optional<Color> only) {
    Bitboard b = 0;
    for (int s = 0; s < SQUARE_NB; ++s) {
        const Piece p = field[std::size_t(s)];
        if (p != NO_PIECE && (!only || color_of(p) == *only)) b |= square_bb(Square(s));
    }
    return b;
}

// Squares strictly between a and b on a shared line (none when they share no line).
Bitboard strictly_between(Square a, Square b) {
    return line_bb(a, b) ? between_bb(a, b) & ~square_bb(b) : 0;
}

std::string piece_at(const Placement& field, Square s) {
    const Piece p = field[s];
    return p == NO_PIECE ? "nothing on " + square_to_string(s)
                         : std::string(color_name(color_of(p))) + "'s " + type_name(type_of(p)) +
                               " on " + square_to_string(s);
}

// The pattern's squares from `from` on an empty board, and whether a line must be clear.
bool in_pattern(Piece p, Square from, Square to, bool& slides) {
    slides = false;
    const Color c = color_of(p);
    switch (type_of(p)) {
        case KNIGHT:
            return knight_attacks(from) & square_bb(to);
        case KING:
            return king_attacks(from) & square_bb(to);
        case PAWN: {
            if (pawn_attacks(c, from) & square_bb(to)) return true;
            const int step = c == WHITE ? 8 : -8;
            if (int(to) == int(from) + step) return true;
            if (relative_rank(c, rank_of(from)) == 1 && int(to) == int(from) + 2 * step) {
                slides = true;  // the square it steps over must be clear
                return true;
            }
            return false;
        }
        case BISHOP:
            slides = true;
            return bishop_attacks(from, 0) & square_bb(to);
        case ROOK:
            slides = true;
            return rook_attacks(from, 0) & square_bb(to);
        case QUEEN:
            slides = true;
            return queen_attacks(from, 0) & square_bb(to);
        default:
            return false;
    }
}

}  // namespace

bool on_move_ray(const Placement& field, Square from, Square to, Blockers blockers) {
    const Piece p = field[from];
    if (p == NO_PIECE || from == to) return false;
    bool slides = false;
    if (!in_pattern(p, from, to, slides)) return false;
    if (!slides) return true;
    const Bitboard stop =
        blockers == Blockers::ALL ? occupied(field, std::nullopt) : occupied(field, ~color_of(p));
    return (strictly_between(from, to) & stop) == 0;
}

std::optional<LineProblem> pass_problem(const Placement& field, Square passer, Square receiver,
                                        const ElevenRules& rules) {
    const Piece from = field[passer];
    const Piece to = field[receiver];
    if (from == NO_PIECE)
        return LineProblem{"C11-PASS-1", "no piece on " + square_to_string(passer) + " to pass"};
    if (to == NO_PIECE || color_of(to) != color_of(from) || passer == receiver)
        return LineProblem{"C11-PASS-1", "a pass goes to another piece of the same side, not to " +
                                             piece_at(field, receiver)};
    if (on_move_ray(field, passer, receiver, rules.pass_blockers)) return std::nullopt;
    if (rules.pass_direction == PassDirection::EITHER &&
        on_move_ray(field, receiver, passer, rules.pass_blockers))
        return std::nullopt;
    return LineProblem{
        "C11-PASS-2",
        piece_at(field, receiver) + " is not on a clear line of the " + piece_at(field, passer) +
            (rules.pass_direction == PassDirection::EITHER ? ", nor the other way round" : "") +
            " (C11-A6)"};
}

std::optional<LineProblem> shot_problem(const Placement& field, Square shooter, Square target,
                                        const ElevenRules& rules) {
    const Piece p = field[shooter];
    if (p == NO_PIECE)
        return LineProblem{"C11-SHOOT-1", "no piece on " + square_to_string(shooter) + " to shoot"};
    const Color side = color_of(p);
    if (!is_goal_square(~side, target))
        return LineProblem{"C11-SHOOT-1", square_to_string(target) + " is not a square of " +
                                              color_name(~side) + "'s goal"};
    const Piece there = field[target];
    if (there != NO_PIECE && color_of(there) == side)
        return LineProblem{
            "C11-A11", "the target " + square_to_string(target) + " holds the shooter's own piece"};
    const Blockers blockers = rules.own_piece_in_goal == OwnPieceInGoal::BLOCKS_TARGET
                                  ? Blockers::ALL
                                  : rules.shot_blockers;
    bool line = false;
    if (rules.shot_pattern == ShotPattern::STRAIGHT_LINES_ONLY) {
        const Bitboard stop =
            blockers == Blockers::ALL ? occupied(field, std::nullopt) : occupied(field, ~side);
        line = (queen_attacks(shooter, 0) & square_bb(target)) &&
               (strictly_between(shooter, target) & stop) == 0;
    } else {
        line = on_move_ray(field, shooter, target, blockers);
    }
    if (line) return std::nullopt;
    return LineProblem{
        "C11-SHOOT-1",
        "no clear line from the " + piece_at(field, shooter) + " to " + square_to_string(target) +
            (blockers == Blockers::OPPONENTS_ONLY ? " (only opposing pieces block, C11-A9)"
                                                  : " (C11-A9)")};
}

}  // namespace venue::games::eleven
