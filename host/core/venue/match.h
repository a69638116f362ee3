// Match: one game between two sides (players, teams or armies), and all that the engine knows
// of it. What every game shares is here; a game's board state and rules derive from it
// (chess_match.h: a game of chess under the Laws of Chess).
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
#include <utility>
#include <vector>

#include "chess/game.h"
#include "chess/pgn.h"
#include "venue/board_picture.h"
#include "venue/decision.h"
#include "venue/event.h"
#include "venue/field_view.h"
#include "venue/match_config.h"
#include "venue/outcome.h"

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

// The host's mirror of the hub's army clock (a game that keeps one, Match::army_clock): what the
// hub last reported, by army. Empty until its first reading.
struct ArmyClockMirror {
    std::vector<std::int64_t> remaining_ms;
    std::optional<int> running;
};

// How a game of more than two sides keeps its time on the hub's army clock (docs/protocol.md,
// "Army clock"): one countdown per side ("army"), in a batting order, switched by the End-turn
// button of the station that plays the army on move. The configuration of a fresh hub.
struct ArmyClockPlan {
    int armies = 0;
    std::int64_t time_ms = 0;       // every army's time at the start
    std::int64_t increment_ms = 0;  // added at each ended turn (0: none)
    std::vector<int> order;         // the batting order (armies out of the game left out)
    std::vector<int> stations;      // by army: the station that plays it
    std::vector<int> buttons;       // by station: its End-turn button (-1: none)
    std::optional<int> on_move;     // the army whose turn it is, once the game has begun
};

struct SnapshotAccess;

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
    // The match reads the board itself (a game whose moves span boards, or that chess cannot
    // read): each settled board is handed to it as it stands (BoardSettled), nothing else.
    bool read_by_match = false;
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
    // The teams agreed to keep the allocation of files from each other: the public feeds show
    // no files (the arbiter's console does).
    bool files_public = true;
};

// A warning the engine proposes and the judge must confirm or reject (ArbiterAction
// CONFIRM_WARNING / REJECT_WARNING with this ref).
struct PendingRuling {
    int ref = 0;
    std::string player;  // the player's id
    std::string reason;
};

// The match's score in half points, one number per side in the order of MatchConfig::sides: a
// win 2, a draw 1 each (a game may weigh results, or count goals).
struct Standing {
    std::vector<int> half_points;
    int of(int side) const {
        return side >= 0 && std::size_t(side) < half_points.size() ? half_points[std::size_t(side)]
                                                                   : 0;
    }
};

// Something a display draws on a square besides the piece: a game's own object that no board
// senses (a ball), by its kind, which the console and the TV overlay know how to draw.
struct BoardMark {
    chess::Square square = chess::SQ_NONE;
    std::string kind;   // "ball"
    std::string label;  // in words, for a tooltip or a screen reader: "the ball, White's rook"
};

// One game of the match as it stands, for the console and the feed: the game being played on a
// board, with its place in the tree when the match plays several (a branch and its mother). A
// match that is no ChessMatch and plays no tree may give one, for its board to be shown.
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
    std::vector<BoardMark> marks;  // drawn over the squares (the ball)
};

// What one of a game's own inputs would do, asked before it is made (a touch panel shows it
// before the player confirms): refused with its clause and reason, or accepted with the decisions
// it would make. Nothing changes.
struct InputPreview {
    bool accepted = false;
    std::string rule;    // the refusal's clause
    std::string reason;  // the refusal's words
    std::vector<Decision> decisions;
};

class ChessMatch;

// What every game's match is: sides and their players, the phase, the clocks, the red-line
// zones, the result, the fold of events into decisions with their rule ids, the snapshot and the
// record. What is on the board is the game's own: ChessMatch (chess_match.h) plays one game of
// chess under the Laws of Chess, and most games build on it; a game whose board is not a chess
// position (a lattice field, half-boards joined anew for each move) derives from Match itself
// and answers the same questions.
class Match {
  public:
    explicit Match(MatchConfig config);
    virtual ~Match() = default;
    Match(const Match&) = delete;
    Match& operator=(const Match&) = delete;

    // Applies one event addressed to this match, appending what it decides.
    void apply(const Event& event, std::vector<Decision>& out);

    const MatchConfig& config() const { return config_; }
    MatchPhase phase() const { return phase_; }
    const Outcome& outcome() const { return outcome_; }     // not decided while playing
    std::string result() const { return outcome_.text(); }  // "*" while playing
    const std::string& termination() const { return termination_; }
    const ClockMirror& clock() const { return clock_; }
    const ArmyClockMirror& army_clock_reading() const { return army_clock_; }
    // People inside each team's zone behind the red line, from the beams' crossings.
    int zone_occupancy(Color zone) const { return zone_occupancy_[zone]; }

