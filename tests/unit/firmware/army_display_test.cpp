// The army clock's display text: running, paused, flagged, stopped, and a timeline of a real
// ArmyClock rendered as the hub's main loop does.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "army_display.h"

namespace venue::hub {
namespace {

using wire::ClockState;
using wire::CommandStatus;

constexpr Micros S = 1000000;
constexpr Micros MIN = 60 * S;

struct Lines {
    std::string line1;
    std::string line2;
};

Lines render(const ArmyView& v) {
    DisplayFrame f;
    std::memset(&f, 0, sizeof f);  // every cell must be written
    render_army(v, &f);
    return {std::string(f.text[0], DISPLAY_COLS), std::string(f.text[1], DISPLAY_COLS)};
}

TEST(ArmyDisplay, RunningShowsTheArmyOnMoveAndTheNext) {
    Lines l = render({ClockState::RUNNING, 3, 0, 4, 4 * MIN + 59 * S + 800000, 5 * MIN});
    EXPECT_EQ(l.line1, "Army 3      4:59");
    EXPECT_EQ(l.line2, "Next 0      5:00");
    // Tenths under a minute, for the army on move only.
    l = render({ClockState::RUNNING, 7, 1, 8, 59 * S + 200000, 59 * S + 900000});
    EXPECT_EQ(l.line1, "Army 7    0:59.2");
    EXPECT_EQ(l.line2, "Next 1      0:59");
    l = render({ClockState::RUNNING, 2, 2, 1, 90 * MIN, 90 * MIN});  // alone in the order
    EXPECT_EQ(l.line1, "Army 2   1:30:00");
    EXPECT_EQ(l.line2, "Next 2   1:30:00");
}

TEST(ArmyDisplay, StateLinesWhenNotRunning) {
    Lines l = render({ClockState::PAUSED, 3, 0, 4, 2 * MIN, 5 * MIN});
    EXPECT_EQ(l.line1, "Army 3      2:00");
    EXPECT_EQ(l.line2, "PAUSED    Next 0");
    l = render({ClockState::FLAGGED, 5, 6, 7, 0, MIN});
    EXPECT_EQ(l.line1, "Army 5    0:00.0");
    EXPECT_EQ(l.line2, "FLAG 5    Next 6");
    l = render({ClockState::STOPPED, NO_ARMY, NO_ARMY, 4, 0, 0});
    EXPECT_EQ(l.line1, "Armies 4        ");
    EXPECT_EQ(l.line2, "STOPPED         ");
}

TEST(ArmyDisplay, FollowsARealArmyClock) {
    ArmyClock c;
    const uint8_t order[] = {1, 2, 0};
    const uint8_t stations[] = {0, 1, 2};
    ASSERT_EQ(c.configure(3, 3 * MIN, 0, order, stations), CommandStatus::OK);
    EXPECT_EQ(render(army_view(c, 0)).line1, "Armies 3        ");
    ASSERT_EQ(c.start(1, 0), CommandStatus::OK);
    Lines l = render(army_view(c, 10 * S));
    EXPECT_EQ(l.line1, "Army 1      2:50");
    EXPECT_EQ(l.line2, "Next 2      3:00");
    ASSERT_EQ(c.end_turn(1, 10 * S).effect, wire::TurnEffect::ENDED);
    l = render(army_view(c, 2 * MIN + 10 * S + 500000));  // army 2 has 59.5 s left
    EXPECT_EQ(l.line1, "Army 2    0:59.5");
    EXPECT_EQ(l.line2, "Next 0      3:00");
    ArmyFlagReport f;
    ASSERT_TRUE(c.check_flag(3 * MIN + 10 * S, &f));
    l = render(army_view(c, 4 * MIN));
    EXPECT_EQ(l.line1, "Army 2    0:00.0");
    EXPECT_EQ(l.line2, "FLAG 2    Next 0");
}

}  // namespace
}  // namespace venue::hub
