// Match: one game between two teams (or two players) on one board, and all
// that the engine knows of it. Match::apply() is the rules for plain chess
// under the Laws of Chess; team games build on the same state.
//
//   WAITING ──first move/press──▶ PLAYING ◀──resume── PAUSED
//                                   │  ╰──pause──────────▲
//                                   ▼
//                                FINISHED (result and termination set; later input is ignored)
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/game.h"
#include "venue/decision.h"
#include "venue/event.h"
#include "venue/match_config.h"

namespace venue::engine {

enum class MatchPhase : std::uint8_t {
    WAITING,
    PLAYING,
    PAUSED,
    FINISHED
};
const char* to_string(MatchPhase p);

// The host's mirror of the hub's clock: what the hub last reported, plus the
// adjustments the engine ordered since.
struct ClockMirror {
    std::int64_t white_ms = 0;
    std::int64_t black_ms = 0;
    std::optional<Color> running;
    std::int64_t& of(Color c) { return c == chess::WHITE ? white_ms : black_ms; }
    std::int64_t of(Color c) const { return c == chess::WHITE ? white_ms : black_ms; }
};

struct SnapshotAccess;

// A part of a game that ended in an edit of the position rather than a move: its start and
// moves as "FEN moves UCI UCI ...", and how the next part began.
struct GamePart {
    std::string line;
    std::string edit;  // "a player was removed (W3)", "the illegal move e1g3 stood: <note>"
    // The edit was a move (an illegal one that stood): it took the mover's time like any move
    // (it has an entry in clock_after_move()), though it is in no part's moves.
    bool by_move = false;
};

// What one of a match's boards should show, for reading it (runtime::BoardBridge). A plain or
// Chessball match plays on one board; Business Chess plays a branch on each demonstration board
// and has boards being set up and boards not in use.
struct BoardRole {
    // The game played on the board, whose legal successors the board is read against; nullptr
    // when no game is played on it (a free demonstration board): its readings mean nothing.
    const chess::Game* game = nullptr;
    // The board must first be set to game's position (a cloned branch, board C): only that
    // position is meaningful (BoardRestored); moves and mismatches on it are not reported.
    bool setting_up = false;
    // The match waits for this board: a move not completed yet, a restore asked for, squares
    // that differ. The game's position on the board again is then news (BoardRestored).
    bool waiting = false;
    // A restore is asked for: the board differing from the game is expected, not reported.
    bool restore_required = false;
};

// A match of plain chess under the Laws of Chess, and the base of every game's
// match: a game module derives from it and overrides the handlers whose rules
// differ (see games/). The shared machinery (commit a move, end the game, add
// time, restore) lives here so that every game decides those the same way.
class Match {
  public:
    explicit Match(MatchConfig config);
    virtual ~Match() = default;
    Match(const Match&) = delete;
    Match& operator=(const Match&) = delete;

    // Applies one event addressed to this match, appending what it decides.
    void apply(const Event& event, std::vector<Decision>& out);

    const MatchConfig& config() const { return config_; }
    const chess::Game& game() const { return game_; }
    MatchPhase phase() const { return phase_; }
    const std::string& result() const { return result_; }  // "*" while playing
    const std::string& termination() const { return termination_; }
    const ClockMirror& clock() const { return clock_; }
    int illegal_moves(Color c) const { return illegal_moves_[c]; }
    // The mover's remaining time after each committed move, where known (for [%clk]).
    const std::vector<std::optional<std::int64_t>>& clock_after_move() const {
        return clock_after_move_;
    }
    // A move seen on the board but not yet completed by a clock press.
    std::optional<chess::Move> pending_move() const { return pending_; }
    // Squares that must be set back before play goes on (empty when none).
    const std::vector<chess::Square>& restore_squares() const { return restore_squares_; }
    bool restore_required() const { return restore_required_; }
    // People inside each team's zone behind the red line, from the beams' crossings.
    int zone_occupancy(Color zone) const { return zone_occupancy_[zone]; }

