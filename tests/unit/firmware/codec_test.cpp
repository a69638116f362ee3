// CRC, COBS and frame codec: known vectors, round trips of every message type, and recovery from
// garbage on the line.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "cobs.h"
#include "crc16.h"
#include "frame.h"
#include "venue_wire.h"

namespace venue::hub {
namespace {

using Bytes = std::vector<uint8_t>;

Bytes cobs(const Bytes& in) {
    Bytes out(cobs_max_encoded(in.size()));
    out.resize(cobs_encode(in.data(), in.size(), out.data()));
    return out;
}

// Feeds bytes to a decoder and collects every decoded frame (and counts errors).
struct Collected {
    std::vector<Bytes> frames;
    int errors = 0;
};

Collected cobs_decode_all(const Bytes& stream, size_t capacity = 512) {
    Bytes buf(capacity);
    CobsDecoder d(buf.data(), buf.size());
    Collected c;
    for (uint8_t b : stream) {
        switch (d.push(b)) {
            case CobsDecoder::Result::FRAME:
                c.frames.emplace_back(d.data(), d.data() + d.size());
                break;
            case CobsDecoder::Result::ERROR:
                ++c.errors;
                break;
            case CobsDecoder::Result::NONE:
                break;
        }
    }
    return c;
}

TEST(Crc16, CheckValue) {
    const char* s = "123456789";
    EXPECT_EQ(crc16(reinterpret_cast<const uint8_t*>(s), 9), 0x29B1);
    static_assert(crc16_text("123456789") == 0x29B1, "constexpr CRC");
}

TEST(Cobs, KnownVectors) {
    // From the COBS paper / Wikipedia examples.
    EXPECT_EQ(cobs({0x00}), (Bytes{0x01, 0x01}));
    EXPECT_EQ(cobs({0x00, 0x00}), (Bytes{0x01, 0x01, 0x01}));
    EXPECT_EQ(cobs({0x11, 0x22, 0x00, 0x33}), (Bytes{0x03, 0x11, 0x22, 0x02, 0x33}));
    EXPECT_EQ(cobs({0x11, 0x22, 0x33, 0x44}), (Bytes{0x05, 0x11, 0x22, 0x33, 0x44}));
    EXPECT_EQ(cobs({0x11, 0x00, 0x00, 0x00}), (Bytes{0x02, 0x11, 0x01, 0x01, 0x01}));
    Bytes run254;
    for (int i = 1; i <= 254; ++i) run254.push_back(static_cast<uint8_t>(i));
    Bytes expect = {0xFF};
    expect.insert(expect.end(), run254.begin(), run254.end());
    expect.push_back(0x01);  // empty trailing block after a full one
    EXPECT_EQ(cobs(run254), expect);
}

TEST(Cobs, RoundTripsEveryLengthAndZeroDensity) {
    std::mt19937 rng(7);
    for (size_t len = 1; len < 600; len += (len < 300 ? 1 : 37)) {
        for (int density : {0, 2, 50}) {  // percent of zero bytes
            Bytes in(len);
            for (auto& b : in) b = (rng() % 100 < unsigned(density)) ? 0 : uint8_t(1 + rng() % 255);
            Bytes wire = cobs(in);
            ASSERT_EQ(std::count(wire.begin(), wire.end(), 0), 0);
            ASSERT_LE(wire.size(), cobs_max_encoded(len));
            wire.push_back(0);
            const Collected c = cobs_decode_all(wire, 1024);
            ASSERT_EQ(c.errors, 0) << len;
            ASSERT_EQ(c.frames.size(), 1u) << len;
            EXPECT_EQ(c.frames[0], in) << len;
        }
    }
}

TEST(Cobs, ResynchronisesAfterTruncationAndOverflow) {
    Bytes stream = {0x05, 0x11, 0x22, 0x00};  // block says 4 data bytes, only 2 came: error
    Bytes good = cobs({0xAA, 0x00, 0xBB});
    stream.insert(stream.end(), good.begin(), good.end());
    stream.push_back(0);
    stream.push_back(0);  // empty frame: ignored, not an error
    Bytes longer(40, 0x07);
    stream.insert(stream.end(), longer.begin(), longer.end());  // longer than the buffer
    stream.push_back(0);
    stream.insert(stream.end(), good.begin(), good.end());
    stream.push_back(0);
    const Collected c = cobs_decode_all(stream, 16);
    EXPECT_EQ(c.errors, 2);
    ASSERT_EQ(c.frames.size(), 2u);
    EXPECT_EQ(c.frames[0], (Bytes{0xAA, 0x00, 0xBB}));
    EXPECT_EQ(c.frames[1], (Bytes{0xAA, 0x00, 0xBB}));
}

// --- frames
// ---------------------------------------------------------------------------------------

// Fills a message with a deterministic pattern through its own packed bytes, so every field gets
// a distinct non-default value.
template <class M>
M patterned(uint8_t salt) {
    uint8_t payload[wire::MAX_PAYLOAD];
    payload[0] = static_cast<uint8_t>(M::TYPE);
    for (size_t i = 1; i <= M::BODY_SIZE; ++i) payload[i] = static_cast<uint8_t>(salt + 13 * i);
    M m;
    EXPECT_TRUE(wire::unpack(payload, 1 + M::BODY_SIZE, m));
    return m;
}

struct Decoded {
    std::vector<Bytes> payloads;
    std::vector<FrameError> errors;
};

Decoded decode_all(const Bytes& stream) {
    FrameDecoder d;
    Decoded out;
    for (uint8_t b : stream) {
        switch (d.push(b)) {
            case FrameDecoder::Result::FRAME:
                out.payloads.emplace_back(d.payload(), d.payload() + d.payload_size());
                break;
            case FrameDecoder::Result::ERROR:
                out.errors.push_back(d.error());
                break;
            case FrameDecoder::Result::NONE:
                break;
        }
    }
    return out;
}

template <class M>
Bytes frame_of(const M& m) {
    Bytes out(MAX_WIRE_FRAME);
    out.resize(encode_message(m, out.data()));
    return out;
}

template <class M>
void expect_round_trip(uint8_t salt) {
    SCOPED_TRACE(static_cast<int>(M::TYPE));
    const M m = patterned<M>(salt);
    const Bytes wire_bytes = frame_of(m);
    ASSERT_GE(wire_bytes.size(), 4u);
    EXPECT_LE(wire_bytes.size(), MAX_WIRE_FRAME);
    EXPECT_EQ(wire_bytes.back(), 0);
    EXPECT_EQ(std::count(wire_bytes.begin(), wire_bytes.end(), 0), 1);
    const Decoded d = decode_all(wire_bytes);
    ASSERT_TRUE(d.errors.empty());
    ASSERT_EQ(d.payloads.size(), 1u);
    M back;
    ASSERT_TRUE(wire::unpack(d.payloads[0].data(), d.payloads[0].size(), back));
    uint8_t a[wire::MAX_PAYLOAD];
    uint8_t b[wire::MAX_PAYLOAD];
    const size_t na = wire::pack(m, a);
    ASSERT_EQ(wire::pack(back, b), na);
    EXPECT_EQ(0, std::memcmp(a, b, na));
    EXPECT_EQ(na, 1 + M::BODY_SIZE);
}

TEST(Frame, EveryMessageRoundTrips) {
#define VW_MESSAGE_BEGIN(Name, TYPE_NAME, id, kind, doc) \
    expect_round_trip<wire::Name>(3);                    \
    expect_round_trip<wire::Name>(200);
#include "venue_wire.def"
}

TEST(Frame, LittleEndianLayout) {
    wire::EventAck ack;
    ack.seq = 0x11223344;
    uint8_t p[wire::MAX_PAYLOAD];
    ASSERT_EQ(wire::pack(ack, p), 5u);
    EXPECT_EQ(p[0], 0x41);
    EXPECT_EQ(p[1], 0x44);
    EXPECT_EQ(p[4], 0x11);
    wire::ClockAddTime add;
    add.delta_us = -2;
    ASSERT_EQ(wire::pack(add, p), 12u);
    for (int i = 4; i < 12; ++i) EXPECT_EQ(p[i], i == 4 ? 0xFE : 0xFF);
}

TEST(Frame, RejectsCorruptionWithTheRightReason) {
    wire::ArmTeam arm;
    arm.cmd_id = 9;
    arm.team = wire::Team::B;
    const Bytes good = frame_of(arm);

    // Flip each bit of the encoded frame (except the delimiter): never accepted as a frame.
    for (size_t i = 0; i + 1 < good.size(); ++i) {
        for (int bit = 0; bit < 8; ++bit) {
            Bytes bad = good;
            bad[i] = static_cast<uint8_t>(bad[i] ^ (1 << bit));
            const Decoded d = decode_all(bad);
            EXPECT_TRUE(d.payloads.empty()) << i << ":" << bit;
        }
    }

    uint8_t checked[8] = {0x53, 9, 0, 1};  // type, body... without CRC and one byte short
    Bytes shorter(16);
    shorter.resize(cobs_encode(checked, 4, shorter.data()));
    shorter.push_back(0);
    EXPECT_EQ(decode_all(shorter).errors, std::vector<FrameError>{FrameError::LENGTH});

    uint8_t unknown[6] = {0x3F, 1, 2, 3, 4, 5};
    Bytes u(16);
    u.resize(cobs_encode(unknown, 6, u.data()));
    u.push_back(0);
    EXPECT_EQ(decode_all(u).errors, std::vector<FrameError>{FrameError::UNKNOWN_TYPE});

    Bytes crc_bad = good;
    crc_bad[2] ^= 0x01;  // a body byte (no zero created: cmd_id low byte 9 -> 8)
    EXPECT_EQ(decode_all(crc_bad).errors, std::vector<FrameError>{FrameError::CRC});
}

TEST(Frame, CrcExtraSeparatesMessagesOfEqualLength) {
    // ReleaseClaim, ClockReset, ClockPause and ClockResume all have a 2-byte body: a frame built
    // for one type but carrying another type byte must fail the CRC.
    wire::ClockPause pause;
    pause.cmd_id = 77;
    uint8_t p[wire::MAX_PAYLOAD];
    const size_t n = wire::pack(pause, p);
    const uint16_t crc = frame_crc(p, n);
    p[0] = static_cast<uint8_t>(wire::MessageType::CLOCK_RESUME);
    EXPECT_NE(frame_crc(p, n), crc);
    EXPECT_NE(wire::crc_extra(wire::MessageType::CLOCK_PAUSE),
              wire::crc_extra(wire::MessageType::CLOCK_RESUME));
}

TEST(Frame, SurvivesRandomGarbageBetweenFrames) {
    std::mt19937 rng(42);
    Bytes stream;
    std::vector<uint32_t> sent;
    for (uint32_t seq = 1; seq <= 300; ++seq) {
        const int garbage = static_cast<int>(rng() % 40);
        for (int g = 0; g < garbage; ++g) stream.push_back(static_cast<uint8_t>(rng()));
        stream.push_back(0);  // a receiver needs one delimiter after garbage to find the next frame
        wire::EventAck ack;
        ack.seq = seq;
        const Bytes f = frame_of(ack);
        stream.insert(stream.end(), f.begin(), f.end());
        sent.push_back(seq);
    }
    const Decoded d = decode_all(stream);
    std::vector<uint32_t> got;
    for (const Bytes& p : d.payloads) {
        wire::EventAck ack;
        if (wire::unpack(p.data(), p.size(), ack)) got.push_back(ack.seq);
    }
    // Every real frame arrives; garbage never decodes as an EventAck with an unexpected seq.
    EXPECT_EQ(got, sent);
    EXPECT_FALSE(d.errors.empty());
}

TEST(Schema, SizesAndHash) {
    EXPECT_EQ(wire::Heartbeat::BODY_SIZE, wire::MAX_FRAME_BODY);
    EXPECT_EQ(wire::MAX_EVENT_PAYLOAD, 1 + wire::Paddle::BODY_SIZE);
    EXPECT_EQ(wire::body_size(static_cast<wire::MessageType>(0xEE)), 0u);
    EXPECT_NE(wire::SCHEMA_HASH, 0);
    EXPECT_TRUE(wire::is_valid(wire::Team::NONE));
    EXPECT_FALSE(wire::is_valid(static_cast<wire::Team>(7)));
}

}  // namespace
}  // namespace venue::hub
