// ChessMatch: a match whose board state is one game of chess, under the FIDE Laws of Chess. It is
// the "fide" game's match and the base of every game played with a chess position (a team game
// adds who may move and who is penalised; a tree of branches plays several such games). The
// shared machinery (commit a move, end the game on the board's position, count an illegal move,
// restore) lives here so that every chess game decides those the same way.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "chess/game.h"
#include "venue/match.h"

namespace venue::engine {

// A part of a game that ended in an edit of the position rather than a move: its start and
// moves as "FEN moves UCI UCI ...", and how the next part began.
struct GamePart {
    std::string line;
    std::string edit;  // "a player was removed (W3)", "the illegal move e1g3 stood: <note>"
    // The edit was a move (an illegal one that stood): it took the mover's time like any move
    // (it has an entry in clock_after_move()), though it is in no part's moves.
    bool by_move = false;
};

class ChessMatch : public Match {
  public:
    explicit ChessMatch(MatchConfig config);

    const ChessMatch* chess() const override { return this; }

    const chess::Game& game() const { return game_; }
    int illegal_moves(Color c) const { return illegal_moves_[c]; }
    // The mover's remaining time after each committed move, where known (for [%clk]).
    const std::vector<std::optional<std::int64_t>>& clock_after_move() const {
        return clock_after_move_;
    }
    // A move seen on the board but not yet completed by a clock press.
    std::optional<chess::Move> pending_move() const { return pending_; }
    // Whether the match holds a move sensed on `board` that a clock press would complete: a
    // press waits for the board otherwise (runtime/press_hold.h). One game, one move; a game of
    // several boards answers per board.
    virtual bool move_sensed_on(const std::string& /*board*/) const { return pending_.has_value(); }
    // Squares that must be set back before play goes on (empty when none).
    const std::vector<chess::Square>& restore_squares() const { return restore_squares_; }
    bool restore_required() const { return restore_required_; }
    // Earlier parts of the game, before its position was edited (a removed player's men taken
    // off, an illegal move the arbiter lets stand), oldest first. game() is the part being
    // played now.
    const std::vector<GamePart>& earlier_parts() const { return parts_; }

    std::string canonical() const override;
    bool is_ok(std::string* why = nullptr) const override;
    // The side to move in game().
    Color to_move() const override;
    // One game, game() on config().board.
    std::vector<GameView> games() const override;
    // Every part of the game, oldest first (pgn_export.cpp).
    std::vector<chess::PgnGame> record() const override;
    // Every board of the match plays game().
    BoardRole board_role(const std::string& board) const override;
    std::string board_snapshot() const override;  // chess_match_snapshot.cpp
    std::string restore_board(std::string_view match_json) override;

  protected:
    void on(const MoveSensed& e, std::vector<Decision>& out) override;
    void on(const BoardMismatch& e, std::vector<Decision>& out) override;
    void on(const BoardRestored& e, std::vector<Decision>& out) override;
    void on(const ClockPressed& e, std::vector<Decision>& out) override;
    void on(const FlagFell& e, std::vector<Decision>& out) override;
    void on(const DrawClaimed& e, std::vector<Decision>& out) override;
    void on(const ArbiterAction& e, std::vector<Decision>& out) override;
    using Match::on;
    MatchPhase phase_on_resume() const override;
    void on_game_over() override { pending_.reset(); }

    // Plays m as a completed move: decisions, clock switch, automatic endings.
    void commit(chess::Move m, std::optional<std::int64_t> remaining_ms, const char* rule,
                std::vector<Decision>& out);
    // Ends the game when the position after the mover's move does (mate, stalemate, ...); `what`
    // names the move in the reason.
    bool ended_by_position(Color mover, const std::string& what, std::vector<Decision>& out);
    // Whether the Laws' automatic draw `s` (fivefold repetition, 75 moves) ends the game; a
    // game whose agreed conditions turn one off says false for it.
    virtual bool automatic_draw(chess::GameStatus /*s*/) const { return true; }
    void completed_illegal_move(Color side, const char* rule, const std::string& what,
                                std::vector<Decision>& out);
    // Ends the part of the game being played and goes on from `from` (an edited position).
    void start_new_part(const chess::Position& from, std::string edit, bool by_move = false);
    // ILLEGAL_MOVE_STANDS: the move the arbiter lets stand, played as the pieces went, in a new
    // part of the game; refused with the reason when it cannot stand.
    void stand_illegal_move(const ArbiterAction& e, std::vector<Decision>& out);

    chess::Game game_;
    std::array<int, 2> illegal_moves_{0, 0};
    std::optional<chess::Move> pending_;
    std::vector<chess::Square> restore_squares_;
    bool restore_required_ = false;
    std::vector<std::optional<std::int64_t>> clock_after_move_;
    std::vector<GamePart> parts_;
};

}  // namespace venue::engine
