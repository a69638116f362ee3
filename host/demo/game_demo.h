// A game's demo as `venue demo` and `venue-console --demo` know it, and the registry of the
// games' demos.
//
// Each game that has a demo describes it once, in its own folder (host/games/<game>/demo/), as a
// GameDemo: what it plays by default, its named scenarios (--tree), whether it plays a PGN
// file's game (--game FILE) or lets the user choose the team size (--players), and the function
// that plans it. A plan (PlannedDemo) knows its match, its emulated boards, the lines the
// terminal prints about it, and makes the simulated people who carry it out. Everything in
// host/demo/ and the commands ask this registry, never a game by name; the list is
// host/games/registered_demos.cpp, as the engine's games are host/games/registered_games.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "demo/people.h"
#include "demo/timed_script.h"
#include "venue/match.h"
#include "venue/match_config.h"

namespace venue::demo {

// One of the boards a demo emulates.
struct DemoBoard {
    std::string id;              // the board's id in the match
    std::string serial;          // the emulated DGT board's serial number (5 characters)
    bool start_position = true;  // false: empty until a position is set up on it
    // The venue file gives the board's orientation (normal), for a game whose board never shows
    // the start position it would be detected from: every field update then names its square.
    bool orientation_set = false;
};

// A game's demo, planned: decided before anything runs (the same options and seed give the
// same plan). The simulated event keeps it while its people carry it out.
class PlannedDemo {
  public:
    virtual ~PlannedDemo() = default;
    // The match the event plays.
    virtual const engine::MatchConfig& match() const = 0;
    // What is played, for a window's title: "White - Black, Site Date" or a game's own words.
    virtual std::string title() const = 0;
    // What the terminal prints before the event starts (the game, the teams, the scripted
    // incidents), whole lines ending in '\n'.
    virtual std::string header() const = 0;
    // The boards to emulate, in the order they are attached.
    virtual std::vector<DemoBoard> boards() const = 0;
    // The people who carry the plan out on `devices` (the plan outlives them).
    virtual std::unique_ptr<People> people(EventDevices devices, DirectorTiming timing) const = 0;
    // The game's own lines of the summary after the result (a score, the games of a tree),
    // whole lines ending in '\n'; "" none.
    virtual std::string summary(const engine::Match& /*match*/) const { return ""; }
    // The seed of the match's random draws, as the venue file's [event] seed (the same demo
    // draws the same); none: the game draws nothing, or the host draws the seed.
    virtual std::optional<std::uint64_t> seed() const { return std::nullopt; }
    // The game's own line in the running account for a decision (without the time), or nullopt
    // for the account's usual one (demo/account.h).
    virtual std::optional<std::string> account_line(const engine::Decision& /*decision*/) const {
        return std::nullopt;
    }
};

// A named scenario of a demo, chosen with --tree.
struct DemoScenario {
    std::string name;  // what --tree takes
    std::string help;  // one line, for --help
};

// What the options ask of a game's demo.
struct DemoRequest {
    std::string game_file;  // a PGN file whose first game is played ("" = the demo's own)
    std::string scenario;   // one of GameDemo::scenarios (the first when none is asked for)
    int players = 0;        // per side, where the demo takes --players; 0 = its default
    int turns = 0;  // a game limited by turns, where the demo takes --turns; 0 = its default
    std::uint64_t seed = 1858;
};

// An example command line for --help: `venue demo <args>`, and what it shows.
struct DemoExample {
    std::string args;
    std::string shows;
};

struct GameDemo {
    std::string game;   // the game's id in the engine's registry (venue/game_rules.h)
    std::string plays;  // what the demo plays without options, one line for --help
    std::string about;  // what happens in it, a few sentences for --help
    // --game FILE.pgn: the demo plays that file's first game (the first such demo takes it).
    bool plays_game_files = false;
    // --players: where the demo takes it, the range and the default ("2 to 8 a team, default
    // 4"); where it does not, why its teams are what they are (--players is refused with it).
    bool takes_players = false;
    std::string players;
    // --turns: where the demo takes it (a game limited by turns), what it takes ("an even number
    // from 2, default 50"); where it does not, why (--turns is refused with it).
    bool takes_turns = false;
    std::string turns;
    std::vector<DemoScenario> scenarios;  // --tree; empty: the demo has none
    std::vector<DemoExample> examples;
    // The plan, or why it cannot be made (naming the option at fault). request.scenario is one
    // of `scenarios` (or "" when there are none).
    Result<std::unique_ptr<PlannedDemo>, std::string> (*plan)(const DemoRequest& request) = nullptr;
};

// Every game's demo, in the order they are offered; the first is what `venue demo` plays
// without --game. Defined by the games' registration (host/games/registered_demos.cpp).
const std::vector<const GameDemo*>& registered_demos();

// The demo of game `id`, or nullptr.
const GameDemo* find_demo(std::string_view id);

// The scenario of `demo` called `name` ("" = its first), or nullptr.
const DemoScenario* find_scenario(const GameDemo& demo, std::string_view name);

// Names in words, for help and errors: "a", "a and b", "a, b and c".
std::string in_words(const std::vector<std::string>& names);

}  // namespace venue::demo
