// The clock display's text: formats at every boundary, markers, status line, and a timeline of
// a real ChessClock and Lockout rendered as the hub's main loop does.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "clock_display.h"

namespace venue::hub {
namespace {

using wire::ClockState;
using wire::CommandStatus;
using wire::Team;

constexpr Micros S = 1000000;
constexpr Micros MIN = 60 * S;
constexpr Micros HOUR = 60 * MIN;

struct Lines {
    std::string line1;
    std::string line2;
};

Lines render(const ClockView& v) {
    DisplayFrame f;
    std::memset(&f, 0, sizeof f);  // every cell must be written
    render_clock(v, &f);
    return {std::string(f.text[0], DISPLAY_COLS), std::string(f.text[1], DISPLAY_COLS)};
}

ClockView view(Micros a, Micros b, Team on_move, ClockState state, uint8_t claim = NO_BUTTON,
               const FaceLabels* labels = nullptr) {
    return ClockView{a, b, on_move, state, claim, labels};
}

// A ClockLabels label as the host packs it: the first character in the low byte.
uint64_t packed(const char* text) {
    uint64_t v = 0;
    for (uint8_t i = 0; i < FACE_LABEL_WIDTH && text[i]; ++i)
        v |= uint64_t(uint8_t(text[i])) << (8 * i);
    return v;
}

FaceLabels labels(const char* a, const char* b) {
    FaceLabels l;
    EXPECT_TRUE(unpack_label(packed(a), l.text[0]));
    EXPECT_TRUE(unpack_label(packed(b), l.text[1]));
    return l;
}

// A game whose faces count other times (a half's countdown on A, a formation's on B) names them
// on the second line while the clock runs; the state word and the claim take their places.
TEST(ClockDisplay, FaceLabelsStandUnderTheTimesWhileTheClockRuns) {
    const FaceLabels half = labels("1st half", "Forming");
    Lines l = render(
        view(4 * MIN + 59 * S + 700000, 20 * S, Team::B, ClockState::RUNNING, NO_BUTTON, &half));
    EXPECT_EQ(l.line1, "   4:59 > 0:20.0");
    EXPECT_EQ(l.line2, "1st half Forming");
    EXPECT_EQ(render(view(MIN, MIN, Team::A, ClockState::PAUSED, NO_BUTTON, &half)).line2,
              "PAUSED   Forming");
    EXPECT_EQ(render(view(MIN, MIN, Team::A, ClockState::RUNNING, 3, &half)).line2,
              "1st half CLAIM 3");
    const FaceLabels players = labels("White", "Black");
    EXPECT_EQ(render(view(MIN, MIN, Team::A, ClockState::RUNNING, NO_BUTTON, &players)).line2,
              "White      Black");
    const FaceLabels none = labels("", "");
    EXPECT_EQ(render(view(MIN, MIN, Team::A, ClockState::RUNNING, NO_BUTTON, &none)).line2,
              std::string(16, ' '));
}

TEST(ClockDisplay, ALabelIsPrintableAsciiEndedOnlyByZeros) {
    char out[FACE_LABEL_WIDTH] = {'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x'};
    EXPECT_FALSE(unpack_label(packed("a\tb"), out)) << "a tab";
    EXPECT_FALSE(unpack_label(0x7F, out)) << "DEL";
    EXPECT_FALSE(unpack_label(uint64_t(0x41) << 16, out)) << "a character after a 0";
    EXPECT_EQ(out[0], 'x') << "a refused label changes nothing";
    ASSERT_TRUE(unpack_label(packed("Half"), out));
    EXPECT_EQ(std::string(out, 4), "Half");
    EXPECT_EQ(out[4], 0);
    EXPECT_EQ(out[7], 0);
    ASSERT_TRUE(unpack_label(packed("8 chars!"), out));
    EXPECT_EQ(std::string(out, 8), "8 chars!");
}

TEST(ClockDisplay, TimeFormatsAtEveryBoundary) {
    struct Case {
        Micros remaining;
        bool on_move;
        const char* shown;  // the 7 columns of side A
    };
    const Case cases[] = {
        {0, false, "   0:00"},
        {0, true, " 0:00.0"},
        {99999, true, " 0:00.0"},  // rounded down: never more than the side has
        {100000, true, " 0:00.1"},
        {59 * S + 999999, true, " 0:59.9"},
        {59 * S + 999999, false, "   0:59"},
        {MIN, true, "   1:00"},  // tenths under one minute only
        {4 * MIN + 5 * S, false, "   4:05"},
        {10 * MIN, false, "  10:00"},
        {HOUR - 1, true, "  59:59"},
        {HOUR, false, "1:00:00"},
        {HOUR + 29 * MIN + 59 * S + 999999, true, "1:29:59"},
        {10 * HOUR - 1, false, "9:59:59"},
        {10 * HOUR + 5 * MIN + 59 * S, false, " 10h05m"},
        {99 * HOUR + 59 * MIN, false, " 99h59m"},
        {150 * HOUR, false, " 99h59m"},             // clamped
        {~Micros{0}, false, " 99h59m"},             // far beyond 2^37 µs
        {(Micros{1} << 37) + 1, false, " 99h59m"},  // 38 h: past the 32-bit shortcut
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.remaining);
        const Lines l = render(view(c.remaining, 0, c.on_move ? Team::A : Team::NONE,
                                    c.on_move ? ClockState::RUNNING : ClockState::STOPPED));
        EXPECT_EQ(l.line1.substr(0, 7), c.shown);
    }
}

TEST(ClockDisplay, MarkerPointsAtTheSideOnMoveAndBIsRightAligned) {
    Lines l = render(view(HOUR + 29 * MIN + 59 * S, 59 * S + 800000, Team::B, ClockState::RUNNING));
    EXPECT_EQ(l.line1, "1:29:59 > 0:59.8");
    EXPECT_EQ(l.line2, "                ");
    l = render(view(HOUR + 29 * MIN + 59 * S, 59 * S + 800000, Team::A, ClockState::RUNNING));
    EXPECT_EQ(l.line1, "1:29:59<    0:59");
    l = render(view(5 * MIN, 5 * MIN, Team::NONE, ClockState::STOPPED));
    EXPECT_EQ(l.line1, "   5:00     5:00");
    EXPECT_EQ(l.line2, "STOPPED         ");
}

TEST(ClockDisplay, StatusLine) {
    EXPECT_EQ(render(view(MIN, MIN, Team::A, ClockState::PAUSED)).line2, "PAUSED          ");
    EXPECT_EQ(render(view(0, MIN, Team::A, ClockState::FLAGGED)).line2, "FLAG A          ");
    EXPECT_EQ(render(view(MIN, 0, Team::B, ClockState::FLAGGED)).line2, "FLAG B          ");
    EXPECT_EQ(render(view(MIN, 0, Team::B, ClockState::FLAGGED)).line1, "   1:00 > 0:00.0");
    EXPECT_EQ(render(view(MIN, MIN, Team::A, ClockState::RUNNING, 3)).line2, "         CLAIM 3");
    EXPECT_EQ(render(view(MIN, MIN, Team::A, ClockState::PAUSED, 15)).line2, "PAUSED  CLAIM 15");
    EXPECT_EQ(render(view(MIN, MIN, Team::NONE, ClockState::STOPPED, 0)).line2, "STOPPED  CLAIM 0");
}

// The hub's loop: a real clock and lockout, rendered at 10 Hz through a game's events.
TEST(ClockDisplay, TimelineOfAClockAndAClaim) {
    ChessClock clock;
    ASSERT_EQ(clock.set_period(3, 0, {HOUR + 30 * MIN, 0, 0, wire::TimingMode::NONE, true}),
              CommandStatus::OK);
    clock.reset();
    Lockout lockout;
    ASSERT_EQ(lockout.assign(3, Team::A, 4), CommandStatus::OK);
    lockout.arm(Team::A);

    auto show = [&](Micros t) {
        DisplayFrame f;
        render_clock(clock_view(clock, lockout, nullptr, t), &f);
        return Lines{std::string(f.text[0], 16), std::string(f.text[1], 16)};
    };
    EXPECT_EQ(show(0).line1, "1:30:00  1:30:00");
    EXPECT_EQ(show(0).line2, "STOPPED         ");

    ASSERT_EQ(clock.start(Team::A, 1 * S), CommandStatus::OK);
    Lines l = show(1 * S + 100000);  // 0.1 s used: 1:29:59.9 shows 1:29:59
    EXPECT_EQ(l.line1, "1:29:59< 1:30:00");
    EXPECT_EQ(l.line2, "                ");

    EXPECT_EQ(clock.paddle(Team::A, 11 * S).effect, wire::PaddleEffect::SWITCHED);
    EXPECT_EQ(show(11 * S).line1, "1:29:50 >1:30:00");

    PressDecision d[BUTTON_COUNT];
    ASSERT_EQ(lockout.decide(12 * S, 1u << 3, d), 1);
    ASSERT_EQ(lockout.claim_button(), 3);
    ASSERT_EQ(clock.pause(12 * S), CommandStatus::OK);
    l = show(20 * S);  // paused: B's time stands still
    EXPECT_EQ(l.line1, "1:29:50 >1:29:59");
    EXPECT_EQ(l.line2, "PAUSED   CLAIM 3");

    lockout.release();
    ASSERT_EQ(clock.set_time(Team::B, 2 * S + 300000, 21 * S), CommandStatus::OK);
    ASSERT_EQ(clock.resume(22 * S), CommandStatus::OK);
    l = show(23 * S);
    EXPECT_EQ(l.line1, "1:29:50 > 0:01.3");
    EXPECT_EQ(l.line2, "                ");
    FlagReport flag;
    ASSERT_TRUE(clock.check_flag(25 * S, &flag));
    l = show(25 * S);
    EXPECT_EQ(l.line1, "1:29:50 > 0:00.0");
    EXPECT_EQ(l.line2, "FLAG B          ");
}

}  // namespace
}  // namespace venue::hub
