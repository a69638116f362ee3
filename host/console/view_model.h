// The console's model: everything the arbiter's window shows, as plain values, and the arbiter's
// intents turned into events. Pure: no ImGui, no GL, no clock read here (the time is passed in),
// so the panels are a thin view over it and tests check its texts without a window.
//
//   engine thread (holds the venue lock)           UI thread
//   Daemon::step() ──▶ ViewModel::observe(record)
//                      ViewModel::build(session, devices, now) ──▶ ConsoleView (a value) ──▶ panels
//   Daemon::post(event) ◀── to_event(intent) ◀── ArbiterIntent ◀────────── actions panel, shortcuts
//
// One concern a file: view_model_match.cpp (a match's view, from engine::Match's answers),
// view_model_board.cpp (a board's squares), view_model_log.cpp (the log, the claims, what is kept
// per match), view_model_intents.cpp (intents to events, in words), view_model_devices.cpp (the
// devices' rows), view_model_text.cpp (clock and other texts). What a game does its own way is
// its console entry (game_console.h).
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/clock_text.h"
#include "common/result.h"
#include "io/dgt/board_status.h"
#include "io/hub/hub_runner.h"
#include "runtime/daemon.h"
#include "runtime/session.h"
#include "venue/venue_state.h"

namespace venue::console {

using chess::Color;
using io::HostNanos;

// --- the view ---------------------------------------------------------------------------------

// Why a square is marked on the board; several may apply (bit set).
enum SquareMark : std::uint16_t {
    MARK_NONE = 0,
    MARK_LAST_FROM = 1,  // the last move's origin
    MARK_LAST_TO = 2,    // the last move's destination
    MARK_CHECK = 4,      // the king of the side to move, in check
    MARK_RESTORE = 8,    // must be set back (Match::restore_squares, RestoreRequired)
    MARK_REMOVED = 16,   // a removed player's man to take off (PlayerRemoved)
    MARK_BALL = 32,      // a game's ball (engine::BoardMark "ball")
    // What a selected piece may do now (engine::BoardMark "move", "pass", "shot", in a game with a
    // ball): a square it may move to, a teammate it may pass to, a goal square to shoot at.
    MARK_MOVE_TO = 64,
    MARK_PASS_TO = 128,
    MARK_SHOT_AT = 256,
};

struct SquareView {
    chess::Piece piece = chess::NO_PIECE;
    const char* glyph = "";  // the piece's UTF-8 glyph (U+2654..265F), "" when empty
    char letter = ' ';       // "KQRBNP" / "kqrbnp", for a font without chess glyphs
    bool light = false;
    std::uint16_t marks = MARK_NONE;
};

struct BoardView {
    std::array<SquareView, 64> squares{};  // indexed by chess::Square (a1 = 0)
    std::string last_move;                 // "13... Rxd7" ("" before the first move)
    std::string fen;
    bool restore_required = false;
    std::string restore_text;  // "restore d2, e4" ("" when nothing to restore)
};

struct PlayerRow {
    std::string id, name;
    std::string files;  // files owned now, in games whose players own files; "" otherwise
    std::vector<int> buttons;
    int warnings = 0;      // warnings (or offences the game shows as yellow cards)
    bool removed = false;  // plays no more: removed (or expelled, a red card)
    bool holds_claim = false;
    bool reserve = false;  // not on the team now (a reserve, or replaced)
};

// A game that branches (engine::Match::plays_a_tree): one game of its tree (a branch) on its
// board.
// A board a game draws itself (engine::BoardPicture): its caption and squares.
struct PictureView {
    std::string caption;
    BoardView view;
    bool active = false;  // where play is now
    bool dim = false;     // out of play for now
};

struct BranchView {
    int number = 0;
    int parent = 0;     // the mother branch (0 for branch 1)
    int split_ply = 0;  // plies of the mother's game when it split
    int rating = 0;     // open: chips on it now; closed: the stake it was scored with
    bool open = true;
    std::string board;        // where it stands ("" while its clone is set up)
    std::string setup_board;  // the board that must show its position first ("" = none)
    std::string result;       // "*" while open
    std::string caption;      // "Branch 2 · 3 chips · board 2 · from 1 at ply 2"
    BoardView view;
};

struct TeamView {
    std::string name;
    int side = 0;  // its index in the match's sides (a game of two: chess::WHITE, chess::BLACK)
    std::string label;  // "White", "Black"; in a game of more sides its name or "Side 3"
    std::vector<PlayerRow> players;
    bool on_move = false;
    std::string score;  // "1½" (from ScoreChanged), "" before any
};

struct ClockSide {
    std::string text;  // "1:29:58", "4:07", "9.4" (tenths under ten seconds)
    std::int64_t ms = 0;
    bool running = false;
    bool flagged = false;  // at zero
    std::string added;     // "+2:00 added" (TimeAdded decisions), "" when none
    // What the face counts when not its side's time (engine::Match::clock_face_label): "1st
    // half", "Formation"; "" for the side's own clock.
    std::string label;
};

struct ClockView {
    ClockSide white, black;
    std::string state;   // "running", "paused", "stopped", "flag"
    std::string source;  // "hub heartbeat" or "engine"
    // Milliseconds until a clock text changes (for the frame loop's sleep); -1: none runs.
    std::int64_t next_change_ms = -1;
    std::int64_t& of_running_ms(Color c) { return c == chess::WHITE ? white.ms : black.ms; }
};

struct ProposalRow {
    int ref = 0;
    std::string player;  // id
    std::string text;    // "#1 Bulat (Kazan): moved a teammate's piece"
};

struct MatchView {
    std::string id, game, title;  // title: "Kazan - Moscow"
    std::string phase;            // to_string(MatchPhase)
    std::string result, termination;
    std::string to_move;  // "White (Kazan) to move", "game over", ...
    // The game's own facts in its words (engine::Match::facts): "Ball" = "e4, White's knight".
    std::vector<std::pair<std::string, std::string>> facts;
    int ply = 0;          // moves played in the whole game (every part)
    int segment_ply = 0;  // in the part being played (what RESTORE_POSITION counts)
    // What the game is like (engine::Match's answers and the game's GameRules::sides): teams of
    // several players, players claiming the move with buttons, a tree of games on several boards.
    bool team_game = false;
    bool claims_the_move = false;
    bool plays_a_tree = false;
    // Every side in its order of play (engine::Match::side_count()); a game of two has White and
    // Black.
    std::vector<TeamView> sides;
    // The match keeps its time on the hub's army clock (engine::Match::army_clock): every army's
    // time is among its facts, and the two faces stand still.
    bool army_clock = false;
    TeamView& side(int i) { return sides.at(std::size_t(i)); }
    const TeamView& side(int i) const { return sides.at(std::size_t(i)); }
    TeamView& white() { return side(0); }
    const TeamView& white() const { return side(0); }
    TeamView& black() { return side(1); }
    const TeamView& black() const { return side(1); }
    ClockView clock;
    // The chess board (engine::Match::chess()); a game played on something else has none, and its
    // own panels (GamePanels) draw what it plays on.
    bool chess_board = false;
    BoardView board;
    std::string claim_holder;            // "Bulat (Kazan), button 1"; "" when none
    std::vector<ProposalRow> proposals;  // open ones, waiting for the judge
    // A game that branches: every game of the tree (oldest first) and the score in words (the
    // game weighs results: engine::Match::standing).
    std::vector<BranchView> branches;
    // A game whose boards are not one chess game's: a picture of each (engine::Match::
    // board_pictures), drawn in the Board panel when there is no chess board.
    std::vector<PictureView> pictures;
    std::string tree_score;                // "Federation 3 – 1 City Hall" (points, halves as ½)
    std::vector<std::string> free_boards;  // boards a branching may take, in order
    // Members beyond the red line now, by team zone (from the beams); in a game that polices
    // the line, a second one is a violation.
    std::array<int, 2> beyond_red_line{0, 0};
    // A game played on a field of points (engine::Match::field): what is where, for the field
    // panel and the players' touch panel; absent for a game on the chessboard.
    std::optional<engine::FieldView> field;
    // The touch panel's draft (ViewModel::set_draft) when it is for this match, and what the
    // match says it would do (engine::Match::preview; absent when the game cannot say).
    std::optional<engine::GameInput> draft;
    std::optional<engine::InputPreview> draft_preview;
};

enum class ClaimKind : std::uint8_t {
    GRANTED,
    LATE,
    TIE,
    OUT_OF_TURN,
    REFUSED,  // other refusals (removed player, paused, no legal move, ...)
    ENDED,
};

struct ClaimLine {
    std::string time;
    ClaimKind kind = ClaimKind::GRANTED;
    std::string text;
};

struct DeviceRow {
    std::string name;       // "hub", "board 12345"
    std::string state;      // "connected", "reconnecting (3 tries)", "disconnected"
    bool ok = false;        // connected and frames recent
    std::string frame_age;  // "12 ms", "—"
    std::string clock;      // hub: "offset +3.2 s, drift +12.3 ppm, ±45 µs"; boards: ""
    std::string firmware;   // "build 1a2b3c4d, protocol 3"; board "version 1.7"
    std::string errors;     // "0 CRC, 0 resync, 1 link"
    std::string detail;     // port, last error
};

// --- arbiter intents --------------------------------------------------------------------------

// What the arbiter asks for in the actions panel; becomes an engine::ArbiterAction event.
struct ArbiterIntent {
    std::string match;
    engine::ArbiterActionKind kind = engine::ArbiterActionKind::PAUSE;
    Color side = chess::WHITE;   // ADD_TIME
    std::int64_t amount_ms = 0;  // ADD_TIME (negative takes time away)
    int ply = 0;                 // RESTORE_POSITION
    std::string result;          // DECLARE_RESULT: "1-0", "0-1", "1/2-1/2"
    std::string text;            // reason (WARN, REMOVE, DECLARE_RESULT), UCI (ENTER_MOVE)
    std::string player;          // WARN, REMOVE
    std::string clause;          // WARN, REMOVE: the ground chosen (GameRules::penalty_grounds)
    int ref = 0;                 // CONFIRM_WARNING, REJECT_WARNING
    std::string arbiter;         // who acts
    std::string note;            // why: required

