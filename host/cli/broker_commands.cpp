// `venue feed --mqtt` and `venue mirror --mqtt`: the championship's readers of the halls'
// broker (docs/multi-hall.md). Both run until SIGINT or SIGTERM and hold nothing a restart needs
// beyond what the broker (feed) or the copies on disk (mirror) keep.
#include <fmt/core.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <memory>
#include <thread>

#include "cli/commands.h"
#include "feed/feed_publisher.h"
#include "publish/log_mirror.h"
#include "publish/mqtt_feed.h"

namespace venue::cli {

namespace {

std::atomic<bool> g_stop{false};
void on_signal(int) {
    g_stop = true;
}

struct BrokerCli {
    std::string url;
    publish::BrokerCredentials credentials;
    std::string event = "+";
};

void add_broker_options(CLI::App* cmd, BrokerCli& b) {
    cmd->add_option("--mqtt", b.url, "The broker: mqtt://[USER@]HOST[:PORT] or mqtts://... (TLS)")
        ->required();
    cmd->add_option("--event", b.event, "Only this event's halls (its topic id; default: all)")
        ->capture_default_str();
    cmd->add_option("--username", b.credentials.username, "The broker account (read-only)");
    cmd->add_option("--password-file", b.credentials.password_file,
                    "Its password: the first line of this file");
    cmd->add_option("--ca-file", b.credentials.ca_file, "TLS: the broker's CA certificate");
    cmd->add_option("--cert-file", b.credentials.cert_file, "TLS: this client's certificate");
    cmd->add_option("--key-file", b.credentials.key_file, "TLS: this client's key");
}

void wait_for_signal(const std::function<void()>& every_second) {
    g_stop = false;
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    int ticks = 0;
    while (!g_stop) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        if (++ticks % 10 == 0) every_second();
    }
}

int run_feed(const BrokerCli& b, const std::string& listen) {
    auto mqtt = publish::make_mqtt_options(b.url, b.credentials);
    if (!mqtt) {
        fmt::print(stderr, "venue feed: --mqtt {}\n", mqtt.error());
        return 2;
    }
    auto address = feed::parse_feed_address(listen);
    if (!address) {
        fmt::print(stderr, "venue feed: --listen {}\n", address.error());
        return 2;
    }
    publish::MqttFeedOptions o;
    o.mqtt = std::move(*mqtt);
    std::tie(o.http.host, o.http.port) = *address;
    o.http.log = [](const std::string& m) { fmt::print(stderr, "feed: {}\n", m); };
    o.event = b.event;
    auto f = publish::MqttFeed::start(std::move(o));
    if (!f) {
        fmt::print(stderr, "venue feed: {}\n", f.error());
        return 2;
    }
    fmt::print(
        "venue feed: serving {} (JSON, events, live PGN, overlays) for the halls of "
        "event '{}' on {}\n",
        (*f)->url(), b.event, publish::parse_broker_url(b.url)->display());
    std::fflush(stdout);
    publish::MqttFeedStats last;
    wait_for_signal([&] {
        const publish::MqttFeedStats s = (*f)->stats();
        if (s.halls != last.halls || s.matches != last.matches) {
            fmt::print(
                "venue feed: {} hall(s), {} match(es); {} documents served, {} dropped "
                "as already held\n",
                s.halls, s.matches, s.published, s.dropped);
            std::fflush(stdout);
        }
        last = s;
    });
    (*f)->stop();
    fmt::print("venue feed: stopped\n");
    return 0;
}

int run_mirror(const BrokerCli& b, const std::string& dir, const std::string& client_id) {
    auto mqtt = publish::make_mqtt_options(b.url, b.credentials);
    if (!mqtt) {
        fmt::print(stderr, "venue mirror: --mqtt {}\n", mqtt.error());
        return 2;
    }
    publish::MirrorOptions o;
    o.mqtt = std::move(*mqtt);
    o.mqtt.client_id = client_id;
    o.dir = dir;
    o.event = b.event;
    o.log = [](const std::string& m) {
        fmt::print("mirror: {}\n", m);
        std::fflush(stdout);
    };
    auto m = publish::LogMirror::start(std::move(o));
    if (!m) {
        fmt::print(stderr, "venue mirror: {}\n", m.error());
        return 2;
    }
    fmt::print("venue mirror: copying the halls of event '{}' into {}\n", b.event, dir);
    std::fflush(stdout);
    std::map<std::string, std::int64_t> shown;
    auto report = [&](bool all) {
        for (const publish::MirrorHall& h : (*m)->halls()) {
            std::int64_t& last = shown[h.event + "/" + h.hall];
            if (!all && last == h.last_seq) continue;
            last = h.last_seq;
            fmt::print(
                "mirror: {}/{} at event {} (the hall's head {}); {} taken, {} duplicates "
                "dropped, {} refused{}\n",
                h.event, h.hall, h.last_seq, h.hall_head, h.appended, h.duplicates, h.refused,
                h.waiting ? fmt::format(", {} waiting for a gap", h.waiting) : "");
        }
        std::fflush(stdout);
    };
    wait_for_signal([&] { report(false); });
    (*m)->stop();
    report(true);
    fmt::print("venue mirror: stopped\n");
    return 0;
}

}  // namespace

void register_broker_commands(CLI::App& app) {
    auto b = std::make_shared<BrokerCli>();
    auto listen = std::make_shared<std::string>("127.0.0.1:8080");
    CLI::App* feed = app.add_subcommand(
        "feed",
        "A stateless TV feed for every hall of a championship, read from the broker the halls\n"
        "publish to (venue run --publish). Serves the same HTTP API, live events, PGN and\n"
        "overlays as a hall's own feed (docs/tv-guide.md), each match as HALL.MATCH. Keeps\n"
        "nothing: a restarted one rebuilds from the broker's retained documents, and several\n"
        "may run side by side behind a load balancer (docs/multi-hall.md).\n"
        "Example: venue feed --mqtt mqtt://tv@broker.local --listen 0.0.0.0:8080");
    add_broker_options(feed, *b);
    feed->add_option("--listen", *listen, "Serve HTTP on HOST:PORT")->capture_default_str();
    feed->callback([b, listen] {
        if (int rc = run_feed(*b, *listen)) throw CLI::RuntimeError(rc);
    });

    auto dir = std::make_shared<std::string>();
    auto client_id = std::make_shared<std::string>();
    CLI::App* mirror = app.add_subcommand(
        "mirror",
        "A live copy of every hall's event log on this machine, from the broker the halls\n"
        "publish to: DIR/<event>/<hall>.sqlite, each event checked against the hash chain as it\n"
        "arrives (one that does not extend it is refused and reported), gaps asked for again.\n"
        "The copies are Venue logs: venue verify, replay and export read them, and\n"
        "venue verify HALL-LOG --against COPY finds a hall log cut or rewritten after it was\n"
        "published (docs/multi-hall.md).\n"
        "Example: venue mirror --mqtt mqtt://mirror@broker.local --dir /srv/venue-mirror");
    add_broker_options(mirror, *b);
    mirror->add_option("--dir", *dir, "Where the copies are kept (created when missing)")
        ->required();
    mirror->add_option("--client-id", *client_id,
                       "The mirror's broker session (default venue-mirror-<host name>): the "
                       "broker keeps its messages while it is away");
    mirror->callback([b, dir, client_id] {
        if (int rc = run_mirror(*b, *dir, *client_id)) throw CLI::RuntimeError(rc);
    });
}

}  // namespace venue::cli
