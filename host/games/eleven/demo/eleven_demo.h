// Chess Eleven's entry in the registry of the games' demos (host/games/registered_demos.cpp):
// two players, one emulated board, the hub's buttons and clock; its people eleven_director.h.
#pragma once

#include "demo/game_demo.h"

namespace venue::games::eleven {

const demo::GameDemo& demo();

}  // namespace venue::games::eleven
