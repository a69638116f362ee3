// The feed under load, on loopback (Google Benchmark). Not a CTest test: run by hand,
//   build/bin/venue_bench_feed                                  everything (~half a minute)
//   build/bin/venue_bench_feed --benchmark_filter=Fanout        500 streams only
// Fanout/N: N event-stream clients (one epoll thread reads them all); each iteration publishes
//   one update (a real match document) and waits until every client has it. Counters: p50, p99
//   and max of publish-to-arrival over every delivery (µs), and publish()'s own cost (µs).
// Json/PATH: one keep-alive client GETting in a loop: requests per second.
//   VENUE_FEED_NICE=N sets FeedOptions::nice for the Fanout and Json servers (default 19).
// MakeUpdate: the engine thread's share: make_update() for one event.
// EngineUnderLoad/MODE: the engine's event-to-decision time as `venue run` has it, from
//   Daemon::post to the decisions made, the event durable in a SQLite log and the device commands
//   sent (p50/p99/max, µs), and to the end of the step with the feed published (step_p99_us), at
//   100 events/s, each one changing the match (a worst case for the feed). MODE 0: no feed; 1: the
//   feed, no clients; 2: the feed with 500 event-stream clients and 4 threads GETting
//   /api/v1/event in a loop, all in this process (get_per_s: their requests per second); 3: the
//   same with those clients' threads at nice +10, standing in for TV machines elsewhere.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include <benchmark/benchmark.h>
#include <httplib.h>

#include "config/venue_config.h"
#include "feed/feed_model.h"
#include "feed/feed_publisher.h"
#include "feed/feed_server.h"
#include "feed_script.h"
#include "runtime/daemon.h"
#include "runtime/session.h"

namespace venue::feed::testing {
namespace {

using Clock = std::chrono::steady_clock;

// The server with the Chessball opening published.
struct Published {
    Published(std::size_t max_streams) {
        FeedOptions o;
        o.port = 0;
        o.max_streams = max_streams;
        // VENUE_FEED_NICE=0: the server's threads at the engine's priority, for comparison.
        if (const char* nice = std::getenv("VENUE_FEED_NICE")) o.nice = std::atoi(nice);
        o.log = [](const std::string&) {};
        auto started = FeedServer::start(o);
        if (!started) throw std::runtime_error(started.error());
        server = std::move(started.value());
        script.play_opening();
        server->publish(make_update(script.state(), script.applied(), memory));
    }
    FeedScript script;
    FeedMemory memory;
    std::unique_ptr<FeedServer> server;
};

int connect_stream(int port) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(std::uint16_t(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        close(fd);
        return -1;
    }
    const std::string req = "GET /api/v1/stream HTTP/1.1\r\nHost: bench\r\n\r\n";
    if (send(fd, req.data(), req.size(), MSG_NOSIGNAL) != ssize_t(req.size())) {
        close(fd);
        return -1;
    }
    return fd;
}

// Reads every stream on one thread; records when each client saw each update id.
class Clients {
  public:
    Clients(int port, int n, int nice = 0) : epoll_(epoll_create1(0)) {
        for (int i = 0; i < n; ++i) {
            int fd = connect_stream(port);
            if (fd < 0) break;
            buffers_[fd];
            epoll_event ev{};
            ev.events = EPOLLIN;
            ev.data.fd = fd;
            epoll_ctl(epoll_, EPOLL_CTL_ADD, fd, &ev);
        }
        thread_ = std::thread([this, nice] {
            lower_thread_priority(nice);
            loop();
        });
    }
    ~Clients() {
        stop_ = true;
        thread_.join();
        for (auto& [fd, b] : buffers_) close(fd);
        close(epoll_);
    }
    int connected() const { return int(buffers_.size()); }
    // Waits until `n` clients saw update `id`; their arrival times.
    bool wait(std::int64_t id, int n, std::vector<Clock::time_point>& arrivals) {
        const auto end = Clock::now() + std::chrono::seconds(20);
        for (;;) {
            {
                std::lock_guard lock(mutex_);
                auto it = seen_.find(id);
                if (it != seen_.end() && int(it->second.size()) >= n) {
                    arrivals = std::move(it->second);
                    seen_.erase(it);
                    return true;
                }
            }
            if (Clock::now() > end) return false;
            std::this_thread::sleep_for(std::chrono::microseconds(50));
        }
    }
    // Clients that have had their snapshot.
    int ready() {
        std::lock_guard lock(mutex_);
        return snapshots_;
    }

