// `venue run` serves the TV feed while it plays: the JSON and the live PGN follow the log, the
// feed can be moved or turned off, and a taken port never stops the run.
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "opera_input.h"
#include "venue_process.h"

namespace venue::engine {
namespace {

using venue::testing::capture;
using venue::testing::opera_input;
using venue::testing::venue_path;
using venue::testing::VenueProcess;

// The port in the run's "feed: http://HOST:PORT/ ..." line, or -1.
int feed_port(const std::string& output) {
    const std::string marker = "feed: http://127.0.0.1:";
    const std::size_t at = output.find(marker);
    if (at == std::string::npos) return -1;
    return std::atoi(output.c_str() + at + marker.size());
}

class RunFeed : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = venue::testing::fresh_dir("runfeed");
        config = venue::testing::fide_config(dir);
        log = (dir / "log.sqlite").string();
    }
    void TearDown() override { std::filesystem::remove_all(dir); }
    // Pumps the process's output until `text` appears (at most ~10 s).
    static bool wait_for(VenueProcess& p, const std::string& text) {
        for (int i = 0; i < 1000 && p.output().find(text) == std::string::npos; ++i) p.pump(10);
        return p.output().find(text) != std::string::npos;
    }
    std::filesystem::path dir;
    std::string config, log;
};

TEST_F(RunFeed, TheFeedFollowsTheLogAndItsPgnIsTheExport) {
    VenueProcess run({"run", config, "--log", log, "--feed", "127.0.0.1:0"});
    ASSERT_TRUE(wait_for(run, "input:")) << run.output();
    const int port = feed_port(run.output());
    ASSERT_GT(port, 0) << run.output();
    httplib::Client http("127.0.0.1", port);

    // Before any input: the match is there, at the start position.
    auto before = http.Get("/api/v1/matches/m1");
    ASSERT_TRUE(before);
    ASSERT_EQ(before->status, 200);
    auto doc = nlohmann::json::parse(before->body);
    EXPECT_EQ(doc["match"]["boards"][0]["fen"],
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");

    ASSERT_TRUE(run.write(opera_input()));
    ASSERT_TRUE(wait_for(run, "ack 67 ")) << run.output();

    // The feed publishes from its own thread, just after the decisions: wait for event 67.
    for (int i = 0; i < 500; ++i) {
        auto after = http.Get("/api/v1/matches/m1");
        ASSERT_TRUE(after);
        doc = nlohmann::json::parse(after->body);
        if (doc["seq"] == 67) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_EQ(doc["seq"], 67);
    EXPECT_EQ(doc["match"]["boards"][0]["fen"],
              "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17");
    EXPECT_EQ(doc["match"]["boards"][0]["result"], "1-0");

    // The live PGN is what `venue export pgn` writes from the same log.
    auto pgn = http.Get("/pgn/m1");
    ASSERT_TRUE(pgn);
    EXPECT_EQ(pgn->get_header_value("Content-Type"), "application/x-chess-pgn; charset=utf-8");
    auto exported = capture(venue_path() + " export pgn " + log + " --match m1");
    ASSERT_EQ(exported.status, 0);
    EXPECT_EQ(pgn->body, exported.out);
    EXPECT_NE(pgn->body.find("Rd8#"), std::string::npos);

    // Read-only: a POST changes nothing and the run goes on.
    auto post = http.Post("/api/v1/matches/m1", "{}", "application/json");
    ASSERT_TRUE(post);
    EXPECT_EQ(post->status, 405);
    run.close_input();
    EXPECT_EQ(run.wait_exit(), 0) << run.output();
    EXPECT_NE(run.output().find("stopped cleanly at event 67"), std::string::npos);
}

TEST_F(RunFeed, ATakenPortIsReportedAndTheRunGoesOn) {
    // Hold a port so the feed cannot have it.
    const int holder = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(bind(holder, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
    ASSERT_EQ(listen(holder, 1), 0);
    socklen_t len = sizeof a;
    getsockname(holder, reinterpret_cast<sockaddr*>(&a), &len);
    const std::string taken = "127.0.0.1:" + std::to_string(ntohs(a.sin_port));

    std::ofstream(dir / "in.jsonl") << opera_input();
    auto run = capture(venue_path() + " run " + config + " --log " + log + " --feed " + taken +
                       " --input " + (dir / "in.jsonl").string() + " 2>&1");
    close(holder);
    EXPECT_EQ(run.status, 0) << run.out;
    EXPECT_NE(run.out.find("feed: not started"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("stopped cleanly at event 67"), std::string::npos) << run.out;
}

TEST_F(RunFeed, NoFeedServesNothingAndABadAddressIsRefusedByName) {
    std::ofstream(dir / "in.jsonl") << opera_input();
    auto off = capture(venue_path() + " run " + config + " --log " + log + " --no-feed --input " +
                       (dir / "in.jsonl").string() + " 2>&1");
    EXPECT_EQ(off.status, 0) << off.out;
    EXPECT_NE(off.out.find("feed: off"), std::string::npos) << off.out;

    auto bad = capture(venue_path() + " run " + config + " --log " + (dir / "b.sqlite").string() +
                       " --feed 127.0.0.1:http --input /dev/null 2>&1");
    EXPECT_EQ(bad.status, 2) << bad.out;
    EXPECT_NE(bad.out.find("--feed '127.0.0.1:http' is not HOST:PORT"), std::string::npos)
        << bad.out;
}

}  // namespace
}  // namespace venue::engine
