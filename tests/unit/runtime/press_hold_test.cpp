// How long a clock press waits for its board (press_hold.h): while the board has a change not
// read, until it has stood still for the settle time and a margin after its last change; while
// it is still and no move is sensed, one board scan for the board to report the move, or, with a
// piece in the air, until the reply is set down; never past the cap.
#include "runtime/press_hold.h"

#include <gtest/gtest.h>

namespace venue::runtime {
namespace {

constexpr std::int64_t MS = 1'000'000;
constexpr std::int64_t SETTLE_US = 250'000;

BoardForPress settling(std::int64_t last_change_ns) {
    return {true, last_change_ns, SETTLE_US};
}
BoardForPress still() {
    return {false, 0, SETTLE_US};
}

TEST(PressHold, APressWaitsForTheSettleTimeAfterTheBoardsLastChange) {
    // The piece set down at 0, the press at 50 ms: held until 250 + 150 ms after the press.
    EXPECT_TRUE(press_still_held(100 * MS, 50 * MS, settling(0), false));
    EXPECT_TRUE(press_still_held(449 * MS, 50 * MS, settling(0), false));
    EXPECT_FALSE(press_still_held(450 * MS, 50 * MS, settling(0), false));
}

TEST(PressHold, AQuickReplyKeepsThePressWaitingForTheReading) {
    // The opponent's reply changes the board at 300 ms and 600 ms: the first press still waits,
    // until the board has been still for the settle time and the margin.
    EXPECT_TRUE(press_still_held(500 * MS, 50 * MS, settling(300 * MS), true));
    EXPECT_TRUE(press_still_held(900 * MS, 50 * MS, settling(600 * MS), true));
    EXPECT_FALSE(press_still_held(1000 * MS, 50 * MS, settling(600 * MS), true));
}

TEST(PressHold, AStillBoardGetsOneScanToReportTheMove) {
    // Nothing sensed yet: the board may report the piece set down up to a scan after the press.
    EXPECT_TRUE(press_still_held(60 * MS, 50 * MS, still(), false));
    EXPECT_TRUE(press_still_held(50 * MS + BOARD_REPORT_GRACE_NS - 1, 50 * MS, still(), false));
    EXPECT_FALSE(press_still_held(50 * MS + BOARD_REPORT_GRACE_NS, 50 * MS, still(), false));
    // The move was sensed already: the press completes it at once.
    EXPECT_FALSE(press_still_held(50 * MS, 50 * MS, still(), true));
}

TEST(PressHold, APieceInTheAirKeepsThePressWaitingUpToTheCap) {
    // The opponent began his reply by lifting the piece the mover had just set down (to take
    // it): the board cannot show the move until the reply is set down. The press waits for that,
    // not one scan; and never past the cap.
    BoardForPress in_the_air = still();
    in_the_air.in_progress = true;
    EXPECT_TRUE(press_still_held(50 * MS + BOARD_REPORT_GRACE_NS, 50 * MS, in_the_air, false));
    EXPECT_TRUE(press_still_held(50 * MS + MAX_PRESS_HOLD_NS - 1, 50 * MS, in_the_air, false));
    EXPECT_FALSE(press_still_held(50 * MS + MAX_PRESS_HOLD_NS, 50 * MS, in_the_air, false));
    // A move already sensed (the board showed it made before the reply began): at once.
    EXPECT_FALSE(press_still_held(50 * MS, 50 * MS, in_the_air, true));
}

TEST(PressHold, NeverLongerThanTheCap) {
    // A piece held in the air, the board changing all the time: the press goes at the cap.
    const std::int64_t held = 50 * MS;
    EXPECT_TRUE(press_still_held(held + MAX_PRESS_HOLD_NS - 1, held,
                                 settling(held + MAX_PRESS_HOLD_NS - 2), false));
    EXPECT_FALSE(press_still_held(held + MAX_PRESS_HOLD_NS, held,
                                  settling(held + MAX_PRESS_HOLD_NS - 1), false));
}

TEST(PressHold, HeldUntilIsWhenTheRuleLetsThePressGo) {
    // The daemon judges presses on its timeline, so it asks when a press stops waiting: the
    // first moment press_still_held says no, with the board as it is.
    struct Case {
        std::int64_t held;
        BoardForPress board;
        bool sensed;
    };
    const Case cases[] = {
        {50 * MS, settling(0), false},                            // settle time after the press
        {50 * MS, settling(300 * MS), true},                      // after the board's last change
        {50 * MS, still(), false},                                // one scan
        {50 * MS, settling(50 * MS + MAX_PRESS_HOLD_NS), false},  // the cap
    };
    for (const Case& c : cases) {
        const std::int64_t until = press_held_until(c.held, c.board, c.sensed);
        EXPECT_TRUE(press_still_held(until - 1, c.held, c.board, c.sensed)) << until;
        EXPECT_FALSE(press_still_held(until, c.held, c.board, c.sensed)) << until;
    }
    EXPECT_EQ(press_held_until(50 * MS, settling(0), false), 450 * MS);
    EXPECT_EQ(press_held_until(50 * MS, settling(300 * MS), true), 700 * MS);
    EXPECT_EQ(press_held_until(50 * MS, still(), false), 50 * MS + BOARD_REPORT_GRACE_NS);
    EXPECT_EQ(press_held_until(50 * MS, settling(50 * MS + MAX_PRESS_HOLD_NS), false),
              50 * MS + MAX_PRESS_HOLD_NS);
    // The move is sensed and the board is still: it never waits.
    EXPECT_FALSE(press_still_held(0, 50 * MS, still(), true));
    EXPECT_EQ(press_held_until(50 * MS, still(), true), std::numeric_limits<std::int64_t>::min());
}

}  // namespace
}  // namespace venue::runtime
