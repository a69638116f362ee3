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
#include "chess/pgn.h"
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

// What one of a match's boards should show, for reading it (runtime::BoardBridge). Most games
// play on one board; a game of several boards (a tree of branches) plays a game on each, and has
// boards being set up and boards not in use.
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

// What a game says of one of its players, for the console, the feed and the hub: the typed
// answer that spares them knowing the game.
struct PlayerStatus {
    std::string files;         // the files the player owns now ("ab"); "" in games without
    int warnings = 0;          // warnings (or red-line offences, shown as yellow cards) so far
    bool out = false;          // removed or expelled: plays no more
    bool holds_claim = false;  // holds the team's right to move now
    bool reserve = false;      // not on the team now (a reserve, or replaced)
    bool buttons_live = true;  // the player's hub buttons may claim the move
};

// A warning the engine proposes and the judge must confirm or reject (ArbiterAction
// CONFIRM_WARNING / REJECT_WARNING with this ref).
struct PendingRuling {
    int ref = 0;
    std::string player;  // the player's id
    std::string reason;
};

// The match's score in half points: a win 2, a draw 1 each (a game may weigh results).
struct Standing {
    int white_half_points = 0;
    int black_half_points = 0;
};

// One game of the match as it stands, for the console and the feed: the game being played on a
// board, with its place in the tree when the match plays several (a branch and its mother).
struct GameView {
    std::string board;  // the board it is played on ("" when the match names none)
    const chess::Game* game = nullptr;
    int plies_before = 0;  // plies of the match before game's start (earlier parts)
    bool open = true;      // still being played
    std::string result = "*";
    std::string termination;
    std::vector<chess::Square> restore_squares;  // squares the board must set back
    // A match of several games (a tree): this game's number, its mother's (0: none), the ply of
    // the mother's game where it split, its weight in the score (its rating), the board being set
    // up to its position ("" none).
    int number = 0;
    int parent = 0;
    int split_ply = 0;
    std::optional<int> rating;
    std::string setup_board;
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

    // Whether the state's invariants hold (the position is sound, counts are not negative, a
    // result only once finished; a game adds its own); what is wrong in *why. Checked after every
    // event in debug and sanitizer builds.
    virtual bool is_ok(std::string* why = nullptr) const;

    // --- What every game answers (the console, the feed, the hub and the record ask these) ----
    // Player `index` of `team` (config().white or black players).
    virtual PlayerStatus player_status(Color team, int index) const;
    // The base: from the result. A game that weighs results answers its own.
    virtual Standing standing() const;
    // The side whose turn it is (the base: the side to move in game()).
    virtual Color to_move() const;
    // Every game of the match, in order: the base has one, game() on config().board.
    virtual std::vector<GameView> games() const;
    // Warnings waiting for the judge, oldest first.
    virtual std::vector<PendingRuling> pending_rulings() const { return {}; }
    // Boards of the match with no game on them now (a tree's spare demonstration boards).
    virtual std::vector<std::string> free_boards() const { return {}; }
    // Whether the players claim the right to move with buttons (PlayerStatus::holds_claim).
    virtual bool claims_the_move() const { return false; }
    // Whether the match plays a tree of games (several boards) rather than one game.
    virtual bool plays_a_tree() const { return false; }
    // The record: the PGN games `venue export pgn` writes (the base: every part of the game,
    // oldest first; pgn_export.cpp).
    virtual std::vector<chess::PgnGame> record() const;

    // What `board` should show. The base: every board of the match plays game().
    virtual BoardRole board_role(const std::string& board) const;

    // Earlier parts of the game, before its position was edited (a removed player's men taken
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
    // Events only some games use; plain chess ignores them with a reason.
    virtual void on(const ClaimPressed& e, std::vector<Decision>& out);
    virtual void on(const BeamCrossed& e, std::vector<Decision>& out);
    virtual void on(const BoardSnapshot& e, std::vector<Decision>& out);
    virtual void on(const BoardFieldUpdate& e, std::vector<Decision>& out);
    virtual void on(const KeyChange& e, std::vector<Decision>& out);  // games with a branch tree
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
