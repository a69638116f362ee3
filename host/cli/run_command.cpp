// `venue run CONFIG`: the headless daemon. Every input becomes an event, is
// appended durably, and only then are its decisions printed and acted on.
#include <fcntl.h>
#include <fmt/core.h>
#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>
#include <tuple>

#include "cli/commands.h"
#include "cli/decision_text.h"
#include "common/latency_text.h"
#include "config/venue_config.h"
#include "feed/feed_publisher.h"
#include "publish/hall_publishing.h"
#include "publish/hall_topics.h"
#include "runtime/attach_devices.h"
#include "runtime/daemon.h"
#include "runtime/session.h"
#include "venue/event_json.h"

namespace venue::cli {
namespace {

std::atomic<bool> g_stop{false};
void on_signal(int) {
    g_stop = true;
}

std::int64_t monotonic_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// One line of simulated device input: {"kind": "...", "data": {...}, "hub_us": N}.
Result<engine::Event, std::string> parse_input_line(const std::string& line) {
    try {
        auto j = nlohmann::json::parse(line);
        if (!j.is_object() || !j.contains("kind") || !j.contains("data"))
            return unexpected(std::string("needs \"kind\" and \"data\""));
        auto body = engine::parse_event(j["kind"].get<std::string>(), j["data"].dump());
        if (!body) return unexpected(body.error());
        engine::Event e{monotonic_ns(), std::nullopt, *body};
        if (j.contains("hub_us")) e.hub_us = j["hub_us"].get<std::int64_t>();
        return e;
    } catch (const std::exception& ex) {
        return unexpected(std::string(ex.what()));
    }
}

struct RunOptions {
    std::string config;
    std::string log;
    std::string input = "-";
    bool quiet = false;
    std::int64_t snapshot_every = 10000;
    std::string hub;                  // overrides [hub] port
    std::vector<std::string> boards;  // ID=PORT, added to or replacing [[board]]
    std::string feed;                 // HOST:PORT, overrides [feed] address
    bool no_feed = false;
    std::string publish;        // broker URL, overrides [publish] broker
    std::string hall;           // overrides [publish] hall
    std::string publish_event;  // overrides [publish] event
};

// Publishing to the championship's broker, when [publish] or --publish asks for it. Like the
// feed, a publisher that cannot start is reported and the run goes on: the hall's own log is the
// truth, and what was not published is sent once the publisher runs.
std::unique_ptr<publish::HallPublishing> start_publishing(
    const std::optional<publish::PublishOptions>& options, runtime::Daemon& daemon,
    feed::FeedPublisher* feed) {
    if (!options) return nullptr;
    publish::PublishOptions o = *options;
    o.log = [](const std::string& m) { fmt::print(stderr, "publish: {}\n", m); };
    auto started = publish::HallPublishing::start(std::move(o), daemon, feed);
    if (!started) {
        fmt::print(stderr, "publish: not started ({}); the run goes on without it\n",
                   started.error());
        return nullptr;
    }
    fmt::print("publish: {} (every durable event, the feed's documents, live PGN)\n",
               publish::status_line((*started)->status()));
    return std::move(*started);
}

// The TV feed, unless turned off. A feed that cannot start (its port taken) is reported and the
// run goes on without it: a match must never wait for television.
std::unique_ptr<feed::FeedPublisher> start_feed(const config::VenueConfig& config,
                                                const RunOptions& o, runtime::Daemon& daemon) {
    if (o.no_feed || (!config.feed.enabled && o.feed.empty())) {
        fmt::print("feed: off\n");
        return nullptr;
    }
    feed::FeedOptions f;
    f.host = config.feed.host;
    f.port = config.feed.port;
    if (!o.feed.empty()) std::tie(f.host, f.port) = *feed::parse_feed_address(o.feed);  // checked

    f.log = [](const std::string& m) { fmt::print(stderr, "feed: {}\n", m); };
    auto started = feed::FeedPublisher::start(f, daemon);
    if (!started) {
        fmt::print(stderr, "feed: not started ({}); the run goes on without it\n", started.error());
        return nullptr;
    }
    fmt::print("feed: {} (read-only: JSON, events, live PGN, overlays)\n", (*started)->url());
    return std::move(*started);
}

// From a hub press (its hub time mapped to the host clock) to its decision durable in the log,
// for every button press and clock paddle the run judged: printed when the run stops.
// The press time is the hub's, mapped to the host clock by the driver's time fit (as good as the
// hub's crystal is steady); arrival to durable is the host's own clock alone.
struct PressLatency {
    std::vector<std::int64_t> press_ns, arrival_ns;
    void add(const runtime::StepRecord& r) {
        for (std::size_t i = 0; i < r.applied.size() && i < r.happened_ns.size(); ++i) {
            const engine::Event& e = r.applied[i].event;
            const bool press = std::holds_alternative<engine::ClaimPressed>(e.body) ||
                               std::holds_alternative<engine::ClockPressed>(e.body) ||
                               std::holds_alternative<engine::ArmyTurnEnded>(e.body);
            if (!press || !e.hub_us || r.happened_ns[i] <= 0) continue;
            press_ns.push_back(r.durable_ns - r.happened_ns[i]);
            arrival_ns.push_back(r.durable_ns - e.host_ns);
        }
    }
};

void print_records(const std::vector<runtime::StepRecord>& records, bool quiet,
                   PressLatency& latency) {
    for (const runtime::StepRecord& r : records) latency.add(r);
    for (const runtime::StepRecord& r : records)
        for (const runtime::Applied& a : r.applied) {
            fmt::print("ack {} {}\n", a.seq, engine::kind_name(a.event.body));
            if (!quiet)
                for (const engine::Decision& d : a.decisions)
                    fmt::print("  {}\n", decision_text(d));
        }
    if (!records.empty()) std::fflush(stdout);
}

// A line in the account when publishing falls behind (100 events or more, say the broker is
// down) and when it has caught up again, looked at once a second. Connections and refusals are
// reported by the publisher itself.
void account_publishing(const publish::HallPublishing& publishing) {
    static std::chrono::steady_clock::time_point next_look{};
    static bool behind_shown = false;
    const auto now = std::chrono::steady_clock::now();
    if (now < next_look) return;
    next_look = now + std::chrono::seconds(1);
    const publish::PublishStatus s = publishing.status();
    const bool behind = s.behind() >= 100;
    const bool caught_up = s.behind() == 0;
    if ((behind && !behind_shown) || (caught_up && behind_shown)) {
        behind_shown = behind;
        fmt::print(stderr, "publish: {}\n", publish::status_line(s));
    }
}

int run(const RunOptions& o) {
    auto config = config::load_venue_config(o.config);
    if (!config) {
        fmt::print(stderr, "venue run: {}\n", config.error().to_string());
        return 2;
    }
    if (!o.feed.empty())
        if (auto address = feed::parse_feed_address(o.feed); !address) {
            fmt::print(stderr, "venue run: --feed {}\n", address.error());
            return 2;
        }
    const std::string log_path = o.log.empty() ? config->log_path : o.log;
    // [publish] and --publish, --hall, --publish-event: checked before anything starts.
    auto publishing_options =
        publish::publish_options_for(*config, log_path, {o.publish, o.hall, o.publish_event});
    if (!publishing_options) {
        fmt::print(stderr, "venue run: {}\n", publishing_options.error());
        return 2;
    }
    auto session =
        runtime::Session::open(*config, log_path, [](std::int64_t done, std::int64_t all) {
            fmt::print(stderr, "replaying the log: {} of {} events\n", done, all);
        });
    if (!session) {
        fmt::print(stderr, "venue run: {}\n", session.error());
        return 2;
    }
    auto& s = *session.value();
    s.set_snapshot_interval(o.snapshot_every);
    runtime::Daemon daemon(s);
    auto devices = runtime::attach_devices(*config, daemon, {o.hub, o.boards});
    if (!devices) {
        fmt::print(stderr, "venue run: {}\n", devices.error());
        return 2;
    }
    daemon.on_message([](const std::string& m) { fmt::print(stderr, "device: {}\n", m); });
    fmt::print("venue run: log {} ({} events replayed{}, state {}), {} match(es)\n", log_path,
               s.replayed(),
               s.restored_from() ? fmt::format(" after the snapshot at event {}", s.restored_from())
                                 : std::string(),
               s.state().state_hash(), s.state().matches().size());
    for (const std::string& d : *devices) fmt::print("device: {}\n", d);
    auto feed = start_feed(*config, o, daemon);
    auto publishing = start_publishing(*publishing_options, daemon, feed.get());
    const bool has_devices = !devices->empty();
    fmt::print("input: {}{}\n", o.input == "-" ? "standard input" : o.input,
               has_devices ? " and the devices" : "");
    std::fflush(stdout);

    int fd = o.input == "-" ? STDIN_FILENO : ::open(o.input.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        fmt::print(stderr, "venue run: cannot open {}\n", o.input);
        return 2;
    }
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    daemon.start();

    std::string buffer;
    bool eof = false;
    int bad_lines = 0;
    PressLatency latency;
    long line_number = 0;
    // Without devices the input is everything: its end ends the run. With devices the run goes
    // on until SIGINT or SIGTERM.
    while (!g_stop && (!eof || has_devices)) {
        if (!eof) {
            pollfd p{fd, POLLIN, 0};
            int rc = ::poll(&p, 1, has_devices ? 2 : 200);
            if (rc < 0 && errno != EINTR) break;
            if (rc > 0) {
                char chunk[65536];
                ssize_t n = ::read(fd, chunk, sizeof chunk);
                if (n < 0 && errno == EINTR) continue;
                if (n <= 0)
                    eof = true;
                else
                    buffer.append(chunk, std::size_t(n));
                // Every complete line read so far goes into one group commit.
                std::size_t start = 0, nl;
                while ((nl = buffer.find('\n', start)) != std::string::npos) {
                    std::string line = buffer.substr(start, nl - start);
                    start = nl + 1;
                    ++line_number;
                    if (line.empty() || line[0] == '#') continue;
                    auto e = parse_input_line(line);
                    if (!e) {
                        fmt::print(stderr, "input line {}: {}\n", line_number, e.error());
                        ++bad_lines;
                        continue;
                    }
                    daemon.post(std::move(*e));
                }
                buffer.erase(0, start);
            }
        } else {
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        auto applied = daemon.step();
        if (!applied) {
            fmt::print(stderr, "venue run: {}; stopping\n", applied.error());
            return 1;
        }
        print_records(*applied, o.quiet, latency);
        if (publishing) account_publishing(*publishing);
    }
    daemon.stop();
    if (publishing) {
        publishing->stop(std::chrono::milliseconds(5000));
        fmt::print("publish: {}\n", publish::status_line(publishing->status()));
    }
    if (!latency.press_ns.empty()) {
        fmt::print("venue run: hub press to durable decision: {}\n",
                   latency_text(latency.press_ns));
        fmt::print("venue run: of which arrival to durable: {}\n",
                   latency_text(latency.arrival_ns));
    }
    fmt::print("venue run: stopped cleanly at event {}; state {}\n", s.last_seq(),
               s.state().state_hash());
    return bad_lines ? 1 : 0;
}

}  // namespace

void register_run_command(CLI::App& app) {
    auto o = std::make_shared<RunOptions>();
    CLI::App* cmd = app.add_subcommand(
        "run",
        "Run an event from a venue file (TOML; see schemas/config/README.md).\n"
        "Opens or creates the log, replays it, then turns every input into an event:\n"
        "appended durably first, then applied; `ack SEQ KIND` is printed once an event\n"
        "is durable, followed by its decisions. SIGINT or SIGTERM stops it cleanly, and\n"
        "it then prints how long the hub's presses took to a durable decision.\n"
        "Devices: the hub ([hub] port or serial, or --hub PORT) and the DGT boards\n"
        "([[board]] id and port, or --board ID=PORT); they reconnect by themselves.\n"
        "Input: JSON lines {\"kind\": \"arbiter_action\", \"data\": {...}} from --input (the\n"
        "arbiter, scripts, or simulated devices). Without devices the run ends with the input.\n"
        "TV feed: read-only HTTP on [feed] address (default http://127.0.0.1:8080/; --feed,\n"
        "--no-feed): JSON under /api/v1/, live events, live PGN at /pgn, overlays "
        "(docs/tv-guide.md).");
    cmd->add_option("config", o->config, "The venue file")->required();
    cmd->add_option("--log", o->log, "Event log (default: [event] log of the venue file)");
    cmd->add_option("--input", o->input, "Event lines to read; - is standard input")
        ->capture_default_str();
    cmd->add_flag("--quiet", o->quiet, "Print only the acknowledgements");
    cmd->add_option("--hub", o->hub, "The hub's port (overrides [hub] port), e.g. /dev/ttyACM0");
    cmd->add_option("--board", o->boards,
                    "A board's port: ID=PORT, e.g. 12345=/dev/ttyUSB0 (repeatable)");
    cmd->add_option("--feed", o->feed,
                    "Serve the TV feed on HOST:PORT (overrides [feed] address; "
                    "default 127.0.0.1:8080)");
    cmd->add_flag("--no-feed", o->no_feed, "Do not serve the TV feed");
    cmd->add_option("--publish", o->publish,
                    "Publish the log, the feed's documents and live PGN to this MQTT broker\n"
                    "(mqtt://[USER@]HOST[:PORT]; overrides [publish] broker; docs/multi-hall.md)");
    cmd->add_option("--hall", o->hall, "This hall's id in the topics (overrides [publish] hall)");
    cmd->add_option("--publish-event", o->publish_event,
                    "The event's id in the topics (overrides [publish] event; default: from "
                    "[event] name)");
    cmd->add_option("--snapshot-every", o->snapshot_every,
                    "Snapshot the state every N events (0: never), so a restart replays at most N")
        ->capture_default_str();
    cmd->callback([o] {
        int rc = run(*o);
        if (rc) throw CLI::RuntimeError(rc);
    });
}

}  // namespace venue::cli
