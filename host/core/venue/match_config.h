// What a match is set up with: frozen when the match is created (catalogue X-5),
// and carried in the MatchCreated event so that replay needs nothing else.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace venue::engine {

// How time is added per move (the hub's clock does the counting; the host
// mirrors it and decides penalties).
enum class TimeMode : std::uint8_t {
    SUDDEN_DEATH,
    FISCHER,
    SIMPLE_DELAY,
    BRONSTEIN
};

struct TimeControl {
    std::int64_t base_ms = 90 * 60 * 1000;
    std::int64_t increment_ms = 30 * 1000;
    TimeMode mode = TimeMode::FISCHER;
};

struct PlayerConfig {
    std::string id;    // stable, unique in the match, e.g. "w1"
    std::string name;  // as shown and written into PGN
    int seat = 0;
    std::vector<int> buttons;  // hub claim buttons (team games)
    std::string files;         // owned files, e.g. "ab" (Chessball)
};

struct TeamConfig {
    std::string name;
    std::vector<PlayerConfig> players;
};

// The rules of the Laws of Chess that a venue may set (Art. 7.5.5 and 9.5.3
// give +2 minutes in standard play; rapid and blitz use +1 minute).
struct ChessPenalties {
    std::int64_t illegal_move_bonus_ms = 2 * 60 * 1000;
    int illegal_moves_to_lose = 2;
    std::int64_t incorrect_claim_bonus_ms = 2 * 60 * 1000;
};

// Chessball's pre-agreed conditions (catalogue CB-6.1 and the CB-A defaults).
// CB-A1: which file makes a man a player's.
enum class Ownership : std::uint8_t {
    CURRENT_FILE,  // the default: the file the man stands on when it moves (CB-3.3, CB-6.4.4)
    START_FILE,    // the file it stood on at the start (CB-2.3's "beginning of the verticals")
};

struct ChessballRules {
    Ownership ownership = Ownership::CURRENT_FILE;  // CB-A1 (CB-A20 follows it)
    bool auto_warnings = false;              // CB-6.4.2.2: false = the judge confirms each one
    std::int64_t warning_bonus_ms = 120000;  // CB-6.4.2.5: to the opposing team per warning
    bool third_warning_bonus = true;         // CB-A19
    int warnings_to_remove = 3;              // CB-6.4.3.1
};

// Business Chess's pre-agreed parameters (seed 003, section I; catalogue BC-P-1..5 and the
// BC-A defaults). The clock is MatchConfig::time: one clock, 90 min per team, no increment
// (BC-I.5); the 30 s per move once one branch remains is the engine's (BC-I.7, BC-A12).
enum class SecondOffence : std::uint8_t {
    EXPEL,         // BC-A9 default: the second red-line offence is a red card (expulsion)
    TIME_PENALTY,  // the second offence gives the opponent offence_bonus_ms instead
};

struct BusinessRules {
    int game_rating = 10;  // BC-I.3: branch 1's rating at the start (return games: BC-I.21)
    int max_branches = 5;  // BC-I.1
    // The demonstration boards' ids in expansion order (BC-A3: the next free one receives a new
    // branch unless the team names one; BC-I.9 centre to periphery is the venue's physical row).
    std::vector<std::string> boards = {"1", "2", "3", "4", "5"};
    std::string control_board = "C";                  // BC-I.7, BC-II.4
    int players = 5;                                  // BC-I.4: on the team at a time
    int reserves = 1;                                 // BC-I.4
    std::int64_t veto_window_ms = 30 * 60 * 1000;     // BC-I.6, BC-I.18
    std::int64_t single_branch_bonus_ms = 30 * 1000;  // BC-I.7, BC-A12: per move, one branch left
    SecondOffence second_offence = SecondOffence::EXPEL;  // BC-I.11, BC-A9
    std::int64_t offence_bonus_ms = 2 * 60 * 1000;        // BC-I.11: "2 minutes" alternative
    bool clone_pause_auto = true;       // BC-A19: the engine pauses the clock for cloning
    bool return_rating_half_up = true;  // BC-A16: 10.5 -> 12 (false: floor, 10.5 -> 11)
};

struct MatchConfig {
    std::string id;             // e.g. "m1"
    std::string game = "fide";  // the rules module: "fide" (plain chess under the Laws)
    std::string event;          // PGN Event
    std::string site;           // PGN Site
    std::string round = "1";    // PGN Round, "round.board" for broadcasts
    TeamConfig white, black;
    TimeControl time;
    ChessPenalties penalties;
    std::string board;         // the board's id (a DGT serial number) or "" when moves are entered
    std::string start_fen;     // "" = the standard start position
    ChessballRules chessball;  // game "chessball" only
    BusinessRules business;    // game "business" only

    // Whether the board `board_id` belongs to this match: its board, or for Business Chess one of
    // the demonstration boards or board C (BC-I.1, BC-II.4).
    bool plays_on(const std::string& board_id) const {
        if (!board_id.empty() && board_id == board) return true;
        if (game != "business") return false;
        if (board_id == business.control_board) return true;
        for (const std::string& b : business.boards)
            if (b == board_id) return true;
        return false;
    }
};

}  // namespace venue::engine
