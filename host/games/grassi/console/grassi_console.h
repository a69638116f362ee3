// Grassi's ChessBall in the console: its inputs in words (a path, a tackle, a substitution, the
// faces of physical dice, an arbiter's correction) and the lines of its help. What it draws (the
// players' touch controls, the arbiter's corrections and dice) is grassi_panels.h. Registered in
// host/games/registered_console.cpp.
#pragma once

#include "console/game_console.h"

namespace venue::games::grassi {

// The game's console entry.
const console::GameConsole& console_entry();

}  // namespace venue::games::grassi
