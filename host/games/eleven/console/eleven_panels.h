// Chess Eleven in the window: the arbiter's own buttons below the common actions. The ball put
// on the piece that has it, or back on the centre circle (X-3, with a note), and, when the board
// or the hub fails, what they would have declared: a pass, a shot, the end of a turn, Ready, half
// time, full time, the formation's time up. Registered in host/games/registered_panels.cpp.
#pragma once

#include "console/game_panels.h"

namespace venue::games::eleven {

// The game's drawing entry.
const console::GamePanels& panels_entry();

}  // namespace venue::games::eleven
