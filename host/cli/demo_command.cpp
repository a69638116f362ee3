// `venue demo`: the main job of the README. A whole match of one of the games on simulated
// devices; the games and their demos' options come from the registry of the games' demos
// (demo/game_demo.h).
#include <unistd.h>

#include <cstdio>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/commands.h"

#ifdef VENUE_HAVE_DEMO
#include "demo/demo_choice.h"
#include "demo/run_demo.h"
#include "feed/feed_publisher.h"
#include "publish/broker_address.h"
#include "publish/hall_topics.h"
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
                                     "--seed",         std::to_string(o.seed),
                                     "--step-timeout", std::to_string(o.step_timeout_ms)};
    if (o.players) args.insert(args.end(), {"--players", std::to_string(o.players)});
    if (o.turns) args.insert(args.end(), {"--turns", std::to_string(o.turns)});
    if (!o.game.empty()) args.insert(args.end(), {"--game", o.game});
    if (!o.tree.empty()) args.insert(args.end(), {"--tree", o.tree});
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

// The command's description: what a demo is, the games from the registry, examples.
std::string demo_description() {
    std::string d =
        "A simulated event, with nothing plugged in: the hub's firmware runs in simavr and the\n"
        "DGT boards are emulated, each behind a pseudo-terminal, and the same daemon, drivers\n"
        "and SQLite log as `venue run` play two teams through a match, the people (players,\n"
        "arbiters) acting on the devices as at a venue. Prints a running account and a summary\n"
        "with the log and the commands to replay, verify and export it.\n"
        "The games (--game; the first is the default):\n" +
        demo::demo_games_help() + "Examples:\n";
    auto example = [&d](const std::string& args, const std::string& shows) {
        std::string line = "  venue demo" + (args.empty() ? "" : " " + args);
        line.resize(std::max<std::size_t>(line.size() + 2, 38), ' ');
        d += line + shows + "\n";
    };
    const auto& demos = demo::registered_demos();
    if (!demos.empty()) example("", demos.front()->plays);
    for (const demo::GameDemo* g : demos)
        for (const demo::DemoExample& e : g->examples) example(e.args, e.shows);
    example("--gui --speed 2", "in the arbiter's console window");
    example("--feed 0.0.0.0:8080", "TV feed for the whole network (docs/tv-guide.md)");
    d.pop_back();
    return d;
}

}  // namespace
#endif

void register_demo_command(CLI::App& app) {
#ifdef VENUE_HAVE_DEMO
    auto o = std::make_shared<demo::DemoOptions>();
    CLI::App* cmd = app.add_subcommand("demo", demo_description());
    cmd->add_option("--speed", o->speed, "Players' tempo: 2 plays twice as fast")
        ->capture_default_str();
    cmd->add_option("--game", o->game, demo::demo_option_help("--game"));
    cmd->add_option("--tree", o->tree, demo::demo_option_help("--tree"));
    cmd->add_option("--players", o->players, demo::demo_option_help("--players"));
    cmd->add_option("--turns", o->turns, demo::demo_option_help("--turns"));
    cmd->add_option("--log", o->log, "Log file to create (default: venue-demo-DATE-TIME.sqlite)");
    cmd->add_option(
           "--seed", o->seed,
           "Seed of the demo: who contests which claim and by how much, a game's random draws")
        ->capture_default_str();
    cmd->add_option("--elf", o->elf, "Hub firmware ELF (default: the one this build made)");
    cmd->add_option("--step-timeout", o->step_timeout_ms,
                    "Milliseconds to wait for the engine's reaction to a step before failing")
        ->capture_default_str();
    cmd->add_flag("--verbose", o->verbose, "Print every event and decision");
    cmd->add_option("--feed", o->feed,
                    "Serve the TV feed (JSON, live PGN, overlays) on HOST:PORT; 0 = any free port")
        ->capture_default_str();
    cmd->add_option("--publish", o->publish,
                    "Publish the demo's log, feed documents and live PGN to this MQTT broker "
                    "(mqtt://[USER[:PASSWORD]@]HOST[:PORT]; docs/multi-hall.md)");
    cmd->add_option("--hall", o->hall, "The demo hall's id in the topics")->capture_default_str();
    cmd->add_option("--publish-event", o->publish_event, "The event's id in the topics")
        ->capture_default_str();
    auto no_feed = std::make_shared<bool>(false);
    cmd->add_flag("--no-feed", *no_feed, "Do not serve the TV feed");
    auto gui = std::make_shared<bool>(false);
    cmd->add_flag("--gui", *gui, "Show the event in the arbiter's console (venue-console --demo)");
    cmd->callback([o, gui, no_feed, cmd] {
        if (*no_feed) o->feed.clear();
        // 0 means "the demo's default" inside; given on the command line it is a count refused.
        if (cmd->count("--players") && o->players < 1)
            throw CLI::ValidationError("--players", std::to_string(o->players) + ": " +
                                                        demo::demo_option_help("--players"));
        if (cmd->count("--turns") && o->turns < 1)
            throw CLI::ValidationError(
                "--turns", std::to_string(o->turns) + ": " + demo::demo_option_help("--turns"));
        if (auto chosen = demo::choose_demo_game(o->game))
            for (const char* option : {"--players", "--tree", "--turns"})
                if (cmd->count(option))
                    if (auto why = demo::demo_option_refused(*chosen->demo, option); !why.empty())
                        throw CLI::ValidationError(option, why);
        if (!o->feed.empty())
            if (auto address = feed::parse_feed_address(o->feed); !address)
                throw CLI::ValidationError("--feed", address.error());
        if (!o->publish.empty())
            if (auto broker = publish::parse_broker_url(o->publish); !broker)
                throw CLI::ValidationError("--publish", broker.error());
        for (const auto& [option, id] :
             {std::pair{"--hall", o->hall}, std::pair{"--publish-event", o->publish_event}})
            if (!publish::valid_topic_segment(id))
                throw CLI::ValidationError(option,
                                           "'" + id + "' " + publish::topic_segment_problem(id));
        int rc = *gui ? exec_console(*o) : demo::run_demo(*o);
        if (rc) throw CLI::RuntimeError(rc);
    });
#else
    CLI::App* cmd = app.add_subcommand(
        "demo", "A simulated event (needs simavr and the AVR build; not in this build)");
    cmd->callback([] {
        throw CLI::RuntimeError(
            "venue demo: this build has no hub simulator (simavr, gcc-avr): run scripts/setup", 2);
    });
#endif
}

}  // namespace venue::cli
