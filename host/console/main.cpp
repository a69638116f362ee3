// venue-console: the arbiter's window onto a running venue (issue 8).
//   venue-console VENUE.toml [--log FILE] [--hub PORT] [--board ID=PORT]   a real venue
//   venue-console --demo [--speed X] [--game ID|PGN] [--tree NAME] [--players N] [--turns N]
//   venue-console --setup VENUE.toml [--hub PORT]                          the setup wizard
#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <cstdio>
#include <memory>

#include "console/console_app.h"
#include "console/setup_app.h"
#include "console/ui_scale.h"
#include "console/venue_source.h"

int main(int argc, char** argv) {
    using namespace venue::console;
    CLI::App app(
        "venue-console: the arbiter's window. Everything the engine knows (match, board,\n"
        "clocks, claims, devices, the log) and every judgement the arbiter makes, with a note,\n"
        "as an event in the log. Runs a venue file like `venue run` (same daemon, devices and\n"
        "log), or with --demo the simulated event of `venue demo` (the default game's, or\n"
        "with --game another game's; `venue demo --help` lists them).\n"
        "With --setup FILE, the setup wizard: event, game and time control, teams and players,\n"
        "files, claim buttons (with --hub PORT a player presses his button to have it\n"
        "assigned), boards; it writes the venue file (an existing one is edited, and replaced\n"
        "only when asked).\n"
        "Examples:\n"
        "  venue-console venue.toml --hub /dev/ttyACM0 --board 12345=/dev/ttyUSB0\n"
        "  venue-console --demo --speed 2\n"
        "  venue-console --demo --game ID --tree NAME --speed 4   # a game's demo, a scenario\n"
        "  venue-console --demo --speed 8 --screenshot console.png --frames 900\n"
        "  venue-console --demo --scale 2 --size 3840x2160   # a 4K screen\n"
        "  venue-console field.toml --touch-panel   # players tap their moves on the field\n"
        "  venue-console --setup cup.toml --hub /dev/ttyACM0",
        "venue-console");
    VenueOptions venue;
    DemoSourceOptions demo;
    AppOptions ui;
    bool use_demo = false;
    std::string setup;
    std::string size;
    app.add_option("config", venue.config, "The venue file (TOML; see schemas/config/README.md)");
    app.add_option("--log", venue.log,
                   "Event log (default: [event] log of the venue file; --demo: "
                   "venue-demo-DATE-TIME.sqlite)");
    app.add_option("--hub", venue.devices.hub,
                   "The hub's port (overrides [hub] port; --setup: its presses assign buttons)");
    app.add_option("--board", venue.devices.boards,
                   "A board's port: ID=PORT, e.g. 12345=/dev/ttyUSB0 (repeatable)");
    app.add_flag("--demo", use_demo, "Run the simulated event of `venue demo`");
    app.add_option("--setup", setup,
                   "The setup wizard: writes this venue file (edits it if it exists); with "
                   "--hub, the hub's presses assign claim buttons");
    app.add_option("--speed", demo.speed, "--demo: the players' tempo")->capture_default_str();
    app.add_option("--players", demo.players, demo_option_help("--players"));
    app.add_option("--game", demo.game, demo_option_help("--game"));
    app.add_option("--tree", demo.tree, demo_option_help("--tree"));
    app.add_option("--turns", demo.turns, demo_option_help("--turns"));
    app.add_option("--seed", demo.seed, "--demo: who contests which claim")->capture_default_str();
    app.add_option("--elf", demo.elf, "--demo: hub firmware ELF (default: this build's)");
    app.add_option("--step-timeout", demo.step_timeout_ms,
                   "--demo: milliseconds to wait for a reaction before failing")
        ->capture_default_str();
    app.add_option("--size", size,
                   "Window size WxH (default 1920x1080, times the monitor's scale on a high-DPI "
                   "screen)");
    app.add_option("--scale", ui.scale,
                   "Draw at this scale: text, panels and spacing (1 to 4, e.g. 2 for a 4K "
                   "screen; default: the desktop's content scale for the window's monitor)");
    app.add_flag("--touch-panel", ui.touch_panel,
                 "Start on the players' touch panel, for a game played on a field of points: "
                 "the field and large buttons for a finger; F2 toggles it");
    app.add_option("--ui-map", ui.ui_map,
                   "Write where the touch panel's buttons and field are (JSON, window pixels) to "
                   "this file whenever they move: for a UI test that clicks them");
    app.add_option("--screenshot", ui.screenshot, "Write a PNG of the window, then exit");
    app.add_option("--frames", ui.frames, "With --screenshot: frames to draw first (60 a second)")
        ->capture_default_str();
    app.add_option("--bench-frames", ui.bench_frames,
                   "Draw N frames as fast as possible, print frame times, then measure idle CPU")
        ->capture_default_str();
    app.add_option("--bench-idle", ui.bench_idle_s,
                   "With --bench-frames: seconds of idle to measure")
        ->capture_default_str();
    CLI11_PARSE(app, argc, argv);

    if (!size.empty() && std::sscanf(size.c_str(), "%dx%d", &ui.width, &ui.height) != 2) {
        fmt::print(stderr, "venue-console: --size {}: give WxH, e.g. 1920x1080\n", size);
        return 2;
    }
    ui.size_given = !size.empty();
    if (ui.scale != 0 && !valid_forced_scale(ui.scale)) {
        fmt::print(stderr, "venue-console: --scale {}: give a scale from {} to {}\n", ui.scale,
                   MIN_SCALE, MAX_SCALE);
        return 2;
    }
    if (!setup.empty()) {
        if (use_demo || !venue.config.empty()) {
            fmt::print(stderr, "venue-console: --setup runs alone (no venue file, no --demo)\n");
            return 2;
        }
        SetupWizard wizard = SetupWizard::open(setup);
        fmt::print("venue-console: setup wizard: {}\n", wizard.message());
        std::unique_ptr<SetupHub> hub;
        if (!venue.devices.hub.empty()) hub = std::make_unique<SetupHub>(venue.devices.hub);
        return run_setup(wizard, hub.get(), ui);
    }
    if (use_demo == !venue.config.empty()) {
        fmt::print(stderr, "venue-console: give a venue file or --demo (see --help)\n");
        return 2;
    }
    demo.log = venue.log;
    auto source = use_demo ? open_demo(demo) : open_venue(venue);
    if (!source) {
        fmt::print(stderr, "venue-console: {}\n", source.error());
        return 2;
    }
    const int rc = run_console(**source, ui);
    const auto& s = (*source)->session();
    fmt::print("venue-console: log at event {}; state {}\n", s.last_seq(), s.state().state_hash());
    return rc;
}
