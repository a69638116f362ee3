// Betza's Chess for Any Number of Players in the game registry (engine::GameRules): who plays it
// (2 to 8 armies, one player each), its [match.betza] keys (betza_options()), the checks of a
// match's configuration and the making of its match (BetzaMatch).
#pragma once

#include <optional>
#include <string>

#include "venue/game_rules.h"

namespace venue::games::betza {

// The registry's entry (host/games/registered_games.cpp).
const engine::GameRules& rules();

// Why `config` cannot be played as Betza's chess, naming the clause ("" none).
std::optional<std::string> validate(const engine::MatchConfig& config);

}  // namespace venue::games::betza
