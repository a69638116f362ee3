// Chessball's entry in the registry of the games' demos (host/games/registered_demos.cpp): two
// teams of 2 to 8 play a real game (the Opera Game, or a PGN file's first game) on one emulated
// board, claiming each move with their buttons; the plan is chessball_plan.h, its people
// chessball_director.h.
#pragma once

#include "demo/game_demo.h"

namespace venue::games::chessball {

const demo::GameDemo& demo();

}  // namespace venue::games::chessball
