// Chessball in the arbiter's window: the captains' entries the judge makes for them, below the
// common actions (host/console/game_panels.h). Registered in host/games/registered_panels.cpp.
#pragma once

#include "console/game_panels.h"

namespace venue::games::chessball {

// The game's drawing entry.
const console::GamePanels& panels_entry();

}  // namespace venue::games::chessball
