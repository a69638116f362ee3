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

    // The rules a match config sets (absent keys keep their defaults), and back.
    static BusinessRules of(const engine::MatchConfig& config);
    void write_to(engine::MatchConfig& config) const;
};

// The registry's entry (host/games/registered_games.cpp).
const engine::GameRules& rules();

}  // namespace venue::games::business
