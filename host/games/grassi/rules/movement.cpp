#include "games/grassi/rules/movement.h"

#include <algorithm>
#include <cstdlib>

namespace venue::games::grassi {

using chess::PieceType;

bool Occupancy::occupied(Point p, bool ball_blocks) const {
    if (ball_blocks && ball && *ball == p) return true;
    return std::find(pieces.begin(), pieces.end(), p) != pieces.end();
}

namespace {

bool is_knight_leap(Point a, Point b) {
    const int dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
    return (dx == 2 && dy == 4) || (dx == 4 && dy == 2);
}

}  // namespace

std::optional<MoveProblem> path_problem(PieceType piece, chess::Color side,
                                        const std::vector<Point>& path, const Occupancy& field,
                                        const GrassiRules& rules) {
    const std::string who = chess::type_name(piece);
    if (path.size() < 2) return MoveProblem{"GCB-TURN-2", "a move goes somewhere: give its path"};
    for (const Point& p : path)
        if (!on_field(p)) return MoveProblem{"GCB-HALF-1", to_string(p) + " is off the field"};
    // The points it passes and stops on are free (GCB-MOV-8, MOV-9; the start is its own).
    const std::size_t first_checked = piece == chess::KNIGHT ? path.size() - 1 : 1;
    for (std::size_t i = first_checked; i < path.size(); ++i) {
        const bool stop = i + 1 == path.size();
        if (field.occupied(path[i], rules.ball_blocks_pieces))
            return MoveProblem{stop ? "GCB-MOV-8" : "GCB-MOV-9",
                               "the " + who + (stop ? " cannot stop on " : " cannot pass ") +
                                   to_string(path[i]) + ": it is taken (no captures)"};
    }
    if (piece == chess::KNIGHT) {
        // One leap as in chess, from whatever point it stands on (GCB-MOV-3).
        if (path.size() != 2 || !is_knight_leap(path[0], path[1]))
            return MoveProblem{"GCB-MOV-3",
                               "a knight leaps as in chess: two squares and one (4 "
                               "and 2 half-squares), in one move"};
        return std::nullopt;
    }
    for (std::size_t i = 1; i < path.size(); ++i) {
        const Point a = path[i - 1], b = path[i];
        if (!adjacent(a, b))
            return MoveProblem{"GCB-HALF-3", to_string(a) + " to " + to_string(b) +
                                                 " is not one half-square step"};
        const bool diagonal = a.x != b.x && a.y != b.y;
        if (piece == chess::BISHOP && !diagonal)
            return MoveProblem{"GCB-MOV-2", "a bishop steps diagonally only"};
        if (piece == chess::ROOK && diagonal)
            return MoveProblem{"GCB-MOV-5", "a rook steps orthogonally only"};
        if (piece == chess::PAWN && diagonal && !rules.pawn_eight_directions)
            return MoveProblem{"GCB-A7", "a pawn steps orthogonally here"};
        if (piece == chess::KING) {
            // Only along its own goal line, in the mouth by default (GCB-MOV-7, GCB-A8).
            const bool on_line = b.y == goal_line(side) && a.y == goal_line(side);
            const bool in_zone = rules.king_zone == KingZone::WHOLE_LINE ||
                                 in_goal_mouth(b, side, rules.posts_inside);
            if (!on_line || !in_zone)
                return MoveProblem{
                    rules.king_zone == KingZone::MOUTH ? "GCB-A8" : "GCB-MOV-7",
                    "the king moves only along its goal line" +
                        std::string(rules.king_zone == KingZone::MOUTH ? ", within the goal mouth"
                                                                       : "")};
        }
    }
    if (piece == chess::PAWN) {
        const std::size_t steps = path.size() - 1;
        if (steps > 2) return MoveProblem{"GCB-MOV-1", "a pawn moves one or two half-squares"};
        if (steps == 2 && !rules.pawn_may_turn) {
            const Point d1{path[1].x - path[0].x, path[1].y - path[0].y};
            const Point d2{path[2].x - path[1].x, path[2].y - path[1].y};
            if (!(d1 == d2)) return MoveProblem{"GCB-A7", "a pawn goes straight here"};
        }
    }
    return std::nullopt;
}

int move_cost(PieceType piece, const std::vector<Point>& path) {
    if (piece == chess::KNIGHT) return 3;
    return path.empty() ? 0 : int(path.size()) - 1;
}

int dribble_cost(PieceType piece, const std::vector<Point>& piece_path, int ball_steps,
                 const GrassiRules& rules) {
    const int ball = piece == chess::KNIGHT ? (ball_steps > 0 ? 3 : 0) : ball_steps;
    if (rules.dribble_cost == DribbleCost::BALL_ONLY) return ball;
    return move_cost(piece, piece_path) + ball;
}

}  // namespace venue::games::grassi
