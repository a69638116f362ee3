// `venue demo`: the main job of the README. A whole Chessball match on simulated devices.
#include "cli/commands.h"

#ifdef VENUE_HAVE_DEMO
#include "demo/run_demo.h"
#endif

namespace venue::cli {

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
        "Examples:\n"
        "  venue demo                          the Opera Game, 4 players a side\n"
        "  venue demo --speed 3 --players 3    faster, three a side\n"
        "  venue demo --game my.pgn --log x.sqlite");
    cmd->add_option("--speed", o->speed, "Players' tempo: 2 plays twice as fast")
        ->capture_default_str();
    cmd->add_option("--game", o->game,
                    "PGN file whose first game is played (default: the Opera Game)");
    cmd->add_option("--players", o->players, "Players per team, 2 to 8")->capture_default_str();
    cmd->add_option("--log", o->log, "Log file to create (default: venue-demo-DATE-TIME.sqlite)");
    cmd->add_option("--seed", o->seed, "Seed for who contests which claim and by how much")
        ->capture_default_str();
    cmd->add_option("--elf", o->elf, "Hub firmware ELF (default: the one this build made)");
    cmd->add_option("--step-timeout", o->step_timeout_ms,
                    "Milliseconds to wait for the engine's reaction to a step before failing")
        ->capture_default_str();
    cmd->add_flag("--verbose", o->verbose, "Print every event and decision");
    cmd->callback([o] {
        int rc = demo::run_demo(*o);
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
