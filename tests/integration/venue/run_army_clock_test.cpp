// `venue run` with the hub simulator (the firmware ELF in simavr, behind a pty) serving a game
// whose time is kept per army on the hub's army clock (docs/protocol.md, "Army clock"): the host
// puts the hub in army mode, starts it with the game, moves it on when the game ends a turn,
// puts back a turn ended too early by a station's press, takes a station's press that ends a
// turn, leaves a running army clock alone when the host restarts, and takes an army out at its
// flag; and the first pair pushed with the hub's select buttons. The moves come as the arbiter's
// lines on standard input; the hub's presses from the simulator's.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "venue_process.h"

namespace venue {
namespace {

using testing::first_line;
using testing::VenueProcess;
using testing::wait_for;

// Four armies in seating order (BETZA-A2), player i at station i with End-turn button 4 + i;
// half-board b's select button is 8 + b.
std::string config(const std::filesystem::path& dir, const std::string& minutes) {
    auto path = dir / "venue.toml";
    std::ofstream out(path);
    out << "[event]\nname = \"Army clock test\"\n[[match]]\nid = \"bz\"\ngame = \"betza\"\n"
        << "[match.betza]\norder = \"seating_clockwise\"\nclock_minutes = " << minutes << "\n"
        << "select_buttons = [\"8\", \"9\", \"10\", \"11\"]\n";
    const char* ids[] = {"a", "b", "c", "d"};
    for (int i = 0; i < 4; ++i)
        out << "[[match.side]]\nplayers = [{ id = \"" << ids[i] << "\", name = \"" << ids[i]
            << "\", buttons = [" << 4 + i << "] }]\n";
    return path.string();
}

// The arbiter's line for one of the game's inputs of army `army`.
std::string input(int army, const std::string& kind, const std::string& args) {
    return R"({"kind": "game_input", "data": {"match": "bz", "kind": ")" + kind + R"(", "side": )" +
           std::to_string(army) + R"(, "args": {)" + args +
           R"(}, "arbiter": "arb", "note": "entered"}})" + "\n";
}
std::string play(int army, int a, int b, const std::string& uci) {
    return input(army, "select_pair",
                 R"("board_a": ")" + std::to_string(a) + R"(", "board_b": ")" + std::to_string(b) +
                     R"(")") +
           input(army, "move", R"("uci": ")" + uci + R"(")");
}

std::vector<std::string> run_args(const std::string& cfg, const std::string& log,
                                  const std::string& pty) {
    return {"run", cfg, "--log", log, "--hub", pty, "--no-feed"};
}

TEST(RunArmyClock, TheHubKeepsEachArmysTimeAndTheHostKeepsItInStepWithTheGame) {
    const auto dir = testing::fresh_dir("run-army-clock");
    const std::string cfg = config(dir, "5");
    const std::string log = (dir / "log.sqlite").string();
    VenueProcess hub({"sim", "hub"});
    const std::string pty = first_line(hub);
    ASSERT_EQ(pty.rfind("/dev/pts/", 0), 0u) << hub.output();
    auto run = std::make_unique<VenueProcess>(run_args(cfg, log, pty), true);
    ASSERT_TRUE(wait_for(*run, "the hub is configured for match 'bz'")) << run->output();

    // Army 0's player pushes half-boards 0 and 1 together with their select buttons: the pair
    // is declared and army 0's time starts, its station's lamp lights.
    std::size_t from = hub.output().size();
    ASSERT_TRUE(hub.write("tap 8\n"));
    ASSERT_TRUE(wait_for(*run, "half-board 0 selected")) << run->output();
    ASSERT_TRUE(hub.write("tap 9\n"));
    ASSERT_TRUE(wait_for(*run, "army 0 pushes half-boards 0 and 1 together")) << run->output();
    ASSERT_TRUE(wait_for(hub, "station-lamps 0x01", from)) << hub.output();
    // Its move leaves army 0 no pair: the game ends the turn, the hub runs army 1.
    from = hub.output().size();
    ASSERT_TRUE(run->write(input(0, "move", R"("uci": "f2f3")")));
    ASSERT_TRUE(wait_for(hub, "station-lamps 0x02", from)) << hub.output();

    // Army 1's player presses End turn before moving: the hub switches to army 2, the host
    // refuses (the first move is compulsory, BETZA-A8) and puts army 1 back on move.
    std::size_t said = run->output().size();
    from = hub.output().size();
    ASSERT_TRUE(hub.write("tap 5\n"));
    ASSERT_TRUE(wait_for(*run, "FIRST_MOVE_REQUIRED", said)) << run->output();
    ASSERT_TRUE(wait_for(hub, "station-lamps 0x04", from)) << hub.output();
    ASSERT_TRUE(wait_for(hub, "station-lamps 0x02", hub.output().find("0x04", from)))
        << hub.output();

    // The opening of a whole game to a turn that stays open after its move: army 1 mates
    // army 0 (which passes to b, station 1), and later mates army 3 on 0+3 with a second move
    // possible on 2+1.
    ASSERT_TRUE(run->write(play(1, 0, 1, "e7e5") + play(2, 2, 3, "d2d4") + play(3, 2, 3, "f7f6") +
                           play(0, 0, 1, "g2g4") + play(1, 0, 1, "d8h4") + play(2, 2, 3, "f2f3") +
                           play(3, 2, 3, "g7g5")));
    said = run->output().size();
    ASSERT_TRUE(run->write(play(0, 0, 1, "h2h3") +  // army 0, now b's: from station 1
                           play(1, 0, 3, "h4h5")));
    ASSERT_TRUE(wait_for(*run, "army 3 is checkmated on the pushed pair", said)) << run->output();
    // b ends the turn at the board: the hub switches to army 2 (station 2) and the game agrees.
    // His first press of this button was moments ago in hub time (the inputs above take a few
    // ms): a press within the hub's 5 ms bounce window after a release is bounce (CB-A3), so a
    // player's second press comes a human moment later.
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    said = run->output().size();
    from = hub.output().size();
    ASSERT_TRUE(hub.write("tap 5\n"));
    ASSERT_TRUE(wait_for(*run, "End turn; army 2 (c) is on move", said))
        << run->output() << hub.output();
    ASSERT_TRUE(wait_for(hub, "station-lamps 0x04", from)) << hub.output();

    // The host dies; the hub's army clock runs on. A new host carries on from the log and
    // leaves the clock alone: army 2's lamp stays lit and its press before a move is still
    // put back.
    run->kill_now(SIGKILL);
    run.reset();
    from = hub.output().size();
    run = std::make_unique<VenueProcess>(run_args(cfg, log, pty), true);
    ASSERT_TRUE(wait_for(*run, "events replayed")) << run->output();
    ASSERT_TRUE(wait_for(*run, "the hub is configured for match 'bz'")) << run->output();
    said = run->output().size();
    ASSERT_TRUE(hub.write("tap 6\n"));
    ASSERT_TRUE(wait_for(*run, "FIRST_MOVE_REQUIRED", said)) << run->output();
    EXPECT_EQ(hub.output().find("station-lamps 0x00", from), std::string::npos)
        << "the army clock was not reset: " << hub.output().substr(from);
    // A clean stop says how long its presses took to a durable decision (here the one press).
    run->kill_now(SIGTERM);
    EXPECT_NE(run->output().find("hub press to durable decision: p50 "), std::string::npos)
        << run->output();
    EXPECT_NE(run->output().find("(n=1)"), std::string::npos) << run->output();

    auto verify = testing::capture(testing::venue_path() + " verify " + log);
    EXPECT_EQ(verify.status, 0) << verify.out;
    std::filesystem::remove_all(dir);
}

TEST(RunArmyClock, AnArmyWhoseFlagFallsLeavesTheGameAndTheNextArmysTimeRuns) {
    const auto dir = testing::fresh_dir("run-army-flag");
    const std::string cfg = config(dir, "0.05");  // 3 s each
    const std::string log = (dir / "log.sqlite").string();
    VenueProcess hub({"sim", "hub"});
    const std::string pty = first_line(hub);
    ASSERT_EQ(pty.rfind("/dev/pts/", 0), 0u) << hub.output();
    VenueProcess run(run_args(cfg, log, pty), true);
    ASSERT_TRUE(wait_for(run, "the hub is configured for match 'bz'")) << run.output();
    std::size_t from = hub.output().size();
    ASSERT_TRUE(run.write(play(0, 0, 1, "f2f3")));
    ASSERT_TRUE(wait_for(hub, "station-lamps 0x02", from)) << hub.output();
    // Army 1 thinks for more than its 3 s: the hub flags it, the host takes it out (b had no
    // other army: he is out too) and army 2's time runs.
    const std::size_t said = run.output().size();
    from = hub.output().size();
    ASSERT_TRUE(wait_for(run, "army 1 ran out of time and leaves the game", said)) << run.output();
    EXPECT_TRUE(wait_for(run, "b is out", said)) << run.output();
    ASSERT_TRUE(wait_for(hub, "station-lamps 0x04", from)) << hub.output();
    run.kill_now(SIGTERM);
    auto verify = testing::capture(testing::venue_path() + " verify " + log);
    EXPECT_EQ(verify.status, 0) << verify.out;
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace venue
