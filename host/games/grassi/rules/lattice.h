// The field of Grassi's ChessBall (seed 004; catalogue §7, GCB-*): a 17×17 lattice of points in
// half-square units over the 8×8 board (GCB-HALF-1, GCB-A1). Square centres are at odd/odd points,
// edge midpoints at odd/even and even/odd, vertices at even/even. White's goal line is y = 0,
// Black's y = 16; each goal mouth runs x = 5..11 (GCB-PREP-1, the posts included by default,
// GCB-A13). A step goes to one of the eight adjacent points and is one half-square.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "chess/types.h"

namespace venue::games::grassi {

constexpr int LATTICE = 17;  // points 0..16 on each axis

struct Point {
    int x = 0;
    int y = 0;
    bool operator==(const Point&) const = default;
};

bool on_field(Point p);
// Chebyshev distance 1: the eight neighbours.
bool adjacent(Point a, Point b);
// "(8, 0)" in the catalogue's coordinates.
std::string to_string(Point p);

// The y of `side`'s goal line (0 White, 16 Black).
int goal_line(chess::Color side);
// Whether `p` is in the mouth of the goal `side` defends (x 5..11 on its goal line; with
// `posts_inside` false, 6..10).
bool in_goal_mouth(Point p, chess::Color side, bool posts_inside = true);
// The keeper's home point (GCB-PREP-2): (8, 0) and (8, 16); the kick-off point (8, 8).
Point keeper_home(chess::Color side);
constexpr Point KICK_OFF{8, 8};
// A side's own half (GCB-A25): White y <= 8, Black y >= 8.
bool in_own_half(Point p, chess::Color side);

}  // namespace venue::games::grassi
