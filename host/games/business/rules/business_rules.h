// Business Chess's pre-agreed parameters (seed 003, section I; catalogue BC-P-1..5 and the BC-A
// defaults): the keys of the venue file's [match.business] table, and the registry's description
// of the game. The clock is MatchConfig::time: one clock, 90 min per team, no increment (BC-I.5);
// the 30 s per move once one branch remains is the engine's (BC-I.7, BC-A12).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "venue/game_rules.h"

namespace venue::games::business {

enum class SecondOffence : std::uint8_t {
    EXPEL,         // BC-A9 default: the second red-line offence is a red card (expulsion)
    TIME_PENALTY,  // the second offence gives the opponent offence_bonus_ms instead
};

// BC-A1: what a veto forbids, and for how long.
enum class VetoEffect : std::uint8_t {
    BAN_OPPONENT,  // the default: the other team may not branch
    BAN_ALL,       // nobody may branch, the vetoing team included
};
enum class VetoScope : std::uint8_t {
    REST_OF_GAME,        // the default
    OPPONENT_NEXT_TURN,  // until the other team's next move is complete
};

// BC-A8: a clock press while some open branch has no move yet.
enum class IncompleteCommit : std::uint8_t {
    BLOCK,    // the default: the clock does not switch, the team completes its move
    FLAG,     // the clock switches as an independent one would; the arbiters are flagged and
              // give the team its clock back (pause, then resume: its clock runs again)
    PENALTY,  // as BLOCK, and the opponent receives incomplete_penalty_ms
};

// BC-A10: who may cross the red line to the demonstration boards.
enum class Representative : std::uint8_t {
    ANY_ONE_AT_A_TIME,  // the default: any member, one at a time
    DESIGNATED,         // one designated member for the whole game (the arbiter checks him)
};

// BC-A12: the 30 s per move once one branch remains (BC-I.7).
enum class SingleBranchTime : std::uint8_t {
    INCREMENT_FROM_NOW,   // the default: an increment from then on, for both teams
    OVERTIME_AFTER_FLAG,  // only once a team's main time is used up: 30 s per move then
};

// BC-II.3 with BC-A19: who confirms a cloned branch before the clock runs again.
enum class CloneConfirmation : std::uint8_t {
    CAPTAINS,  // the default: the board reads the mother's position, then the arbiter checks
               // it with both captains and resumes the clock (ArbiterAction RESUME)
    BOARD,     // the board's reading alone resumes the clock
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
    CloneConfirmation clone_confirmation = CloneConfirmation::CAPTAINS;  // BC-II.3
    VetoEffect veto_effect = VetoEffect::BAN_OPPONENT;                   // BC-A1
    VetoScope veto_scope = VetoScope::REST_OF_GAME;                      // BC-A1
    int veto_count = 1;  // BC-A1: vetoes a team has; 0: any
    IncompleteCommit incomplete_commit = IncompleteCommit::BLOCK;       // BC-A8
    std::int64_t incomplete_penalty_ms = 60 * 1000;                     // BC-A8: under PENALTY
    Representative representative = Representative::ANY_ONE_AT_A_TIME;  // BC-A10
    bool cross_only_on_own_turn = false;                                // BC-A11
    SingleBranchTime single_branch_time = SingleBranchTime::INCREMENT_FROM_NOW;  // BC-A12
    int max_replacements = 0;      // BC-A20: replacements a team may make; 0: any number
    bool replace_expelled = true;  // BC-A20: a reserve may take an expelled member's place
    bool touch_move = true;        // BC-A30: the Laws' touch-move on the demonstration boards

    // The rules a match config sets (absent keys keep their defaults), and back.
    static BusinessRules of(const engine::MatchConfig& config);
    void write_to(engine::MatchConfig& config) const;
};

// The registry's entry (host/games/registered_games.cpp).
const engine::GameRules& rules();

}  // namespace venue::games::business
