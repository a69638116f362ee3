// What a demo's options choose, the same for `venue demo` and `venue-console --demo`: the game
// whose demo runs (--game: a game's id, or a PGN file for the first demo that plays one), its
// plan, and the default name of the fresh log. Errors name the option at fault.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "chess/pgn.h"
#include "common/result.h"
#include "demo/game_demo.h"

namespace venue::demo {

// --game's value: "" (the first registered demo), a game's id, or a PGN file.
struct DemoGame {
    const GameDemo* demo = nullptr;
    std::string game_file;  // the PGN file it plays; "" its own game
};
Result<DemoGame, std::string> choose_demo_game(const std::string& game);

// The plan for --game `game`, --tree `scenario` ("" = the demo's first; ignored by a demo
// without scenarios), --players `players` and --turns `turns` (0 = the demo's default; ignored by
// a demo that does not take it) and --seed.
Result<std::unique_ptr<PlannedDemo>, std::string> plan_demo(const std::string& game,
                                                            const std::string& scenario,
                                                            int players, std::uint64_t seed,
                                                            int turns = 0);

// For --help, from the registry: one line on "--game", "--tree", "--players" or "--turns" (what
// it takes
// for each game's demo), and the games with a demo, a few indented lines each (the game's id,
// name and summary, what its demo plays and shows, its scenarios), wrapped at `width`.
std::string demo_option_help(std::string_view option);
std::string demo_games_help(std::size_t width = 96);
// Why `option` ("--players", "--tree", "--turns") cannot be given with `demo` ("" when it can).
std::string demo_option_refused(const GameDemo& demo, std::string_view option);

// "venue-demo-YYYYMMDD-HHMMSS.sqlite", local time now.
std::string default_demo_log_name();

// Morphy's Opera Game (Paris 1858), 17 moves ending in mate: a demo's default game.
const char* opera_game_pgn();

// The first game of the PGN file at `path`, or of the Opera Game for "".
Result<chess::PgnGame, std::string> first_game(const std::string& path);

}  // namespace venue::demo
