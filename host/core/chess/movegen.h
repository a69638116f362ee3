// Legal move generation.
//
// Moves are generated legal from the start (checks, pins and the en passant
// discovered check are handled while generating), so a perft leaf count is the
// size of the list. The list is a fixed-capacity array owned by the caller.
#pragma once

#include <cstddef>

#include "chess/position.h"

namespace venue::chess {

// No legal chess position has more than 218 moves.
constexpr std::size_t MAX_MOVES = 256;

class MoveList {
  public:
    void push(Move m) { moves_[size_++] = m; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move* begin() const { return moves_; }
    const Move* end() const { return moves_ + size_; }
    Move operator[](std::size_t i) const { return moves_[i]; }
    bool contains(Move m) const;

  private:
    Move moves_[MAX_MOVES];
    std::size_t size_ = 0;
};

// Appends every legal move of the side to move.
void generate_legal(const Position& pos, MoveList& list);

inline MoveList legal_moves(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    return list;
}

// True when m is one of the legal moves of the position.
bool is_legal(const Position& pos, Move m);

}  // namespace venue::chess
