// A match of Grassi's ChessBall for tests: "g1", Wanda (White) against Bruno (Black), one player
// a side, the [match.grassi] keys given (the rest their defaults).
#pragma once

#include <map>
#include <string>

#include "venue/game_options.h"
#include "venue/match_config.h"

namespace venue::engine::testing {

inline MatchConfig grassi_config(std::map<std::string, OptionValue> options = {}) {
    MatchConfig c;
    c.id = "g1";
    c.game = "grassi";
    c.sides.assign(2, TeamConfig{});
    c.side(0).players.push_back({"w", "Wanda", 0, {}, ""});
    c.side(1).players.push_back({"b", "Bruno", 1, {}, ""});
    for (auto& [key, value] : options) c.options.set(key, value);
    return c;
}

}  // namespace venue::engine::testing
