// What a demo's options choose, the same for `venue demo` and `venue-console --demo`: the plan
// of the game named (Chessball on the Opera Game or a PGN file's first game, or a Business Chess
// scenario) and the default name of the fresh log. Errors name the option at fault.
#pragma once

#include <cstdint>
#include <string>

#include "common/result.h"
#include "demo/business_plan.h"
#include "demo/demo_plan.h"

namespace venue::demo {

// game: "" or "chessball" (the Opera Game) or a PGN file; players: per team, 2..8 (CB-2.2).
Result<DemoPlan, std::string> chessball_demo_plan(const std::string& game, int players,
                                                  std::uint64_t seed);
// tree: a scenario's name ("short", "scheme4").
Result<BusinessPlan, std::string> business_demo_plan(const std::string& tree, std::uint64_t seed);
// "venue-demo-YYYYMMDD-HHMMSS.sqlite", local time now.
std::string default_demo_log_name();

}  // namespace venue::demo
