// Grassi's ChessBall in the window: the players' touch controls (what the points tapped on the
// field become: a placement, a piece's path, the ball's path, a tackle, a substitution, a move
// spent), and the arbiter's own buttons below the common actions (a position corrected with a
// note, the faces of physical dice). Registered in host/games/registered_panels.cpp.
#pragma once

#include "console/game_panels.h"

namespace venue::games::grassi {

// The game's drawing entry.
const console::GamePanels& panels_entry();

}  // namespace venue::games::grassi
