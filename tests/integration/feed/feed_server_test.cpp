// The feed server over real HTTP on loopback (an ephemeral port): the JSON documents, read-only
// methods, malformed requests, server-sent events with Last-Event-ID, a client that never reads,
// and the live PGN checked by pgn-extract.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

#include "feed/feed_model.h"
#include "feed/feed_server.h"
#include "feed_script.h"

namespace venue::feed::testing {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;

constexpr const char* PGN_EXTRACT = "/usr/games/pgn-extract";

// A server with the opening of the Chessball match published, event by event.
struct Fixture {
    explicit Fixture(FeedOptions o = quick()) {
        auto started = FeedServer::start(std::move(o));
        if (!started) {
            ADD_FAILURE() << started.error();
            return;
        }
        server = std::move(*started);
        server->publish(make_update(script.state(), {}, memory));
        script.play_opening();
        const auto& all = script.applied();
        for (std::size_t i = 1; i < all.size(); ++i)
            server->publish(make_update(script.state(), std::span(&all[i], 1), memory));
    }
    static FeedOptions quick() {
        FeedOptions o;
        o.port = 0;
        o.keepalive = 200ms;
        o.write_timeout = 1000ms;
        o.log = [](const std::string&) {};
        return o;
    }
    httplib::Client client() const {
        httplib::Client c("127.0.0.1", server->port());
        c.set_read_timeout(5, 0);
        return c;
    }
    FeedScript script;
    FeedMemory memory;
    std::unique_ptr<FeedServer> server;
};

// A raw TCP connection, for what httplib's client would not send.
class Raw {
  public:
    explicit Raw(int port, int rcvbuf = 0) {
        fd_ = socket(AF_INET, SOCK_STREAM, 0);
        if (rcvbuf > 0) setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf);
        timeval tv{2, 0};
        setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(std::uint16_t(port));
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ok_ = connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    }
    ~Raw() { close(fd_); }
    bool ok() const { return ok_; }
    void send_text(const std::string& s) { (void)::send(fd_, s.data(), s.size(), MSG_NOSIGNAL); }
    // Reads until `until` appears, the peer closes, or nothing comes for 2 s.
    std::string read_until(const std::string& until) {
        std::string got;
        char buf[4096];
        while (got.find(until) == std::string::npos) {
            ssize_t n = recv(fd_, buf, sizeof buf, 0);
            if (n <= 0) break;
            got.append(buf, std::size_t(n));
        }
        return got;
    }

  private:
    int fd_ = -1;
    bool ok_ = false;
};

TEST(FeedServer, ServesTheJsonDocuments) {
    Fixture f;
    ASSERT_TRUE(f.server);
    auto c = f.client();
    auto r = c.Get("/api/v1/event");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(r->get_header_value("Content-Type"), "application/json; charset=utf-8");
    json doc = json::parse(r->body);
    EXPECT_EQ(doc["api_version"], 1);
    EXPECT_EQ(doc["event"]["name"], "Kazan Chessball Cup");
    EXPECT_EQ(doc["id"], f.server->stats().last_id);
    EXPECT_EQ(doc["seq"], f.script.seq());
    ASSERT_EQ(doc["matches"].size(), 1u);
    EXPECT_EQ(doc["matches"][0]["claim"]["holder"]["name"], "Bulat");

    auto one = c.Get("/api/v1/matches/cb1");
    ASSERT_TRUE(one);
    EXPECT_EQ(one->status, 200);
    EXPECT_EQ(json::parse(one->body)["match"], doc["matches"][0]);
    auto list = c.Get("/api/v1/matches");
    ASSERT_TRUE(list);
    EXPECT_EQ(json::parse(list->body)["matches"], doc["matches"]);
    auto none = c.Get("/api/v1/matches/nope");
    ASSERT_TRUE(none);
    EXPECT_EQ(none->status, 404);
    EXPECT_EQ(json::parse(none->body)["status"], 404);
    auto schema = c.Get("/api/v1/schema");
    ASSERT_TRUE(schema);
    EXPECT_EQ(schema->status, 200);
    EXPECT_EQ(json::parse(schema->body)["title"], "Venue TV feed, API version 1");
    auto index = c.Get("/");
    ASSERT_TRUE(index);
    EXPECT_NE(index->body.find("/overlay/scoreboard?match=cb1"), std::string::npos);
    EXPECT_EQ(c.Get("/nowhere")->status, 404);
}

