// Figures for the event log, with synchronous=FULL on the machine's real disk:
//   - sustained events/s through the group-commit writer (goal >= 50,000/s), with single-row and
//     100-row transactions alongside for scale;
//   - append-to-durable latency (p50/p99/p99.9/max) under a steady load at several rates;
//   - recovery from a 1,000,000-event log: open with checks, newest snapshot, replay of the tail
//     (goal < 2 s), with the full-chain verify, the integrity check and a full replay separately.
// The log lives in $VENUE_BENCH_DIR or the system temp dir and is deleted at exit.
#include <benchmark/benchmark.h>
#include <stdlib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "store/event_log.h"
#include "store/group_commit_writer.h"

namespace venue::store {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int64_t BIG_LOG_EVENTS = 1'000'000;
constexpr int64_t SNAPSHOT_EVERY = 10'000;
constexpr size_t SNAPSHOT_BYTES = 32 * 1024;

std::filesystem::path& bench_dir() {
    static std::filesystem::path dir = [] {
        const char* base = std::getenv("VENUE_BENCH_DIR");
        std::string pattern = ((base != nullptr ? std::filesystem::path(base)
                                                : std::filesystem::temp_directory_path()) /
                               "venue-bench-store-XXXXXX")
                                  .string();
        if (::mkdtemp(pattern.data()) == nullptr) std::abort();
        return std::filesystem::path(pattern);
    }();
    return dir;
}

[[noreturn]] void fail(const std::string& what, const Error& error) {
    std::fprintf(stderr, "%s: %s\n", what.c_str(), error.to_string().c_str());
    std::exit(1);
}

EventLog open_log(const std::string& name, const OpenOptions& options = {}) {
    auto log = EventLog::open((bench_dir() / name).string(), options);
    if (!log) fail("open " + name, log.error());
    return std::move(log).value();
}

// A typical hub event: ~130 bytes of JSON.
NewEvent sample_event(int64_t i) {
    NewEvent e;
    e.hub_time_us = 12'000'000 + i * 137;
    e.host_time_ns = 1'700'000'000'000'000'000 + i * 137'000;
    e.source = "hub:" + std::to_string(i % 5 + 1);
    e.kind = i % 4 == 0 ? "clock_pressed" : "claim_pressed";
    e.payload = R"({"board":)" + std::to_string(i % 5 + 1) + R"(,"button":"white-)" +
                std::to_string(i % 4 + 1) + R"(","edge":"press","hub_seq":)" + std::to_string(i) +
                R"(,"clock_ms":[)" + std::to_string(300000 - i % 300000) + "," +
                std::to_string(299000 - i % 299000) + "]}";
    return e;
}

double percentile(std::vector<double>& sorted, double p) {
    if (sorted.empty()) return 0;
    const size_t at = std::min(sorted.size() - 1, static_cast<size_t>(p * sorted.size()));
    return sorted[at];
}

double ms_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// --- throughput ------------------------------------------------------------------------------

