// Helpers shared by the chess unit tests.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "chess/movegen.h"
#include "chess/uci.h"

namespace venue::chess::testing {

inline Position fen(const char* text) {
    auto pos = Position::from_fen(text);
    EXPECT_TRUE(pos) << text << ": " << (pos ? "" : pos.error().to_string());
    return pos ? *pos : Position::start();
}

// The legal moves in UCI notation, sorted, for readable comparisons.
inline std::vector<std::string> uci_moves(const Position& pos) {
    std::vector<std::string> out;
    for (Move m : legal_moves(pos)) out.push_back(to_uci(m));
    std::sort(out.begin(), out.end());
    return out;
}

inline bool has_move(const Position& pos, const std::string& uci) {
    auto list = uci_moves(pos);
    return std::find(list.begin(), list.end(), uci) != list.end();
}

// Plays moves given in UCI notation; fails the test on an illegal one.
inline Position play(Position pos, std::initializer_list<const char*> moves) {
    for (const char* text : moves) {
        auto m = parse_uci(pos, text);
        EXPECT_TRUE(m) << text << ": " << (m ? "" : m.error());
        if (!m) break;
        pos.do_move(*m);
    }
    return pos;
}

}  // namespace venue::chess::testing