  private:
    void loop() {
        epoll_event events[256];
        char buf[65536];
        while (!stop_) {
            int n = epoll_wait(epoll_, events, 256, 20);
            for (int i = 0; i < n; ++i) {
                const int fd = events[i].data.fd;
                ssize_t got = recv(fd, buf, sizeof buf, 0);
                if (got <= 0) {
                    epoll_ctl(epoll_, EPOLL_CTL_DEL, fd, nullptr);
                    continue;
                }
                const auto now = Clock::now();
                std::string& b = buffers_[fd];
                b.append(buf, std::size_t(got));
                scan(b, now);
            }
        }
    }
    // Complete messages only: "id: N\nevent: KIND\ndata: ...\n\n".
    void scan(std::string& b, Clock::time_point now) {
        std::size_t from = 0;
        for (;;) {
            const auto id_at = b.find("id: ", from);
            if (id_at == std::string::npos) break;
            const auto end = b.find("\n\n", id_at);
            if (end == std::string::npos) {
                from = id_at;
                break;
            }
            const std::int64_t id = std::atoll(b.c_str() + id_at + 4);
            const bool snapshot = b.compare(b.find('\n', id_at) + 1, 15, "event: snapshot") == 0;
            {
                std::lock_guard lock(mutex_);
                if (snapshot)
                    ++snapshots_;
                else
                    seen_[id].push_back(now);
            }
            from = end + 2;
        }
        b.erase(0, from == 0 ? 0 : from);
    }

    int epoll_;
    std::map<int, std::string> buffers_;
    std::thread thread_;
    std::atomic<bool> stop_{false};
    std::mutex mutex_;
    std::map<std::int64_t, std::vector<Clock::time_point>> seen_;
    int snapshots_ = 0;
};

double percentile(std::vector<double>& v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(p * double(v.size())))];
}

void Fanout(benchmark::State& state) {
    const int n = int(state.range(0));
    Published p(std::size_t(n) + 16);
    Clients clients(p.server->port(), n);
    const auto ready_by = Clock::now() + std::chrono::seconds(30);
    while (clients.ready() < clients.connected() && Clock::now() < ready_by)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (clients.connected() < n || clients.ready() < n) {
        state.SkipWithError("not every client connected");
        return;
    }
    std::vector<double> latencies, publish_cost;
    std::int64_t remaining = 1'780'000;
    for (auto _ : state) {
        // One clock reading: the match's document changes (its clock), as after a heartbeat.
        auto a = p.script.send(ClockReading{"cb1", remaining -= 100, 1'905'000, chess::WHITE},
                               50'000'000);
        FeedUpdate u = make_update(p.script.state(), std::span(&a, 1), p.memory);
        const auto t0 = Clock::now();
        p.server->publish(std::move(u));
        const auto t1 = Clock::now();
        std::vector<Clock::time_point> arrivals;
        if (!clients.wait(p.server->stats().last_id, n, arrivals)) {
            state.SkipWithError("an update did not reach every client");
            return;
        }
        const auto last = *std::max_element(arrivals.begin(), arrivals.end());
        state.SetIterationTime(std::chrono::duration<double>(last - t0).count());
        publish_cost.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
        for (auto t : arrivals)
            latencies.push_back(std::chrono::duration<double, std::micro>(t - t0).count());
    }
    state.counters["clients"] = n;
    state.counters["p50_us"] = percentile(latencies, 0.50);
    state.counters["p99_us"] = percentile(latencies, 0.99);
    state.counters["max_us"] = percentile(latencies, 1.0);
    state.counters["publish_us"] = percentile(publish_cost, 0.50);
    state.counters["dropped"] =
        double(p.server->stats().dropped_behind + p.server->stats().dropped_write);
}
BENCHMARK(Fanout)->Arg(1)->Arg(50)->Arg(500)->Iterations(200)->UseManualTime()->Unit(
    benchmark::kMicrosecond);

void Json(benchmark::State& state, const char* path) {
    Published p(16);
    httplib::Client c("127.0.0.1", p.server->port());
    c.set_keep_alive(true);
    c.set_tcp_nodelay(true);
    std::size_t bytes = 0;
    for (auto _ : state) {
        auto r = c.Get(path);
        if (!r || r->status != 200) {
            state.SkipWithError("request failed");
            return;
        }
        bytes += r->body.size();
    }
    state.SetItemsProcessed(state.iterations());
    state.SetBytesProcessed(std::int64_t(bytes));
}
BENCHMARK_CAPTURE(Json, event, "/api/v1/event")->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Json, match, "/api/v1/matches/cb1")->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Json, pgn, "/pgn")->UseRealTime()->Unit(benchmark::kMicrosecond);

void MakeUpdate(benchmark::State& state) {
    FeedScript s;
    s.play_opening();
    FeedMemory memory;
    make_update(s.state(), s.applied(), memory);
    std::int64_t ms = 1'780'000;
    for (auto _ : state) {
        state.PauseTiming();
        auto a = s.send(ClockReading{"cb1", ms -= 100, 1'905'000, chess::WHITE}, 50'000'000);
        state.ResumeTiming();
        benchmark::DoNotOptimize(make_update(s.state(), std::span(&a, 1), memory));
    }
}
BENCHMARK(MakeUpdate)->Unit(benchmark::kMicrosecond);

