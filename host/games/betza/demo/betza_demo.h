// Betza's demo in the registry of the games' demos (demo/game_demo.h).
#pragma once

#include "demo/game_demo.h"

namespace venue::games::betza {

const demo::GameDemo& demo();

}  // namespace venue::games::betza
