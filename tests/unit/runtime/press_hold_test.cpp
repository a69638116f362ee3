// How long a clock press waits for its board (press_hold.h): until the board has stood still for
// the settle time and a margin, measured from its last change, never past the cap.
#include "runtime/press_hold.h"

#include <gtest/gtest.h>

namespace venue::runtime {
namespace {

constexpr std::int64_t MS = 1'000'000;
constexpr std::int64_t SETTLE_US = 250'000;

TEST(PressHold, APressWaitsForTheSettleTimeAfterTheBoardsLastChange) {
    // The piece set down at 0, the press at 50 ms: held until 250 + 150 ms after the press.
    EXPECT_TRUE(press_still_held(100 * MS, 50 * MS, 0, SETTLE_US));
    EXPECT_TRUE(press_still_held(449 * MS, 50 * MS, 0, SETTLE_US));
    EXPECT_FALSE(press_still_held(450 * MS, 50 * MS, 0, SETTLE_US));
}

TEST(PressHold, AQuickReplyKeepsThePressWaitingForTheReading) {
    // The opponent's reply changes the board at 300 ms and 600 ms: the first press still waits,
    // until the board has been still for the settle time and the margin.
    EXPECT_TRUE(press_still_held(500 * MS, 50 * MS, 300 * MS, SETTLE_US));
    EXPECT_TRUE(press_still_held(900 * MS, 50 * MS, 600 * MS, SETTLE_US));
    EXPECT_FALSE(press_still_held(1000 * MS, 50 * MS, 600 * MS, SETTLE_US));
}

TEST(PressHold, NeverLongerThanTheCap) {
    // A piece held in the air, the board changing all the time: the press goes at the cap.
    const std::int64_t held = 50 * MS;
    EXPECT_TRUE(press_still_held(held + MAX_PRESS_HOLD_NS - 1, held, held + MAX_PRESS_HOLD_NS - 2,
                                 SETTLE_US));
    EXPECT_FALSE(
        press_still_held(held + MAX_PRESS_HOLD_NS, held, held + MAX_PRESS_HOLD_NS - 1, SETTLE_US));
}

}  // namespace
}  // namespace venue::runtime
