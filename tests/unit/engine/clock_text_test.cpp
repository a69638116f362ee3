// The one formatter of clock times (common/clock_text.h): PGN's [%clk], the console's clocks and
// the demo's account read the same milliseconds the same way.
#include "common/clock_text.h"

#include <gtest/gtest.h>

namespace venue {
namespace {

TEST(ClockText, PgnAlwaysShowsHoursAndDropsTenths) {
    EXPECT_EQ(clock_text(0, ClockStyle::PGN), "0:00:00");
    EXPECT_EQ(clock_text(90 * 60000 + 999, ClockStyle::PGN), "1:30:00");
    EXPECT_EQ(clock_text(3723000, ClockStyle::PGN), "1:02:03");
    EXPECT_EQ(clock_text(-1, ClockStyle::PGN), "0:00:00");
}

TEST(ClockText, DisplayIsWhatAChessClockShows) {
    EXPECT_EQ(clock_text(90 * 60000, ClockStyle::DISPLAY), "1:30:00");
    EXPECT_EQ(clock_text(4 * 60000 + 7000, ClockStyle::DISPLAY), "4:07");
    EXPECT_EQ(clock_text(10000, ClockStyle::DISPLAY), "0:10");
    EXPECT_EQ(clock_text(9499, ClockStyle::DISPLAY), "9.4");
    EXPECT_EQ(clock_text(-5, ClockStyle::DISPLAY), "0.0");
}

TEST(ClockText, TenthsForAnAccount) {
    EXPECT_EQ(clock_text(4 * 60000 + 7300, ClockStyle::TENTHS), "4:07.3");
    EXPECT_EQ(clock_text(75 * 60000, ClockStyle::TENTHS), "75:00.0");
}

TEST(ClockText, DurationsAreSignedWithTenthsOnlyWhenThereAreSome) {
    EXPECT_EQ(duration_text(120000), "+2:00");
    EXPECT_EQ(duration_text(-30000), "-0:30");
    EXPECT_EQ(duration_text(1500), "+0:01.5");
}

}  // namespace
}  // namespace venue
