// Two halls, one broker, one feed, one mirror (docs/multi-hall.md), as a championship runs them:
//
//   hall A: venue demo --publish (a Chessball match on the simulated hub and board)
//   hall B: venue run --publish, the arbiter entering a game's moves; SIGKILLed mid-game and run
//           again on the same log
//   venue feed --mqtt (both halls), venue mirror --mqtt (both logs); the broker SIGKILLed and
//   restarted mid-match
//
// Afterwards the feed's live PGN of each hall is what `venue export pgn` writes from the hall's
// log (every move), each mirror copy holds its hall's events hash for hash (`venue verify
// --against`), and the feed's stream never served a match's document twice.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>

#include "e2e/demo/demo_process.h"
#include "publish/event_message.h"
#include "publish/local_broker.h"
#include "publish/mqtt_client.h"
#include "store/event_log.h"

namespace venue::e2e {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;

// A command running in the background, its output to a file; killed with its children.
class Process {
  public:
    Process(const std::string& command, const std::filesystem::path& output) : output_(output) {
        pid_ = ::fork();
        if (pid_ == 0) {
            ::setpgid(0, 0);
            const std::string line = "exec " + command + " > '" + output.string() + "' 2>&1";
            ::execl("/bin/sh", "sh", "-c", line.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
    }
    ~Process() { kill(SIGKILL); }
    void kill(int sig) {
        if (pid_ <= 0) return;
        ::kill(-pid_, sig);
        ::kill(pid_, sig);
        ::waitpid(pid_, nullptr, 0);
        pid_ = -1;
    }
    // The exit code, or -1 when it did not end within `timeout` (or was killed).
    int wait(std::chrono::seconds timeout) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (pid_ > 0 && std::chrono::steady_clock::now() < deadline) {
            int status = 0;
            if (::waitpid(pid_, &status, WNOHANG) == pid_) {
                pid_ = -1;
                return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            }
            std::this_thread::sleep_for(50ms);
        }
        return -1;
    }
    std::string output() const {
        std::ifstream in(output_);
        return std::string(std::istreambuf_iterator<char>(in), {});
    }

  private:
    std::filesystem::path output_;
    pid_t pid_ = -1;
};

bool eventually(const std::function<bool()>& done, std::chrono::seconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        if (done()) return true;
        std::this_thread::sleep_for(100ms);
    }
    return done();
}

// Ruy Lopez, Closed (Breyer): 20 plies, entered by hall B's arbiter.
const std::vector<std::string> GAME = {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4",
                                       "g8f6", "e1g1", "f8e7", "f1e1", "b7b5", "a4b3", "d7d6",
                                       "c2c3", "e8g8", "h2h3", "c6b8", "d2d4", "b8d7"};

std::string enter(const std::string& uci) {
    return R"({"kind":"arbiter_action","data":{"match":"m1","kind":"enter_move","text":")" + uci +
           R"(","arbiter":"Chief","note":"from the scoresheet"}})" + "\n";
}

// Hall B: `venue run` reading the arbiter's lines from a FIFO the test writes.
class HallB {
  public:
    HallB(const std::filesystem::path& dir, const std::string& broker, int run)
        : fifo_(dir / ("b-input-" + std::to_string(run))) {
        ::mkfifo(fifo_.c_str(), 0600);
        process_ = std::make_unique<Process>(
            VENUE + " run " + (dir / "b.toml").string() + " --log " + (dir / "b.sqlite").string() +
                " --input " + fifo_.string() + " --no-feed --publish " + broker +
                " --hall hall-b --publish-event open",
            dir / ("b-run-" + std::to_string(run) + ".out"));
        fd_ = ::open(fifo_.c_str(), O_WRONLY);  // returns once venue run opened it
    }
    ~HallB() {
        if (fd_ >= 0) ::close(fd_);
    }
    // Enters a move and waits until the hall acknowledged it durable.
    bool play(const std::string& uci, int seq) {
        const std::string line = enter(uci);
        if (::write(fd_, line.data(), line.size()) != ssize_t(line.size())) return false;
        return eventually(
            [&] {
                return process_->output().find("ack " + std::to_string(seq) + " ") !=
                       std::string::npos;
            },
            10s);
    }
    // The end of the input: venue run stops cleanly, after publishing what is durable.
    int finish() {
        ::close(fd_);
        fd_ = -1;
        return process_->wait(30s);
    }
    Process& process() { return *process_; }