TEST(FeedServer, HeadAnswersWithoutABody) {
    Fixture f;
    ASSERT_TRUE(f.server);
    auto c = f.client();
    for (const char* path : {"/api/v1/event", "/pgn", "/overlay/board", "/", "/api/v1/stream"}) {
        auto r = c.Head(path);
        ASSERT_TRUE(r) << path;
        EXPECT_EQ(r->status, 200) << path;
        EXPECT_TRUE(r->body.empty()) << path;
    }
    EXPECT_EQ(f.server->stats().streams_open, 0);  // HEAD of the stream holds nothing
}

TEST(FeedServer, EveryOtherMethodIs405AndChangesNothing) {
    Fixture f;
    ASSERT_TRUE(f.server);
    const std::string before = f.client().Get("/api/v1/event")->body;
    const auto published = f.server->stats().published;
    {
        auto c = f.client();
        auto r = c.Post("/api/v1/event", "{\"result\":\"1-0\"}", "application/json");
        ASSERT_TRUE(r);
        EXPECT_EQ(r->status, 405);
        EXPECT_EQ(r->get_header_value("Allow"), "GET, HEAD");
    }
    {
        auto c = f.client();
        auto r = c.Put("/api/v1/matches/cb1", "x", "text/plain");
        ASSERT_TRUE(r);
        EXPECT_EQ(r->status, 405);
    }
    {
        auto c = f.client();
        auto r = c.Delete("/pgn/cb1");
        ASSERT_TRUE(r);
        EXPECT_EQ(r->status, 405);
    }
    {
        auto c = f.client();
        auto r = c.Patch("/api/v1/event", "{}", "application/json");
        ASSERT_TRUE(r);
        EXPECT_EQ(r->status, 405);
    }
    {
        auto c = f.client();
        auto r = c.Options("/api/v1/event");
        ASSERT_TRUE(r);
        EXPECT_EQ(r->status, 405);
    }
    {
        // The body is read and let go: the same connection then serves a GET.
        Raw raw(f.server->port());
        raw.send_text("POST /api/v1/event HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello");
        std::string got = raw.read_until("GET and HEAD\"}");
        EXPECT_EQ(got.substr(0, 12), "HTTP/1.1 405") << got;
        raw.send_text("GET /api/v1/matches/cb1 HTTP/1.1\r\nHost: x\r\n\r\n");
        got = raw.read_until("\"api_version\":1,\"id\":");
        EXPECT_EQ(got.substr(0, 15), "HTTP/1.1 200 OK") << got;
    }
    EXPECT_EQ(f.client().Get("/api/v1/event")->body, before);
    EXPECT_EQ(f.server->stats().published, published);
    EXPECT_GE(f.server->stats().rejected, 5);
}

TEST(FeedServer, MalformedRequestsAre4xx) {
    Fixture f;
    ASSERT_TRUE(f.server);
    const char* requests[] = {
        "GARBAGE\r\n\r\n",
        "GET\r\n\r\n",
        "GET /api/v1/event HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n",
        "BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n",
        "TRACE / HTTP/1.1\r\nHost: x\r\n\r\n",
    };
    for (const char* req : requests) {
        Raw raw(f.server->port());
        ASSERT_TRUE(raw.ok());
        raw.send_text(req);
        std::string got = raw.read_until("\r\n\r\n");
        ASSERT_GE(got.size(), 12u) << req;
        EXPECT_EQ(got.substr(0, 10), "HTTP/1.1 4") << req << " -> " << got;
    }
    // Too long a path.
    Raw raw(f.server->port());
    raw.send_text("GET /" + std::string(20000, 'a') + " HTTP/1.1\r\nHost: x\r\n\r\n");
    std::string got = raw.read_until("\r\n\r\n");
    EXPECT_EQ(got.substr(0, 10), "HTTP/1.1 4") << got.substr(0, 40);
    // And the server still answers.
    EXPECT_EQ(f.client().Get("/api/v1/event")->status, 200);
}

