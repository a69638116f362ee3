// ClockBridge: a DGT 3000 as the match's clock.
#include "runtime/clock_bridge.h"

#include <gtest/gtest.h>

namespace venue::runtime {
namespace {

io::dgt::BwTime reading(int left_s, int right_s, bool right_high, bool running = true) {
    io::dgt::BwTime t;
    t.left.time = to_clock_time(std::int64_t(left_s) * 1000);
    t.right.time = to_clock_time(std::int64_t(right_s) * 1000);
    t.running = running;
    t.lever_right_high = right_high;
    t.right_to_move = right_high;
    t.left_to_move = !right_high;
    return t;
}

TEST(ClockBridge, LeverPressedByTheLeftPlayerIsWhitesPressWhenWhiteSitsLeft) {
    ClockBridge b("m1", true);
    std::vector<engine::Event> out;
    b.on_event(io::dgt::ClockLever{true, reading(1795, 1800, true), 10}, 99, out);
    ASSERT_EQ(out.size(), 1u);
    const auto& p = std::get<engine::ClockPressed>(out[0].body);
    EXPECT_EQ(p.side, chess::WHITE);
    EXPECT_EQ(p.remaining_ms, 1'795'000);
    EXPECT_EQ(out[0].host_ns, 99);

    ClockBridge right("m1", false);
    out.clear();
    right.on_event(io::dgt::ClockLever{true, reading(1795, 1800, true), 10}, 99, out);
    EXPECT_EQ(std::get<engine::ClockPressed>(out[0].body).side, chess::BLACK);
}

TEST(ClockBridge, LeverPressedOnAStoppedClockStartsTheOtherSide) {
    ClockBridge b("m1", true);
    std::vector<engine::Event> out;
    // Black (right) presses to start the game: the lever goes down on the right.
    b.on_event(io::dgt::ClockLever{false, reading(300, 300, false, false), 10}, 1, out);
    ASSERT_EQ(out.size(), 1u);
    const auto& r = std::get<engine::ClockReading>(out[0].body);
    EXPECT_EQ(r.running, chess::WHITE);
    EXPECT_EQ(b.take_start_request(), chess::WHITE);
    EXPECT_EQ(b.take_start_request(), std::nullopt) << "once";
}

TEST(ClockBridge, APressBeforeTheHostsStartReachedTheClockEndsAMove) {
    ClockBridge b("m1", true);
    std::vector<engine::Event> out;
    // White starts the clock; the daemon asks it to run Black's side...
    b.on_event(io::dgt::ClockLever{true, reading(300, 300, true, false), 10}, 1, out);
    ASSERT_EQ(b.take_start_request(), chess::BLACK);
    io::dgt::SetAndRun run;
    run.right_runs = true;
    b.sent(run);
    // ... but the host was late: Black has moved and pressed before the clock ran. His press
    // ends his move, and White's side is started.
    out.clear();
    b.on_event(io::dgt::ClockLever{false, reading(300, 300, false, false), 20}, 2, out);
    ASSERT_EQ(out.size(), 1u);
    const auto& p = std::get<engine::ClockPressed>(out[0].body);
    EXPECT_EQ(p.side, chess::BLACK);
    EXPECT_EQ(p.remaining_ms, 300'000);
    EXPECT_EQ(b.take_start_request(), chess::WHITE);
    // Once the clock is seen running, or after the host paused it, a lever on a stopped clock
    // starts it.
    b.on_event(io::dgt::ClockTimes{reading(299, 300, false), 30}, 3, out);
    out.clear();
    b.on_event(io::dgt::ClockLever{true, reading(299, 300, true, false), 35}, 4, out);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<engine::ClockReading>(out[0].body));
    b.sent(run);
    io::dgt::SetAndRun pause;
    pause.pause = true;
    b.sent(pause);
    out.clear();
    b.on_event(io::dgt::ClockLever{true, reading(299, 300, true, false), 40}, 4, out);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<engine::ClockReading>(out[0].body));
}

TEST(ClockBridge, FlagsAndReadingsWhenWhoRunsChanges) {
    ClockBridge b("m1", true);
    std::vector<engine::Event> out;
    b.on_event(io::dgt::ClockFlag{true, 5}, 1, out);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(std::get<engine::FlagFell>(out[0].body).side, chess::BLACK);
    out.clear();
    b.on_event(io::dgt::ClockTimes{reading(600, 500, false), 1}, 1, out);
    b.on_event(io::dgt::ClockTimes{reading(599, 500, false), 2}, 2, out);
    ASSERT_EQ(out.size(), 1u) << "the seconds ticking are not logged";
    const auto& r = std::get<engine::ClockReading>(out[0].body);
    EXPECT_EQ(r.white_ms, 600'000);
    EXPECT_EQ(r.black_ms, 500'000);
    EXPECT_EQ(r.running, chess::WHITE);
}

TEST(ClockBridge, EngineClockCommandsBecomeOneSetAndRun) {
    ClockBridge b("m1", false);                // White on the right
    const auto now = reading(500, 600, true);  // right (White) runs
    auto add = b.set_and_run_for(
        {"hub", engine::DeviceAction::CLOCK_ADD_TIME, chess::BLACK, 120'000, 0}, now, chess::WHITE);
    ASSERT_TRUE(add);
    EXPECT_EQ(add->left, (io::dgt::ClockTime{0, 10, 20})) << "Black, on the left, +2 min";
    EXPECT_EQ(add->right, (io::dgt::ClockTime{0, 10, 0}));
    EXPECT_TRUE(add->right_runs);
    EXPECT_FALSE(add->left_runs);
    auto pause = b.set_and_run_for({"hub", engine::DeviceAction::CLOCK_PAUSE, chess::WHITE, 0, 0},
                                   now, chess::WHITE);
    ASSERT_TRUE(pause);
    EXPECT_TRUE(pause->pause);
    auto resume = b.set_and_run_for({"hub", engine::DeviceAction::CLOCK_RESUME, chess::WHITE, 0, 0},
                                    reading(500, 600, true, false), chess::BLACK);
    ASSERT_TRUE(resume);
    EXPECT_TRUE(resume->left_runs) << "Black to move, on the left";
    std::string why;
    EXPECT_FALSE(b.set_and_run_for({"hub", engine::DeviceAction::CLAIM_RELEASE, chess::WHITE, 0, 0},
                                   now, chess::WHITE, &why));
    EXPECT_NE(why.find("claim.release"), std::string::npos);
}

TEST(ClockBridge, AnnouncementsFitTheClock) {
    EXPECT_EQ(ClockBridge::announcement({engine::WarningGiven{"m", "W2", 1, "x"}, "r", "w"}),
              "WARN W2");
    EXPECT_EQ(ClockBridge::announcement({engine::TimeAdded{"m", chess::BLACK, 120'000}, "r", "w"}),
              "+120s B");
    EXPECT_EQ(ClockBridge::announcement({engine::ClaimEnded{"m", "W1"}, "r", "w"}), "");
    EXPECT_LE(
        ClockBridge::announcement({engine::PlayerRemoved{"m", "VERYLONGID", {}, ""}, "r", "w"})
            .size(),
        8u);
}

TEST(ClockBridge, TimesForTheDisplayAreClamped) {
    EXPECT_EQ(to_clock_time(-5), (io::dgt::ClockTime{0, 0, 0}));
    EXPECT_EQ(to_clock_time(5'400'999), (io::dgt::ClockTime{1, 30, 0}));
    EXPECT_EQ(to_clock_time(40'000'000'000), (io::dgt::ClockTime{9, 59, 59}));
}

}  // namespace
}  // namespace venue::runtime
