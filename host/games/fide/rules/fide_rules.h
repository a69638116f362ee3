// Plain chess under the FIDE Laws of Chess: the engine's base Match, registered as a game like
// any other.
#pragma once

#include "venue/game_rules.h"

namespace venue::games::fide {

// The registry's entry (host/games/registered_games.cpp).
const engine::GameRules& rules();

}  // namespace venue::games::fide