// Reads an event stream on its own thread until told to stop.
class StreamReader {
  public:
    StreamReader(int port, std::string last_event_id = "") : client_("127.0.0.1", port) {
        client_.set_read_timeout(10, 0);
        httplib::Headers headers;
        if (!last_event_id.empty()) headers.emplace("Last-Event-ID", last_event_id);
        thread_ = std::thread([this, headers] {
            client_.Get("/api/v1/stream", headers, [this](const char* data, std::size_t n) {
                std::lock_guard lock(mutex_);
                text_.append(data, n);
                return !stop_;
            });
            done_ = true;
        });
    }
    ~StreamReader() {
        stop_ = true;
        thread_.join();
    }
    // Waits until the text read so far contains `s`.
    bool wait_for(const std::string& s, std::chrono::milliseconds limit = 5000ms) {
        const auto end = std::chrono::steady_clock::now() + limit;
        while (std::chrono::steady_clock::now() < end) {
            if (text().find(s) != std::string::npos) return true;
            std::this_thread::sleep_for(5ms);
        }
        return false;
    }
    std::string text() {
        std::lock_guard lock(mutex_);
        return text_;
    }

  private:
    httplib::Client client_;
    std::thread thread_;
    std::mutex mutex_;
    std::string text_;
    std::atomic<bool> stop_{false}, done_{false};
};

TEST(FeedServer, TheStreamSendsASnapshotThenUpdatesAndResumes) {
    Fixture f;
    ASSERT_TRUE(f.server);
    const std::int64_t at = f.server->stats().last_id;
    {
        StreamReader reader(f.server->port());
        ASSERT_TRUE(reader.wait_for("event: snapshot"));
        EXPECT_NE(reader.text().find("id: " + std::to_string(at) + "\nevent: snapshot\ndata: {"),
                  std::string::npos)
            << reader.text();
        // A move: the update carries the match's whole document.
        auto a = f.script.move("d2d4");
        auto b = f.script.clock(1'780'000, 40'000'000);
        std::vector<runtime::Applied> group{a, b};
        f.server->publish(make_update(f.script.state(), group, f.memory));
        const std::string id = "id: " + std::to_string(at + 1) + "\nevent: update\ndata: ";
        ASSERT_TRUE(reader.wait_for(id)) << reader.text();
        std::string t = reader.text();
        std::string data = t.substr(t.find(id) + id.size());
        data = data.substr(0, data.find('\n'));
        json u = json::parse(data);
        EXPECT_EQ(u["full"], false);
        EXPECT_EQ(u["matches"][0]["boards"][0]["last_move"]["san"], "d4");
        EXPECT_EQ(u["seq"], f.script.seq());
        ASSERT_TRUE(reader.wait_for(": keepalive"));  // idle streams stay alive
    }
    // Two more updates while nobody listens; a client resuming after `at + 1` gets just them.
    for (int i = 0; i < 2; ++i) {
        auto a = f.script.send(ClockReading{"cb1", 1'780'000 - i, 1'905'000, chess::BLACK},
                               41'000'000 + i);
        f.server->publish(make_update(f.script.state(), std::span(&a, 1), f.memory));
    }
    StreamReader resumed(f.server->port(), std::to_string(at + 1));
    ASSERT_TRUE(resumed.wait_for("id: " + std::to_string(at + 3) + "\n")) << resumed.text();
    const std::string t = resumed.text();
    EXPECT_EQ(t.find("event: snapshot"), std::string::npos) << t;
    EXPECT_NE(t.find("id: " + std::to_string(at + 2) + "\nevent: update"), std::string::npos);
    EXPECT_EQ(t.find("id: " + std::to_string(at + 1) + "\n"), std::string::npos);
}

