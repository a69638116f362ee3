// `venue run` with real drivers: the hub simulator (the firmware ELF in simavr) and the DGT
// board emulator as separate processes behind ptys, as at a venue. A Chessball claim, a move on
// the board and a clock press become events and decisions; `venue run` killed with SIGKILL
// leaves the hub's clock running, and a new `venue run` carries on from the log and the hub.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "venue_process.h"

namespace venue {
namespace {

using testing::VenueProcess;

std::string first_line(VenueProcess& p) {
    for (int i = 0; i < 1000; ++i) {
        p.pump(10);
        const auto nl = p.output().find('\n');
        if (nl != std::string::npos) return p.output().substr(0, nl);
    }
    return "";
}

bool wait_for(VenueProcess& p, const std::string& text, int ms = 15000) {
    for (int i = 0; i < ms / 10; ++i) {
        if (p.output().find(text) != std::string::npos) return true;
        p.pump(10);
    }
    return p.output().find(text) != std::string::npos;
}

std::size_t count(const std::string& s, const std::string& what) {
    std::size_t n = 0;
    for (auto at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
    return n;
}

std::string chessball_config(const std::filesystem::path& dir) {
    auto path = dir / "venue.toml";
    std::ofstream(path) << R"([event]
name = "Devices test"
[[match]]
id = "cb"
game = "chessball"
board = "24680"
[match.time]
base_minutes = 10
increment_seconds = 0
mode = "sudden_death"
[match.white]
team = "W"
players = [ { id = "W1", name = "A", files = "abcd", buttons = [0] },
            { id = "W2", name = "B", files = "efgh", buttons = [1] } ]
[match.black]
team = "B"
players = [ { id = "B1", name = "C", files = "abcd", buttons = [8] },
            { id = "B2", name = "D", files = "efgh", buttons = [9] } ]
)";
    return path.string();
}

TEST(RunWithDevices, ClaimMoveAndClockThroughTheDriversAndAHostCrashInBetween) {
    const auto dir = testing::fresh_dir("run-devices");
    const std::string config = chessball_config(dir);
    const std::string log = (dir / "log.sqlite").string();

    VenueProcess hub({"sim", "hub"});
    const std::string hub_pty = first_line(hub);
    ASSERT_EQ(hub_pty.rfind("/dev/pts/", 0), 0u) << hub.output();
    VenueProcess board({"sim", "dgt", "--serial", "24680"});
    const std::string board_pty = first_line(board);
    ASSERT_EQ(board_pty.rfind("/dev/pts/", 0), 0u) << board.output();

    auto run = std::make_unique<VenueProcess>(std::vector<std::string>{
        "run", config, "--log", log, "--hub", hub_pty, "--board", "24680=" + board_pty});
    ASSERT_TRUE(wait_for(*run, "device_connected")) << run->output();
    // The hub is configured from the match; then the arbiter starts White's clock (Black's
    // paddle) and White's e-file player claims and plays e4.
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    ASSERT_TRUE(hub.write("paddle b\n"));
    ASSERT_TRUE(wait_for(*run, "clock_reading")) << run->output();
    ASSERT_TRUE(hub.write("tap 1\n"));
    ASSERT_TRUE(wait_for(*run, "claim_granted")) << run->output();
    ASSERT_TRUE(board.write("move e2 e4\n"));
    ASSERT_TRUE(wait_for(*run, "move_sensed")) << run->output();
    ASSERT_TRUE(hub.write("paddle a\n"));
    ASSERT_TRUE(wait_for(*run, "move_accepted")) << run->output();

    // The host dies. The hub keeps Black's clock running by itself; Black's a-file player
    // claims and moves meanwhile: the hub holds his press until a host stores it.
    run->kill_now(SIGKILL);
    run.reset();
    ASSERT_TRUE(hub.write("tap 8\n"));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));

    run = std::make_unique<VenueProcess>(std::vector<std::string>{
        "run", config, "--log", log, "--hub", hub_pty, "--board", "24680=" + board_pty});
    ASSERT_TRUE(wait_for(*run, "claim_granted")) << run->output();
    EXPECT_NE(run->output().find("events replayed"), std::string::npos);
    ASSERT_TRUE(board.write("move a7 a6\n"));
    ASSERT_TRUE(wait_for(*run, "move_sensed")) << run->output();
    ASSERT_TRUE(hub.write("paddle b\n"));
    ASSERT_TRUE(wait_for(*run, "move_accepted")) << run->output();
    EXPECT_EQ(count(run->output(), "claim_granted"), 1u) << "the press arrived once";
    EXPECT_NE(run->output().find("Black played a6"), std::string::npos) << run->output();

    // A quick player: the piece set down and the clock pressed at once, before the board has
    // settled. The press waits for the board to be read: a move, not an illegal press.
    ASSERT_TRUE(hub.write("tap 1\n"));
    ASSERT_TRUE(wait_for(*run, "B (White) claims")) << run->output();
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    ASSERT_TRUE(board.write("move e4 e5\n"));
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    ASSERT_TRUE(hub.write("paddle a\n"));
    ASSERT_TRUE(wait_for(*run, "White played e5")) << run->output();
    EXPECT_EQ(run->output().find("illegal"), std::string::npos) << run->output();
    run->kill_now(SIGTERM);

