// Decisions: what the engine concludes from an event. Each carries the rule id
// from the rules catalogue (or the Laws of Chess article) and a reason in
// words, so that an arbiter can see why.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "chess/types.h"

namespace venue::engine {

using chess::Color;

struct MoveAccepted {
    std::string match;
    std::string uci;
    std::string san;
    int ply = 0;        // 1 = White's first move
    std::string board;  // games played on several boards (a branch tree); "" otherwise
};
struct MoveRefused {
    std::string match;
    std::string uci;    // may be "" (the board matched no move)
    std::string board;  // games played on several boards; "" otherwise
};
// The position on the board must be set back to the game position; these
// squares differ (or must be cleared).
struct RestoreRequired {
    std::string match;
    std::string fen;
    std::vector<chess::Square> squares;
};
struct IllegalMoveCounted {
    std::string match;
    Color side = chess::WHITE;
    int count = 0;
};
struct TimeAdded {
    std::string match;
    Color side = chess::WHITE;
    std::int64_t amount_ms = 0;
};
struct ClockSwitched {
    std::string match;
    Color running = chess::WHITE;
};
struct ClaimRefused {
    std::string match;
    Color side = chess::WHITE;
    std::string player;  // team games: who pressed
    std::string code;    // team games: CLAIM_HELD, NOT_TEAM_TURN, REMOVED, NO_LEGAL_MOVE, ...
    std::int64_t margin_us = 0;  // CLAIM_HELD: behind the holder
};
// A player holds the right to move for his team (team games). The press's hub
// time is its event's.
struct ClaimGranted {
    std::string match;
    std::string player;
    int button = 0;
};
struct ClaimEnded {
    std::string match;
    std::string player;
};
// A warning waiting for the judge (catalogue CB-6.4.2.2 with auto warnings off).
struct WarningProposed {
    std::string match;
    int ref = 0;
    std::string player;
    std::string reason;
};
struct WarningGiven {
    std::string match;
    std::string player;
    int count = 0;  // the player's warnings so far, this one included
    std::string reason;
};
// A player leaves the game: his team's pieces on `squares` come off the board
// and his files pass to `files_to`.
struct PlayerRemoved {
    std::string match;
    std::string player;
    std::vector<chess::Square> squares;
    std::string files_to;  // who takes over his files: a player's id (several, comma-separated,
                           // when each file has its own successor, as a game may agree)
};
struct GameEnded {
    std::string match;
    std::string result;       // "1-0", "0-1", "1/2-1/2"
    std::string termination;  // "checkmate", "flag", "stalemate", ...
};
// What a device is told to do. Its name ("clock.add_time") is what the log and the JSON say.
enum class DeviceAction : std::uint8_t {
    CLOCK_ADD_TIME,  // amount_ms to `side`
    // `side`'s time is set to amount_ms (a game that keeps other times than a player's on the
    // hub's faces: a half's countdown, a formation's); the hub carries it out, a DGT clock not
    CLOCK_SET_TIME,
    CLOCK_PAUSE,           // both clocks stop
    CLOCK_RESUME,          // the side to move runs again
    CLOCK_RUN,             // `side`'s time runs (started, or switched back)
    CLAIM_RELEASE,         // the claim held ends
    CLAIM_DISABLE_BUTTON,  // the button `value` claims nothing any more
    // The hub's army clock (Match::army_clock): armies are `value`s, times amount_ms.
    ARMY_START,        // the stopped army clock starts with army `value` on move
    ARMY_SET_ON_MOVE,  // army `value` on move now (a turn the game ended, or put back)
    ARMY_SET_TIME,     // army `value`'s time is amount_ms
    // the batting order is `armies` (those left out are out of the game), army a is played from
    // station stations[a]
    ARMY_SET_ORDER,
    // A board's square lights (the DGT Revelation II's LEDs): `value` is the square (a1 = 0 ..
    // h8 = 63, in the match's terms), or -1: none; `squares` more squares lit with it; every
    // other light off. `device` is the board's id.
    BOARD_LIGHT_SQUARE,
};
const char* to_string(DeviceAction a);
std::optional<DeviceAction> device_action_named(std::string_view name);
// Whether a chess clock (the hub's or a DGT clock) carries it out.
bool is_clock_action(DeviceAction a);

// A command for a device, sent only after the event that caused it is durable.
struct DeviceCommand {
    std::string device;  // "hub" or a board id
    DeviceAction command = DeviceAction::CLOCK_RUN;
    Color side = chess::WHITE;
    std::int64_t amount_ms = 0;
    int value = 0;  // CLAIM_DISABLE_BUTTON: the button; ARMY_*: the army; BOARD_*: the square
    std::vector<int> armies = {};    // ARMY_SET_ORDER: the batting order
    std::vector<int> stations = {};  // ARMY_SET_ORDER: by army, the station that plays it
    std::vector<int> squares = {};   // BOARD_LIGHT_SQUARE: the squares lit besides `value`
};

// Every square a BOARD_LIGHT_SQUARE command lights: `value` (unless -1) and `squares`, in order,
// each once.
std::vector<int> lit_squares(const DeviceCommand& c);
// The match's score, in half points (a win is 2, a draw 1 each; games that weigh
// results, such as by the ratings of branches in a tree, multiply by them).
struct ScoreChanged {
    std::string match;
    int white_half_points = 0;
    int black_half_points = 0;
};
struct EventIgnored {
    std::string match;
};

// --- Games of several boards: the branch tree ----------------------------------------------------
// A representative's entry (event KeyChange) accepted, or refused with a code (ONE_KEY_CHANGE,
// RATING_ONE, BRANCH_CLOSED, NO_FREE_BOARD, VETOED, ...).
struct KeyChangeAccepted {
    std::string match;
    Color side = chess::WHITE;
    std::string kind;  // "branch", "select", "pass", ...
    int from_branch = 0;
    int to_branch = 0;
    int amount = 0;
};
struct KeyChangeRefused {
    std::string match;
    Color side = chess::WHITE;
    std::string kind;
    std::string code;
};
struct BranchOpened {
    std::string match;
    int branch = 0;
    int parent = 0;
    std::string board;
    int split_ply = 0;  // plies of the mother's game when it split
    int rating = 0;
};
struct BranchClosed {
    std::string match;
    int branch = 0;
    std::string board;
    std::string result;       // "1-0", "0-1", "1/2-1/2"
    std::string termination;  // "checkmate", "selection", "resignation", "agreement", ...
    int rating = 0;           // the stake scored
};
struct RatingChanged {
    std::string match;
    int branch = 0;
    int rating = 0;
};
// A board must be set to this position (a cloned branch, the control board) and confirmed by
// the board (BoardRestored) before play goes on (catalogue X-6).
struct BoardSetupRequired {
    std::string match;
    std::string board;
    std::string fen;
    int branch = 0;
};
// Raised to the arbiters: nothing changes until one of them acts (the catalogue's "flag").
struct ArbiterFlag {
    std::string match;
    Color side = chess::WHITE;
    std::string code;   // INCOMPLETE_TURN, SAME_MOVE, SECOND_CROSSER, ...
    std::string board;  // the board concerned, "" when none
};
struct PlayerReplaced {
    std::string match;
    Color side = chess::WHITE;
    std::string player_out;
    std::string player_in;
};

// What a game decided in its own terms (the ball passed to d5, a goal, the dice rolled): its kind
// is the game's stable name, its facts are words the game's panels and feed read. The reason and
// the rule id say it for people, as for every decision.
struct GameNews {
    std::string match;
    std::string kind;                          // the game's own name: "ball_passed", "dice"
    std::map<std::string, std::string> facts;  // "to" = "d5", "faces" = "3 5 6"
};

using DecisionBody =
    std::variant<MoveAccepted, MoveRefused, RestoreRequired, IllegalMoveCounted, TimeAdded,
                 ClockSwitched, ClaimRefused, GameEnded, DeviceCommand, EventIgnored, ClaimGranted,
                 ClaimEnded, WarningProposed, WarningGiven, PlayerRemoved, ScoreChanged,
                 KeyChangeAccepted, KeyChangeRefused, BranchOpened, BranchClosed, RatingChanged,
                 BoardSetupRequired, ArbiterFlag, PlayerReplaced, GameNews>;

struct Decision {
    DecisionBody body;
    std::string rule;    // e.g. "FIDE-7.5.5", "CB-6.4.2.5"
    std::string reason;  // in words, for the arbiter
};

const char* kind_name(const DecisionBody& body);

}  // namespace venue::engine
