// BWTIME: clock times (BCD) and clock acknowledgements, decoded as the protocol doc describes.
#include <gtest/gtest.h>

#include "io/dgt/dgt_clock.h"

namespace venue::io::dgt {
namespace {

using Payload = std::array<std::uint8_t, BWTIME_PAYLOAD>;

std::variant<BwTime, ClockAck, ClockDecodeError> decode(const Payload& p) {
    return decode_bwtime(std::span<const std::uint8_t, BWTIME_PAYLOAD>(p));
}

TEST(DgtClock, TimesAreRightPlayerFirstInBcd) {
    // right 1:23:45 flag shown, left 0:05:09, running, right to move, lever right high.
    const Payload p{0x41, 0x23, 0x45, 0x00, 0x05, 0x09, 0x01 | 0x02 | 0x08};
    const auto r = decode(p);
    ASSERT_TRUE(std::holds_alternative<BwTime>(r));
    const auto t = std::get<BwTime>(r);
    EXPECT_EQ(t.right.time, (ClockTime{1, 23, 45}));
    EXPECT_TRUE(t.right.flag_shown);
    EXPECT_FALSE(t.right.flag_blocked);
    EXPECT_EQ(t.left.time, (ClockTime{0, 5, 9}));
    EXPECT_TRUE(t.running);
    EXPECT_TRUE(t.lever_right_high);
    EXPECT_TRUE(t.right_to_move);
    EXPECT_FALSE(t.left_to_move);
    EXPECT_FALSE(t.battery_low);
    EXPECT_FALSE(t.no_clock);
    EXPECT_FALSE(t.all_zero());
    EXPECT_EQ(encode_bwtime(t), p);
}

TEST(DgtClock, EveryFlagAndStatusBit) {
    const Payload p{0x10 | 0x20 | 9, 0x59, 0x59, 0x40, 0, 0, 0x04 | 0x10 | 0x20};
    const auto t = std::get<BwTime>(decode(p));
    EXPECT_TRUE(t.right.flag_blocked);
    EXPECT_TRUE(t.right.time_per_move);
    EXPECT_EQ(t.right.time, (ClockTime{9, 59, 59}));
    EXPECT_TRUE(t.left.flag_shown);
    EXPECT_TRUE(t.battery_low);
    EXPECT_TRUE(t.left_to_move);
    EXPECT_TRUE(t.no_clock);
    EXPECT_EQ(encode_bwtime(t), p);
}

TEST(DgtClock, AllZeroReadingIsFlagged) {
    const auto t = std::get<BwTime>(decode(Payload{}));
    EXPECT_TRUE(t.all_zero());
}

TEST(DgtClock, ImpossibleValuesNameTheByte) {
    auto r = decode(Payload{0x00, 0x60, 0x00, 0x00, 0x00, 0x00, 0x00});  // minutes 60
    ASSERT_TRUE(std::holds_alternative<ClockDecodeError>(r));
    EXPECT_EQ(std::get<ClockDecodeError>(r).offset, 4);
    EXPECT_EQ(std::get<ClockDecodeError>(r).value, 0x60);
    r = decode(Payload{0x00, 0x00, 0x00, 0x00, 0x00, 0x1a, 0x00});  // left seconds digit a
    ASSERT_TRUE(std::holds_alternative<ClockDecodeError>(r));
    EXPECT_EQ(std::get<ClockDecodeError>(r).offset, 8);
    EXPECT_STREQ(std::get<ClockDecodeError>(r).field, "left seconds (BCD)");
    r = decode(Payload{0x0b, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00});  // hours nibble 11
    ASSERT_TRUE(std::holds_alternative<ClockDecodeError>(r));
    EXPECT_EQ(std::get<ClockDecodeError>(r).offset, 3);
}

TEST(DgtClock, AcknowledgementOfSetAndRun) {
    // b3 and b6 carry the 0x0a marker; ack0 0x10 normal, ack1 0x0a the command acknowledged.
    const auto r = decode(Payload{0x0a, 0x10, 0x0a, 0x0a, 0x00, 0x00, 0x00});
    ASSERT_TRUE(std::holds_alternative<ClockAck>(r));
    const auto a = std::get<ClockAck>(r);
    EXPECT_EQ(a.ack, (std::array<std::uint8_t, 4>{0x10, 0x0a, 0x00, 0x00}));
    EXPECT_FALSE(a.is_error());
    EXPECT_FALSE(a.is_button());
    EXPECT_EQ(a.command(), 0x0a);
}

TEST(DgtClock, AcknowledgementMarkerOnEitherHoursByte) {
    // Only b6 marked: still an acknowledgement.
    const auto r = decode(Payload{0x00, 0x40, 0x0b, 0x0a, 0x00, 0x00, 0x00});
    ASSERT_TRUE(std::holds_alternative<ClockAck>(r));
    EXPECT_TRUE(std::get<ClockAck>(r).is_error());
}

TEST(DgtClock, TopBitsOfTheAckBytesComeFromTheHoursBytes) {
    // ack1 = (b5 & 0x7f) | ((b6 << 2) & 0x80): b6 bit 5 gives 0x88 from b5 = 0x08.
    // ack3 = (b8 & 0x7f) | ((b3 << 2) & 0x80).
    const auto r = decode(Payload{0x0a, 0x10, 0x08, 0x2a, 0x00, 0x33, 0x00});
    const auto a = std::get<ClockAck>(r);
    EXPECT_EQ(a.ack[1], 0x88);
    EXPECT_TRUE(a.is_button());
    EXPECT_EQ(a.button(), ClockButton::RUN);
    EXPECT_FALSE(a.command());

    // Each top bit separately: b6 bit 4 -> ack0, b3 bit 4 -> ack2, b3 bit 5 -> ack3.
    EXPECT_EQ(std::get<ClockAck>(decode(Payload{0x0a, 0, 0, 0x1a, 0, 0, 0})).ack[0], 0x80);
    EXPECT_EQ(std::get<ClockAck>(decode(Payload{0x1a, 0, 0, 0x0a, 0, 0, 0})).ack[2], 0x80);
    EXPECT_EQ(std::get<ClockAck>(decode(Payload{0x2a, 0, 0, 0x0a, 0, 0, 0})).ack[3], 0x80);
}

TEST(DgtClock, AckEncodingRoundTripsEveryByteValue) {
    for (int v = 0; v < 256; ++v) {
        const auto b = static_cast<std::uint8_t>(v);
        const ClockAck a{{b, static_cast<std::uint8_t>(255 - v),
                          static_cast<std::uint8_t>(v ^ 0x5a), static_cast<std::uint8_t>(v * 7)}};
        const Payload p = encode_clock_ack(a);
        for (const auto byte : p) EXPECT_LT(byte, 0x80);
        const auto r = decode(p);
        ASSERT_TRUE(std::holds_alternative<ClockAck>(r));
        EXPECT_EQ(std::get<ClockAck>(r), a);
    }
}

TEST(DgtClock, Bcd) {
    EXPECT_EQ(decode_bcd_60(0x59), 59);
    EXPECT_EQ(decode_bcd_60(0x00), 0);
    EXPECT_FALSE(decode_bcd_60(0x60));
    EXPECT_FALSE(decode_bcd_60(0x0a));
    EXPECT_EQ(encode_bcd(47), 0x47);
}

}  // namespace
}  // namespace venue::io::dgt
