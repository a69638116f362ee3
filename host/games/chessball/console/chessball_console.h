// Chessball in the console: its players own files and claim the move with hub buttons (the
// setup wizard's FILES and BUTTONS steps, the match panel's columns), and its usual time control.
// Registered in host/games/registered_console.cpp.
#pragma once

#include "console/game_console.h"

namespace venue::games::chessball {

// The game's console entry.
const console::GameConsole& console_entry();

}  // namespace venue::games::chessball
