// Betza's game in the console: its inputs in words (a pair pushed, a move on it, the end of a
// turn, time for one army, the arbiter's rulings). What it draws is betza_panels.h. Registered in
// host/games/registered_console.cpp.
#pragma once

#include "console/game_console.h"

namespace venue::games::betza {

// The game's console entry.
const console::GameConsole& console_entry();

}  // namespace venue::games::betza
