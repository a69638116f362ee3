#include "chess/perft.h"

#include "chess/movegen.h"

namespace venue::chess {

std::uint64_t perft(const Position& pos, int depth) {
    if (depth <= 0) return 1;
    MoveList moves;
    generate_legal(pos, moves);
    if (depth == 1) return moves.size();
    std::uint64_t nodes = 0;
    for (Move m : moves) {
        Position next = pos;
        next.do_move(m);
        nodes += perft(next, depth - 1);
    }
    return nodes;
}

std::vector<PerftDivideEntry> perft_divide(const Position& pos, int depth) {
    std::vector<PerftDivideEntry> out;
    if (depth <= 0) return out;
    for (Move m : legal_moves(pos)) {
        Position next = pos;
        next.do_move(m);
        out.push_back({m, perft(next, depth - 1)});
    }
    return out;
}

}  // namespace venue::chess
