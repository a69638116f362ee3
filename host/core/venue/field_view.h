// A game played on a field of points rather than on the chessboard's 64 squares, as people see
// it: a grid of points laid over a board of squares to scale, the pieces and the ball on those
// points, and the field's lines (goal mouths, the halfway line). The console's field panel and
// the TV feed's "field" document draw any game's FieldView alike, so neither names a game: the
// game says what is where (Match::field_view()).
//
// Coordinates are the game's own: x from White's left, y from White's edge, in points. With
// `edge_points` the points include the squares' edges and corners (17 points, 0..16, over 8
// squares at two points a square: a lattice of half squares); without, the squares' centres.
#pragma once

#include <string>
#include <vector>

namespace venue::engine {

struct FieldPoint {
    int x = 0;
    int y = 0;
    bool operator==(const FieldPoint&) const = default;
};

// A piece or the ball on a point.
struct FieldToken {
    FieldPoint at;
    int side = -1;         // the side it belongs to (0 White, 1 Black); -1 the ball
    char piece = 0;        // 'K', 'Q', 'R', 'B', 'N', 'P'; 0 the ball
    bool carrier = false;  // a piece that has the ball
    std::string words;     // for a tooltip or a screen reader: "White's knight at (9, 5)"
    bool ball() const { return piece == 0; }
};

// A line of the field between two points: "goal" (a goal's mouth, `side` the side defending it),
// "halfway".
struct FieldLine {
    FieldPoint from, to;
    std::string kind;
    int side = -1;
};

struct FieldView {
    int squares = 8;            // squares on each side of the board under the points
    int points_per_square = 2;  // 2: a point every half square
    bool edge_points = true;    // the points include the squares' edges (else their centres)
    std::vector<FieldLine> lines;
    std::vector<FieldToken> tokens;

    // Points on each axis: 17 for 8 squares at two a square with the edges.
    int points() const { return squares * points_per_square + (edge_points ? 1 : 0); }
    bool on_field(FieldPoint p) const {
        return p.x >= 0 && p.y >= 0 && p.x < points() && p.y < points();
    }
    // Where a point is drawn, in squares from White's left edge (x) or White's edge (y).
    double squares_from_edge(int coordinate) const {
        return (coordinate + (edge_points ? 0.0 : 0.5)) / points_per_square;
    }
    // The token on `p` that is not the ball, or nullptr.
    const FieldToken* piece_at(FieldPoint p) const {
        for (const FieldToken& t : tokens)
            if (!t.ball() && t.at == p) return &t;
        return nullptr;
    }
};

}  // namespace venue::engine
