// Perft: the number of leaf nodes of the legal move tree to a given depth,
// the standard oracle for a move generator.
#pragma once

#include <cstdint>
#include <vector>

#include "chess/position.h"

namespace venue::chess {

// Counts leaves at `depth` plies. Leaves are counted in bulk: at depth 1 the
// legal move list's size is the count (as Stockfish's `go perft` does).
std::uint64_t perft(const Position& pos, int depth);

struct PerftDivideEntry {
    Move move;
    std::uint64_t nodes;
};

// perft split by root move, in generation order.
std::vector<PerftDivideEntry> perft_divide(const Position& pos, int depth);

}  // namespace venue::chess
