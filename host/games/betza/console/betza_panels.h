// Betza's game in the window: the arbiter's entries below the common actions, for when the
// boards or the buttons fail or a ruling is his: a pair, a move on it, the end of a turn, time
// for one army on the hub's army clock, a reassignment (friendly games), who takes an army that
// mated itself, an alliance, a shared draw. Registered in host/games/registered_panels.cpp.
#pragma once

#include "console/game_panels.h"

namespace venue::games::betza {

// The game's drawing entry.
const console::GamePanels& panels_entry();

}  // namespace venue::games::betza
