// Grassi's ChessBall's entry in the registry of the games' demos (host/games/registered_demos.cpp):
// two players entering their moves as on the touch panel, no board (no e-board senses the game);
// its people grassi_director.h.
#pragma once

#include "demo/game_demo.h"

namespace venue::games::grassi {

const demo::GameDemo& demo();

}  // namespace venue::games::grassi
