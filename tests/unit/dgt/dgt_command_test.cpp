// Host -> board command encoding, byte for byte.
#include <gtest/gtest.h>

#include "io/dgt/dgt_command.h"

namespace venue::io::dgt {
namespace {

Bytes one(Command c) {
    Bytes out;
    encode(c, out);
    return out;
}

TEST(DgtCommand, OneByteCommandsHaveTheDocumentedCodes) {
    EXPECT_EQ(one(Command::SEND_RESET), Bytes{0x40});
    EXPECT_EQ(one(Command::SEND_CLK), Bytes{0x41});
    EXPECT_EQ(one(Command::SEND_BRD), Bytes{0x42});
    EXPECT_EQ(one(Command::SEND_UPDATE), Bytes{0x43});
    EXPECT_EQ(one(Command::SEND_UPDATE_BRD), Bytes{0x44});
    EXPECT_EQ(one(Command::RETURN_SERIALNR), Bytes{0x45});
    EXPECT_EQ(one(Command::RETURN_BUSADRES), Bytes{0x46});
    EXPECT_EQ(one(Command::SEND_TRADEMARK), Bytes{0x47});
    EXPECT_EQ(one(Command::SEND_EE_MOVES), Bytes{0x49});
    EXPECT_EQ(one(Command::TO_BUSMODE), Bytes{0x4a});
    EXPECT_EQ(one(Command::SEND_UPDATE_NICE), Bytes{0x4b});
    EXPECT_EQ(one(Command::SEND_BATTERY_STATUS), Bytes{0x4c});
    EXPECT_EQ(one(Command::SEND_VERSION), Bytes{0x4d});
    EXPECT_EQ(one(Command::RETURN_LONG_SERIALNR), Bytes{0x55});
}

TEST(DgtCommand, NamesAndMembership) {
    EXPECT_TRUE(is_command(0x42));
    EXPECT_TRUE(is_command(0x2b));
    EXPECT_FALSE(is_command(0x48));
    EXPECT_STREQ(command_name(0x4b), "SEND_UPDATE_NICE");
    EXPECT_STREQ(command_name(0x00), "?");
}

TEST(DgtCommand, CommandsAppendSoTheyCanBeBatched) {
    Bytes out;
    encode(Command::SEND_UPDATE_NICE, out);
    encode(Command::SEND_VERSION, out);
    encode(Command::SEND_BRD, out);
    EXPECT_EQ(out, (Bytes{0x4b, 0x4d, 0x42}));
}

TEST(DgtCommand, SetLeds) {
    Bytes out;
    EXPECT_FALSE(encode_set_leds(1, 12, 28, out));
    EXPECT_EQ(out, (Bytes{0x60, 0x04, 0x01, 12, 28, 0x00}));
    const auto e = encode_set_leds(1, 64, 0, out);
    ASSERT_TRUE(e);
    EXPECT_STREQ(e->field, "start");
}

TEST(DgtCommand, ClockFramesCountTheBytesAfterSize) {
    Bytes out;
    encode_clock_end_text(out);
    EXPECT_EQ(out, (Bytes{0x2b, 0x03, 0x03, 0x03, 0x00}));
    out.clear();
    encode_clock_version(out);
    EXPECT_EQ(out, (Bytes{0x2b, 0x03, 0x03, 0x09, 0x00}));
    out.clear();
    encode_clock_button(out);
    EXPECT_EQ(out, (Bytes{0x2b, 0x03, 0x03, 0x08, 0x00}));
    out.clear();
    EXPECT_FALSE(encode_clock_beep(5, out));
    EXPECT_EQ(out, (Bytes{0x2b, 0x04, 0x03, 0x0b, 0x05, 0x00}));
}

TEST(DgtCommand, ClockText) {
    Bytes out;
    EXPECT_FALSE(encode_clock_text("CLAIM", 2, out));
    EXPECT_EQ(out,
              (Bytes{0x2b, 0x0c, 0x03, 0x0c, 'C', 'L', 'A', 'I', 'M', ' ', ' ', ' ', 0x02, 0x00}));
    out.clear();
    auto e = encode_clock_text("TOO LONG!", 0, out);
    ASSERT_TRUE(e);
    EXPECT_STREQ(e->field, "text");
    e = encode_clock_text("ab\x01", 0, out);
    ASSERT_TRUE(e);
    EXPECT_STREQ(e->field, "text[2]");
    EXPECT_NE(describe(*e).find("text[2] = 1"), std::string::npos) << describe(*e);
    e = encode_clock_text("ok", 0x80, out);
    ASSERT_TRUE(e);
    EXPECT_STREQ(e->field, "beep");
    EXPECT_TRUE(out.empty());  // nothing is appended on error
}

TEST(DgtCommand, SetAndRunBinaryAndBcd) {
    SetAndRun s;
    s.left = {1, 30, 59};
    s.right = {0, 5, 7};
    s.right_runs = true;
    Bytes bin;
    EXPECT_FALSE(encode_clock_set_and_run(s, TimeEncoding::BINARY, bin));
    EXPECT_EQ(bin, (Bytes{0x2b, 0x0a, 0x03, 0x0a, 1, 30, 59, 0, 5, 7, 0x02, 0x00}));
    Bytes bcd;
    EXPECT_FALSE(encode_clock_set_and_run(s, TimeEncoding::BCD, bcd));
    EXPECT_EQ(bcd, (Bytes{0x2b, 0x0a, 0x03, 0x0a, 0x01, 0x30, 0x59, 0x00, 0x05, 0x07, 0x02, 0x00}));

    s.left_runs = true;
    s.right_runs = false;
    s.pause = true;
    bin.clear();
    EXPECT_FALSE(encode_clock_set_and_run(s, TimeEncoding::BINARY, bin));
    EXPECT_EQ(bin[10], 0x05);
}

TEST(DgtCommand, SetAndRunRejectsWhatTheClockCannotShow) {
    Bytes out;
    SetAndRun s;
    s.left.minutes = 60;
    auto e = encode_clock_set_and_run(s, TimeEncoding::BCD, out);
    ASSERT_TRUE(e);
    EXPECT_STREQ(e->field, "left.minutes");
    EXPECT_EQ(e->value, 60);
    s.left.minutes = 0;
    s.right.hours = 10;
    e = encode_clock_set_and_run(s, TimeEncoding::BINARY, out);
    ASSERT_TRUE(e);
    EXPECT_STREQ(e->field, "right.hours");
    EXPECT_TRUE(out.empty());
}

TEST(DgtCommand, RawClockPayloadMustKeepTheTopBitClear) {
    Bytes out;
    const std::uint8_t bad[] = {0x01, 0x90};
    const auto e = encode_clock(ClockSub::ICONS, bad, out);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->value, 0x90);
    const std::uint8_t ok[] = {0x01, 0x10};
    EXPECT_FALSE(encode_clock(ClockSub::ICONS, ok, out));
    EXPECT_EQ(out, (Bytes{0x2b, 0x05, 0x03, 0x02, 0x01, 0x10, 0x00}));
}

}  // namespace
}  // namespace venue::io::dgt
