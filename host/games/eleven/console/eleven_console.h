// Chess Eleven in the console: its inputs in words (a declaration at the board, a formation's
// substitute, the arbiter's ball). What it draws (the arbiter's own buttons) is eleven_panels.h.
// Registered in host/games/registered_console.cpp.
#pragma once

#include "console/game_console.h"

namespace venue::games::eleven {

// The game's console entry.
const console::GameConsole& console_entry();

}  // namespace venue::games::eleven
