// Helpers shared by the sensing unit tests: positions, games and boards from text.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>

#include "chess/game.h"
#include "chess/uci.h"
#include "sensing/evidence.h"
#include "sensing/matcher.h"
#include "sensing/placement.h"

namespace venue::sensing::testing {

// The start position. A function, not a global: the chess tables are built during static
// initialisation, in an order across files that C++ does not define.
inline const chess::Position& start_pos() {
    static const chess::Position pos = chess::Position::start();
    return pos;
}

inline chess::Position fen(const char* text) {
    auto pos = chess::Position::from_fen(text);
    EXPECT_TRUE(pos) << text;
    return pos ? *pos : chess::Position::start();
}

inline chess::Move uci(const chess::Position& pos, const char* text) {
    auto m = chess::parse_uci(pos, text);
    EXPECT_TRUE(m) << text << ": " << (m ? "" : m.error());
    return m ? *m : chess::Move::none();
}

// A game from a start position and moves in UCI.
inline chess::Game game_of(const chess::Position& start, std::initializer_list<const char*> moves) {
    chess::Game g(start);
    for (const char* text : moves) EXPECT_TRUE(g.play(uci(g.position(), text))) << text;
    return g;
}

// The board after playing moves (UCI) from pos.
inline Placement board_after(chess::Position pos, std::initializer_list<const char*> moves) {
    for (const char* text : moves) pos.do_move(uci(pos, text));
    return placement_of(pos);
}

// A board from text, with edits: "e2=" empties e2, "e4=P" sets a white pawn.
inline Placement edit(Placement p, std::initializer_list<const char*> edits) {
    static constexpr std::string_view CHARS = " PNBRQK  pnbrqk";
    for (std::string_view e : edits) {
        const chess::Square s = chess::parse_square(e.substr(0, 2));
        EXPECT_NE(s, chess::SQ_NONE) << e;
        p[s] = e.size() > 3 ? chess::Piece(CHARS.find(e[3])) : chess::NO_PIECE;
    }
    return p;
}

// Evidence from a sequence of boards, one every 100 ms.
inline Evidence evidence_of(std::initializer_list<Placement> boards) {
    Evidence ev;
    const Placement* before = nullptr;
    std::int64_t t = 0;
    for (const Placement& b : boards) {
        ev.record(before, b, t += 100'000);
        before = &b;
    }
    return ev;
}

inline Recognition read(const Placement& board, const chess::Game& game,
                        const RecogniserConfig& config = {}) {
    return read_board(board, 0, game, config);
}

}  // namespace venue::sensing::testing
