// Game: a start position and the moves played from it, with what the Laws of
// Chess decide from the history: checkmate, stalemate, repetitions, the 50-
// and 75-move rules and dead positions.
#pragma once

#include <vector>

#include "chess/movegen.h"
#include "chess/position.h"

namespace venue::chess {

// How a game stands after the last move. Every value but ONGOING ends the game
// by itself, without a claim (Art. 5.1.1, 5.2.1, 5.2.2, 9.6.1, 9.6.2).
enum class GameStatus : std::uint8_t {
    ONGOING,
    CHECKMATE,            // the side to move is mated
    STALEMATE,            // the side to move has no legal move and is not in check
    FIVEFOLD_REPETITION,  // Art. 9.6.1
    SEVENTY_FIVE_MOVES,   // Art. 9.6.2: 75 moves each without capture or pawn move
    DEAD_POSITION,        // Art. 5.2.2: no sequence of legal moves can mate
};

const char* to_string(GameStatus s);

class Game {
  public:
    explicit Game(const Position& start = Position::start());

    const Position& start_position() const { return positions_.front(); }
    const Position& position() const { return positions_.back(); }
    const std::vector<Move>& moves() const { return moves_; }
    std::size_t ply_count() const { return moves_.size(); }
    // Position after `ply` moves (0 = start).
    const Position& position_at(std::size_t ply) const { return positions_[ply]; }

    // Plays a move if it is legal; returns false (and changes nothing) if not.
    bool play(Move m);
    // Takes back the last move (arbiter corrections, take-backs seen on a board).
    void undo();

    GameStatus status() const;

    // How many times the current position has stood on the board, counting now
    // (positions compared as Art. 9.2.3 says, through Position::key()).
    int repetition_count() const;
    // Art. 9.2.1: the same position for at least the third time now, or it would
    // be after the intended move.
    bool can_claim_threefold() const { return repetition_count() >= 3; }
    bool can_claim_threefold_with(Move intended) const;
    // Art. 9.3: the last 50 moves of each player without capture or pawn move,
    // now or after the intended move.
    bool can_claim_fifty_moves() const { return position().halfmove_clock() >= 100; }
    bool can_claim_fifty_moves_with(Move intended) const;

  private:
    static int count_repetitions(const std::vector<Position>& positions);

    std::vector<Position> positions_;  // positions_[i] is the position after i moves
    std::vector<Move> moves_;
};

}  // namespace venue::chess
