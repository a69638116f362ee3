// The emulated DGT 3000: countdown, flags, lever, and answers to clock commands.
#include <gtest/gtest.h>

#include "sim/dgt/dgt_clock_model.h"

namespace venue::sim::dgt {
namespace {

using io::dgt::ClockCommand;
using io::dgt::ClockSub;

ClockCommand set_and_run(const io::dgt::SetAndRun& s, io::dgt::TimeEncoding enc) {
    io::dgt::Bytes frame;
    EXPECT_FALSE(io::dgt::encode_clock_set_and_run(s, enc, frame));
    // frame = 2b SIZE | 03 SUB payload 00
    return *io::dgt::decode_clock_command(std::span(frame).subspan(2));
}

TEST(DgtClockModel, SetAndRunThenCountDown) {
    DgtClockModel c({}, 0);
    io::dgt::SetAndRun s;
    s.left = {0, 3, 0};
    s.right = {1, 0, 0};
    s.left_runs = true;
    const auto ack = c.handle(set_and_run(s, io::dgt::TimeEncoding::BINARY), 0);
    EXPECT_EQ(ack.ack, (std::array<std::uint8_t, 4>{0x10, 0x0a, 0, 0}));
    c.advance(1500);
    auto t = c.reading();
    EXPECT_EQ(t.left.time, (io::dgt::ClockTime{0, 2, 59}));  // 178.5 s shows as 2:59
    EXPECT_EQ(t.right.time, (io::dgt::ClockTime{1, 0, 0}));
    EXPECT_TRUE(t.running);
    EXPECT_TRUE(t.left_to_move);
    c.advance(180'000);
    t = c.reading();
    EXPECT_EQ(t.left.time, (io::dgt::ClockTime{0, 0, 0}));
    EXPECT_TRUE(t.left.flag_shown);
    EXPECT_TRUE(t.left.flag_blocked);
    EXPECT_FALSE(t.running);
}

TEST(DgtClockModel, EncodingMismatchIsRefused) {
    ClockModelOptions o;
    o.set_and_run_encoding = io::dgt::TimeEncoding::BCD;
    DgtClockModel c(o, 0);
    io::dgt::SetAndRun s;
    s.left = {0, 45, 0};  // binary 45 = 0x2d: not a BCD digit pair
    const auto ack = c.handle(set_and_run(s, io::dgt::TimeEncoding::BINARY), 0);
    EXPECT_TRUE(ack.is_error());
    const auto good = c.handle(set_and_run(s, io::dgt::TimeEncoding::BCD), 0);
    EXPECT_FALSE(good.is_error());
    EXPECT_EQ(c.left_ms(), 45 * 60 * 1000);
}

TEST(DgtClockModel, SetAndRunOnlyInMode23) {
    ClockModelOptions o;
    o.mode23 = false;
    DgtClockModel c(o, 0);
    EXPECT_TRUE(c.handle(set_and_run({}, io::dgt::TimeEncoding::BINARY), 0).is_error());
}

TEST(DgtClockModel, TextBeepEndTextVersionButton) {
    DgtClockModel c({}, 0);
    io::dgt::Bytes frame;
    ASSERT_FALSE(io::dgt::encode_clock_text("WARNING", 3, frame));
    auto ack = c.handle(*io::dgt::decode_clock_command(std::span(frame).subspan(2)), 0);
    EXPECT_EQ(ack.command(), 0x0c);
    EXPECT_EQ(c.text(), "WARNING ");
    EXPECT_EQ(c.beep_units(), 3);
    ack = c.handle(ClockCommand{ClockSub::BEEP, {4}}, 0);
    EXPECT_EQ(ack.command(), 0x0b);
    EXPECT_EQ(c.beep_units(), 7);
    ack = c.handle(ClockCommand{ClockSub::END_TEXT, {}}, 0);
    EXPECT_EQ(c.text(), "");
    ack = c.handle(ClockCommand{ClockSub::VERSION, {}}, 0);
    EXPECT_EQ(ack.ack[2], 0x20) << "version 2.0, one byte, major in the high nibble";
    EXPECT_EQ(io::dgt::ClockVersion::of(ack).kind(), io::dgt::ClockKind::DGT_3000);
    const auto b = c.press_button(io::dgt::ClockButton::OK);
    EXPECT_TRUE(b.is_button());
    EXPECT_EQ(b.button(), io::dgt::ClockButton::OK);
    ack = c.handle(ClockCommand{ClockSub::BUTTON, {}}, 0);
    EXPECT_EQ(ack.ack[3], 0x35);
    EXPECT_TRUE(c.handle(ClockCommand{ClockSub(0x7e), {}}, 0).is_error());
}

// A DGT XL (version 1.x) answers its version as real clocks do, shows text only on its own
// 6-character display, and refuses the DGT 3000's text command.
TEST(DgtClockModel, ADgtXlHasItsOwnDisplayAndNoTextCommand) {
    ClockModelOptions o;
    o.version_major = 1;
    o.version_minor = 2;
    DgtClockModel c(o, 0);
    auto ack = c.handle(ClockCommand{ClockSub::VERSION, {}}, 0);
    EXPECT_EQ(ack.ack[2], 0x12);
    EXPECT_EQ(io::dgt::ClockVersion::of(ack).kind(), io::dgt::ClockKind::DGT_XL);
    io::dgt::Bytes frame;
    ASSERT_FALSE(io::dgt::encode_clock_xl_display("CLAIM", 2, frame));
    ack = c.handle(*io::dgt::decode_clock_command(std::span(frame).subspan(2)), 0);
    EXPECT_FALSE(ack.is_error());
    EXPECT_EQ(c.text(), "CLAIM ");
    EXPECT_EQ(c.beep_units(), 2);
    frame.clear();
    ASSERT_FALSE(io::dgt::encode_clock_text("CLAIM", 0, frame));
    EXPECT_TRUE(
        c.handle(*io::dgt::decode_clock_command(std::span(frame).subspan(2)), 0).is_error());
    frame.clear();
    EXPECT_TRUE(io::dgt::encode_clock_xl_display("TOOLONG", 0, frame)) << "6 characters at most";
}

TEST(DgtClockModel, LeverSwitchesTheRunningSide) {
    DgtClockModel c({}, 0);
    io::dgt::SetAndRun s;
    s.left = s.right = {0, 5, 0};
    s.left_runs = true;
    c.handle(set_and_run(s, io::dgt::TimeEncoding::BINARY), 0);
    c.press_lever(10'000);  // left player moves: right runs, lever right side high
    EXPECT_TRUE(c.right_runs());
    EXPECT_FALSE(c.left_runs());
    EXPECT_TRUE(c.reading().lever_right_high);
    c.advance(20'000);
    EXPECT_EQ(c.left_ms(), 290'000);
    EXPECT_EQ(c.right_ms(), 290'000);
}

}  // namespace
}  // namespace venue::sim::dgt
