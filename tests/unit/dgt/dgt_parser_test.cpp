// The board -> host message parser: every message, resynchronisation, impossible lengths and
// messages split across reads.
#include <gtest/gtest.h>

#include <random>

#include "io/dgt/dgt_message_writer.h"
#include "io/dgt/dgt_parser.h"

namespace venue::io::dgt {
namespace {

Bytes start_dump() {
    Bytes b{0x86, 0x00, 0x43};  // 67 = 0x43
    for (const Piece p : start_position()) b.push_back(code_of(p));
    return b;
}

template <class T>
T only_message(const Bytes& bytes) {
    const auto results = parse_all(bytes);
    EXPECT_EQ(results.size(), 1u);
    if (results.size() != 1) return {};
    const auto* m = std::get_if<Message>(&results[0]);
    EXPECT_TRUE(m) << (std::holds_alternative<ParseError>(results[0])
                           ? describe(std::get<ParseError>(results[0]))
                           : "");
    if (!m) return {};
    EXPECT_TRUE(std::holds_alternative<T>(*m)) << "variant index " << m->index();
    return std::holds_alternative<T>(*m) ? std::get<T>(*m) : T{};
}

ParseError only_error(const Bytes& bytes) {
    const auto results = parse_all(bytes);
    EXPECT_EQ(results.size(), 1u);
    if (results.empty() || !std::holds_alternative<ParseError>(results[0])) {
        ADD_FAILURE() << "no error";
        return {};
    }
    return std::get<ParseError>(results[0]);
}

TEST(DgtParser, BoardDump) {
    EXPECT_EQ(only_message<BoardDump>(start_dump()).squares, start_position());
}

TEST(DgtParser, FieldUpdateMasksTheLowNibble) {
    const auto f = only_message<FieldUpdate>(Bytes{0x8e, 0x00, 0x05, 52, 0x00});
    EXPECT_EQ(f.square, 52);
    EXPECT_EQ(f.piece, Piece::EMPTY);
    const auto g = only_message<FieldUpdate>(Bytes{0x8e, 0x00, 0x05, 36, 0x41});
    EXPECT_EQ(g.square, 36);
    EXPECT_EQ(g.piece, Piece::W_PAWN);
}

TEST(DgtParser, BwTimeTimesAndAck) {
    const auto t =
        only_message<BwTime>(Bytes{0x8d, 0x00, 0x0a, 0x01, 0x02, 0x03, 0x00, 0x59, 0x00, 0x09});
    EXPECT_EQ(t.right.time, (ClockTime{1, 2, 3}));
    EXPECT_EQ(t.left.time, (ClockTime{0, 59, 0}));
    EXPECT_TRUE(t.running);
    EXPECT_TRUE(t.right_to_move);
    const auto a =
        only_message<ClockAck>(Bytes{0x8d, 0x00, 0x0a, 0x0a, 0x10, 0x0c, 0x0a, 0x00, 0x00, 0x00});
    EXPECT_EQ(a.command(), 0x0c);
}

TEST(DgtParser, SerialNumbersVersionTrademarkBusAddress) {
    EXPECT_EQ(only_message<SerialNr>(Bytes{0x91, 0x00, 0x08, '1', '2', '3', '4', '5'}).digits,
              "12345");
    EXPECT_EQ(only_message<LongSerialNr>(
                  Bytes{0xa2, 0x00, 0x0d, '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'})
                  .digits,
              "0123456789");
    const auto v = only_message<Version>(Bytes{0x93, 0x00, 0x05, 0x03, 0x01});
    EXPECT_EQ(v.major, 3);
    EXPECT_EQ(v.minor, 1);
    EXPECT_EQ(only_message<Trademark>(Bytes{0x92, 0x00, 0x06, 'D', 'G', 'T'}).text, "DGT");
    EXPECT_EQ(only_message<BusAdres>(Bytes{0x90, 0x00, 0x05, 0x01, 0x02}).address, 130);
}

TEST(DgtParser, VariableLengthMessages) {
    const auto ee = only_message<EeMoves>(Bytes{0x8f, 0x00, 0x07, 0x6a, 0x01, 0x02, 0x6b});
    EXPECT_EQ(ee.data, (std::vector<std::uint8_t>{0x6a, 0x01, 0x02, 0x6b}));
    EXPECT_TRUE(only_message<EeMoves>(Bytes{0x8f, 0x00, 0x03}).data.empty());
    // Long EE_MOVES: length in both 7-bit bytes (0x1f40 = 8000 = 0x3e 0x40).
    Bytes big{0x8f, 0x3e, 0x40};
    big.resize(8000, 0x11);
    EXPECT_EQ(only_message<EeMoves>(big).data.size(), 8000u - 3);

    const auto bat = only_message<BatteryStatus>(Bytes{0xa0, 0x00, 0x05, 0x55, 0x01});
    EXPECT_EQ(bat.percent, 0x55);
    EXPECT_EQ(bat.data.size(), 2u);
    const auto odd = only_message<BatteryStatus>(Bytes{0xa0, 0x00, 0x04, 0x7f});
    EXPECT_FALSE(odd.percent);  // 127 % is no charge: kept raw, not believed
    EXPECT_TRUE(only_message<BatteryStatus>(Bytes{0xa0, 0x00, 0x03}).data.empty());
}

TEST(DgtParser, EveryMessageRoundTripsThroughTheWriter) {
    BoardCodes rot = rotated(start_position());
    rot[5] = Piece::MAGIC_DRAW;
    BwTime t;
    t.left.time = {2, 0, 0};
    t.left_to_move = true;
    t.running = true;
    const std::vector<Message> messages{
        BoardDump{rot},
        FieldUpdate{63, Piece::B_QUEEN},
        t,
        ClockAck{{0x10, 0x88, 0x00, 0x35}},
        SerialNr{"24680"},
        LongSerialNr{"1357924680"},
        Version{1, 7},
        Trademark{"Digital Game Technology\r\nCopyright (c)"},
        BusAdres{0x3fff},
        EeMoves{{1, 2, 3, 4}},
        BatteryStatus{{90, 0, 0}, 90},
    };
    Bytes stream;
    for (const auto& m : messages) write(m, stream);
    const auto results = parse_all(stream);
    ASSERT_EQ(results.size(), messages.size());
    for (std::size_t i = 0; i < messages.size(); ++i) {
        ASSERT_TRUE(std::holds_alternative<Message>(results[i])) << i;
        EXPECT_EQ(std::get<Message>(results[i]), messages[i]) << i;
    }
}

TEST(DgtParser, SplitReadsByteByByte) {
    Bytes stream = start_dump();
    write_field_update(12, Piece::B_PAWN, stream);
    write_serialnr("00042", stream);
    DgtParser p;
    std::vector<Message> got;
    for (std::size_t i = 0; i < stream.size(); ++i) {
        ParseResult r = p.push(stream[i]);
        ASSERT_FALSE(std::holds_alternative<ParseError>(r)) << "at byte " << i;
        if (auto* m = std::get_if<Message>(&r)) {
            got.push_back(*m);
            // A message completes exactly on its last byte.
            EXPECT_TRUE(i == 66 || i == 71 || i == stream.size() - 1) << i;
        }
    }
    ASSERT_EQ(got.size(), 3u);
    EXPECT_EQ(std::get<FieldUpdate>(got[1]), (FieldUpdate{12, Piece::B_PAWN}));
    EXPECT_EQ(std::get<SerialNr>(got[2]).digits, "00042");
    EXPECT_EQ(p.stats().messages, 3u);
    EXPECT_EQ(p.stats().errors, 0u);
    EXPECT_EQ(p.stats().bytes, stream.size());
}

TEST(DgtParser, AnySplitGivesTheSameMessages) {
    Bytes stream;
    for (int i = 0; i < 20; ++i)
        write_field_update(static_cast<std::uint8_t>(i), Piece::W_ROOK, stream);
    const Bytes dump = start_dump();
    stream.insert(stream.end(), dump.begin(), dump.end());
    const auto whole = parse_all(stream);
    std::mt19937 rng(7);
    for (int trial = 0; trial < 50; ++trial) {
        DgtParser p;
        std::vector<ParseResult> got;
        std::size_t pos = 0;
        while (pos < stream.size()) {
            const std::size_t n = std::min<std::size_t>(1 + rng() % 9, stream.size() - pos);
            p.feed(std::span(stream).subspan(pos, n), [&](const auto& r) { got.emplace_back(r); });
            pos += n;
        }
        EXPECT_EQ(got, whole);
    }
}

TEST(DgtParser, GarbageIsReportedOnceAndTheParserResynchronises) {
    Bytes stream{0x01, 0x02, 0x03, 0x7f};  // line noise before the first message
    write_field_update(4, Piece::W_KING, stream);
    const auto results = parse_all(stream);
    ASSERT_EQ(results.size(), 2u);
    const auto& e = std::get<ParseError>(results[0]);
    EXPECT_EQ(e.code, ParseErrorCode::STRAY_BYTE);
    EXPECT_EQ(e.byte, 0x01);
    EXPECT_EQ(std::get<FieldUpdate>(std::get<Message>(results[1])),
              (FieldUpdate{4, Piece::W_KING}));
}

TEST(DgtParser, UnknownIdIsSkippedWithItsData) {
    Bytes stream{0xff, 0x00, 0x05, 0x01, 0x02};
    write_version(2, 0, stream);
    const auto results = parse_all(stream);
    ASSERT_EQ(results.size(), 2u);
    const auto& e = std::get<ParseError>(results[0]);
    EXPECT_EQ(e.code, ParseErrorCode::UNKNOWN_ID);
    EXPECT_EQ(e.byte, 0xff);
    EXPECT_EQ(std::get<Version>(std::get<Message>(results[1])), (Version{2, 0}));
}

TEST(DgtParser, ImpossibleLengthNamesTheBytes) {
    const auto e = only_error(Bytes{0x86, 0x00, 0x05});
    EXPECT_EQ(e.code, ParseErrorCode::BAD_LENGTH);
    EXPECT_EQ(e.id, 0x86);
    EXPECT_EQ(e.len_hi, 0x00);
    EXPECT_EQ(e.len_lo, 0x05);
    EXPECT_EQ(e.length, 5);
    EXPECT_EQ(describe(e), "BOARD_DUMP (0x86): impossible length 0x00 0x05 = 5, expected 67");

    const auto f = only_error(Bytes{0x8e, 0x7f, 0x7f});
    EXPECT_EQ(f.length, 0x3fff);
    EXPECT_NE(describe(f).find("0x7f 0x7f = 16383, expected 5"), std::string::npos) << describe(f);

    const auto g = only_error(Bytes{0x8f, 0x00, 0x02});  // shorter than its own header
    EXPECT_NE(describe(g).find("expected 3..16383"), std::string::npos) << describe(g);

    const auto h = only_error(Bytes{0x92, 0x10, 0x00});  // a 2 KB trademark
    EXPECT_EQ(h.code, ParseErrorCode::BAD_LENGTH);
}

TEST(DgtParser, AfterAnImpossibleLengthTheDataIsSkippedUntilTheNextMessage) {
    Bytes stream{0x8e, 0x00, 0x43};  // a field update claiming 67 bytes
    for (int i = 0; i < 64; ++i) stream.push_back(0x01);
    write_field_update(9, Piece::B_ROOK, stream);
    const auto results = parse_all(stream);
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(std::get<ParseError>(results[0]).code, ParseErrorCode::BAD_LENGTH);
    EXPECT_EQ(std::get<FieldUpdate>(std::get<Message>(results[1])),
              (FieldUpdate{9, Piece::B_ROOK}));
}

TEST(DgtParser, TruncatedMessageAndTheInterruptingMessageSurvives) {
    Bytes stream = start_dump();
    stream.resize(40);  // cable glitch: the rest of the dump is lost
    write_field_update(1, Piece::B_KNIGHT, stream);
    const auto results = parse_all(stream);
    ASSERT_EQ(results.size(), 2u);
    const auto& e = std::get<ParseError>(results[0]);
    EXPECT_EQ(e.code, ParseErrorCode::TRUNCATED);
    EXPECT_EQ(e.id, 0x86);
    EXPECT_EQ(e.offset, 40);
    EXPECT_EQ(e.byte, 0x8e);
    EXPECT_NE(describe(e).find("cut short at byte 40 by 0x8e (FIELD_UPDATE)"), std::string::npos)
        << describe(e);
    EXPECT_EQ(std::get<FieldUpdate>(std::get<Message>(results[1])),
              (FieldUpdate{1, Piece::B_KNIGHT}));
}

TEST(DgtParser, HeaderCutShort) {
    Bytes stream{0x91, 0x00};
    write_serialnr("11111", stream);
    const auto results = parse_all(stream);
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(std::get<ParseError>(results[0]).code, ParseErrorCode::TRUNCATED);
    EXPECT_EQ(std::get<ParseError>(results[0]).offset, 2);
    EXPECT_EQ(std::get<SerialNr>(std::get<Message>(results[1])).digits, "11111");
}

TEST(DgtParser, TruncatedByAnUnknownIdSkipsToTheNextMessage) {
    Bytes stream{0x8e, 0x00, 0x05, 0x10, 0xc0, 0x01, 0x02};
    write_field_update(2, Piece::W_PAWN, stream);
    const auto results = parse_all(stream);
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(std::get<ParseError>(results[0]).code, ParseErrorCode::TRUNCATED);
    EXPECT_EQ(std::get<ParseError>(results[0]).byte, 0xc0);
    EXPECT_TRUE(std::holds_alternative<Message>(results[1]));
}

TEST(DgtParser, ImpossibleFieldsNameTheByte) {
    auto e = only_error(Bytes{0x8e, 0x00, 0x05, 64, 0x01});
    EXPECT_EQ(e.code, ParseErrorCode::BAD_FIELD);
    EXPECT_EQ(e.offset, 3);
    EXPECT_EQ(e.byte, 64);
    EXPECT_EQ(describe(e), "FIELD_UPDATE (0x8e): byte 3 = 0x40 is not a valid square (0..63)");

    Bytes dump = start_dump();
    dump[3 + 10] = 0x20;
    e = only_error(dump);
    EXPECT_EQ(e.offset, 13);
    EXPECT_EQ(e.byte, 0x20);

    e = only_error(Bytes{0x8d, 0x00, 0x0a, 0x00, 0x7a, 0x00, 0x00, 0x00, 0x00, 0x00});
    EXPECT_EQ(e.offset, 4);
    EXPECT_STREQ(e.field, "right minutes (BCD)");

    e = only_error(Bytes{0x91, 0x00, 0x08, '1', '2', 0x07, '4', '5'});
    EXPECT_EQ(e.offset, 5);
    EXPECT_EQ(e.byte, 0x07);
}

TEST(DgtParser, ResetDropsAPartialMessage) {
    DgtParser p;
    const Bytes dump = start_dump();
    for (std::size_t i = 0; i < 30; ++i) p.push(dump[i]);
    p.reset();
    Bytes update;
    write_field_update(3, Piece::W_BISHOP, update);
    std::vector<ParseResult> got;
    for (const auto b : update) {
        auto r = p.push(b);
        if (!std::holds_alternative<std::monostate>(r)) got.push_back(r);
    }
    ASSERT_EQ(got.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<Message>(got[0]));
    EXPECT_EQ(p.stats().skipped, 30u);
}

TEST(DgtParser, RandomNoiseNeverLosesTheFollowingMessage) {
    std::mt19937 rng(1234);
    for (int trial = 0; trial < 500; ++trial) {
        Bytes stream;
        const std::size_t n = rng() % 200;
        for (std::size_t i = 0; i < n; ++i) stream.push_back(static_cast<std::uint8_t>(rng()));
        // Noise may leave a variable-length message open: a valid message after it is still
        // recognised once the noise's message is closed by its top-bit id byte.
        write_serialnr("98765", stream);
        const auto results = parse_all(stream);
        ASSERT_FALSE(results.empty());
        const auto* m = std::get_if<Message>(&results.back());
        ASSERT_TRUE(m) << "trial " << trial;
        EXPECT_EQ(std::get<SerialNr>(*m).digits, "98765");
    }
}

}  // namespace
}  // namespace venue::io::dgt