    auto pgn = testing::capture(testing::venue_path() + " export pgn " + log);
    EXPECT_NE(pgn.out.find("1. e4"), std::string::npos) << pgn.out;
    EXPECT_NE(pgn.out.find("a6"), std::string::npos) << pgn.out;
    auto verify = testing::capture(testing::venue_path() + " verify " + log);
    EXPECT_EQ(verify.status, 0) << verify.out;
    std::filesystem::remove_all(dir);
}

// A hub that reboots under a running host, by its reset pin and by its watchdog: venue run says
// so with the reason, logs it, and configures the new boot from the engine.
TEST(RunWithDevices, AHubRebootIsReportedWithItsReason) {
    const auto dir = testing::fresh_dir("run-reboot");
    const std::string config = chessball_config(dir);
    const std::string log = (dir / "log.sqlite").string();
    VenueProcess hub({"sim", "hub"});
    const std::string hub_pty = first_line(hub);
    ASSERT_EQ(hub_pty.rfind("/dev/pts/", 0), 0u) << hub.output();
    VenueProcess run({"run", config, "--log", log, "--hub", hub_pty});
    // One device_connected per boot the host learns of (the message goes to standard error).
    auto connects = [&](std::size_t n) {
        for (int i = 0; i < 1500 && count(run.output(), "device_connected") < n; ++i) run.pump(10);
        return count(run.output(), "device_connected") >= n;
    };
    ASSERT_TRUE(connects(1)) << run.output();
    ASSERT_TRUE(hub.write("reset\n"));
    ASSERT_TRUE(connects(2)) << run.output();
    ASSERT_TRUE(hub.write("stall\n"));
    ASSERT_TRUE(connects(3)) << run.output();
    run.kill_now(SIGTERM);
    auto verify = testing::capture(testing::venue_path() + " verify " + log);
    EXPECT_EQ(verify.status, 0) << verify.out;
    // In the log for the arbiters' record: one device_connected per boot, with the reason.
    auto t = testing::capture(testing::venue_path() + " export transcript " + log);
    EXPECT_NE(t.out.find("the hub rebooted (external reset)"), std::string::npos) << t.out;
    EXPECT_NE(t.out.find("the hub rebooted (watchdog)"), std::string::npos) << t.out;
    std::filesystem::remove_all(dir);
}

TEST(RunWithDevices, ADgtClockOnTheBoardKeepsTheTimeOfAMatchWithoutHub) {
    const auto dir = testing::fresh_dir("run-dgt-clock");
    const std::string log = (dir / "log.sqlite").string();
    VenueProcess board({"sim", "dgt", "--serial", "13579", "--clock"});
    const std::string pty = first_line(board);
    ASSERT_EQ(pty.rfind("/dev/pts/", 0), 0u) << board.output();
    const auto config = dir / "venue.toml";
    std::ofstream(config) << "[event]\nname = \"Clock test\"\n"
                             "[[board]]\nid = \"13579\"\nport = \""
                          << pty
                          << "\"\nclock = \"white-right\"\n"
                             "[[match]]\nid = \"m1\"\nboard = \"13579\"\n"
                             "[match.time]\nbase_minutes = 5\nincrement_seconds = 0\n"
                             "mode = \"sudden_death\"\n"
                             "[match.white]\nplayers = [{ id = \"w\" }]\n"
                             "[match.black]\nplayers = [{ id = \"b\" }]\n";
    VenueProcess run({"run", config.string(), "--log", log});
    ASSERT_TRUE(wait_for(run, "device_connected")) << run.output();
    EXPECT_NE(run.output().find("DGT 3000 keeps the clock (white-right)"), std::string::npos)
        << run.output();
    // White sits on the clock's right. The emulated lever starts with the left (Black's) side
    // high: Black starts White's clock with it; White plays e4 and presses his side.
    std::this_thread::sleep_for(std::chrono::milliseconds(600));
    ASSERT_TRUE(board.write("lever\n"));
    ASSERT_TRUE(wait_for(run, "clock_reading")) << run.output();
    ASSERT_TRUE(board.write("move e2 e4\n"));
    ASSERT_TRUE(wait_for(run, "move_sensed")) << run.output();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ASSERT_TRUE(board.write("lever\n"));
    ASSERT_TRUE(wait_for(run, "White played e4")) << run.output();
    // Black presses without a move: an illegal move (Art. 7.5.4), +2 min to White on the clock.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ASSERT_TRUE(board.write("lever\n"));
    ASSERT_TRUE(wait_for(run, "time_added")) << run.output();
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    EXPECT_EQ(run.output().find("DGT clock"), std::string::npos)
        << "every clock command was acknowledged: " << run.output();
    run.kill_now(SIGTERM);
    auto pgn = testing::capture(testing::venue_path() + " export pgn " + log);
    EXPECT_NE(pgn.out.find("1. e4 {[%clk 0:0"), std::string::npos) << pgn.out;  // whole seconds
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace venue
