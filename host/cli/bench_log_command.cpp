// `venue bench log`: the engine and its log together, as `venue run` uses them:
// sustained events per second with group commit, time from an event's arrival
// to its decisions with the event durable, and recovery time of a large log.
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <random>
#include <thread>

#include "chess/movegen.h"
#include "chess/uci.h"
#include "cli/bench_stream.h"
#include "cli/commands.h"
#include "runtime/session.h"

namespace venue::cli {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

struct Options {
    std::string dir;
    std::int64_t recovery_events = 1000000;
    int latency_samples = 3000;
};

int run_bench(const Options& o) {
    namespace fs = std::filesystem;
    const fs::path dir =
        o.dir.empty() ? fs::temp_directory_path() / "venue-bench-log" : fs::path(o.dir);
    fs::remove_all(dir);
    fs::create_directories(dir);
    const auto config = bench_config(8);
    fmt::print("venue bench log: logs in {} (synchronous=FULL, WAL)\n", dir.string());

    // 1. Sustained throughput: batches as a burst of input produces them.
    for (int batch : {1, 100, 1000}) {
        auto s =
            runtime::Session::open(config, (dir / fmt::format("rate{}.sqlite", batch)).string());
        if (!s) {
            fmt::print(stderr, "{}\n", s.error());
            return 1;
        }
        EventStream stream(8, 1);
        const std::int64_t total = batch == 1 ? 3000 : 200000;
        auto t0 = Clock::now();
        for (std::int64_t done = 0; done < total; done += batch) {
            std::vector<engine::Event> events;
            for (int i = 0; i < batch; ++i) events.push_back(stream.next());
            if (!s.value()->submit(std::move(events))) return 1;
        }
        fmt::print("sustained, {:>4} events per commit: {:>9.0f} events/s ({} events)\n", batch,
                   double(total) / seconds_since(t0), total);
    }

    // 2. Latency from arrival to decisions, the event durable, at a steady 1,000 events/s.
    {
        auto s = runtime::Session::open(config, (dir / "latency.sqlite").string());
        if (!s) return 1;
        EventStream stream(8, 2);
        std::vector<double> us;
        auto next = Clock::now();
        for (int i = 0; i < o.latency_samples; ++i) {
            next += std::chrono::microseconds(1000);
            std::this_thread::sleep_until(next);
            auto arrival = Clock::now();
            if (!s.value()->submit({stream.next()})) return 1;
            us.push_back(seconds_since(arrival) * 1e6);
        }
        std::sort(us.begin(), us.end());
        auto pct = [&](double p) { return us[std::size_t(p * double(us.size() - 1))]; };
        fmt::print(
            "arrival to decisions, durable, 1,000 events/s: p50 {:.0f} us, p99 {:.0f} us, "
            "max {:.0f} us ({} events)\n",
            pct(0.5), pct(0.99), us.back(), us.size());
    }

    // 3. Recovery of a large log: with snapshots (the default) and without.
    for (std::int64_t interval : {std::int64_t(10000), std::int64_t(0)}) {
        const std::string path = (dir / fmt::format("recovery{}.sqlite", interval)).string();
        {
            auto s = runtime::Session::open(config, path);
            if (!s) return 1;
            s.value()->set_snapshot_interval(interval);
            EventStream stream(8, 3);
            for (std::int64_t done = 0; done < o.recovery_events; done += 1000) {
                std::vector<engine::Event> events;
                for (int i = 0; i < 1000; ++i) events.push_back(stream.next());
                if (!s.value()->submit(std::move(events))) return 1;
            }
        }
        auto t0 = Clock::now();
        auto s = runtime::Session::open(config, path);
        if (!s) return 1;
        fmt::print(
            "recovery of {} events, {}: {:.2f} s (replayed {} events)\n", s.value()->last_seq(),
            interval ? fmt::format("snapshot every {}", interval) : std::string("no snapshots"),
            seconds_since(t0), s.value()->replayed());
    }
    fs::remove_all(dir);
    return 0;
}

}  // namespace

void register_bench_log_command(CLI::App& bench) {
    auto o = std::make_shared<Options>();
    CLI::App* cmd = bench.add_subcommand(
        "log",
        "The engine and its SQLite log as `venue run` uses them: events per second with group\n"
        "commit, arrival-to-decision latency with the event durable, and recovery time of a\n"
        "large log with and without snapshots. Writes temporary logs (about 250 MB).");
    cmd->add_option("--dir", o->dir, "Where to write the temporary logs (default: the temp dir)");
    cmd->add_option("--recovery-events", o->recovery_events, "Size of the recovery log")
        ->capture_default_str();
    cmd->add_option("--latency-samples", o->latency_samples, "Events timed for latency")
        ->capture_default_str();
    cmd->callback([o] {
        if (int rc = run_bench(*o)) throw CLI::RuntimeError(rc);
    });
}

}  // namespace venue::cli
