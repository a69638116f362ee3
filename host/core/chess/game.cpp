#include "chess/game.h"

#include <cassert>

#include "chess/material.h"

namespace venue::chess {

const char* to_string(GameStatus s) {
    switch (s) {
        case GameStatus::ONGOING:
            return "ongoing";
        case GameStatus::CHECKMATE:
            return "checkmate";
        case GameStatus::STALEMATE:
            return "stalemate";
        case GameStatus::FIVEFOLD_REPETITION:
            return "fivefold repetition";
        case GameStatus::SEVENTY_FIVE_MOVES:
            return "75-move rule";
        case GameStatus::DEAD_POSITION:
            return "dead position";
    }
    return "?";
}

Game::Game(const Position& start) {
    positions_.push_back(start);
}

bool Game::play(Move m) {
    if (!is_legal(position(), m)) return false;
    Position next = position();
    next.do_move(m);
    assert(next.is_ok());  // debug and sanitizer builds: every position a game reaches is sound
    positions_.push_back(next);
    moves_.push_back(m);
    return true;
}

void Game::undo() {
    if (moves_.empty()) return;
    moves_.pop_back();
    positions_.pop_back();
}

int Game::count_repetitions(const std::vector<Position>& positions) {
    const Position& now = positions.back();
    int count = 1;
    // Only positions since the last capture or pawn move can repeat (and the
    // halfmove clock counts exactly those plies); step two plies at a time so
    // the side to move is the same.
    const int reach = std::min<int>(now.halfmove_clock(), int(positions.size()) - 1);
    for (int back = 2; back <= reach; back += 2) {
        const Position& p = positions[positions.size() - 1 - back];
        if (p.key() == now.key()) ++count;
    }
    return count;
}

int Game::repetition_count() const {
    return count_repetitions(positions_);
}

bool Game::can_claim_threefold_with(Move intended) const {
    if (!is_legal(position(), intended)) return false;
    std::vector<Position> after = positions_;
    after.push_back(position());
    after.back().do_move(intended);
    return count_repetitions(after) >= 3;
}

bool Game::can_claim_fifty_moves_with(Move intended) const {
    if (!is_legal(position(), intended)) return false;
    Position next = position();
    next.do_move(intended);
    return next.halfmove_clock() >= 100;
}

GameStatus Game::status() const {
    const Position& pos = position();
    // Checkmate first: a mating move ends the game even when it is also the
    // 75th move or a fifth repetition (Art. 9.6.2).
    if (legal_moves(pos).empty())
        return pos.in_check() ? GameStatus::CHECKMATE : GameStatus::STALEMATE;
    if (is_dead_position(pos)) return GameStatus::DEAD_POSITION;
    if (repetition_count() >= 5) return GameStatus::FIVEFOLD_REPETITION;
    if (pos.halfmove_clock() >= 150) return GameStatus::SEVENTY_FIVE_MOVES;
    return GameStatus::ONGOING;
}

}  // namespace venue::chess
