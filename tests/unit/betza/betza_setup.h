// Set-ups for the rule tests: empty half-boards and pieces placed by army and local square.
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "games/betza/rules/betza_game.h"

namespace venue::games::betza::test {

// N empty half-boards; layouts alternate White, Black, ... by army; player i controls army i.
inline ArmyPosition empty_boards(int armies) {
    std::vector<Layout> layouts;
    for (int a = 0; a < armies; ++a) layouts.push_back(a % 2 == 0 ? Layout::WHITE : Layout::BLACK);
    ArmyPosition p = ArmyPosition::start(layouts);
    for (auto& board : p.boards) board.fill(Man{});
    return p;
}

// Puts a piece of `army` on half-board `board` at local (file, rank). Kings and rooks placed here
// have moved (no castling) unless `unmoved`.
inline Man& put(ArmyPosition& p, int army, chess::PieceType type, int board, int file, int rank,
                bool unmoved = false) {
    Man& m = p.at(HalfSquare{board, file, rank});
    m = Man{};
    m.type = type;
    m.army = std::int8_t(army);
    m.moved = !unmoved;
    return m;
}

// Each army's king in the far corner (local h1) of its own half-board, out of the way.
inline void kings_at_home(ArmyPosition& p, int except_army = NO_ARMY) {
    for (int a = 0; a < p.armies; ++a)
        if (a != except_army) put(p, a, chess::KING, a, 7, 0);
}

// The rules with the batting order by seats (army 0 first): the tests' usual set-up.
inline BetzaRules seated() {
    BetzaRules r;
    r.order = BattingOrder::SEATING_CLOCKWISE;
    return r;
}

inline std::vector<int> seating(int armies) {
    std::vector<int> order;
    for (int a = 0; a < armies; ++a) order.push_back(a);
    return order;
}

// Whether `news` holds an item of `kind` (and, when given, of `army`).
inline const News* find_news(const std::vector<News>& news, NewsKind kind, int army = NO_ARMY) {
    for (const News& n : news)
        if (n.kind == kind && (army == NO_ARMY || n.army == army)) return &n;
    return nullptr;
}

inline std::vector<News> accepted(const Decided& d) {
    EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.error().clause + " " + d.error().reason);
    return d.ok() ? d.value() : std::vector<News>{};
}

inline RefusalCode refused(const Decided& d) {
    EXPECT_FALSE(d.ok());
    return d.ok() ? RefusalCode::GAME_OVER : d.error().code;
}

inline chess::Move joined(const Pair& pair, HalfSquare from, HalfSquare to) {
    return chess::Move(joined_square(pair, from), joined_square(pair, to));
}

// Whether the army on move has, on `pair`, a move from -> to (half-board squares).
inline bool has_move(const BetzaGame& g, const Pair& pair, HalfSquare from, HalfSquare to) {
    for (chess::Move m : g.legal_moves_on(pair))
        if (half_square(pair, m.from()) == from && half_square(pair, m.to()) == to) return true;
    return false;
}

}  // namespace venue::games::betza::test
