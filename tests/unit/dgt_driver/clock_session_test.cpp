// ClockSession: the DGT 3000 driver's logic, readings and acknowledgements in, events and
// command bytes out.
#include "io/dgt/clock_session.h"

#include <gtest/gtest.h>

namespace venue::io::dgt {
namespace {

BwTime reading(int left_s, int right_s, bool right_high, bool left_flag = false) {
    BwTime t;
    t.left.time = {std::uint8_t(left_s / 3600), std::uint8_t(left_s / 60 % 60),
                   std::uint8_t(left_s % 60)};
    t.right.time = {std::uint8_t(right_s / 3600), std::uint8_t(right_s / 60 % 60),
                    std::uint8_t(right_s % 60)};
    t.left.flag_shown = left_flag;
    t.running = true;
    t.lever_right_high = right_high;
    t.right_to_move = right_high;
    t.left_to_move = !right_high;
    return t;
}

ClockAck ack_of(ClockSub sub, bool error = false, std::uint8_t ack2 = 0) {
    ClockAck a;
    a.ack = {std::uint8_t(error ? ACK_ERROR : ACK_NORMAL), std::uint8_t(sub), ack2, 0};
    return a;
}

// A clock's answer to VERSION: one byte, major in the high nibble (0x20: 2.0, a DGT 3000).
ClockAck version_ack(std::uint8_t byte) {
    return ack_of(ClockSub::VERSION, false, byte);
}

template <class T>
std::vector<T> only(const std::vector<ClockEvent>& events) {
    std::vector<T> out;
    for (const auto& e : events)
        if (auto* t = std::get_if<T>(&e)) out.push_back(*t);
    return out;
}

TEST(ClockSession, OneCommandInFlightEachAcknowledgedInTurn) {
    ClockSession c;
    SetAndRun s;
    s.left = {0, 5, 0};
    s.right = {0, 5, 0};
    s.left_runs = true;
    auto first = c.set_and_run(s);
    auto second = c.show_text("HELLO", 0);
    ASSERT_TRUE(first && second);
    EXPECT_TRUE(c.take_output().empty()) << "nothing goes out before a tick";
    c.on_tick(1000);
    Bytes out = c.take_output();
    ASSERT_FALSE(out.empty());
    EXPECT_EQ(out[0], std::uint8_t(Command::CLOCK_MESSAGE));
    EXPECT_EQ(out[3], std::uint8_t(ClockSub::SET_AND_RUN));
    c.on_tick(2000);
    EXPECT_TRUE(c.take_output().empty()) << "the text waits for the first command's answer";
    c.on_ack(ack_of(ClockSub::SET_AND_RUN), 3000);
    out = c.take_output();
    ASSERT_FALSE(out.empty()) << "the next command goes out at once";
    EXPECT_EQ(out[3], std::uint8_t(ClockSub::VERSION)) << "the first text asks which clock it is";
    c.on_ack(version_ack(0x20), 3500);
    out = c.take_output();
    ASSERT_FALSE(out.empty());
    EXPECT_EQ(out[3], std::uint8_t(ClockSub::TEXT));
    c.on_ack(ack_of(ClockSub::TEXT), 4000);
    auto results = only<ClockCommandResult>(c.take_events());
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(results[0].id, *first);
    EXPECT_TRUE(results[0].ok);
    EXPECT_EQ(results[1].id, *second);
    EXPECT_EQ(c.queued(), 0u);
}

TEST(ClockSession, UnansweredCommandIsSentAgainThenFails) {
    ClockSession c({TimeEncoding::BINARY, 1'000'000, 3, 16});
    ASSERT_TRUE(c.end_text());
    c.on_tick(0);
    EXPECT_FALSE(c.take_output().empty());
    c.on_tick(500'000);
    EXPECT_TRUE(c.take_output().empty());
    c.on_tick(1'000'000);
    EXPECT_FALSE(c.take_output().empty()) << "second try";
    c.on_tick(2'000'000);
    EXPECT_FALSE(c.take_output().empty()) << "third try";
    c.on_tick(3'000'000);
    auto results = only<ClockCommandResult>(c.take_events());
    ASSERT_EQ(results.size(), 1u);
    EXPECT_FALSE(results[0].ok);
    EXPECT_EQ(results[0].attempts, 3);
    EXPECT_NE(results[0].error.find("no acknowledgement"), std::string::npos);
}

TEST(ClockSession, RefusedCommandAndStrayAcknowledgements) {
    ClockSession c;
    ASSERT_TRUE(c.show_text("X", 0));
    c.on_tick(0);
    c.on_ack(version_ack(0x21), 5);
    c.on_ack(ack_of(ClockSub::BEEP), 10);  // not the command in flight: ignored
    EXPECT_TRUE(only<ClockCommandResult>(c.take_events()).empty());
    c.on_ack(ack_of(ClockSub::TEXT, true), 20);
    auto results = only<ClockCommandResult>(c.take_events());
    ASSERT_EQ(results.size(), 1u);
    EXPECT_FALSE(results[0].ok);
    EXPECT_NE(results[0].error.find("refused"), std::string::npos);
}

TEST(ClockSession, ReconnectSendsTheCommandInFlightAgainWithoutCountingATry) {
    ClockSession c({TimeEncoding::BINARY, 1'000'000, 1, 16});
    ASSERT_TRUE(c.end_text());
    c.on_tick(0);
    c.take_output();
    c.on_link_restored(100);
    c.on_tick(200);
    EXPECT_FALSE(c.take_output().empty());
    c.on_ack(ack_of(ClockSub::END_TEXT), 300);
    auto results = only<ClockCommandResult>(c.take_events());
    ASSERT_EQ(results.size(), 1u);
    EXPECT_TRUE(results[0].ok);
}

TEST(ClockSession, ReadingsLeverAndFlags) {
    ClockSession c;
    BwTime none;
    none.no_clock = true;
    c.on_reading(none, 0);
    EXPECT_FALSE(c.last_reading()) << "a board without a clock";
    c.on_reading(BwTime{}, 1);
    EXPECT_FALSE(c.last_reading()) << "a clock still starting reads all zeros";
    c.on_reading(reading(300, 300, false), 2);
    c.on_reading(reading(300, 300, false), 3);
    EXPECT_EQ(only<ClockTimes>(c.take_events()).size(), 1u) << "an unchanged reading is not news";
    c.on_reading(reading(299, 300, true), 4);
    auto events = c.take_events();
    auto lever = only<ClockLever>(events);
    ASSERT_EQ(lever.size(), 1u);
    EXPECT_TRUE(lever[0].right_high);
    c.on_reading(reading(0, 250, false, true), 5);
    auto flags = only<ClockFlag>(c.take_events());
    ASSERT_EQ(flags.size(), 1u);
    EXPECT_FALSE(flags[0].right);
    c.on_reading(reading(0, 249, false, true), 6);
    EXPECT_TRUE(only<ClockFlag>(c.take_events()).empty()) << "a flag is reported once";
}

TEST(ClockSession, ButtonsAndBadCommands) {
    ClockSession c;
    ClockAck b;
    b.ack = {ACK_NORMAL, ACK_BUTTON, 0, std::uint8_t(ClockButton::PLUS)};
    c.on_ack(b, 7);
    auto buttons = only<ClockButtonPressed>(c.take_events());
    ASSERT_EQ(buttons.size(), 1u);
    EXPECT_EQ(buttons[0].button, ClockButton::PLUS);
    std::string why;
    SetAndRun bad;
    bad.left = {12, 0, 0};
    EXPECT_FALSE(c.set_and_run(bad, &why));
    EXPECT_NE(why.find("hours"), std::string::npos) << why;
}

// A DGT XL (version below 2) has no text command: a text goes out on its 6-character display
// (SUB 01), in the order its digits are wired (2 1 0 5 4 3), its first 6 characters.
TEST(ClockSession, ADgtXlShowsTheTextOnItsOwnDisplay) {
    ClockSession c;
    const auto id = c.show_text("WARN W2", 1);
    ASSERT_TRUE(id);
    c.on_tick(0);
    Bytes out = c.take_output();
    ASSERT_EQ(out.size(), 5u);
    EXPECT_EQ(out[3], std::uint8_t(ClockSub::VERSION));
    c.on_ack(version_ack(0x13), 10);  // 1.3: a DGT XL
    ASSERT_TRUE(c.version());
    EXPECT_EQ(c.version()->major, 1);
    EXPECT_EQ(c.version()->minor, 3);
    EXPECT_EQ(c.version()->kind(), ClockKind::DGT_XL);
    out = c.take_output();
    const Bytes want{std::uint8_t(Command::CLOCK_MESSAGE),
                     0x0b,
                     CLOCK_START,
                     0x01,
                     'R',
                     'A',
                     'W',
                     'W',
                     ' ',
                     'N',
                     0x00,
                     1,
                     CLOCK_END};
    EXPECT_EQ(out, want);
    c.on_ack(ack_of(ClockSub::DISPLAY), 20);
    auto results = only<ClockCommandResult>(c.take_events());
    ASSERT_EQ(results.size(), 1u) << "the version question is the session's own";
    EXPECT_EQ(results[0].id, *id);
    EXPECT_EQ(results[0].sub, ClockSub::DISPLAY);
    EXPECT_TRUE(results[0].ok);
    // Asked once: the next text goes straight out.
    ASSERT_TRUE(c.show_text("OK", 0));
    c.on_tick(30);
    EXPECT_EQ(c.take_output()[3], 0x01);
}

// A clock that never answers the question is taken for a DGT 3000, as before the question.
TEST(ClockSession, AClockThatDoesNotSayItsVersionGetsTheDgt3000Text) {
    ClockSession c({TimeEncoding::BINARY, 1'000'000, 2, 16});
    ASSERT_TRUE(c.show_text("HELLO", 0));
    c.on_tick(0);
    c.on_tick(1'000'000);  // asked again
    c.take_output();
    c.on_tick(2'000'000);  // no answer: given up, and the text goes out
    Bytes out = c.take_output();
    ASSERT_FALSE(out.empty());
    EXPECT_EQ(out[3], std::uint8_t(ClockSub::TEXT));
    EXPECT_FALSE(c.version());
    EXPECT_TRUE(only<ClockCommandResult>(c.take_events()).empty());
}

}  // namespace
}  // namespace venue::io::dgt