    // Set, the intent is an entry for a team (engine::KeyChange, in games that take them)
    // instead of an arbiter action (`kind` unused). `side` is the team making it; `player` the
    // representative (REPLACE: the player going out). The rest as engine::KeyChange says; the
    // game's console entry checks it and words it (game_console.h).
    std::optional<engine::KeyChangeKind> key;
    int from_branch = 0;                      // the branch concerned, or the mother
    int to_branch = 0;                        // SELECT (all to one), PASS
    std::string board;                        // BRANCH: a free board ("" = the next free one)
    int amount = 0;                           // BRANCH: the daughter's rating (the split)
    std::vector<engine::RatingShare> shares;  // SELECT over several branches ([] = to_branch)
    std::string claim;                        // DRAW: "" agreement, "threefold", "fifty_moves"
    std::string in_player;                    // REPLACE: the reserve coming in

    // Set (and `key` not), the intent is a game's own input (engine::GameInput: a captain's
    // time-out, a draw offer) that the arbiter enters for a side; `kind` unused. Its `side` is
    // the side it is made for; the match, the arbiter and the note are the intent's.
    std::optional<engine::GameInput> input;
};

// A team's entry (intent.key set) as the engine's event, its fields copied as they are, unchecked.
engine::KeyChange key_change_of(const ArbiterIntent& intent);

// The intent as an event at host time `host_ns`, or what is missing ("a note is required", "no
// player chosen", "the result must be 1-0, 0-1 or 1/2-1/2"). The engine judges the rest and says
// so in its decisions (a removed player warned, a restore beyond the game, ...).
Result<engine::Event, std::string> to_event(const ArbiterIntent& intent, HostNanos host_ns);

// "Warn Bulat (B2) in match cb1: talking" — the confirmation's question, in words.
std::string describe(const ArbiterIntent& intent, const engine::VenueState* state = nullptr);
// The same with the names of the match on screen (players, and a penalty in the game's words,
// e.g. a yellow or red card).
std::string describe(const ArbiterIntent& intent, const MatchView& match);

// The action that undoes `done`, when there is one (time added back, a pause resumed); an undo is
// a new event, never an edit of the log.
std::optional<ArbiterIntent> undo_of(const engine::ArbiterAction& done);

// Families of log rows, for the log's filter.
enum class LogFamily : std::uint8_t {
    CLAIM,
    MOVE,
    CLOCK,
    PENALTY,  // warnings, removals, time added, illegal moves
    ARBITER,
    DEVICE,
    BOARD,   // snapshots, field updates, mismatches, restores
    RESULT,  // game ended, score
    OTHER,
    COUNT_
};
const char* family_name(LogFamily f);

struct LogRow {
    std::int64_t seq = 0;
    HostNanos host_ns = 0;
    std::string time;
    bool decision = false;  // false: the event itself; true: one of its decisions
    LogFamily family = LogFamily::OTHER;
    std::string kind;  // "claim_pressed", "warning_given", ...
    std::string rule;  // decisions only
    std::string text;  // the reason (decisions) or the event's fields in words
    // The match of the event ("" for the host and its devices), and the ids of the players its
    // event or any of its decisions concerns (a claim press: the button's owner; warnings,
    // removals, replacements, arbiter actions naming him). Every row of an event carries the
    // event's, so that a filter by player keeps an event with all its decisions (a warning with
    // the time it gives the other team).
    std::string match;
    std::vector<std::string> players;
    // An arbiter action that a new one undoes (time given back, a pause resumed).
    std::optional<ArbiterIntent> undo;
};

// The hall's publisher to the championship's broker, when it publishes (docs/multi-hall.md).
struct BrokerInput {
    bool connected = false;
    std::string broker;  // mqtt://user@host:port
    std::string topic;   // venue/<event>/<hall>
    std::int64_t durable = 0;
    std::int64_t acked = 0;
    std::int64_t refused = 0;
};

// What the app reads from the daemon (under the venue lock) for the devices panel and clocks.
struct DeviceInputs {
    std::optional<io::HubLinkStatus> hub;
    std::vector<io::dgt::BoardStatus> boards;
    std::optional<wire::Heartbeat> heartbeat;
    std::string hub_match;  // the match the hub keeps the clock of ("" when no hub)
    std::optional<BrokerInput> broker;
};

struct ConsoleView {
    std::string title;   // "Venue console: Opera Game ..." (set by the app)
    std::string status;  // "events 123, state 0123abcd..."
    std::vector<MatchView> matches;
    std::vector<ClaimLine> claims;  // newest last
    std::vector<DeviceRow> devices;
    std::vector<std::string> messages;  // device messages and refused intents, newest last
    // The arbiter's last action as the log has it: "Logged as event 49: Resume ..." once its
    // event is durable, "Waiting for the log: ..." until then, and after a few seconds without
    // it, that the engine is not taking it. "" before the first action.
    std::string action_status;
    bool action_pending = false;  // sent but not yet in the log
};

// --- the model --------------------------------------------------------------------------------

class ViewModel {
  public:
    // Wall-clock time = host steady time + offset (for the log's times); 0 shows the time since
    // the first event instead.
    void set_wall_offset_ns(std::int64_t offset) { wall_offset_ns_ = offset; }
    // Rows kept (oldest dropped first).
    void set_log_capacity(std::size_t rows) { log_capacity_ = rows; }

