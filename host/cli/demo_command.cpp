// `venue demo`: the main job of the README. A whole Chessball match on simulated devices, or
// with `--game business` a Business Chess match on five demonstration boards and board C.
#include <unistd.h>

#include <cstdio>

#include <filesystem>
#include <string>
#include <vector>

#include "cli/commands.h"

#ifdef VENUE_HAVE_DEMO
#include "demo/run_demo.h"
#include "feed/feed_publisher.h"
#endif

namespace venue::cli {

#ifdef VENUE_HAVE_DEMO
namespace {

// `venue demo --gui`: the same event in the arbiter's console, venue-console beside this binary.
// Returns only when it could not be started.
int exec_console(const demo::DemoOptions& o) {
    std::error_code ec;
    std::filesystem::path path = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) path = "venue";
    const std::string console = path.replace_filename("venue-console").string();
    std::vector<std::string> args = {console,          "--demo",
                                     "--speed",        std::to_string(o.speed),
                                     "--players",      std::to_string(o.players),
                                     "--seed",         std::to_string(o.seed),
                                     "--step-timeout", std::to_string(o.step_timeout_ms)};
    if (!o.game.empty()) args.insert(args.end(), {"--game", o.game});
    if (o.game == "business") args.insert(args.end(), {"--tree", o.tree});
    if (!o.log.empty()) args.insert(args.end(), {"--log", o.log});
    if (!o.elf.empty()) args.insert(args.end(), {"--elf", o.elf});
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(console.c_str(), argv.data());
    std::fprintf(stderr, "venue demo --gui: cannot start %s (build the venue-console target)\n",
                 console.c_str());
    return 2;
}

}  // namespace
#endif

void register_demo_command(CLI::App& app) {
#ifdef VENUE_HAVE_DEMO
    auto o = std::make_shared<demo::DemoOptions>();
    CLI::App* cmd = app.add_subcommand(
        "demo",
        "A simulated Chessball event, with nothing plugged in: the hub's firmware runs in\n"
        "simavr and a DGT board is emulated, each behind a pseudo-terminal, and the same daemon,\n"
        "drivers and SQLite log as `venue run` play two teams through a real game. The players\n"
        "claim moves with their buttons (some contested within microseconds), move the pieces\n"
        "square by square and press the clock; one of them touches a teammate's piece (an\n"
        "impossible move: warning, +2 minutes, position restored) and is removed after three\n"
        "warnings. Prints a running account and a summary with the log and the commands to\n"
        "replay, verify and export it.\n"
        "With --game business: two teams of five play Business Chess on five emulated\n"
        "demonstration boards and board C under the hub's one clock: branchings cloned onto free\n"
        "boards, passes and selections of rating, a red-line violation and its card, the score\n"
        "after every move, the return game's rating.\n"
        "Examples:\n"
        "  venue demo                          the Opera Game, 4 players a side\n"
        "  venue demo --speed 3 --players 3    faster, three a side\n"
        "  venue demo --game my.pgn --log x.sqlite\n"
        "  venue demo --game business          a short Business Chess match\n"
        "  venue demo --game business --tree scheme4 --speed 4   the seed's Scheme 4 tree\n"
        "  venue demo --gui --speed 2              in the arbiter's console window\n"
        "  venue demo --feed 0.0.0.0:8080      TV feed for the whole network (docs/tv-guide.md)");
    cmd->add_option("--speed", o->speed, "Players' tempo: 2 plays twice as fast")
        ->capture_default_str();
    cmd->add_option("--game", o->game,
                    "chessball (default: on the Opera Game), business, or a PGN file whose first "
                    "game the Chessball teams play");
    cmd->add_option("--tree", o->tree,
                    "Business Chess: the scenario, short (about 20 moves) or scheme4 (the seed's "
                    "Scheme 4, 41 moves)")
        ->capture_default_str();
    cmd->add_option("--players", o->players, "Chessball: players per team, 2 to 8")
        ->capture_default_str();
    cmd->add_option("--log", o->log, "Log file to create (default: venue-demo-DATE-TIME.sqlite)");
    cmd->add_option("--seed", o->seed, "Seed for who contests which claim and by how much")
        ->capture_default_str();
    cmd->add_option("--elf", o->elf, "Hub firmware ELF (default: the one this build made)");
    cmd->add_option("--step-timeout", o->step_timeout_ms,
                    "Milliseconds to wait for the engine's reaction to a step before failing")
        ->capture_default_str();
    cmd->add_flag("--verbose", o->verbose, "Print every event and decision");
    cmd->add_option("--feed", o->feed,
                    "Serve the TV feed (JSON, live PGN, overlays) on HOST:PORT; 0 = any free port")
        ->capture_default_str();
    auto no_feed = std::make_shared<bool>(false);
    cmd->add_flag("--no-feed", *no_feed, "Do not serve the TV feed");
    auto gui = std::make_shared<bool>(false);
    cmd->add_flag("--gui", *gui, "Show the event in the arbiter's console (venue-console --demo)");
    cmd->callback([o, gui, no_feed, cmd] {
        if (*no_feed) o->feed.clear();
        if (o->game == "business" && cmd->count("--players"))
            throw CLI::ValidationError("--players",
                                       "Business Chess teams are five and a reserve (BC-I.4)");
        if (o->game != "business" && cmd->count("--tree"))
            throw CLI::ValidationError("--tree", "only with --game business");
        if (!o->feed.empty())
            if (auto address = feed::parse_feed_address(o->feed); !address)
                throw CLI::ValidationError("--feed", address.error());
        int rc = *gui ? exec_console(*o) : demo::run_demo(*o);
        if (rc) throw CLI::RuntimeError(rc);
    });
#else
    CLI::App* cmd = app.add_subcommand(
        "demo", "A simulated Chessball event (needs simavr and the AVR build; not in this build)");
    cmd->callback([] {
        throw CLI::RuntimeError(
            "venue demo: this build has no hub simulator (simavr, gcc-avr): run scripts/setup", 2);
    });
#endif
}

}  // namespace venue::cli