    // The match's chess game and what the engine knows of it, when its board state is a game of
    // chess; nullptr for a game played on something else. The console, the feed and the runtime
    // show a chess board only when there is one.
    virtual const ChessMatch* chess() const { return nullptr; }

    // Everything that defines the state, in a fixed text form (for the state hash).
    virtual std::string canonical() const;

    // Whether the state's invariants hold (counts are not negative, a result only once finished;
    // the board state and the game add their own); what is wrong in *why. Checked after every
    // event in debug and sanitizer builds.
    virtual bool is_ok(std::string* why = nullptr) const;

    // --- What every game answers (the console, the feed, the hub and the record ask these) ----
    // The sides (config().sides): how many, and what people call side `side` ("White", "Black"
    // in a game of two; the side's name, else "Army 2", in a game of more).
    int side_count() const { return config_.side_count(); }
    std::string side_label(int side) const;
    // Player `index` of side `side` (config().side(side).players).
    virtual PlayerStatus player_status(int side, int index) const;
    // The side whose players play side `side` now: itself, unless the game passes sides between
    // players (an army that is mated and passes to the player who mated it).
    virtual int side_played_by(int side) const { return side; }
    // The base: the result's points (none each while playing). A game that weighs its results or
    // counts as it goes answers its own.
    virtual Standing standing() const;
    // The colour to move on the board being played, and whose half of the hub's two-sided clock
    // runs. A game of two sides: the side whose turn it is.
    virtual Color to_move() const = 0;
    // The side whose turn it is (an index into config().sides). A game of more than two sides
    // answers its own.
    virtual int side_on_move() const { return int(to_move()); }
    // Every chess game of the match, in order (none when the board is not a chess position).
    virtual std::vector<GameView> games() const { return {}; }
    // Warnings waiting for the judge, oldest first.
    virtual std::vector<PendingRuling> pending_rulings() const { return {}; }
    // Boards of the match with no game on them now (a tree's spare demonstration boards).
    virtual std::vector<std::string> free_boards() const { return {}; }
    // Whether the players claim the right to move with buttons (PlayerStatus::holds_claim).
    virtual bool claims_the_move() const { return false; }
    // Whether the match plays a tree of games (several boards) rather than one game.
    virtual bool plays_a_tree() const { return false; }
    // The record: the PGN games `venue export pgn` writes (none for a game PGN cannot hold).
    virtual std::vector<chess::PgnGame> record() const { return {}; }

    // What the match's devices show that follows its state alone (a board's lights on the ball's
    // square): a decision per thing shown, its body the DeviceCommand that sets it, with the rule
    // and reason. apply() adds, after an event's own decisions, each whose command the event
    // changed; so a replay decides the same, and no game keeps track of what it lit. The base:
    // nothing.
    virtual std::vector<Decision> shown_on_devices() const { return {}; }

    // What `board` should show (the base: nothing a board reading can be checked against).
    virtual BoardRole board_role(const std::string& /*board*/) const { return {}; }
    // Pictures of the boards a game plays on when they are not one chess game's (half-boards
    // and the board two of them make), for the console's Board panel; none by default.
    virtual std::vector<BoardPicture> board_pictures() const { return {}; }
    // The hub clock's face that runs while the match is played: the side to move's in a game
    // of chess clocks; a game that keeps other times on the two faces (a half's countdown, a
    // formation's) names its own, so that a rebooted hub runs the right one again.
    virtual Color clock_face_on_move() const { return to_move(); }
    // A game of more than two sides that keeps its time on the hub's army clock: how (nullopt,
    // the default: the hub's two faces, if any clock).
    virtual std::optional<ArmyClockPlan> army_clock() const { return std::nullopt; }
    // What a face of the hub's clock counts, when not a side's time ("" : the side's, the
    // default): "1st half", "Formation".
    virtual std::string clock_face_label(Color /*face*/) const { return ""; }
    // The same in at most 8 characters, for the hub's display (the default: the label, or its
    // first word, if that fits; else its first 8 characters).
    virtual std::string clock_face_short_label(Color face) const;
    // What else a person watching should know of the game now, as (name, value) pairs in the
    // game's words, for the console and the feed: where the ball is, the half, the stage.
    // Empty for a game whose board and score say it all.
    virtual std::vector<std::pair<std::string, std::string>> facts() const { return {}; }
    // A game played on a field of points (field_view.h): what is where, for the console's field
    // panel and the feed's field document; nullopt for a game on the chessboard.
    virtual std::optional<FieldView> field_view() const { return std::nullopt; }
    // What `input` (one of the game's own, for this match) would decide now, changing nothing;
    // nullopt when the game cannot say before it is made.
    virtual std::optional<InputPreview> preview(const GameInput& /*input*/) const {
        return std::nullopt;
    }
    // Whether the game draws at random and has no seed yet: the host then appends
    // GameInput{kind "seed", args {"value": a whole number}} for it (runtime::Session), drawn
    // once and logged, so that every replay draws the same.
    virtual bool wants_seed() const { return false; }
    // How often the game wants the hub's clock read into the log while it is played, in ms
    // (0, the default: at each change, and otherwise at the host's own pace). A game that times
    // something from the hub's readings asks for them often enough to judge it.
    virtual std::int64_t clock_readings_every_ms() const { return 0; }

