// Business Chess's entry in the registry of the games' demos (host/games/registered_demos.cpp):
// two teams of five and a reserve play a scenario's tree of branches on five emulated
// demonstration boards and board C under the hub's one clock; the plan is business_plan.h, its
// people business_director.h.
#pragma once

#include "demo/game_demo.h"

namespace venue::games::business {

const demo::GameDemo& demo();

}  // namespace venue::games::business
