// Business Chess in the console's model: the entries a team's representative makes (branch,
// select, pass, resign, draw, veto, board C, replace) as events and in words, the game's words for
// its penalties (a red-line offence is a yellow card, an expulsion a red one, BC-I.11) and the
// setup wizard's checks. Registered in host/games/registered_console.cpp; what the game draws in
// the window is business_panels.h.
#pragma once

#include "console/game_console.h"

namespace venue::games::business {

// The game's console entry.
const console::GameConsole& console_entry();

}  // namespace venue::games::business