void BM_GroupCommitSustained(benchmark::State& state) {
    const auto events = state.range(0);
    EventLog log = open_log("sustained.sqlite");
    std::vector<NewEvent> prepared;
    for (int64_t i = 0; i < events; ++i) prepared.push_back(sample_event(i));
    GroupCommitWriter::Stats stats;
    for (auto _ : state) {
        std::atomic<int64_t> done{0};
        std::atomic<int64_t> failed{0};
        GroupCommitWriter writer(log);
        for (int64_t i = 0; i < events; ++i) {
            writer.append(prepared[static_cast<size_t>(i)], [&](Result<Appended> r) {
                if (!r) failed.fetch_add(1);
                done.fetch_add(1, std::memory_order_release);
            });
        }
        writer.stop();  // returns when every event above is durable
        stats = writer.stats();
        if (failed.load() != 0 || done.load() != events) state.SkipWithError("appends failed");
    }
    state.SetItemsProcessed(state.iterations() * events);
    state.counters["events_per_s"] = benchmark::Counter(
        static_cast<double>(events), benchmark::Counter::kIsIterationInvariantRate);
    state.counters["avg_batch"] = static_cast<double>(stats.events) /
                                  static_cast<double>(std::max<uint64_t>(1, stats.batches));
}
BENCHMARK(BM_GroupCommitSustained)
    ->Arg(200'000)
    ->Iterations(3)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// SQLite's own scale on this disk: one commit (fsync) per event, and 100 events per commit.
void BM_SyncAppendRowsPerCommit(benchmark::State& state) {
    const auto rows = state.range(0);
    EventLog log = open_log("sync-" + std::to_string(rows) + ".sqlite");
    std::vector<NewEvent> batch;
    int64_t i = 0;
    for (auto _ : state) {
        batch.clear();
        for (int64_t k = 0; k < rows; ++k) batch.push_back(sample_event(i++));
        if (!log.append_batch(batch)) state.SkipWithError("append failed");
    }
    state.counters["events_per_s"] = benchmark::Counter(
        static_cast<double>(state.iterations() * rows), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SyncAppendRowsPerCommit)->Arg(1)->Arg(100)->MinTime(2.0)->UseRealTime();

// --- latency ---------------------------------------------------------------------------------

// Events arrive at a steady `rate` for two seconds; each one's time from append() to the callback
// that says it is durable is recorded.
void BM_AppendToDurableLatency(benchmark::State& state) {
    const int64_t rate = state.range(0);
    const int64_t count = rate * 2;
    EventLog log = open_log("latency-" + std::to_string(rate) + ".sqlite");
    std::vector<NewEvent> prepared;
    for (int64_t i = 0; i < count; ++i) prepared.push_back(sample_event(i));
    std::vector<double> latency_us(static_cast<size_t>(count));
    uint64_t batches = 0;
    for (auto _ : state) {
        std::vector<Clock::time_point> submitted(static_cast<size_t>(count));
        GroupCommitWriter writer(log);
        const auto period = std::chrono::nanoseconds(1'000'000'000 / rate);
        const auto start = Clock::now();
        for (int64_t i = 0; i < count; ++i) {
            std::this_thread::sleep_until(start + i * period);
            const auto k = static_cast<size_t>(i);
            submitted[k] = Clock::now();
            writer.append(prepared[k], [&, k](Result<Appended> r) {
                if (!r) std::abort();
                latency_us[k] =
                    std::chrono::duration<double, std::micro>(Clock::now() - submitted[k]).count();
            });
        }
        writer.stop();
        batches = writer.stats().batches;
    }
    std::sort(latency_us.begin(), latency_us.end());
    state.counters["p50_us"] = percentile(latency_us, 0.50);
    state.counters["p99_us"] = percentile(latency_us, 0.99);
    state.counters["p999_us"] = percentile(latency_us, 0.999);
    state.counters["max_us"] = latency_us.back();
    state.counters["avg_batch"] = static_cast<double>(count) / static_cast<double>(batches);
}
BENCHMARK(BM_AppendToDurableLatency)
    ->ArgName("rate")
    ->Arg(1'000)
    ->Arg(10'000)
    ->Arg(50'000)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// --- recovery from a 1,000,000-event log -------------------------------------------------------

const std::string BIG_LOG = "big.sqlite";

// Built once: 1,000,000 events in 10,000-event transactions, with a 32 KiB snapshot every 10,000
// events except at the very end, so recovery has a full 10,000-event tail to replay.
void ensure_big_log() {
    static bool built = false;
    if (built) return;
    built = true;
    const auto start = Clock::now();
    OpenOptions options;
    options.chain = ChainCheck::NONE;
    EventLog log = open_log(BIG_LOG, options);
    std::vector<NewEvent> batch;
    std::vector<uint8_t> snapshot(SNAPSHOT_BYTES);
    for (int64_t seq = 1; seq <= BIG_LOG_EVENTS; seq += SNAPSHOT_EVERY) {
        batch.clear();
        for (int64_t i = seq; i < seq + SNAPSHOT_EVERY; ++i) batch.push_back(sample_event(i));
        if (auto r = log.append_batch(batch); !r) fail("building the big log", r.error());
        const int64_t last = seq + SNAPSHOT_EVERY - 1;
        if (last < BIG_LOG_EVENTS) {
            for (size_t k = 0; k < snapshot.size(); ++k) {
                snapshot[k] = static_cast<uint8_t>(k * 31 + static_cast<size_t>(last));
            }
            if (auto err = log.write_snapshot(last, snapshot)) fail("snapshot", *err);
        }
    }
    std::printf("built %lld-event log in %.1f s (%.0f MB)\n",
                static_cast<long long>(BIG_LOG_EVENTS), ms_since(start) / 1000.0,
                static_cast<double>(std::filesystem::file_size(bench_dir() / BIG_LOG)) / 1e6);
}

// What the host does at start: open (quick_check + chain walk from the snapshot), load the
// snapshot, replay the events after it (here the "engine" only folds payload sizes).
void BM_Recovery1M(benchmark::State& state) {
    ensure_big_log();
    const auto integrity = static_cast<IntegrityCheck>(state.range(0));
    double open_ms = 0;
    double replay_ms = 0;
    int64_t replayed = 0;
    for (auto _ : state) {
        const auto t0 = Clock::now();
        OpenOptions options;
        options.integrity = integrity;
        options.chain = ChainCheck::FROM_LATEST_SNAPSHOT;
        EventLog log = open_log(BIG_LOG, options);
        open_ms = ms_since(t0);
        const auto t1 = Clock::now();
        auto snap = log.latest_snapshot();
        if (!snap || !snap->has_value()) fail("snapshot", snap ? Error{} : snap.error());
        uint64_t fold = (*snap)->state.size();
        auto visited = log.for_each_event((*snap)->seq + 1, [&](const EventRecord& r) {
            fold = fold * 31 + r.payload.size();
            return true;
        });
        if (!visited) fail("replay", visited.error());
        benchmark::DoNotOptimize(fold);
        replayed = *visited;
        replay_ms = ms_since(t1);
    }
    state.counters["open_checks_ms"] = open_ms;
    state.counters["snapshot_replay_ms"] = replay_ms;
    state.counters["tail_events"] = static_cast<double>(replayed);
}
BENCHMARK(BM_Recovery1M)
    ->ArgName("integrity")
    ->Arg(static_cast<int>(IntegrityCheck::NONE))
    ->Arg(static_cast<int>(IntegrityCheck::QUICK))
    ->Iterations(3)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

OpenOptions unchecked() {
    OpenOptions options;
    options.integrity = IntegrityCheck::NONE;
    options.chain = ChainCheck::NONE;
    return options;
}

void BM_FullChainVerify1M(benchmark::State& state) {
    ensure_big_log();
    EventLog log = open_log(BIG_LOG, unchecked());
    int64_t checked = 0;
    for (auto _ : state) {
        auto report = log.verify();
        if (!report || !report->ok()) state.SkipWithError("verify failed");
        checked = report->events_checked;
    }
    state.counters["events"] = static_cast<double>(checked);
    state.counters["events_per_s"] = benchmark::Counter(
        static_cast<double>(checked * state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_FullChainVerify1M)->Iterations(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_FullReplay1M(benchmark::State& state) {
    ensure_big_log();
    EventLog log = open_log(BIG_LOG, unchecked());
    for (auto _ : state) {
        uint64_t fold = 0;
        auto visited = log.for_each_event(1, [&](const EventRecord& r) {
            fold = fold * 31 + r.payload.size();
            return true;
        });
        if (!visited || *visited != BIG_LOG_EVENTS) state.SkipWithError("replay failed");
        benchmark::DoNotOptimize(fold);
    }
}
BENCHMARK(BM_FullReplay1M)->Iterations(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_IntegrityCheck1M(benchmark::State& state) {
    ensure_big_log();
    EventLog log = open_log(BIG_LOG, unchecked());
    const auto level = static_cast<IntegrityCheck>(state.range(0));
    for (auto _ : state) {
        if (auto err = log.check_integrity(level)) state.SkipWithError(err->message.c_str());
    }
}
BENCHMARK(BM_IntegrityCheck1M)
    ->ArgName("level")
    ->Arg(static_cast<int>(IntegrityCheck::QUICK))
    ->Arg(static_cast<int>(IntegrityCheck::FULL))
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace venue::store

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    std::printf("log files in %s (synchronous=FULL, WAL)\n",
                venue::store::bench_dir().string().c_str());
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    std::error_code ignored;
    std::filesystem::remove_all(venue::store::bench_dir(), ignored);
    return 0;
}
