// A piece's move on the lattice and what it costs (catalogue GCB-HALF-*, GCB-MOV-*, GCB-BALL-*):
// each half-square step is a movement point (MP); a knight leaps as in chess for 3 MP; a piece
// moving with the ball pays for the ball's steps too. A path is every point the piece stands on,
// from where it starts to where it stops.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "chess/types.h"
#include "games/grassi/rules/grassi_rules.h"
#include "games/grassi/rules/lattice.h"

namespace venue::games::grassi {

struct MoveProblem {
    std::string clause;  // "GCB-MOV-9"
    std::string words;
};

// What stands on the field: the points of every piece (the mover's start included) and the
// ball's point, if it is loose or carried.
struct Occupancy {
    std::vector<Point> pieces;
    std::optional<Point> ball;
    bool occupied(Point p, bool ball_blocks) const;
};

// Why `piece` of `side` cannot go along `path` (nullopt: it can): the steps its kind allows
// (a bishop diagonal, a rook orthogonal, a queen either, a pawn one or two steps, a king along its
// goal line, a knight one leap), every point after the start on the field and free (GCB-MOV-8,
// MOV-9; the ball blocks by GCB-A9), the knight jumping.
std::optional<MoveProblem> path_problem(chess::PieceType piece, chess::Color side,
                                        const std::vector<Point>& path, const Occupancy& field,
                                        const GrassiRules& rules);

// The MP a move along `path` costs: its steps (GCB-HALF-3), a knight's leap 3 (GCB-MOV-3).
int move_cost(chess::PieceType piece, const std::vector<Point>& path);

// The MP of a dribble: the piece's move plus the ball's steps (GCB-BALL-1, GCB-A5), a knight's
// ball 3 (GCB-BALL-3, GCB-A6); under BALL_ONLY the ball's steps alone.
int dribble_cost(chess::PieceType piece, const std::vector<Point>& piece_path, int ball_steps,
                 const GrassiRules& rules);

}  // namespace venue::games::grassi
