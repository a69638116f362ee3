#include "games/grassi/rules/lattice.h"

#include <cstdlib>

namespace venue::games::grassi {

bool on_field(Point p) {
    return p.x >= 0 && p.x < LATTICE && p.y >= 0 && p.y < LATTICE;
}

bool adjacent(Point a, Point b) {
    return !(a == b) && std::abs(a.x - b.x) <= 1 && std::abs(a.y - b.y) <= 1;
}

std::string to_string(Point p) {
    return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")";
}

int goal_line(chess::Color side) {
    return side == chess::WHITE ? 0 : LATTICE - 1;
}

bool in_goal_mouth(Point p, chess::Color side, bool posts_inside) {
    const int lo = posts_inside ? 5 : 6;
    const int hi = posts_inside ? 11 : 10;
    return p.y == goal_line(side) && p.x >= lo && p.x <= hi;
}

Point keeper_home(chess::Color side) {
    return {8, goal_line(side)};
}

bool in_own_half(Point p, chess::Color side) {
    return side == chess::WHITE ? p.y <= 8 : p.y >= 8;
}

}  // namespace venue::games::grassi
