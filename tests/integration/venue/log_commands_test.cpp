// venue run / verify / replay / export on a finished game, and a corrupted log.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "opera_input.h"
#include "runtime/session.h"
#include "venue_process.h"

namespace venue::engine {
namespace {

using venue::testing::capture;
using venue::testing::opera_input;
using venue::testing::venue_path;

class LogCommands : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = venue::testing::fresh_dir("logcmd");
        config = venue::testing::fide_config(dir);
        log = (dir / "log.sqlite").string();
        std::ofstream(dir / "in.jsonl") << opera_input();
        day_before = runtime::utc_date_today();
        run = capture(venue_path() + " run " + config + " --log " + log + " --input " +
                      (dir / "in.jsonl").string());
    }
    void TearDown() override { std::filesystem::remove_all(dir); }
    std::filesystem::path dir;
    std::string config, log;
    std::string day_before;  // the run's day (UTC) began at or after this one
    venue::testing::Captured run;
};

TEST_F(LogCommands, RunAcknowledgesEveryEventAndDecidesTheGame) {
    ASSERT_EQ(run.status, 0) << run.out;
    EXPECT_NE(run.out.find("ack 67 arbiter_action"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("game_ended [FIDE-5.1.1] Rd8# is checkmate"), std::string::npos);
    EXPECT_NE(run.out.find("stopped cleanly at event 67"), std::string::npos);
    // The log is private to its owner.
    EXPECT_EQ(std::filesystem::status(log).permissions() & std::filesystem::perms::all,
              std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
}

TEST_F(LogCommands, ReplayGivesTheSameStateHashAsTheRun) {
    std::string hash = run.out.substr(run.out.rfind("state ") + 6, 16);
    auto r = capture(venue_path() + " replay " + log);
    ASSERT_EQ(r.status, 0);
    EXPECT_NE(r.out.find("state hash: " + hash), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("result 1-0 by checkmate"), std::string::npos) << r.out;
    auto j = capture(venue_path() + " replay --json " + log);
    EXPECT_NE(j.out.find("\"state_hash\": \"" + hash + "\""), std::string::npos) << j.out;
    auto partial = capture(venue_path() + " replay --until 10 " + log);
    EXPECT_NE(partial.out.find("up to seq 10"), std::string::npos) << partial.out;
    // Running again on the same log replays it and changes nothing.
    auto again = capture(venue_path() + " run " + config + " --log " + log + " --input /dev/null");
    EXPECT_NE(again.out.find("67 events replayed, state " + hash), std::string::npos) << again.out;
    // With snapshots, a restart reads the snapshot and replays only the tail.
    std::filesystem::remove(log);
    capture(venue_path() + " run " + config + " --log " + log + " --snapshot-every 10 --input " +
            (dir / "in.jsonl").string());
    auto snap = capture(venue_path() + " run " + config + " --log " + log + " --input /dev/null");
    EXPECT_NE(snap.out.find("after the snapshot at event"), std::string::npos) << snap.out;
    EXPECT_NE(snap.out.find("state " + hash), std::string::npos) << snap.out;
}

TEST_F(LogCommands, ExportPgnWithClocksAndIncidents) {
    auto pgn = capture(venue_path() + " export pgn " + log);
    ASSERT_EQ(pgn.status, 0);
    EXPECT_NE(pgn.out.find("[Round \"1.1\"]"), std::string::npos) << pgn.out;
    // The day the match was created (the venue file gives none): the day of the run, in UTC (a
    // run across midnight is one day or the next).
    EXPECT_TRUE(pgn.out.find("[Date \"" + day_before + "\"]") != std::string::npos ||
                pgn.out.find("[Date \"" + runtime::utc_date_today() + "\"]") != std::string::npos)
        << pgn.out;
    EXPECT_NE(pgn.out.find("[GameId \"m1\"]"), std::string::npos);
    EXPECT_NE(pgn.out.find("1. e4 {[%clk 1:30:00]}"), std::string::npos) << pgn.out;
    EXPECT_NE(pgn.out.find("17. Rd8#"), std::string::npos) << pgn.out;
    EXPECT_NE(pgn.out.find("} 1-0\n"), std::string::npos) << pgn.out;
    auto csv = capture(venue_path() + " export incidents " + log);
    ASSERT_EQ(csv.status, 0);
    EXPECT_NE(csv.out.find("arbiter_add_time,black,X-3,,chief,MARKER-note-for-corruption"),
              std::string::npos)
        << csv.out;
    EXPECT_NE(csv.out.find("game_ended"), std::string::npos);
    auto missing = capture(venue_path() + " export pgn --match zz " + log + " 2>&1");
    EXPECT_EQ(missing.status, 2);
}

TEST_F(LogCommands, ExportTranscriptGivesEveryEventWithItsDecisionsAndHash) {
    std::string hash = run.out.substr(run.out.rfind("state ") + 6, 16);
    auto t = capture(venue_path() + " export transcript " + log);
    ASSERT_EQ(t.status, 0) << t.out;
    std::istringstream lines(t.out);
    std::string line, last;
    int n = 0;
    while (std::getline(lines, line)) {
        ++n;
        EXPECT_EQ(line.rfind("{\"seq\":" + std::to_string(n) + ",", 0), 0u) << line;
        last = line;
    }
    EXPECT_EQ(n, 67);
    EXPECT_NE(last.find("\"state_hash\":\"" + hash + "\""), std::string::npos) << last;
    EXPECT_NE(t.out.find("\"rule\":\"FIDE-5.1.1\""), std::string::npos);
    auto missing =
        capture(venue_path() + " export transcript " + (dir / "none.sqlite").string() + " 2>&1");
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.out.find("no such log"), std::string::npos) << missing.out;
}

TEST_F(LogCommands, OneCorruptedByteMakesVerifyFailNamingTheEvent) {
    ASSERT_EQ(capture(venue_path() + " verify " + log).status, 0);
    // Flip one byte of the last event's payload in the database file itself.
    std::string bytes;
    {
        std::ifstream in(log, std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        bytes = ss.str();
    }
    auto at = bytes.find("MARKER-note-for-corruption");
    ASSERT_NE(at, std::string::npos) << "the payload should be in the main file after close";
    bytes[at] = 'N';
    std::ofstream(log, std::ios::binary | std::ios::trunc) << bytes;
    auto v = capture(venue_path() + " verify " + log);
    EXPECT_EQ(v.status, 1) << v.out;
    EXPECT_NE(v.out.find("FAILED at event 67"), std::string::npos) << v.out;
}

TEST_F(LogCommands, AWrongVenueFileStartsNothing) {
    std::ofstream(dir / "bad.toml") << "[[match]]\nid = \"m1\"\ngame = \"fide\"\nfoo = 1\n";
    auto r = capture(venue_path() + " run " + (dir / "bad.toml").string() + " --log " +
                     (dir / "new.sqlite").string() + " --input /dev/null 2>&1");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("bad.toml:4: match[1].foo: unknown key"), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(dir / "new.sqlite"));
}

}  // namespace
}  // namespace venue::engine