    // What a step applied: the log's rows, claim lines, scores and time added. `state` (the
    // state after it, optional) names the players in the texts.
    void observe(const runtime::StepRecord& record, const engine::VenueState* state = nullptr);
    void observe(const runtime::Applied& applied, HostNanos happened_ns,
                 const engine::VenueState* state = nullptr);
    void message(const std::string& text, HostNanos now_ns);
    // An arbiter's action handed to the engine (Daemon::post) at now_ns, `what` in words: the
    // console calls it logged only when an applied event with the same body comes back.
    void expect(const engine::Event& event, std::string what, HostNanos now_ns);
    // How long an action may wait for the log before the console says the engine is not taking
    // it (the engine commits within milliseconds; seconds mean it has stopped).
    static constexpr HostNanos ACTION_OVERDUE_NS = 3'000'000'000;

    ConsoleView build(const runtime::Session& session, const DeviceInputs& devices,
                      HostNanos now_ns) const;
    ConsoleView build(const engine::VenueState& state, const DeviceInputs& devices,
                      HostNanos now_ns) const;

    // The input the players' touch panel would send now (UiState::draft), or none: the next
    // build previews it on its match (MatchView::draft_preview).
    void set_draft(std::optional<engine::GameInput> draft) { draft_ = std::move(draft); }

