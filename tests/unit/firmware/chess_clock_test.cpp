// Chess clock arithmetic: increments, delays, periods, flags at exact times, set/add time,
// pause/resume and control changes during a game.
#include <gtest/gtest.h>

#include "chess_clock.h"

namespace venue::hub {
namespace {

using wire::ClockState;
using wire::CommandStatus;
using wire::PaddleEffect;
using wire::Team;
using wire::TimingMode;

constexpr Micros S = 1000000;  // one second
constexpr Micros MIN = 60 * S;

ChessClock make(Micros base, TimingMode mode = TimingMode::NONE, uint32_t amount = 0,
                uint16_t moves = 0) {
    ChessClock c;
    EXPECT_EQ(c.set_period(3, 0, {base, amount, moves, mode, true}), CommandStatus::OK);
    c.reset();
    return c;
}

// Checks for a flag at `now` as the hub does before every action, and that the clock is sane.
bool flagged(ChessClock& c, Micros now, FlagReport* f = nullptr) {
    FlagReport local;
    const bool r = c.check_flag(now, f ? f : &local);
    EXPECT_TRUE(c.is_ok());
    return r;
}

TEST(ChessClock, SuddenDeathFlagsAtTheExactMicrosecond) {
    ChessClock c = make(60 * S);
    ASSERT_EQ(c.start(Team::A, 1000), CommandStatus::OK);
    EXPECT_EQ(c.remaining(Team::A, 1000 + 20 * S), 40 * S);
    EXPECT_FALSE(flagged(c, 1000 + 60 * S - 1));
    FlagReport f;
    ASSERT_TRUE(flagged(c, 1000 + 60 * S + 700, &f));  // noticed 700 µs late...
    EXPECT_EQ(f.time, 1000 + 60 * S);                  // ...reported at the exact time
    EXPECT_EQ(f.side, Team::A);
    EXPECT_EQ(c.state(), ClockState::FLAGGED);
    EXPECT_EQ(c.remaining(Team::A, 1000 + 70 * S), 0u);
    EXPECT_EQ(c.remaining(Team::B, 1000 + 70 * S), 60 * S);
    EXPECT_EQ(c.paddle(Team::A, 1000 + 71 * S).effect, PaddleEffect::FLAGGED);
}

TEST(ChessClock, PaddleSwitchesAndStartsLikeAPhysicalClock) {
    ChessClock c = make(5 * MIN);
    // Stopped: B's paddle starts A's time.
    EXPECT_EQ(c.paddle(Team::B, 0).effect, PaddleEffect::STARTED);
    EXPECT_EQ(c.on_move(), Team::A);
    EXPECT_EQ(c.paddle(Team::B, 1 * S).effect, PaddleEffect::NOT_ON_MOVE);
    const MoveReport r = c.paddle(Team::A, 10 * S);
    EXPECT_EQ(r.effect, PaddleEffect::SWITCHED);
    EXPECT_EQ(r.remaining, 5 * MIN - 10 * S);
    EXPECT_EQ(r.moves, 1);
    EXPECT_EQ(c.on_move(), Team::B);
    EXPECT_EQ(c.remaining(Team::B, 13 * S), 5 * MIN - 3 * S);
}

TEST(ChessClock, FischerIncrementAfterEachMove) {
    ChessClock c = make(90 * MIN, TimingMode::FISCHER, 30 * S);
    c.start(Team::A, 0);
    EXPECT_EQ(c.paddle(Team::A, 40 * S).remaining, 90 * MIN - 40 * S + 30 * S);
    EXPECT_EQ(c.paddle(Team::B, 45 * S).remaining, 90 * MIN - 5 * S + 30 * S);
    EXPECT_EQ(c.moves(Team::A), 1);
    EXPECT_EQ(c.moves(Team::B), 1);
}

TEST(ChessClock, SimpleDelayWaitsBeforeCounting) {
    ChessClock c = make(1 * MIN, TimingMode::SIMPLE_DELAY, 5 * S);
    c.start(Team::A, 0);
    EXPECT_EQ(c.remaining(Team::A, 4 * S), 1 * MIN);
    EXPECT_EQ(c.paddle(Team::A, 3 * S).remaining, 1 * MIN);  // within the delay: nothing used
    EXPECT_EQ(c.paddle(Team::B, 3 * S + 8 * S).remaining, 1 * MIN - 3 * S);  // 8 s: 3 counted
    // Flag time includes the delay: A started at 11 s, delay 5 s, 60 s left.
    EXPECT_FALSE(flagged(c, 11 * S + 65 * S - 1));
    FlagReport f;
    EXPECT_TRUE(flagged(c, 11 * S + 65 * S, &f));
    EXPECT_EQ(f.time, 76 * S);
}

TEST(ChessClock, SimpleDelaySurvivesAPauseInsideTheDelay) {
    ChessClock c = make(1 * MIN, TimingMode::SIMPLE_DELAY, 5 * S);
    c.start(Team::A, 0);
    ASSERT_EQ(c.pause(2 * S), CommandStatus::OK);  // 3 s of delay left
    EXPECT_EQ(c.remaining(Team::A, 100 * S), 1 * MIN);
    ASSERT_EQ(c.resume(100 * S), CommandStatus::OK);
    EXPECT_EQ(c.remaining(Team::A, 103 * S), 1 * MIN);
    EXPECT_EQ(c.remaining(Team::A, 104 * S), 1 * MIN - 1 * S);
}

TEST(ChessClock, BronsteinGivesBackUsedTimeUpToTheDelay) {
    ChessClock c = make(1 * MIN, TimingMode::BRONSTEIN, 5 * S);
    c.start(Team::A, 0);
    EXPECT_EQ(c.remaining(Team::A, 3 * S), 1 * MIN - 3 * S);                 // counts at once
    EXPECT_EQ(c.paddle(Team::A, 3 * S).remaining, 1 * MIN);                  // 3 s back
    EXPECT_EQ(c.paddle(Team::B, 3 * S + 8 * S).remaining, 1 * MIN - 3 * S);  // 5 of 8 back
    // A pause in the middle of a move: used time on both sides of it counts.
    c.paddle(Team::A, 12 * S);  // A used 1 s: back to 60 s... A at 60 s, now B
    c.pause(14 * S);
    c.resume(50 * S);
    EXPECT_EQ(c.paddle(Team::B, 52 * S).remaining, 1 * MIN - 3 * S);  // used 4 s, 4 back
}

TEST(ChessClock, MultiPeriodAddsTimeAfterTheMoveCount) {
    ChessClock c;
    // 2 moves in 10 s, then 20 s + 1 s Fischer for the rest.
    ASSERT_EQ(c.set_period(3, 0, {10 * S, 0, 2, TimingMode::NONE, true}), CommandStatus::OK);
    ASSERT_EQ(c.set_period(3, 1, {20 * S, 1 * S, 0, TimingMode::FISCHER, true}), CommandStatus::OK);
    c.reset();
    c.start(Team::A, 0);
    MoveReport r = c.paddle(Team::A, 1 * S);
    EXPECT_FALSE(r.period_started);
    c.paddle(Team::B, 2 * S);
    r = c.paddle(Team::A, 4 * S);  // A's 2nd move: 10 - 1 - 2 = 7 s, + 20 s
    EXPECT_TRUE(r.period_started);
    EXPECT_EQ(r.period, 1);
    EXPECT_EQ(r.remaining, 27 * S);
    EXPECT_EQ(c.period(Team::B), 0);
    // The increment of period 1 applies from A's next turn (turns keep the control they began
    // with).
    c.paddle(Team::B, 5 * S);
    EXPECT_EQ(c.paddle(Team::A, 7 * S).remaining, 27 * S - 2 * S + 1 * S);
}

TEST(ChessClock, AddTwoMinutesLandsOnTheRightSide) {
    ChessClock c = make(10 * MIN);
    c.start(Team::A, 0);
    ASSERT_EQ(c.add_time(Team::B, int64_t(2 * MIN), 30 * S), CommandStatus::OK);
    EXPECT_EQ(c.remaining(Team::B, 31 * S), 12 * MIN);
    EXPECT_EQ(c.remaining(Team::A, 31 * S), 10 * MIN - 31 * S);
    // On the running side: added to what is left now, and it keeps running.
    ASSERT_EQ(c.add_time(Team::A, int64_t(2 * MIN), 40 * S), CommandStatus::OK);
    EXPECT_EQ(c.remaining(Team::A, 41 * S), 12 * MIN - 41 * S);
    // Taking time clamps at zero and the flag follows at once.
    ASSERT_EQ(c.add_time(Team::A, -int64_t(60 * MIN), 50 * S), CommandStatus::OK);
    FlagReport f;
    EXPECT_TRUE(flagged(c, 50 * S, &f));
    EXPECT_EQ(f.time, 50 * S);
    EXPECT_EQ(c.add_time(Team::NONE, 1, 51 * S), CommandStatus::BAD_ARGUMENT);
    EXPECT_EQ(c.add_time(Team::B, INT64_MIN, 52 * S), CommandStatus::OK);
    EXPECT_EQ(c.remaining(Team::B, 52 * S), 0u);
}

TEST(ChessClock, FlaggedClockResumesOnlyAfterTimeIsAdded) {
    ChessClock c = make(1 * S);
    c.start(Team::B, 0);
    EXPECT_TRUE(flagged(c, 2 * S));
    EXPECT_EQ(c.resume(3 * S), CommandStatus::BAD_STATE);
    c.set_time(Team::B, 30 * S, 3 * S);
    ASSERT_EQ(c.resume(4 * S), CommandStatus::OK);
    EXPECT_EQ(c.remaining(Team::B, 14 * S), 20 * S);
}

TEST(ChessClock, PauseFreezesBothSides) {
    ChessClock c = make(5 * MIN);
    c.start(Team::A, 0);
    ASSERT_EQ(c.pause(10 * S), CommandStatus::OK);
    EXPECT_EQ(c.pause(11 * S), CommandStatus::BAD_STATE);
    EXPECT_EQ(c.paddle(Team::A, 20 * S).effect, PaddleEffect::PAUSED);
    EXPECT_FALSE(flagged(c, 1000 * S));
    EXPECT_EQ(c.remaining(Team::A, 1000 * S), 5 * MIN - 10 * S);
    c.resume(1000 * S);
    EXPECT_EQ(c.remaining(Team::A, 1001 * S), 5 * MIN - 11 * S);
    EXPECT_EQ(c.start(Team::A, 1002 * S), CommandStatus::BAD_STATE);
}

TEST(ChessClock, SwitchingControlMidGameTakesEffectNextTurn) {
    // Business Chess: 90 min each, no increment; then +30 s per move from the next turns.
    ChessClock c = make(90 * MIN);
    c.start(Team::A, 0);
    c.paddle(Team::A, 10 * S);  // A: 89:50
    ASSERT_EQ(c.set_period(3, 0, {90 * MIN, 30 * S, 0, TimingMode::FISCHER, true}),
              CommandStatus::OK);
    // B's current turn began without increment.
    EXPECT_EQ(c.paddle(Team::B, 20 * S).remaining, 90 * MIN - 10 * S);
    // A's turn began after the change: +30 s.
    EXPECT_EQ(c.paddle(Team::A, 25 * S).remaining, 90 * MIN - 15 * S + 30 * S);
    EXPECT_EQ(c.set_period(0, 0, {}), CommandStatus::BAD_ARGUMENT);
    EXPECT_EQ(c.set_period(1, CLOCK_PERIODS, {}), CommandStatus::BAD_ARGUMENT);
}

TEST(ChessClock, TimeNeverRunsBackwards) {
    ChessClock c = make(1 * MIN);
    c.start(Team::A, 10 * S);
    c.add_time(Team::B, 0, 20 * S);
    // An action stamped earlier than one already applied is applied at the later time.
    EXPECT_EQ(c.paddle(Team::A, 15 * S).remaining, 1 * MIN - 10 * S);
}

}  // namespace
}  // namespace venue::hub
