// The result of a game of Betza's chess (BETZA-9, BETZA-A17): the last player alive wins, the
// others are ranked in reverse order of elimination, and the players still in may agree a shared
// draw.
#pragma once

#include <string>
#include <vector>

#include "games/betza/rules/betza_rules.h"

namespace venue::games::betza {

struct Standing {
    bool ended = false;
    bool drawn = false;  // shared by the players of places[0]
    int winner = -1;     // NO_PLAYER unless one player won
    // Best first; a place holds several players when they share it (a draw).
    std::vector<std::vector<int>> places;
    std::vector<double> points;  // by player
    std::string clause;          // why the game ended
    std::string reason;
};

// The standing of a finished game: `still_in` the players alive at the end (one: the winner;
// several: a shared draw), `eliminated` in the order they went out, `players` in all.
// LAST_ALIVE scores 1 to the winner (1/k each for a draw of k), PLACE_POINTS gives each player
// the number of players ranked below it (averaged over a shared place).
Standing final_standing(const BetzaRules& rules, int players, const std::vector<int>& still_in,
                        const std::vector<int>& eliminated);

}  // namespace venue::games::betza