    // Everything that defines the state, in a fixed text form (for the state hash).
    std::string canonical() const;

    // What `board` should show. The base: every board of the match plays game().
    virtual BoardRole board_role(const std::string& board) const;

    // Earlier parts of the game, before its position was edited (a Chessball removal takes men
    // off, an illegal move the arbiter lets stand), oldest first. game() is the part being
    // played now.
    const std::vector<GamePart>& earlier_parts() const { return parts_; }
    // A game's own state for snapshots (JSON text, "" when it has none), and back.
    virtual std::string extra_snapshot() const { return ""; }
    virtual bool restore_extra(std::string_view /*json*/) { return true; }

  protected:
    friend struct SnapshotAccess;

    virtual void on(const MoveSensed& e, std::vector<Decision>& out);
    virtual void on(const BoardMismatch& e, std::vector<Decision>& out);
    virtual void on(const BoardRestored& e, std::vector<Decision>& out);
    virtual void on(const ClockPressed& e, std::vector<Decision>& out);
    virtual void on(const FlagFell& e, std::vector<Decision>& out);
    virtual void on(const ClockReading& e, std::vector<Decision>& out);
    virtual void on(const DrawClaimed& e, std::vector<Decision>& out);
    virtual void on(const ArbiterAction& e, std::vector<Decision>& out);
    // Events only team games use; plain chess ignores them with a reason.
    virtual void on(const ClaimPressed& e, std::vector<Decision>& out);
    virtual void on(const BeamCrossed& e, std::vector<Decision>& out);
    virtual void on(const BoardSnapshot& e, std::vector<Decision>& out);
    virtual void on(const BoardFieldUpdate& e, std::vector<Decision>& out);
    virtual void on(const KeyChange& e, std::vector<Decision>& out);  // Business Chess only
    // A game's own state in the canonical text (for the state hash).
    virtual std::string canonical_extra() const { return ""; }

    // Plays m as a completed move: decisions, clock switch, automatic endings.
    void commit(chess::Move m, std::optional<std::int64_t> remaining_ms, const char* rule,
                std::vector<Decision>& out);
    // Ends the game when the position after the mover's move does (mate, stalemate, ...); `what`
    // names the move in the reason.
    bool ended_by_position(Color mover, const std::string& what, std::vector<Decision>& out);
    void completed_illegal_move(Color side, const char* rule, const std::string& what,
                                std::vector<Decision>& out);
    void add_time(Color side, std::int64_t ms, const char* rule, const std::string& why,
                  std::vector<Decision>& out);
    void end(const std::string& result, const std::string& termination, const char* rule,
             const std::string& why, std::vector<Decision>& out);
    void ignore(const char* rule, const std::string& why, std::vector<Decision>& out);
    // Ends the part of the game being played and goes on from `from` (an edited position).
    void start_new_part(const chess::Position& from, std::string edit, bool by_move = false);
    // ILLEGAL_MOVE_STANDS: the move the arbiter lets stand, played as the pieces went, in a new
    // part of the game; refused with the reason when it cannot stand.
    void stand_illegal_move(const ArbiterAction& e, std::vector<Decision>& out);
    bool finished(std::vector<Decision>& out);

    MatchConfig config_;
    chess::Game game_;
    MatchPhase phase_ = MatchPhase::WAITING;
    std::string result_ = "*";
    std::string termination_;
    ClockMirror clock_;
    std::array<int, 2> illegal_moves_{0, 0};
    std::optional<chess::Move> pending_;
    std::vector<chess::Square> restore_squares_;
    bool restore_required_ = false;
    std::vector<std::optional<std::int64_t>> clock_after_move_;
    std::array<int, 2> zone_occupancy_{0, 0};
    std::vector<GamePart> parts_;
};

}  // namespace venue::engine