    const std::deque<LogRow>& log() const { return log_; }
    // Rows ever added (the oldest are dropped beyond the capacity): a reader that has copied
    // `seen` rows appends the newer ones to `out` and updates `seen`.
    std::uint64_t rows_added() const { return rows_added_; }
    void copy_new_rows(std::uint64_t& seen, std::vector<LogRow>& out) const;
    std::string format_time(HostNanos host_ns) const;

  private:
    MatchView match_view(const engine::Match& m, const DeviceInputs& devices,
                         HostNanos now_ns) const;
    void add_row(LogRow row);
    std::optional<engine::GameInput> draft_;

    struct MatchTrack {
        std::string score_white, score_black;
        std::int64_t added_ms[2] = {0, 0};
        HostNanos clock_ns = 0;  // the host time of the last event that set the engine's clock
        std::vector<chess::Square> removed_squares;  // the last PlayerRemoved's, until a move
    };
    std::map<std::string, MatchTrack> tracks_;
    std::deque<LogRow> log_;
    std::size_t log_capacity_ = 20000;
    std::uint64_t rows_added_ = 0;
    std::deque<ClaimLine> claims_;
    std::deque<std::string> messages_;
    struct Expected {
        std::string kind, payload;  // the event's, to know it when it comes back applied
        std::string what;
        HostNanos sent_ns = 0;
    };
    std::deque<Expected> expected_;
    std::string action_logged_;  // the last action that came back: "Logged as event 49: ..."
    std::int64_t wall_offset_ns_ = 0;
    HostNanos first_ns_ = -1;
};

// Formatting helpers, shared with the panels and tests.
// Clocks as a chess clock shows them ("1:29:58", "4:07", "9.4", "0.0") and time added ("+2:00",
// "-0:30"): the one formatter of clock times (common/clock_text.h), in the console's style.
inline std::string clock_text(std::int64_t ms) {
    return venue::clock_text(ms, ClockStyle::DISPLAY);
}
using venue::duration_text;
std::string age_text(std::int64_t ns);  // "12 ms", "3.4 s", "—" when negative
std::string square_list(const std::vector<chess::Square>& squares);  // "c2, d7"

}  // namespace venue::console
