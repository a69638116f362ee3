// Issue #15 as it was found, on real devices: the DGT board emulator with its DGT 3000 on a pty,
// the daemon reading it through BoardRunner's own I/O thread, each lever press 450 ms after the
// move, and `venue run`'s host paused (no step) for 0.1 to 2 s from just after each move, as
// SIGSTOP and SIGCONT did. The devices keep their own time here, so this test takes real time
// (about 15 s); daemon_stall_test.cpp covers the same on a clock the test controls.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "../../support/emulated_dgt_board.h"
#include "../../support/step_daemon.h"
#include "chess/uci.h"
#include "runtime/daemon.h"
#include "runtime/replay.h"
#include "venue/chess_match.h"
#include "venue/event_json.h"

namespace venue::runtime {
namespace {

using namespace std::chrono_literals;

TEST(DaemonStallOnAPty, LeverPressesJudgedAfterTheMovesWhenTheHostWasPaused) {
    const char* env = std::getenv("VENUE_STALL_SEED");
    const std::uint64_t seed = env && *env ? std::uint64_t(std::atoll(env)) : 15;
    SCOPED_TRACE("VENUE_STALL_SEED=" + std::to_string(seed));
    std::mt19937_64 rng(seed);

    const auto dir = std::filesystem::temp_directory_path() /
                     ("venue-test-stall-pty-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    struct Cleanup {
        std::filesystem::path dir;
        ~Cleanup() { std::filesystem::remove_all(dir); }
    } cleanup{dir};
    const std::string log = (dir / "log.sqlite").string();

    sim::dgt::DgtEmulatorOptions eo;
    eo.board.serial = "15151";
    eo.board.with_clock = true;
    venue::testing::EmulatedDgtBoard board(eo);

    engine::MatchConfig m;
    m.id = "m1";
    m.game = "fide";
    m.board = "15151";
    config::VenueConfig config;
    config.matches = {m};
    auto session = Session::open(config, log);
    ASSERT_TRUE(session) << session.error();
    std::vector<std::string> bad;
    std::vector<std::string> trace;
    bool clock_runs = false;
    {
        Daemon daemon(**session);
        io::dgt::BoardRunnerConfig runner;
        runner.backoff_min = 20ms;
        runner.backoff_max = 200ms;
        daemon.attach_board("15151", io::dgt::BoardPort::path(board.path()), "m1", runner, {},
                            true);  // clock = "white-left"
        daemon.on_applied([&](const StepRecord& r) {
            for (const Applied& a : r.applied) {
                if (const auto* c = std::get_if<engine::ClockReading>(&a.event.body))
                    clock_runs = clock_runs || c->running.has_value();
                if (!std::holds_alternative<engine::BoardFieldUpdate>(a.event.body) &&
                    !std::holds_alternative<engine::BoardSnapshot>(a.event.body)) {
                    std::string line = std::string(engine::kind_name(a.event.body)) + " " +
                                       engine::event_payload(a.event.body);
                    for (const engine::Decision& d : a.decisions)
                        line +=
                            std::string(" -> ") + engine::kind_name(d.body) + " (" + d.rule + ")";
                    trace.push_back(line);
                }
                for (const engine::Decision& d : a.decisions)
                    if (std::holds_alternative<engine::IllegalMoveCounted>(d.body) ||
                        std::holds_alternative<engine::TimeAdded>(d.body) ||
                        std::holds_alternative<engine::RestoreRequired>(d.body) ||
                        std::holds_alternative<engine::MoveRefused>(d.body))
                        bad.push_back(std::string(engine::kind_name(d.body)) + " (" + d.rule +
                                      ") " + d.reason);
            }
        });
        daemon.start();
        const engine::ChessMatch& match = *(*session)->state().match("m1")->chess();
        auto step_until = [&](const std::function<bool()>& done, std::chrono::milliseconds limit) {
            return testing::step_daemon_until(daemon, done, limit);
        };
        // The board read and the clock set to the time control (stopped until the first press).
        ASSERT_TRUE(step_until(
            [&] {
                const auto r = daemon.board_statuses();
                return !r.empty() && r[0].state == io::dgt::BoardLinkState::CONNECTED &&
                       r[0].has_board;
            },
            5000ms));
        step_until([] { return false; }, 1500ms);

        const std::vector<std::pair<std::string, std::string>> moves = {
            {"e2", "e4"}, {"e7", "e5"}, {"g1", "f3"}, {"b8", "c6"},
            {"f1", "b5"}, {"a7", "a6"}, {"b5", "a4"}, {"g8", "f6"}};
        for (std::size_t i = 0; i < moves.size(); ++i) {
            SCOPED_TRACE("ply " + std::to_string(i + 1));
            ASSERT_TRUE(board.actions("move " + moves[i].first + " " + moves[i].second +
                                      "\nwait 450\nlever\n"));
            // The host is away from a moment after the move until after the press.
            std::this_thread::sleep_for(
                std::chrono::milliseconds(std::uniform_int_distribution<int>(0, 440)(rng)));
            std::this_thread::sleep_for(
                std::chrono::milliseconds(std::uniform_int_distribution<int>(100, 2000)(rng)));
            // White's first press starts the stopped clock; every other press completes its
            // move (Black's first completes White's too, FIDE 6.2.2).
            ASSERT_TRUE(step_until(
                [&] { return i == 0 ? clock_runs : match.game().ply_count() == i + 1; }, 5000ms))
                << [&] {
                       std::string s;
                       for (const auto& t : trace) s += "\n  " + t;
                       return s;
                   }();
        }
        step_until([] { return false; }, 500ms);
        std::vector<std::string> played;
        for (chess::Move mv : match.game().moves()) played.push_back(chess::to_uci(mv));
        EXPECT_EQ(played, (std::vector<std::string>{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6",
                                                    "b5a4", "g8f6"}));
    }
    EXPECT_TRUE(bad.empty()) << [&] {
        std::string s;
        for (const auto& b : bad) s += "\n  " + b;
        for (const auto& t : trace) s += "\n    " + t;
        return s;
    }();
    auto verified = verify_log(log);
    ASSERT_TRUE(verified) << verified.error();
    EXPECT_TRUE(verified->ok) << verified->problem;
}

}  // namespace
}  // namespace venue::runtime
