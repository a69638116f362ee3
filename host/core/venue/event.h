// Events: every input to the engine, typed. An event is appended to the log
// before anything acts on it; the engine's state is a fold over events.
//
// Three families: device input (hub and boards), arbiter actions (always with
// the arbiter's note), and system events. Each carries the host's monotonic
// time and, where the hub saw it, the hub's microsecond time.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "chess/types.h"
#include "venue/match_config.h"

namespace venue::engine {

using chess::Color;

// --- system -------------------------------------------------------------------------------
struct HostStarted {
    std::string version;
};
struct DeviceConnected {
    std::string device;  // "hub:SERIAL" or "board:SERIAL"
    std::string detail;  // firmware version, port
};
struct DeviceLost {
    std::string device;
    std::string reason;
};
struct MatchCreated {
    MatchConfig config;
};

// --- device input ---------------------------------------------------------------------------
// A legal-looking move read from a board's stable snapshot (by the move recogniser).
struct MoveSensed {
    std::string match;
    std::string board;
    std::string uci;
};
// The board's stable snapshot matches no legal reading: these squares differ
// from the game position.
struct BoardMismatch {
    std::string match;
    std::string board;
    std::vector<chess::Square> squares;
};
// A board's raw sensed placement (FEN's first field), as the driver read it:
// kept in the log as evidence for the moves read from it; changes no state.
struct BoardSnapshot {
    std::string match;
    std::string board;
    std::string placement;
};
// One DGT field update as the board sent it, logged one by one in the order received: the raw
// order and the reports that change no board (a repeated report, a magic piece 13-15), which
// the snapshots cannot show. Evidence only, like BoardSnapshot: changes no state.
struct BoardFieldUpdate {
    std::string match;
    std::string board;
    int dgt_square = 0;  // the board's own sensor index as sent, 0..63 (orientation not applied)
    int piece_code = 0;  // the DGT piece code as sent, 0..15 (io/dgt/dgt_piece.h)
    // The chess square the sensor stands for; none while the board's orientation is only
    // assumed (no start position seen yet, none configured).
    std::optional<chess::Square> square;
};
// A board that stood still for the settle time, for a match that reads its boards itself
// (BoardRole::read_by_match: a game whose moves span boards, or that chess cannot read): the
// placement (FEN's first field) the recogniser would have read. Each settled board once.
struct BoardSettled {
    std::string match;
    std::string board;
    std::string placement;
};
// The board matches the game position again (a restore finished).
struct BoardRestored {
    std::string match;
    std::string board;
};
// A clock paddle pressed by the player of `side` (ends that side's move).
struct ClockPressed {
    std::string match;
    Color side = chess::WHITE;
    std::optional<std::int64_t> remaining_ms;  // the presser's time left, as the hub saw it
};
struct FlagFell {
    std::string match;
    Color side = chess::WHITE;
};
// The hub's clock as its heartbeat reports it.
struct ClockReading {
    std::string match;
    std::int64_t white_ms = 0;
    std::int64_t black_ms = 0;
    std::optional<Color> running;
};

// --- the hub's army clock: one countdown per army, switched at each station's End-turn button ---
// (docs/protocol.md, "Army clock"; a game of more than two sides that keeps one, Match::army_clock)
// A station's End-turn press that ended the turn of the army on move: the hub already runs
// `next_army`'s time. The game judges it (a turn without a move, say) and may put it back.
struct ArmyTurnEnded {
    std::string match;
    int army = 0;                   // whose turn the press ended
    int next_army = 0;              // whose time the hub runs now
    int station = 0;                // the station whose button it was
    std::int64_t remaining_ms = 0;  // the ended army's time afterwards, as the hub saw it
};
// The army on move ran out of time; the hub's army clock stopped (FLAGGED) at that instant.
struct ArmyFlagFell {
    std::string match;
    int army = 0;
};
// The army clock as the hub reports it before a heartbeat: every army's time, and the army whose
// time runs (none while stopped, paused or flagged).
struct ArmyClockReading {
    std::string match;
    std::vector<std::int64_t> remaining_ms;  // by army
    std::optional<int> running;
};

// A claim button press as the hub judged it: the hub timestamps the first edge,
// applies the lockout by itself and reports each press with its verdict.
enum class ClaimVerdict : std::uint8_t {
    ACCEPTED,     // first accepted press of the armed team: the hub lit its LED
    LATE,         // the team's claim was already held; margin_us behind the holder
    OUT_OF_TURN,  // a press of the team not on move
    TIE,          // pressed in the same sample as `tied_with`; the hub chose `winner`
};
struct ClaimPressed {
    std::string match;
    int button = 0;
    ClaimVerdict verdict = ClaimVerdict::ACCEPTED;
    std::int64_t margin_us = 0;  // LATE: behind the accepted press
    // LATE: when set, the presses were closer than the hub can tell apart, and margin_us says
    // only that they were within this many µs (io/hub/claim_resolution.h); 0: margin_us is the
    // gap (to the hub's ±1 µs)
    std::int64_t margin_within_us = 0;
    std::vector<int> tied_with;  // TIE: every button in the tie
    int winner = -1;             // TIE: the button the hub's rule chose
    std::string tie_rule;        // TIE: the hub's documented rule, as it reported it
};
// A crossing of the red line in front of a team's boards, derived by the hub
// from the order in which the zone's two beams were broken.
struct BeamCrossed {
    std::string match;
    Color zone = chess::WHITE;  // whose zone
    bool inward = true;         // towards the boards
};

// --- players' claims under the Laws ------------------------------------------------------------
enum class DrawClaimKind : std::uint8_t {
    THREEFOLD,
    FIFTY_MOVES
};
struct DrawClaimed {
    std::string match;
    Color side = chess::WHITE;
    DrawClaimKind kind = DrawClaimKind::THREEFOLD;
    std::string intended_uci;  // "" when claiming on the position on the board
};

// --- arbiter ------------------------------------------------------------------------------
enum class ArbiterActionKind : std::uint8_t {
    PAUSE,
    RESUME,
    ADD_TIME,          // side, amount_ms (negative takes time away)
    RESTORE_POSITION,  // ply: take the game back to the position after `ply` moves
    DECLARE_RESULT,    // result ("1-0", "0-1", "1/2-1/2"), text = termination
    ENTER_MOVE,        // uci: a move the arbiter records (board fault, dispute)
    WARN,              // player, text = reason (team games)
    REMOVE,            // player, text = reason (team games)
    CONFIRM_WARNING,   // ref = the proposed warning's number
    REJECT_WARNING,    // ref = the proposed warning's number
    RELEASE_CLAIM,     // the claim holder's claim ends without a move
    // text = the move as the pieces went ("e1g3", "e7e8q"): an illegal move that stands (it
    // was found too late to restore, say); the game goes on from the position it made
    ILLEGAL_MOVE_STANDS,
    // The arbiter confirms the score as it stands (the arbiters' notebook, where a game keeps
    // one); a game without such a record ignores it with its reason.
    CONFIRM_SCORE,
};
// The kind's stable name, as in the log's JSON ("restore_position").
const char* to_string(ArbiterActionKind k);
struct ArbiterAction {
    std::string match;
    ArbiterActionKind kind = ArbiterActionKind::PAUSE;
    Color side = chess::WHITE;
    std::int64_t amount_ms = 0;
    int ply = 0;
    std::string result;
    std::string text;
    std::string player;  // the player concerned (team games)
    // WARN, REMOVE: the ground the arbiter chose, a clause of the game's penalty_grounds
    // (game_rules.h). "" in logs written before the console asked for it: the game then reads
    // the ground from the reason, as it did when those logs were written.
    std::string clause;
    int ref = 0;          // a proposed warning's number
    std::string arbiter;  // who acted
    std::string note;     // why: required
};

// --- Games of several boards: key changes --------------------------------------------------------
// What a team's representative enters on the terminal beside the demonstration boards (or the
// arbiter for him), catalogue BC-A21 and 6.5: the key changes of BC-I.13 (BRANCH, SELECT, PASS)
// and the other entries about the branch tree and the team.
enum class KeyChangeKind : std::uint8_t {
    BRANCH,   // from_branch = mother, board = the free board ("" = next free), amount = daughter
    SELECT,   // from_branch resigned, its rating to to_branch (or over `shares`, BC-A4)
    PASS,     // one unit of rating from_branch -> to_branch (amount 1)
    RESIGN,   // from_branch resigned without selection (BC-I.14); its chips leave the game
    DRAW,     // from_branch drawn: claim "" = agreement (BC-A15), "threefold", "fifty_moves"
    VETO,     // the side vetoes branching (BC-I.6, BC-I.18, BC-A1)
    BOARD_C,  // the last branch moves to the control board (BC-I.7, BC-II.4)
    REPLACE,  // player (out) is replaced by in_player (BC-I.12, BC-A20)
    // The team takes back its rating operations of this turn, before the press (BC-A30): the
    // tree is as it was before them; moves, cards and vetoes stand.
    WITHDRAW,
};
struct RatingShare {
    int branch = 0;
    int amount = 0;
};
struct KeyChange {
    std::string match;
    KeyChangeKind kind = KeyChangeKind::PASS;
    Color side = chess::WHITE;  // the team making it
    int from_branch = 0;
    int to_branch = 0;
    std::string board;
    int amount = 0;
    std::vector<RatingShare> shares;
    std::string claim;      // DRAW
    std::string player;     // the representative (REPLACE: the player going out)
    std::string in_player;  // REPLACE: the player coming in
    std::string arbiter;    // who entered it
    std::string note;
};
const char* to_string(KeyChangeKind k);

// --- a game's own inputs -----------------------------------------------------------------------
// An input only one game knows (a pass or a shot declared at the board, the pair of half-boards
// pushed together, the faces of physical dice): its kind is the game's stable name for it, its
// arguments are words the game reads ("to" = "d5"). The core carries and logs it; the game's
// Match decides, and a game without that kind ignores it with the reason. A new game adds inputs
// here, in its own words, rather than event types to the core.
struct GameInput {
    std::string match;
    std::string kind;  // the game's own name: "pass", "select_pair"
    int side = 0;  // the side it is made for: its index in the sides (chess::WHITE, BLACK in two)
    std::string player;                       // who made it ("" the side as a whole)
    std::map<std::string, std::string> args;  // in the game's words: "to" = "d5"
    std::string arbiter;                      // who entered it, when an arbiter did
    std::string note;
};

using EventBody =
    std::variant<HostStarted, DeviceConnected, DeviceLost, MatchCreated, MoveSensed, BoardMismatch,
                 BoardRestored, ClockPressed, FlagFell, ClockReading, DrawClaimed, ArbiterAction,
                 ClaimPressed, BeamCrossed, BoardSnapshot, KeyChange, BoardFieldUpdate, GameInput,
                 ArmyTurnEnded, ArmyFlagFell, ArmyClockReading, BoardSettled>;

struct Event {
    std::int64_t host_ns = 0;            // host monotonic time at arrival
    std::optional<std::int64_t> hub_us;  // hub time, for hub input
    EventBody body;
};

// Stable names used as the log's `kind` column and in JSON.
const char* kind_name(const EventBody& body);
// "hub", "board", "arbiter", "host": the log's `source` column.
const char* source_name(const EventBody& body);

}  // namespace venue::engine
