#include "demo/run_demo.h"

#include "common/latency_text.h"

#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <optional>
#include <thread>
#include <tuple>

#include "chess/pgn.h"
#include "demo/account.h"
#include "demo/demo_choice.h"
#include "demo/simulated_event.h"
#include "feed/feed_publisher.h"
#include "publish/hall_publishing.h"
#include "runtime/replay.h"
#include "venue/pgn_export.h"

namespace venue::demo {

namespace {

std::atomic<bool> g_interrupted{false};
void on_signal(int) {
    g_interrupted = true;
}

std::int64_t now_ms() {
    return io::HubRunner::now_ns() / 1'000'000;
}

}  // namespace

int run_demo(const DemoOptions& o) {
    const std::int64_t t0 = io::HubRunner::now_ns();
    if (!(o.speed > 0.05 && o.speed <= 50)) {
        fmt::print(stderr, "venue demo: --speed {}: give a factor between 0.05 and 50\n", o.speed);
        return 2;
    }
    auto plan = plan_demo(o.game, o.tree, o.players, o.seed, o.turns);
    if (!plan) {
        fmt::print(stderr, "venue demo: {}\n", plan.error());
        return 2;
    }
    fmt::print("{}", (*plan)->header());
    const std::string match_id = (*plan)->match().id;
    const std::string log_path = o.log.empty() ? default_demo_log_name() : o.log;
    if (std::filesystem::exists(log_path)) {
        fmt::print(stderr, "venue demo: {} exists; the demo writes a fresh log (give --log)\n",
                   log_path);
        return 2;
    }
    std::fflush(stdout);

    // The devices (the hub's firmware in simavr, the board emulators, each behind a pty), the
    // daemon and its log, and the people.
    const SimulatedEventOptions options{o.speed, o.elf, o.step_timeout_ms};
    auto started = SimulatedEvent::start(std::move(*plan), log_path, options);
    if (!started) {
        fmt::print(stderr, "venue demo: {}\n", started.error());
        return 1;
    }
    SimulatedEvent& ev = **started;
    fmt::print("  hub firmware {} on {}\n", ev.elf_path(), ev.hub_path());
    for (const auto& [id, path] : ev.boards()) fmt::print("  DGT board {} on {}\n", id, path);
    Account account(ev.session(), stdout, t0, o.verbose,
                    [&ev](const engine::Decision& d) { return ev.plan().account_line(d); });
    ev.daemon().on_applied([&](const runtime::StepRecord& r) { account.print(r); });
    ev.daemon().on_message([&](const std::string& m) { account.note("device   " + m); });
    // The TV feed. The demo goes on without it when it cannot start: the feed is for watching,
    // never a condition of the match.
    std::unique_ptr<feed::FeedPublisher> feed;
    if (!o.feed.empty()) {
        auto serving = [&]() -> Result<std::unique_ptr<feed::FeedPublisher>, std::string> {
            auto address = feed::parse_feed_address(o.feed);
            if (!address) return unexpected(address.error());
            feed::FeedOptions f;
            std::tie(f.host, f.port) = *address;
            // Called from the server's threads: standard error, not the account.
            f.log = [](const std::string& m) { fmt::print(stderr, "feed: {}\n", m); };
            return feed::FeedPublisher::start(std::move(f), ev.daemon());
        }();
        if (serving) {
            feed = std::move(*serving);
            fmt::print("  TV feed {} (overlays under {}overlay/, live PGN at {}pgn)\n", feed->url(),
                       feed->url(), feed->url());
        } else {
            fmt::print("  TV feed not started: {} (--feed HOST:PORT picks another address)\n",
                       serving.error());
        }
    }

    // Publishing to a championship's broker (docs/multi-hall.md): like the feed, never a
    // condition of the match.
    std::unique_ptr<publish::HallPublishing> publishing;
    if (!o.publish.empty()) {
        auto joined = [&]() -> Result<std::unique_ptr<publish::HallPublishing>, std::string> {
            auto mqtt = publish::make_mqtt_options(o.publish, {});
            if (!mqtt) return unexpected(mqtt.error());
            publish::PublishOptions p;
            p.mqtt = std::move(*mqtt);
            p.event = o.publish_event;
            p.hall = o.hall;
            p.log_path = log_path;
            p.log = [](const std::string& m) { fmt::print(stderr, "publish: {}\n", m); };
            return publish::HallPublishing::start(std::move(p), ev.daemon(), feed.get());
        }();
        if (joined) {
            publishing = std::move(*joined);
            fmt::print("  publishing to {} as {}\n", publishing->status().broker,
                       publishing->status().topic);
        } else {
            fmt::print("  not publishing: {}\n", joined.error());
        }
    }
    std::fflush(stdout);

    g_interrupted = false;
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    int rc = 0;
    while (!ev.done() && !g_interrupted) {
        auto stepped = ev.step(now_ms());
        if (!stepped) {
            fmt::print(stderr, "venue demo: the log failed: {}\n", stepped.error());
            rc = 1;
            break;
        }
        if (ev.failed()) {
            fmt::print(stderr, "venue demo: {}\n", ev.failure());
            rc = 1;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (g_interrupted) {
        fmt::print(stderr, "venue demo: interrupted\n");
        rc = 130;
    }
    // Let the last commands reach the hub (the clocks stop) before the devices go.
    ev.finish();
    if (publishing) {
        publishing->stop(std::chrono::milliseconds(5000));
        fmt::print("Published: {}\n", publish::status_line(publishing->status()));
    }

    const runtime::Session& s = ev.session();
    const engine::Match* match = s.state().match(match_id);
    const double wall = double(io::HubRunner::now_ns() - t0) / 1e9;
    fmt::print("\n=== Summary ===\n");
    if (match) {
        fmt::print("Result: {} ({})\n", match->result(),
                   match->termination().empty() ? "unfinished" : match->termination());
        fmt::print("{}", ev.plan().summary(*match));
        for (const chess::PgnGame& part : engine::to_pgn_parts(*match))
            fmt::print("{}\n", chess::write_pgn(part));
    }
    const LatencySamples& l = account.latencies();
    if (match && match->claims_the_move())
        fmt::print("Claims granted: {}, contested by a late teammate: {}\n", account.claims(),
                   account.contested());
    // Every hub button press: a claim, or a game's own use of the buttons (Ready, End turn).
    if (!l.press_to_decision.empty()) {
        // A hub press's own time, mapped to the host clock, must come before its arrival. When
        // most land after it, the hub's clock runs ahead of the host's (a simulated hub is paced
        // by the host's scheduler, in bursts): press to arrival cannot be measured, and the
        // press-to-decision figures would understate it. Only the host's own leg is shown then.
        std::vector<std::int64_t> p = l.press_to_arrival;
        std::sort(p.begin(), p.end());
        if (!p.empty() && p[p.size() / 2] < 0) {
            fmt::print(
                "Press to decision: not measured (the simulated hub's press times, mapped to the "
                "host clock, land after the presses arrived)\n"
                "  arrival of the press to durable decision: {}\n",
                latency_text(l.arrival_to_decision));
        } else {
            fmt::print(
                "Press to decision (hub press time mapped to the host clock -> decision durable "
                "in the log):\n  {}\n",
                latency_text(l.press_to_decision));
            fmt::print("  of which press to arrival at the host: {}\n",
                       latency_text(l.press_to_arrival));
            fmt::print("  and arrival to durable decision:       {}\n",
                       latency_text(l.arrival_to_decision));
        }
    }
    fmt::print(
        "Clock press to decision (paddle time mapped to the host clock -> decision durable):\n"
        "  {}\n",
        latency_text(l.paddle_to_decision));
    fmt::print("Events logged: {}; state {}\n", s.last_seq(), s.state().state_hash());
    auto replayed = runtime::replay_log(log_path);
    if (replayed && replayed->state.state_hash() == s.state().state_hash())
        fmt::print("Replaying the log gives the same state.\n");
    else {
        fmt::print("Replaying the log does NOT give the same state: {}\n",
                   replayed ? replayed->state.state_hash() : replayed.error());
        rc = rc ? rc : 1;
    }
    fmt::print("Wall time: {:.1f} s\n", wall);
    fmt::print("Log: {}\n  venue replay {}\n  venue verify {}\n", log_path, log_path, log_path);
    // PGN only for a game it can hold; every game has the JSON record.
    if (match && !engine::to_pgn_parts(*match).empty())
        fmt::print("  venue export pgn {}\n", log_path);
    fmt::print("  venue export incidents {}\n  venue export record {}\n", log_path, log_path);
    return rc;
}

}  // namespace venue::demo