    // A game's own state for snapshots (JSON text, "" when it has none), and back.
    virtual std::string extra_snapshot() const { return ""; }
    virtual bool restore_extra(std::string_view /*json*/) { return true; }
    // The board state's part of a snapshot: a JSON object whose members sit beside the match's
    // own ("{}": none), and back from the whole match object; what is wrong in words ("" none).
    virtual std::string board_snapshot() const { return "{}"; }
    virtual std::string restore_board(std::string_view /*match_json*/) { return ""; }

  protected:
    friend struct SnapshotAccess;

    // Every event a match may be sent. The base keeps what all games share (the clock's readings,
    // the zones, the arbiter's pause, time and result) and ignores, with a reason, what its board
    // state or game must decide.
    virtual void on(const MoveSensed& e, std::vector<Decision>& out);
    virtual void on(const BoardMismatch& e, std::vector<Decision>& out);
    virtual void on(const BoardRestored& e, std::vector<Decision>& out);
    virtual void on(const ClockPressed& e, std::vector<Decision>& out);
    virtual void on(const FlagFell& e, std::vector<Decision>& out);
    virtual void on(const ClockReading& e, std::vector<Decision>& out);
    virtual void on(const DrawClaimed& e, std::vector<Decision>& out);
    virtual void on(const ArbiterAction& e, std::vector<Decision>& out);
    virtual void on(const ClaimPressed& e, std::vector<Decision>& out);
    virtual void on(const BeamCrossed& e, std::vector<Decision>& out);
    virtual void on(const BoardSnapshot& e, std::vector<Decision>& out);
    // A settled board of a match that reads its boards itself (BoardRole::read_by_match).
    virtual void on(const BoardSettled& e, std::vector<Decision>& out);
    virtual void on(const BoardFieldUpdate& e, std::vector<Decision>& out);
    virtual void on(const KeyChange& e, std::vector<Decision>& out);  // games with a branch tree
    virtual void on(const GameInput& e, std::vector<Decision>& out);  // a game's own inputs
    // The hub's army clock: a station's End-turn press, a flag (the base: no game keeps one), and
    // its readings (kept in army_clock_reading()).
    virtual void on(const ArmyTurnEnded& e, std::vector<Decision>& out);
    virtual void on(const ArmyFlagFell& e, std::vector<Decision>& out);
    virtual void on(const ArmyClockReading& e, std::vector<Decision>& out);
    // A game's own state in the canonical text (for the state hash).
    virtual std::string canonical_extra() const { return ""; }
    // The phase an arbiter's resume returns to (the base: playing).
    virtual MatchPhase phase_on_resume() const { return MatchPhase::PLAYING; }
    // Called when end() has ended the game, before its decisions: the board state drops what no
    // longer matters (a move waiting for its clock press).
    virtual void on_game_over() {}

    // "White" or "Black", in reasons people read; a win for `c` (1-0, 0-1).
    static const char* side_name(Color c) { return chess::color_name(c); }
    Outcome win_for(Color c) const { return win_of(int(c)); }
    // A win for side `side` ("0-1-0": the second of three won), a draw.
    Outcome win_of(int side) const { return Outcome::win(side, side_count()); }
    Outcome draw() const { return Outcome::draw(side_count()); }

    void add_time(Color side, std::int64_t ms, const char* rule, const std::string& why,
                  std::vector<Decision>& out);
    void end(const Outcome& outcome, const std::string& termination, const char* rule,
             const std::string& why, std::vector<Decision>& out);
    void ignore(const char* rule, const std::string& why, std::vector<Decision>& out);
    bool finished(std::vector<Decision>& out);
    // The game's name for the people reading a reason ("Chess", from the registry).
    std::string display_name() const;
    // When the hub took the event being applied, on its clock (µs); nullopt for an event that
    // did not come from the hub. Data of the event, as its body is: not a clock the core reads.
    std::optional<std::int64_t> event_hub_us() const { return event_hub_us_; }

    MatchConfig config_;
    MatchPhase phase_ = MatchPhase::WAITING;
    Outcome outcome_;
    std::string termination_;
    ClockMirror clock_;
    ArmyClockMirror army_clock_;
    std::array<int, 2> zone_occupancy_{0, 0};

  private:
    std::optional<std::int64_t> event_hub_us_;  // of the event being applied
};

}  // namespace venue::engine