// Its two parts: the match's document and its live PGN.
void MatchDocument(benchmark::State& state) {
    FeedScript s;
    s.play_opening();
    FeedMemory memory;
    make_update(s.state(), s.applied(), memory);
    for (auto _ : state)
        benchmark::DoNotOptimize(match_document(s.match(), &memory.matches["cb1"]).dump());
}
BENCHMARK(MatchDocument)->Unit(benchmark::kMicrosecond);

void LivePgn(benchmark::State& state) {
    FeedScript s;
    s.play_opening();
    for (auto _ : state) benchmark::DoNotOptimize(live_pgn(s.match()));
}
BENCHMARK(LivePgn)->Unit(benchmark::kMicrosecond);

void EngineUnderLoad(benchmark::State& state) {
    const int mode = int(state.range(0));
    auto config =
        config::load_venue_config(VENUE_SOURCE_DIR "/schemas/config/examples/chessball.toml");
    if (!config) {
        state.SkipWithError("the example venue file did not load");
        return;
    }
    const auto dir = std::filesystem::temp_directory_path() /
                     ("venue-bench-engine-load-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    auto session = runtime::Session::open(*config, (dir / "log.sqlite").string());
    if (!session) {
        state.SkipWithError("the log did not open");
        return;
    }
    runtime::Daemon daemon(*session.value());
    // Observers run in order, after the decisions' device commands were sent: this one, added
    // before the feed's, marks the decision made, durable and acted on.
    Clock::time_point decided;
    daemon.on_applied([&](const runtime::StepRecord&) { decided = Clock::now(); });
    std::unique_ptr<FeedPublisher> feed;
    if (mode >= 1) {
        FeedOptions o;
        o.port = 0;
        o.log = [](const std::string&) {};
        auto started = FeedPublisher::start(o, daemon);
        if (!started) {
            state.SkipWithError("the feed did not start");
            return;
        }
        feed = std::move(*started);
    }
    std::unique_ptr<Clients> clients;
    std::atomic<bool> stop_getting{false};
    std::atomic<std::int64_t> gets{0};
    std::vector<std::thread> getters;
    if (mode >= 2) {
        const int port = feed->server().port();
        const int client_nice = mode == 3 ? 10 : 0;
        clients = std::make_unique<Clients>(port, 500, client_nice);
        const auto ready_by = Clock::now() + std::chrono::seconds(30);
        while (clients->ready() < 500 && Clock::now() < ready_by)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        if (clients->ready() < 500) {
            state.SkipWithError("not every client connected");
            return;
        }
        for (int i = 0; i < 4; ++i)
            getters.emplace_back([&, port, client_nice] {
                lower_thread_priority(client_nice);
                httplib::Client c("127.0.0.1", port);
                c.set_keep_alive(true);
                while (!stop_getting)
                    if (auto r = c.Get("/api/v1/event"); r && r->status == 200) ++gets;
            });
    }
    daemon.start();
    std::vector<double> us, step_us;
    std::int64_t remaining = 1'780'000;
    auto next = Clock::now();
    const auto t_start = Clock::now();
    const std::int64_t gets_before = gets;
    for (auto _ : state) {
        next += std::chrono::milliseconds(10);
        std::this_thread::sleep_until(next);
        const auto arrival = Clock::now();
        daemon.post(engine::Event{arrival.time_since_epoch().count(), std::nullopt,
                                  ClockReading{"cb1", remaining -= 10, 1'905'000, chess::WHITE}});
        auto stepped = daemon.step();
        if (!stepped || stepped->empty()) {
            state.SkipWithError("the daemon did not apply the event");
            break;
        }
        us.push_back(std::chrono::duration<double, std::micro>(decided - arrival).count());
        step_us.push_back(
            std::chrono::duration<double, std::micro>(Clock::now() - arrival).count());
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - t_start).count();
    stop_getting = true;
    for (auto& t : getters) t.join();
    daemon.stop();
    state.counters["p50_us"] = percentile(us, 0.50);
    state.counters["p99_us"] = percentile(us, 0.99);
    state.counters["max_us"] = percentile(us, 1.0);
    state.counters["step_p99_us"] = percentile(step_us, 0.99);
    state.counters["get_per_s"] = double(gets - gets_before) / seconds;
    state.counters["streams"] = clients ? clients->connected() : 0;
    feed.reset();
    std::filesystem::remove_all(dir);
}
BENCHMARK(EngineUnderLoad)
    ->ArgName("mode")
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Arg(3)
    ->Iterations(3000)
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace venue::feed::testing

BENCHMARK_MAIN();