  private:
    std::filesystem::path fifo_;
    std::unique_ptr<Process> process_;
    int fd_ = -1;
};

// How many times `venue run` said its publisher connected ("publish: connected to URL as
// TOPIC" on a line of its own).
int connections(const std::string& out) {
    int n = 0;
    for (std::size_t at = 0; (at = out.find(" as venue/open/hall-b\n", at)) != std::string::npos;
         ++at)
        ++n;
    return n;
}

int feed_port(const Process& feed) {
    const std::string out = feed.output();
    const auto at = out.find("serving http://127.0.0.1:");
    if (at == std::string::npos) return 0;
    return std::atoi(out.c_str() + at + 25);
}

TEST(MultiHall, TwoHallsOneFeedOneMirrorThroughABrokerCrashAndAHallCrash) {
    const auto dir = fresh_dir("multihall");
    publish::LocalBroker broker(dir / "broker", {});
    ASSERT_TRUE(broker.start());
    const std::string url = broker.url();
    std::ofstream(dir / "b.toml") << R"([event]
name = "Open 2026"
site = "Hall B"
[feed]
enabled = false
[[match]]
id = "m1"
game = "fide"
round = "1.1"
[match.white]
team = "Kazan"
players = [{ id = "w1", name = "Ivanov, Ivan" }]
[match.black]
team = "Moscow"
players = [{ id = "b1", name = "Petrov, Pyotr" }]
)";

    Process mirror(VENUE + " mirror --mqtt " + url + " --dir " + (dir / "mirror").string() +
                       " --client-id e2e-mirror",
                   dir / "mirror.out");
    Process feed(VENUE + " feed --mqtt " + url + " --listen 127.0.0.1:0", dir / "feed.out");
    ASSERT_TRUE(eventually([&] { return feed_port(feed) > 0; }, 10s)) << feed.output();
    const int port = feed_port(feed);

    // A TV client on the feed's stream for the whole championship.
    std::atomic<bool> watching{true};
    std::string stream;
    std::mutex stream_mutex;
    std::thread viewer([&] {
        httplib::Client c("127.0.0.1", port);
        c.set_read_timeout(2, 0);
        while (watching) {
            c.Get("/api/v1/stream", [&](const char* data, std::size_t n) {
                std::lock_guard lock(stream_mutex);
                stream.append(data, n);
                return bool(watching);
            });
        }
    });

    Process hall_a(VENUE + " demo --speed 6 --no-feed --log " + (dir / "a.sqlite").string() +
                       " --publish " + url + " --hall hall-a --publish-event open",
                   dir / "a.out");
    int seq = 1;  // hall B's log: the match is event 1, each move one event
    {
        HallB b(dir, url, 1);
        for (int ply = 0; ply < 10; ++ply) {
            ASSERT_TRUE(b.play(GAME[ply], ++seq)) << b.process().output();
            if (ply == 5) {
                // The broker dies mid-match and is back two seconds later: both halls go on,
                // and hall B reconnects by itself.
                broker.stop(SIGKILL);
                std::this_thread::sleep_for(2s);
                ASSERT_TRUE(broker.start());
                ASSERT_TRUE(eventually([&] { return connections(b.process().output()) == 2; }, 15s))
                    << b.process().output();
            }
            std::this_thread::sleep_for(300ms);
        }
        // Hall B's host dies (SIGKILL: no goodbye, nothing flushed but what was durable) once
        // the broker acknowledged its events.
        std::this_thread::sleep_for(1s);
        b.process().kill(SIGKILL);
    }
    {
        HallB b(dir, url, 2);  // the same log, replayed; publishing resumes from the broker's head
        for (int ply = 10; ply < int(GAME.size()); ++ply)
            ASSERT_TRUE(b.play(GAME[ply], ++seq)) << b.process().output();
        EXPECT_EQ(b.finish(), 0) << b.process().output();
        EXPECT_NE(b.process().output().find("resuming after event"), std::string::npos)
            << b.process().output();
    }
    ASSERT_EQ(hall_a.wait(400s), 0) << hall_a.output();

    // The mirror holds each hall's log, hash for hash.
    for (const char* h : {"a", "b"}) {
        const std::string log = (dir / (std::string(h) + ".sqlite")).string();
        const std::string copy =
            (dir / "mirror/open" / ("hall-" + std::string(h) + ".sqlite")).string();
        Ran against;
        EXPECT_TRUE(eventually(
            [&] {
                against = run(VENUE + " verify " + log + " --against " + copy + " 2>&1");
                return against.out.find("the two hold the same") != std::string::npos;
            },
            30s))
            << against.out << mirror.output();
    }

    // The broker's retained head of each hall names the hall's last event and its hash: a
    // witness of the log's head for anyone who reads the broker.
    {
        std::mutex heads_mutex;
        std::map<std::string, std::string> heads;
        publish::MqttHandlers handlers;
        handlers.on_message = [&](const publish::MqttMessage& m) {
            std::lock_guard lock(heads_mutex);
            heads[m.topic] = m.payload;
        };
        auto reader =
            publish::MqttClient::start(*publish::make_mqtt_options(url, {}), std::move(handlers));
        ASSERT_TRUE(reader);
        (*reader)->subscribe("venue/open/+/head", 1);
        for (const char* h : {"a", "b"}) {
            const std::string topic = "venue/open/hall-" + std::string(h) + "/head";
            auto log = store::EventLog::open(
                (dir / (std::string(h) + ".sqlite")).string(),
                {true, store::IntegrityCheck::NONE, store::ChainCheck::NONE, 5000});
            ASSERT_TRUE(log);
            const std::string expected = "{\"seq\":" + std::to_string(log->last_seq()) +
                                         ",\"hash\":\"" + publish::hash_hex(log->last_hash()) +
                                         "\"}";
            EXPECT_TRUE(eventually(
                [&] {
                    std::lock_guard lock(heads_mutex);
                    return heads[topic] == expected;
                },
                10s))
                << topic << ": " << heads[topic] << " where the log has " << expected;
        }
        (*reader)->stop();
    }

    // The feed's live PGN of each hall is the hall's own record: every move is there.
    httplib::Client c("127.0.0.1", port);
    for (const auto& [hall, log, match] :
         {std::tuple{"hall-a", "a.sqlite", "cb1"}, std::tuple{"hall-b", "b.sqlite", "m1"}}) {
        const Ran exported =
            run(VENUE + " export pgn " + (dir / log).string() + " --match " + match + " 2>&1");
        ASSERT_EQ(exported.status, 0) << exported.out;
        std::string served;
        EXPECT_TRUE(eventually(
            [&] {
                auto r = c.Get("/pgn/" + std::string(hall) + "." + match);
                served = r ? r->body : "";
                return served == exported.out;
            },
            20s))
            << hall << ": the feed serves\n"
            << served << "\nthe log has\n"
            << exported.out;
    }

    // No match's document was served twice: per match, the halls' sequence numbers of the
    // updates a client was sent only grow.
    watching = false;
    viewer.join();
    std::map<std::string, std::int64_t> last;
    std::size_t updates = 0;
    std::size_t at = 0;
    while ((at = stream.find("event: update\ndata: ", at)) != std::string::npos) {
        at += 20;
        const std::size_t end = stream.find('\n', at);
        json u = json::parse(stream.substr(at, end - at), nullptr, false);
        ASSERT_TRUE(u.is_object());
        for (const json& m : u["matches"]) {
            const std::string id = m["id"].get<std::string>();
            const std::int64_t s = u["seq"].get<std::int64_t>();
            EXPECT_GT(s, last[id]) << id << " was served again at seq " << s;
            last[id] = s;
            ++updates;
        }
    }
    EXPECT_GT(updates, 20u);
    EXPECT_EQ(last.size(), 2u);
    if (!::testing::Test::HasFailure()) std::filesystem::remove_all(dir);  // else kept to look at
}

}  // namespace
}  // namespace venue::e2e