TEST(FeedServer, AStuckClientNeverHoldsUpPublish) {
    FeedOptions o = Fixture::quick();
    o.max_backlog = 64;
    std::atomic<int> logged{0};
    o.log = [&](const std::string&) { ++logged; };
    Fixture f(o);
    ASSERT_TRUE(f.server);
    Raw stuck(f.server->port(), 4096);  // asks for the stream, then never reads
    ASSERT_TRUE(stuck.ok());
    stuck.send_text("GET /api/v1/stream HTTP/1.1\r\nHost: x\r\n\r\n");
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (f.server->stats().streams_open == 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(1ms);
    ASSERT_EQ(f.server->stats().streams_open, 1);

    // Big updates, many more than the socket buffers hold and than the backlog allows.
    FeedUpdate big;
    big.event_json = "{\"name\":\"Kazan Chessball Cup\",\"site\":\"Kazan RUS\"}";
    big.matches["cb1"] = "{\"padding\":\"" + std::string(64 * 1024, 'x') + "\"}";
    auto slowest = std::chrono::nanoseconds(0);
    const auto began = std::chrono::steady_clock::now();
    for (int i = 0; i < 400; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        f.server->publish(big);
        slowest = std::max(slowest, std::chrono::steady_clock::now() - t0);
    }
    const auto total = std::chrono::steady_clock::now() - began;
    // Not a timing test: a blocked publish would take the write timeout (1 s) or forever.
    EXPECT_LT(slowest, 500ms);
    EXPECT_LT(total, 5s);

    // The stuck client is dropped (behind, or its write times out), counted and logged.
    const auto end = std::chrono::steady_clock::now() + 10s;
    while (std::chrono::steady_clock::now() < end &&
           f.server->stats().dropped_behind + f.server->stats().dropped_write == 0)
        std::this_thread::sleep_for(20ms);
    FeedStats s = f.server->stats();
    EXPECT_EQ(s.dropped_behind + s.dropped_write, 1);
    EXPECT_GE(logged.load(), 1);
    // Others are served meanwhile, and stop() does not hang on the stuck socket.
    EXPECT_EQ(f.client().Get("/api/v1/stats")->status, 200);
    const auto t0 = std::chrono::steady_clock::now();
    f.server->stop();
    EXPECT_LT(std::chrono::steady_clock::now() - t0, 8s);
}

TEST(FeedServer, AClientThatHangsUpMidStreamIsForgotten) {
    Fixture f;
    ASSERT_TRUE(f.server);
    {
        Raw gone(f.server->port());
        gone.send_text("GET /api/v1/stream HTTP/1.1\r\nHost: x\r\n\r\n");
        EXPECT_NE(gone.read_until("event: snapshot").find("event: snapshot"), std::string::npos);
    }  // closed
    FeedUpdate big;
    big.matches["cb1"] = "{\"padding\":\"" + std::string(100000, 'y') + "\"}";
    for (int i = 0; i < 20; ++i) f.server->publish(big);
    const auto end = std::chrono::steady_clock::now() + 5s;
    while (std::chrono::steady_clock::now() < end && f.server->stats().streams_open != 0)
        std::this_thread::sleep_for(10ms);
    EXPECT_EQ(f.server->stats().streams_open, 0);
    EXPECT_EQ(f.client().Get("/api/v1/event")->status, 200);  // no SIGPIPE, still serving
}

TEST(FeedServer, TooManyStreamsAre503) {
    FeedOptions o = Fixture::quick();
    o.max_streams = 2;
    Fixture f(o);
    ASSERT_TRUE(f.server);
    StreamReader a(f.server->port()), b(f.server->port());
    ASSERT_TRUE(a.wait_for("snapshot"));
    ASSERT_TRUE(b.wait_for("snapshot"));
    auto r = f.client().Get("/api/v1/stream");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 503);
    EXPECT_EQ(f.server->stats().streams_refused, 1);
    EXPECT_EQ(f.client().Get("/api/v1/event")->status, 200);  // JSON is not starved
}

