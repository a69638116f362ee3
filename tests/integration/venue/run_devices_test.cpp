// `venue run` with real drivers: the hub simulator (the firmware ELF in simavr) and the DGT
// board emulator as separate processes behind ptys, as at a venue. A Chessball claim, a move on
// the board and a clock press become events and decisions; `venue run` killed with SIGKILL
// leaves the hub's clock running, and a new `venue run` carries on from the log and the hub.
#include <gtest/gtest.h>

#include "venue_process.h"

namespace venue {
namespace {

using testing::first_line;
using testing::VenueProcess;
using testing::wait_for;

// Waits until the hub simulator reports its claim LEDs with `button`'s lit, in what it printed
// from `from` on ("t=1.2345 leds 0x0100"): the hub has taken that button's press.
bool wait_for_claim_led(VenueProcess& hub, std::size_t from, int button, int ms = 15000) {
    for (int i = 0; i < ms / 10; ++i) {
        const std::string& out = hub.output();
        for (auto at = out.find(" leds 0x", from); at != std::string::npos;
             at = out.find(" leds 0x", at + 1))
            if (std::stoul(out.substr(at + 8, 4), nullptr, 16) & (1u << button)) return true;
        hub.pump(10);
    }
    return false;
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

    auto run = std::make_unique<VenueProcess>(
        std::vector<std::string>{"run", config, "--log", log, "--hub", hub_pty, "--board",
                                 "24680=" + board_pty},
        true);
    // The hub is configured from the match (venue run says so when the hub has acknowledged
    // every setting); then the arbiter starts White's clock (Black's paddle) and White's e-file
    // player claims and plays e4.
    ASSERT_TRUE(wait_for(*run, "the hub is configured for match 'cb'")) << run->output();
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
    const std::size_t hub_said = hub.output().size();
    ASSERT_TRUE(hub.write("tap 8\n"));
    ASSERT_TRUE(wait_for_claim_led(hub, hub_said, 8)) << hub.output();

    run = std::make_unique<VenueProcess>(
        std::vector<std::string>{"run", config, "--log", log, "--hub", hub_pty, "--board",
                                 "24680=" + board_pty},
        true);
    ASSERT_TRUE(wait_for(*run, "claim_granted")) << run->output();
    EXPECT_NE(run->output().find("events replayed"), std::string::npos);
    ASSERT_TRUE(board.write("move a7 a6\n"));
    ASSERT_TRUE(wait_for(*run, "move_sensed")) << run->output();
    ASSERT_TRUE(hub.write("paddle b\n"));
    ASSERT_TRUE(wait_for(*run, "move_accepted")) << run->output();
    EXPECT_EQ(count(run->output(), "claim_granted"), 1u) << "the press arrived once";
    EXPECT_NE(run->output().find("Black played a6"), std::string::npos) << run->output();

    // A quick player: the piece set down and the clock pressed at once, before the board has
    // settled (the two simulators are separate processes: the press may even reach the host
    // first). The press waits for the board to be read: a move, not an illegal press.
    ASSERT_TRUE(hub.write("tap 1\n"));
    ASSERT_TRUE(wait_for(*run, "B (White) claims")) << run->output();
    ASSERT_TRUE(board.write("move e4 e5\n"));
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
    VenueProcess run({"run", config.string(), "--log", log}, true);
    ASSERT_TRUE(wait_for(run, "device_connected")) << run.output();
    EXPECT_NE(run.output().find("DGT 3000 keeps the clock (white-right)"), std::string::npos)
        << run.output();
    // The match's time control is on the clock (the clock acknowledged it; venue run says so).
    ASSERT_TRUE(wait_for(run, "was set: the time control of match m1")) << run.output();
    // White sits on the clock's right. The emulated lever starts with the left (Black's) side
    // high: Black starts White's clock with it; White plays e4 and presses his side.
    ASSERT_TRUE(board.write("lever\n"));
    ASSERT_TRUE(wait_for(run, "clock_reading")) << run.output();
    ASSERT_TRUE(board.write("move e2 e4\n"));
    ASSERT_TRUE(wait_for(run, "move_sensed")) << run.output();
    ASSERT_TRUE(board.write("lever\n"));
    ASSERT_TRUE(wait_for(run, "White played e4")) << run.output();
    // Black presses without a move: an illegal move (Art. 7.5.4), +2 min to White on the clock.
    ASSERT_TRUE(board.write("lever\n"));
    ASSERT_TRUE(wait_for(run, "time_added")) << run.output();
    ASSERT_TRUE(wait_for(run, "was set: clock.add_time")) << run.output();
    EXPECT_EQ(run.output().find("DGT clock"), std::string::npos)
        << "every clock command was acknowledged: " << run.output();
    run.kill_now(SIGTERM);
    auto pgn = testing::capture(testing::venue_path() + " export pgn " + log);
    EXPECT_NE(pgn.out.find("1. e4 {[%clk 0:0"), std::string::npos) << pgn.out;  // whole seconds
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace venue
