// `venue bench publish`: what publishing to an MQTT broker costs a hall, how fast a hall's log
// goes out, and how soon a championship's readers have an update (docs/multi-hall.md). With no
// --mqtt it starts a private Mosquitto on loopback, so the figures come from one command.
#include <fmt/core.h>
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <memory>
#include <mutex>
#include <thread>

#include "cli/bench_stream.h"
#include "cli/commands.h"
#include "publish/local_broker.h"
#include "publish/log_mirror.h"
#include "publish/log_publisher.h"
#include "publish/mqtt_feed.h"
#include "runtime/session.h"

namespace venue::cli {
namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

struct PublishBenchOptions {
    std::string mqtt;
    std::string dir;
    int samples = 4000;
    std::int64_t events = 100000;
    int sse_clients = 2000;
    int mqtt_subscribers = 500;
    int updates = 100;
};

std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
        .count();
}

// "p50 X, p99 Y, max Z" of microsecond samples, in whole units the clock can tell apart.
std::string percentiles(std::vector<double> us) {
    if (us.empty()) return "no samples";
    std::sort(us.begin(), us.end());
    auto pct = [&](double p) { return us[std::size_t(p * double(us.size() - 1))]; };
    auto show = [](double v) {
        return v >= 10000 ? fmt::format("{:.1f} ms", v / 1000) : fmt::format("{:.0f} us", v);
    };
    return fmt::format("p50 {}, p99 {}, max {} ({} samples)", show(pct(0.5)), show(pct(0.99)),
                       show(us.back()), us.size());
}

double p99(std::vector<double> us) {
    std::sort(us.begin(), us.end());
    return us.empty() ? 0 : us[std::size_t(0.99 * double(us.size() - 1))];
}

std::unique_ptr<publish::LogPublisher> start_publisher(const std::string& url,
                                                       const std::string& hall,
                                                       const std::string& log) {
    publish::PublishOptions o;
    o.mqtt = *publish::make_mqtt_options(url, {});
    o.event = "bench";
    o.hall = hall;
    o.log_path = log;
    o.head_wait = std::chrono::milliseconds(0);  // a fresh hall: nothing to resume
    auto p = publish::LogPublisher::start(std::move(o));
    if (!p) {
        fmt::print(stderr, "venue bench publish: {}\n", p.error());
        return nullptr;
    }
    return std::move(*p);
}