TEST(FeedServer, TheLivePgnIsTheExportAndPgnExtractReadsIt) {
    Fixture f;
    ASSERT_TRUE(f.server);
    auto c = f.client();
    auto all = c.Get("/pgn");
    ASSERT_TRUE(all);
    EXPECT_EQ(all->status, 200);
    EXPECT_EQ(all->get_header_value("Content-Type"), "application/x-chess-pgn; charset=utf-8");
    std::string exported;
    for (const auto& [id, m] : f.script.state().matches()) exported += live_pgn(*m);
    EXPECT_EQ(all->body, exported);
    auto one = c.Get("/pgn/cb1");
    ASSERT_TRUE(one);
    EXPECT_EQ(one->body, live_pgn(f.script.match()));
    EXPECT_NE(one->body.find("[Round \"1.1\"]"), std::string::npos);
    EXPECT_NE(one->body.find("[GameId \"cb1\"]"), std::string::npos);
    EXPECT_NE(one->body.find("[White \"Aliya / Bulat / Dina / Emil\"]"), std::string::npos)
        << one->body;
    EXPECT_NE(one->body.find("{[%clk 0:29:45]}"), std::string::npos) << one->body;
    EXPECT_EQ(c.Get("/pgn/nope")->status, 404);

    if (!std::filesystem::exists(PGN_EXTRACT))
        FAIL() << PGN_EXTRACT << " missing: scripts/setup installs the pgn-extract package";
    auto dir =
        std::filesystem::temp_directory_path() / ("venue-feed-pgn-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    auto path = dir / "live.pgn";
    std::ofstream(path) << all->body;
    std::string cmd = std::string(PGN_EXTRACT) + " -r " + path.string() + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    ASSERT_TRUE(p);
    std::string out;
    char buf[4096];
    for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
    pclose(p);
    std::filesystem::remove_all(dir);
    EXPECT_EQ(out.find("rror"), std::string::npos) << out;
    EXPECT_NE(out.find("1 game matched out of 1"), std::string::npos) << out;
}

TEST(FeedServer, OverlaysAreSelfContained) {
    Fixture f;
    ASSERT_TRUE(f.server);
    auto c = f.client();
    for (const char* page : {"scoreboard", "board", "claim"}) {
        auto r = c.Get(std::string("/overlay/") + page + "?match=cb1");
        ASSERT_TRUE(r) << page;
        EXPECT_EQ(r->status, 200);
        EXPECT_EQ(r->get_header_value("Content-Type"), "text/html; charset=utf-8");
        const std::string& html = r->body;
        EXPECT_NE(html.find("background: transparent"), std::string::npos) << page;
        EXPECT_NE(html.find("new EventSource('/api/v1/stream')"), std::string::npos) << page;
        EXPECT_NE(html.find("Kazan Chessball Cup"), std::string::npos) << page;  // embedded
        for (const char* external : {"src=", "href=", "@import", "url(", "http://", "https://"})
            EXPECT_EQ(html.find(external), std::string::npos) << page << " uses " << external;
    }
    EXPECT_EQ(c.Get("/overlay/other")->status, 404);
}

TEST(FeedServer, APortInUseIsAnError) {
    Fixture f;
    ASSERT_TRUE(f.server);
    FeedOptions o = Fixture::quick();
    o.port = f.server->port();
    auto second = FeedServer::start(o);
    ASSERT_FALSE(second);
    EXPECT_NE(second.error().find(std::to_string(f.server->port())), std::string::npos);
}

}  // namespace
}  // namespace venue::feed::testing
