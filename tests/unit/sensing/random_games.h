// Seeded random legal games that reach the special moves: castling on both wings, en passant and
// every promotion piece. Uniformly random play rarely castles or promotes, so the special moves
// are chosen whenever they are legal (with the given bias) and pawn moves are favoured.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "chess/game.h"

namespace venue::sensing::testing {

struct RandomGameOptions {
    int max_plies = 160;
    double special_bias = 0.85;  // chance to pick a special move when one is legal
    double pawn_bias = 0.35;     // chance to pick a pawn move otherwise
};

// The moves of one random game from the start position (stops at mate, stalemate, a dead
// position or max_plies).
std::vector<chess::Move> random_game(std::uint64_t seed, RandomGameOptions options = {});

// How often each special move occurs in a set of games, to check the test really covers them.
struct SpecialMoveCounts {
    int white_oo = 0, white_ooo = 0, black_oo = 0, black_ooo = 0, en_passant = 0;
    int promotions[chess::PIECE_TYPE_NB] = {};  // by promoted piece type
    int captures = 0;
    void add(const chess::Position& before, chess::Move m);
    std::string to_string() const;
};

}  // namespace venue::sensing::testing
