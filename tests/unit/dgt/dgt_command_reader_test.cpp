// The board's side of the command stream (used by the emulator).
#include <gtest/gtest.h>

#include "io/dgt/dgt_command_reader.h"

namespace venue::io::dgt {
namespace {

std::vector<CommandReadResult> read_all(const Bytes& bytes) {
    DgtCommandReader r;
    std::vector<CommandReadResult> out;
    for (const auto b : bytes) {
        auto x = r.push(b);
        if (!std::holds_alternative<std::monostate>(x)) out.push_back(std::move(x));
    }
    return out;
}

TEST(DgtCommandReader, EveryEncodedCommandReadsBack) {
    Bytes stream;
    encode(Command::SEND_RESET, stream);
    encode(Command::SEND_UPDATE_NICE, stream);
    ASSERT_FALSE(encode_clock_text("ABCDEFGH", 1, stream));  // letters that are command bytes
    ASSERT_FALSE(encode_set_leds(1, 2, 3, stream));
    encode(Command::RETURN_LONG_SERIALNR, stream);
    const auto got = read_all(stream);
    ASSERT_EQ(got.size(), 5u);
    EXPECT_EQ(std::get<CommandFrame>(got[0]).command, Command::SEND_RESET);
    EXPECT_EQ(std::get<CommandFrame>(got[1]).command, Command::SEND_UPDATE_NICE);
    const auto& clock = std::get<CommandFrame>(got[2]);
    EXPECT_EQ(clock.command, Command::CLOCK_MESSAGE);
    const auto cc = decode_clock_command(clock.data);
    ASSERT_TRUE(cc);
    EXPECT_EQ(cc->sub, ClockSub::TEXT);
    EXPECT_EQ(cc->payload, (Bytes{'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 1}));
    EXPECT_EQ(std::get<CommandFrame>(got[3]).data, (Bytes{1, 2, 3, 0}));
    EXPECT_EQ(std::get<CommandFrame>(got[4]).command, Command::RETURN_LONG_SERIALNR);
}

TEST(DgtCommandReader, UnknownBytesAreReported) {
    const auto got = read_all(Bytes{0x48, 0x42});
    ASSERT_EQ(got.size(), 2u);
    EXPECT_EQ(std::get<CommandError>(got[0]).byte, 0x48);
    EXPECT_EQ(std::get<CommandFrame>(got[1]).command, Command::SEND_BRD);
}

TEST(DgtCommandReader, MalformedClockFrame) {
    EXPECT_FALSE(decode_clock_command(Bytes{0x03, 0x0b}));        // no end byte
    EXPECT_FALSE(decode_clock_command(Bytes{0x04, 0x0b, 0x00}));  // wrong start byte
    EXPECT_TRUE(decode_clock_command(Bytes{0x03, 0x0b, 0x00}));
}

TEST(DgtCommandReader, SetAndRunDecodesInTheConfiguredEncoding) {
    const Bytes bcd{0x01, 0x30, 0x59, 0x00, 0x05, 0x07, 0x02};
    const auto s = decode_set_and_run(bcd, TimeEncoding::BCD);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->left, (ClockTime{1, 30, 59}));
    EXPECT_EQ(s->right, (ClockTime{0, 5, 7}));
    EXPECT_TRUE(s->right_runs);
    // The same bytes read as binary: 0x59 = 89 seconds is impossible.
    EXPECT_FALSE(decode_set_and_run(bcd, TimeEncoding::BINARY));
    EXPECT_FALSE(decode_set_and_run(Bytes{0, 0, 0}, TimeEncoding::BINARY));
}

}  // namespace
}  // namespace venue::io::dgt
