// Grassi's ChessBall in the game registry (engine::GameRules): who plays it (two players), its
// [match.grassi] keys (grassi_options()), the checks of a match's configuration and the making of
// its match (GrassiMatch).
#pragma once

#include <optional>
#include <string>

#include "venue/game_rules.h"

namespace venue::games::grassi {

// The registry's entry (host/games/registered_games.cpp).
const engine::GameRules& rules();

// Why `config` cannot be played as Grassi's ChessBall, naming the clause or key ("" none).
std::optional<std::string> validate(const engine::MatchConfig& config);

}  // namespace venue::games::grassi
