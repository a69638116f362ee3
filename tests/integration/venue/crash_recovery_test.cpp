// `venue run` killed with SIGKILL at 100 random moments: after each kill the log
// verifies, holds exactly a prefix of what was sent (nothing lost that was
// acknowledged, nothing doubled), and its replay equals the engine's own fold
// of that prefix.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <thread>

#include <nlohmann/json.hpp>

#include "chess/movegen.h"
#include "chess/uci.h"
#include "runtime/session.h"
#include "store/event_log.h"
#include "venue/event_json.h"
#include "venue_process.h"

namespace venue::engine {
namespace {

using venue::testing::VenueProcess;

// A long stream of input: moves with clock presses, clock readings, arbiter notes.
std::vector<std::string> input_lines(std::size_t count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::string> lines;
    chess::Position pos = chess::Position::start();
    int reading = 0;
    while (lines.size() < count) {
        auto moves = chess::legal_moves(pos);
        if (moves.empty() || rng() % 4 == 0) {
            lines.push_back(R"({"kind":"clock_reading","data":{"match":"m1","white_ms":)" +
                            std::to_string(5400000 - reading) + R"(,"black_ms":5400000}})");
            reading += 100;
            continue;
        }
        chess::Move m = moves[rng() % moves.size()];
        const char* side = pos.side_to_move() == chess::WHITE ? "white" : "black";
        lines.push_back(R"({"kind":"move_sensed","data":{"match":"m1","board":"b","uci":")" +
                        chess::to_uci(m) + R"("}})");
        lines.push_back(R"({"kind":"clock_pressed","data":{"match":"m1","side":")" +
                        std::string(side) + R"("}})");
        pos.do_move(m);
    }
    lines.resize(count);
    return lines;
}

// The stored event is the input line: same kind, same fields.
bool same_event(const std::string& line, const store::EventRecord& r) {
    auto j = nlohmann::json::parse(line);
    if (j["kind"].get<std::string>() != r.kind) return false;
    auto sent = parse_event(r.kind, j["data"].dump());
    return sent && event_payload(*sent) == r.payload;
}

std::vector<std::int64_t> acks(const std::string& output) {
    std::vector<std::int64_t> out;
    std::size_t at = 0;
    while ((at = output.find("ack ", at)) != std::string::npos) {
        if (at == 0 || output[at - 1] == '\n') out.push_back(std::stoll(output.substr(at + 4)));
        at += 4;
    }
    return out;
}

TEST(CrashRecovery, HundredKillsLoseNothingAcknowledgedAndDoubleNothing) {
    auto dir = venue::testing::fresh_dir("crash");
    const std::string config = venue::testing::fide_config(dir);
    const std::string log = (dir / "log.sqlite").string();
    const auto lines = input_lines(4000, 99);
    std::mt19937_64 rng(20261122);
    std::int64_t max_acked = 0;
    std::size_t sent_total = 0;

    for (int round = 0; round < 100; ++round) {
        // What the log holds now decides where the input resumes: event 1 is the
        // match's creation, event k + 1 is input line k.
        std::int64_t in_log = 0;
        {
            auto l = store::EventLog::open(log, {.read_only = true});
            if (l) in_log = l.value().last_seq();
        }
        std::size_t next = in_log > 0 ? std::size_t(in_log - 1) : 0;
        if (next >= lines.size()) break;

        VenueProcess p(
            {"run", config, "--log", log, "--input", "-", "--quiet", "--snapshot-every", "97"});
        // Most rounds wait until the log is open and replayed; some are killed during start-up.
        if (rng() % 10 != 0)
            for (int i = 0; i < 500 && p.output().find("input:") == std::string::npos; ++i)
                p.pump(10);
        // Send a random amount in random chunks, then kill at a random moment.
        const std::size_t burst = 1 + rng() % 60;
        for (std::size_t i = next; i < std::min(lines.size(), next + burst); ++i) {
            if (!p.write(lines[i] + "\n")) break;
            ++sent_total;
            if (rng() % 8 == 0)
                std::this_thread::sleep_for(std::chrono::microseconds(rng() % 3000));
        }
        std::this_thread::sleep_for(std::chrono::microseconds(rng() % 20000));
        p.kill_now(SIGKILL);
        for (std::int64_t a : acks(p.output())) max_acked = std::max(max_acked, a);

        // A kill before the log file was first created leaves nothing to check.
        if (!std::filesystem::exists(log)) {
            ASSERT_EQ(acks(p.output()).size(), 0u);
            continue;
        }
        // verify passes after every kill.
        auto v = venue::testing::capture(venue::testing::venue_path() + " verify " + log);
        ASSERT_EQ(v.status, 0) << "round " << round << ": " << v.out;

        // The log holds exactly a prefix of the input, at least up to every acknowledged event.
        auto l = store::EventLog::open(log, {.read_only = true});
        ASSERT_TRUE(l) << l.error().to_string();
        ASSERT_GE(l.value().last_seq(), max_acked) << "an acknowledged event was lost";
        VenueState expected;
        std::int64_t seq = 0;
        bool prefix = true;
        (void)l.value().for_each_event(1, [&](const store::EventRecord& r) {
            ++seq;
            if (seq >= 2) prefix = prefix && same_event(lines[std::size_t(seq - 2)], r);
            auto e = runtime::event_from_record(r);
            if (e) expected.apply(*e);
            return true;
        });
        ASSERT_TRUE(prefix) << "round " << round << ": the log is not a prefix of the input";
        auto replay = venue::testing::capture(venue::testing::venue_path() + " replay " + log);
        EXPECT_NE(replay.out.find("state hash: " + expected.state_hash()), std::string::npos)
            << replay.out;
    }
    std::printf("sent %zu lines over 100 runs; %lld acknowledged events at most\n", sent_total,
                static_cast<long long>(max_acked));
    EXPECT_GT(max_acked, 100);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace venue::engine