bool wait_until(const std::function<bool()>& done, std::chrono::seconds timeout) {
    const auto deadline = Clock::now() + timeout;
    while (Clock::now() < deadline) {
        if (done()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return done();
}

// 1. The cost to the hall: arrival-to-durable-decision at 1,000 events/s into two logs in the same
// run, in alternating phases: one log that nobody publishes, one a publisher is reading.
int cost_to_the_hall(const PublishBenchOptions& o, const fs::path& dir, const std::string& url) {
    const auto config = bench_config(8);
    auto plain = runtime::Session::open(config, (dir / "plain.sqlite").string());
    auto published = runtime::Session::open(config, (dir / "published.sqlite").string());
    if (!plain || !published) return 1;
    auto publisher = start_publisher(url, "cost", (dir / "published.sqlite").string());
    if (!publisher ||
        !wait_until([&] { return publisher->status().connected; }, std::chrono::seconds(10)))
        return 1;
    EventStream stream_plain(8, 2), stream_published(8, 2);
    std::vector<double> off, on;
    const int phases = 8;
    auto next = Clock::now();
    for (int phase = 0; phase < phases; ++phase) {
        const bool publishing = phase % 2 == 1;
        runtime::Session& s = publishing ? *published.value() : *plain.value();
        EventStream& stream = publishing ? stream_published : stream_plain;
        for (int i = 0; i < o.samples / phases; ++i) {
            next += std::chrono::microseconds(1000);
            std::this_thread::sleep_until(next);
            const auto arrival = Clock::now();
            if (!s.submit({stream.next()})) return 1;
            // What the daemon's step does for the publisher: wake it.
            if (publishing) publisher->wake();
            (publishing ? on : off)
                .push_back(
                    std::chrono::duration<double, std::micro>(Clock::now() - arrival).count());
        }
    }
    const std::int64_t last = published.value()->last_seq();
    const bool acked = publisher->wait_acknowledged(last, std::chrono::seconds(30));
    fmt::print("1. cost to the hall: arrival to decision, durable, 1,000 events/s\n");
    fmt::print("   without publishing: {}\n", percentiles(off));
    fmt::print("   with publishing:    {}\n", percentiles(on));
    fmt::print(
        "   p99 with / without: {:.2f} (goal: under 1.05); broker acknowledged {} of {} "
        "events\n",
        p99(on) / std::max(1.0, p99(off)), publisher->status().acked, last);
    return acked ? 0 : 1;
}

// 2. How fast a hall's log goes out: a log of `events` events published from the start, and a
// mirror's copy filling from it.
int publish_rate(const PublishBenchOptions& o, const fs::path& dir, const std::string& url) {
    const std::string log = (dir / "rate.sqlite").string();
    {
        auto s = runtime::Session::open(bench_config(8), log);
        if (!s) return 1;
        s.value()->set_snapshot_interval(0);
        EventStream stream(8, 3);
        for (std::int64_t done = 0; done < o.events; done += 1000) {
            std::vector<engine::Event> events;
            for (int i = 0; i < 1000; ++i) events.push_back(stream.next());
            if (!s.value()->submit(std::move(events))) return 1;
        }
    }
    auto hall = store::EventLog::open(log);
    if (!hall) return 1;
    const std::int64_t total = hall->last_seq();
    publish::MirrorOptions m;
    m.mqtt = *publish::make_mqtt_options(url, {});
    m.mqtt.client_id = "bench-mirror";
    m.dir = (dir / "mirror").string();
    m.event = "bench";
    auto mirror = publish::LogMirror::start(std::move(m));
    if (!mirror) return 1;
    if (!wait_until([&] { return (*mirror)->connected(); }, std::chrono::seconds(10))) return 1;
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // its subscription is in place
    const auto t0 = Clock::now();
    auto publisher = start_publisher(url, "rate", log);
    if (!publisher) return 1;
    if (!publisher->wait_acknowledged(total, std::chrono::seconds(600))) return 1;
    const double sent_s = std::chrono::duration<double>(Clock::now() - t0).count();
    const bool mirrored = (*mirror)->wait_for("bench", "rate", total, std::chrono::seconds(600));
    const double mirror_s = std::chrono::duration<double>(Clock::now() - t0).count();
    fmt::print(
        "2. a hall's log to the broker: {} events (with their decisions) acknowledged in "
        "{:.1f} s: {:.0f} events/s; a mirror's checked copy complete after {:.1f} s: {:.0f} "
        "events/s\n",
        total, sent_s, double(total) / sent_s, mirror_s, double(total) / mirror_s);
    return mirrored ? 0 : 1;
}

// 3. Fan-out: one hall's document to `sse_clients` event-stream clients across two `venue feed`
// servers and `mqtt_subscribers` MQTT subscribers, timed from the hall's publish to each arrival.
int fan_out(const PublishBenchOptions& o, const fs::path& dir, const std::string& url) {
    std::vector<std::unique_ptr<publish::MqttFeed>> feeds;
    for (int i = 0; i < 2; ++i) {
        publish::MqttFeedOptions f;
        f.mqtt = *publish::make_mqtt_options(url, {});
        f.http.port = 0;
        f.http.max_streams = std::size_t(o.sse_clients);
        f.http.max_backlog = 4096;
        f.http.log = [](const std::string&) {};
        f.event = "bench";
        auto started = publish::MqttFeed::start(std::move(f));
        if (!started) {
            fmt::print(stderr, "venue bench publish: {}\n", started.error());
            return 1;
        }
        feeds.push_back(std::move(*started));
    }
    // Arrival times are read from the document itself ("t", the publisher's steady clock).
    auto stamp_of = [](std::string_view text, std::size_t from) -> std::int64_t {
        const std::size_t at = text.find("\"t\":", from);
        return at == std::string_view::npos ? 0 : std::atoll(text.data() + at + 4);
    };
    std::atomic<bool> stop{false};
    struct Sink {
        std::mutex mutex;
        std::vector<double> us;
    };
    std::vector<Sink> sse(std::size_t(o.sse_clients));
    std::vector<std::thread> clients;
    // Every way out ends the client threads first.
    struct Joiner {
        std::atomic<bool>& stop;
        std::vector<std::thread>& threads;
        ~Joiner() {
            stop = true;
            for (auto& t : threads)
                if (t.joinable()) t.join();
        }
    } joiner{stop, clients};
    const auto connecting = Clock::now();
    for (int i = 0; i < o.sse_clients; ++i) {
        clients.emplace_back([&, i] {
            httplib::Client c("127.0.0.1", feeds[std::size_t(i % 2)]->server().port());
            c.set_read_timeout(60, 0);
            std::string pending;
            std::int64_t last_stamp = 0;
            // A stream the server dropped (or a connection refused under the flood of
            // connections) is opened again, as a TV client would.
            while (!stop) {
                c.Get("/api/v1/stream", [&](const char* data, std::size_t n) {
                    const std::int64_t arrived = now_ns();
                    pending.append(data, n);
                    std::size_t at;
                    while ((at = pending.find("\n\n")) != std::string::npos) {
                        const std::string frame = pending.substr(0, at);
                        pending.erase(0, at + 2);
                        // An update, or the snapshot a client is sent first (which holds the
                        // update that woke it): each stamp counted once.
                        const std::int64_t t = stamp_of(frame, 0);
                        if (t && t != last_stamp) {
                            last_stamp = t;
                            std::lock_guard lock(sse[std::size_t(i)].mutex);
                            sse[std::size_t(i)].us.push_back(double(arrived - t) / 1000.0);
                        }
                    }
                    return !stop;
                });
                pending.clear();
                if (!stop) std::this_thread::sleep_for(std::chrono::milliseconds(200));
            }
        });
        // Connections a hundred at a time, as viewers arrive, not all in one instant.
        if (i % 100 == 99) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    if (!wait_until(
            [&] {
                return feeds[0]->server().stats().streams_open +
                           feeds[1]->server().stats().streams_open ==
                       o.sse_clients;
            },
            std::chrono::seconds(120))) {
        fmt::print(
            stderr, "venue bench publish: {} of {} event-stream clients connected in 120 s\n",
            feeds[0]->server().stats().streams_open + feeds[1]->server().stats().streams_open,
            o.sse_clients);
        return 1;
    }
    fmt::print("   ({} event-stream clients connected in {:.1f} s)\n", o.sse_clients,
               std::chrono::duration<double>(Clock::now() - connecting).count());
    std::fflush(stdout);
    std::vector<Sink> mqtt(std::size_t(o.mqtt_subscribers));
    std::vector<std::unique_ptr<publish::MqttClient>> subscribers;
    for (int i = 0; i < o.mqtt_subscribers; ++i) {
        publish::MqttHandlers h;
        Sink* sink = &mqtt[std::size_t(i)];
        h.on_message = [sink, stamp_of](const publish::MqttMessage& m) {
            const std::int64_t arrived = now_ns();
            if (const std::int64_t t = stamp_of(m.payload, 0); t && !m.retained) {
                std::lock_guard lock(sink->mutex);
                sink->us.push_back(double(arrived - t) / 1000.0);
            }
        };
        auto c = publish::MqttClient::start(*publish::make_mqtt_options(url, {}), std::move(h));
        if (!c) return 1;
        (*c)->subscribe("venue/bench/fan/feed/#", 0);
        subscribers.push_back(std::move(*c));
    }
    if (!wait_until(
            [&] {
                return std::all_of(subscribers.begin(), subscribers.end(),
                                   [](const auto& s) { return s->connected(); });
            },
            std::chrono::seconds(120))) {
        fmt::print(stderr, "venue bench publish: the MQTT subscribers did not all connect\n");
        for (auto& f : feeds) f->server().stop();
        return 1;
    }
    std::this_thread::sleep_for(std::chrono::seconds(1));  // subscriptions in place

    auto log = store::EventLog::open((dir / "fan.sqlite").string());
    if (!log) return 1;
    auto publisher = start_publisher(url, "fan", (dir / "fan.sqlite").string());
    if (!publisher ||
        !wait_until([&] { return publisher->status().connected; }, std::chrono::seconds(10)))
        return 1;
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const auto t0 = Clock::now();
    for (int i = 1; i <= o.updates; ++i) {
        feed::FeedUpdate u;
        u.seq = i;
        u.matches["final"] = "{\"id\":\"final\",\"n\":" + std::to_string(i) +
                             ",\"t\":" + std::to_string(now_ns()) + "}";
        publisher->publish_feed(u);
        std::this_thread::sleep_until(t0 + std::chrono::milliseconds(100) * i);
    }
    std::this_thread::sleep_for(std::chrono::seconds(3));
    stop = true;
    for (auto& f : feeds) f->server().stop();  // ends the streams
    for (auto& t : clients) t.join();
    for (auto& sub : subscribers) sub->stop();

    auto gather = [](std::vector<Sink>& sinks) {
        std::vector<double> all;
        for (Sink& s : sinks) all.insert(all.end(), s.us.begin(), s.us.end());
        return all;
    };
    const std::vector<double> by_sse = gather(sse), by_mqtt = gather(mqtt);
    fmt::print("3. fan-out of {} updates (10 a second), publish to arrival:\n", o.updates);
    fmt::print("   {} event-stream clients on two venue feed servers: {}; {} of {} arrivals\n",
               o.sse_clients, percentiles(by_sse), by_sse.size(),
               std::size_t(o.sse_clients) * std::size_t(o.updates));
    fmt::print("   {} MQTT subscribers: {}; {} of {} arrivals\n", o.mqtt_subscribers,
               percentiles(by_mqtt), by_mqtt.size(),
               std::size_t(o.mqtt_subscribers) * std::size_t(o.updates));
    std::vector<double> all = by_sse;
    all.insert(all.end(), by_mqtt.begin(), by_mqtt.end());
    fmt::print("   all readers: p99 {:.1f} ms (goal: under 100 ms)\n", p99(all) / 1000);
    return 0;
}

int run_publish_bench(const PublishBenchOptions& o) {
    const fs::path dir =
        o.dir.empty() ? fs::temp_directory_path() / "venue-bench-publish" : fs::path(o.dir);
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::unique_ptr<publish::LocalBroker> local;
    std::string url = o.mqtt;
    if (url.empty()) {
        // Nice 19: a private broker stands in for one on a machine of its own, as at a venue.
        publish::LocalBroker::Options b;
        b.nice = 19;
        local = std::make_unique<publish::LocalBroker>(dir / "broker", b);
        if (!local->start()) {
            fmt::print(stderr,
                       "venue bench publish: /usr/sbin/mosquitto did not start "
                       "(scripts/setup installs it)\n");
            return 1;
        }
        url = local->url();
    }
    fmt::print(
        "venue bench publish: broker {}{}, {} cores, in one process (the readers share "
        "the machine with the hall and the broker)\n",
        url,
        local ? " (a private Mosquitto at nice 19, standing in for a broker on its own machine)"
              : "",
        std::thread::hardware_concurrency());
    std::fflush(stdout);
    int rc = cost_to_the_hall(o, dir, url);
    std::fflush(stdout);
    if (!rc) rc = publish_rate(o, dir, url);
    std::fflush(stdout);
    if (!rc && (o.sse_clients > 0 || o.mqtt_subscribers > 0)) rc = fan_out(o, dir, url);
    if (rc) fmt::print(stderr, "venue bench publish: a part failed (see above)\n");
    local.reset();
    fs::remove_all(dir);
    return rc;
}

}  // namespace

void register_bench_publish_command(CLI::App& bench) {
    auto o = std::make_shared<PublishBenchOptions>();
    CLI::App* cmd = bench.add_subcommand(
        "publish",
        "Publishing to an MQTT broker (docs/multi-hall.md): 1. the hall's arrival-to-decision\n"
        "latency with and without a publisher reading its log, in one run; 2. events per second\n"
        "a hall's log goes out (and into a mirror's checked copy); 3. publish-to-arrival of an\n"
        "update at thousands of event-stream clients on two `venue feed` servers and hundreds\n"
        "of MQTT subscribers. Without --mqtt it runs a private Mosquitto on loopback.");
    cmd->add_option("--mqtt", o->mqtt, "A broker to use instead (mqtt://HOST[:PORT])");
    cmd->add_option("--dir", o->dir, "Where the temporary logs go (default: the temp dir)");
    cmd->add_option("--samples", o->samples, "Events timed for the cost to the hall")
        ->capture_default_str();
    cmd->add_option("--events", o->events, "Size of the log published for the rate")
        ->capture_default_str();
    cmd->add_option("--sse-clients", o->sse_clients, "Event-stream clients, across two feeds")
        ->capture_default_str();
    cmd->add_option("--mqtt-subscribers", o->mqtt_subscribers, "MQTT subscribers")
        ->capture_default_str();
    cmd->add_option("--updates", o->updates, "Updates published for the fan-out (10 a second)")
        ->capture_default_str();
    cmd->callback([o] {
        if (int rc = run_publish_bench(*o)) throw CLI::RuntimeError(rc);
    });
}

}  // namespace venue::cli
