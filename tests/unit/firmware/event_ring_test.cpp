// Event ring: acknowledgement, resend and overflow; and a lossy link simulation in which the host
// must end up with every event exactly once.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <vector>

#include "event_ring.h"

namespace venue::hub {
namespace {

void push_beam(EventRing& r, uint8_t beam) {
    wire::Beam b;
    b.seq = r.next_seq();
    b.time_us = 1000u * b.seq;
    b.beam = beam;
    b.state = wire::BeamState::BROKEN;
    uint8_t p[wire::MAX_EVENT_PAYLOAD];
    r.push(p, static_cast<uint8_t>(wire::pack(b, p)));
    ASSERT_TRUE(r.is_ok());
}

std::vector<uint32_t> drain(EventRing& r) {
    std::vector<uint32_t> seqs;
    uint8_t p[wire::MAX_EVENT_PAYLOAD];
    while (const uint8_t n = r.next_to_send(p)) {
        wire::Beam b;
        EXPECT_TRUE(wire::unpack(p, n, b));
        EXPECT_EQ(b.time_us, 1000u * b.seq);  // the payload survived storage
        seqs.push_back(b.seq);
    }
    return seqs;
}

TEST(EventRing, SendAckRewind) {
    EventRing r;
    for (int i = 0; i < 10; ++i) push_beam(r, uint8_t(i % 4));
    EXPECT_EQ(drain(r), (std::vector<uint32_t>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
    EXPECT_TRUE(drain(r).empty());
    r.ack(5);
    EXPECT_EQ(r.oldest_seq(), 6u);
    r.rewind(3);  // older than anything held: from the oldest held
    EXPECT_EQ(drain(r), (std::vector<uint32_t>{6, 7, 8, 9, 10}));
    r.rewind(9);
    EXPECT_EQ(drain(r), (std::vector<uint32_t>{9, 10}));
    r.ack(1000);  // acking the future is clamped
    EXPECT_EQ(r.oldest_seq(), 11u);
    EXPECT_EQ(r.held(), 0);
    EXPECT_TRUE(r.is_ok());
}

TEST(EventRing, OverflowDropsTheOldestAndSaysSo) {
    EventRing r;
    for (int i = 0; i < EVENT_RING_CAPACITY + 5; ++i) push_beam(r, 1);
    EXPECT_EQ(r.dropped(), 5);
    EXPECT_EQ(r.oldest_seq(), 6u);
    EXPECT_EQ(r.held(), EVENT_RING_CAPACITY);
    const auto seqs = drain(r);
    ASSERT_EQ(seqs.size(), size_t(EVENT_RING_CAPACITY));
    EXPECT_EQ(seqs.front(), 6u);
    EXPECT_EQ(seqs.back(), uint32_t(EVENT_RING_CAPACITY + 5));
}

// A host that keeps what arrives in order, acks cumulatively and asks for a resend when it sees
// a gap or learns from a heartbeat that it is behind.
TEST(EventRing, LossyLinkLosesAndDoublesNothing) {
    std::mt19937 rng(2024);
    EventRing r;
    std::vector<uint32_t> delivered;  // what the host application gets, in order
    uint32_t expected = 1;
    uint32_t produced = 0;
    for (int tick = 0; tick < 20000; ++tick) {
        if (rng() % 3 == 0 && r.held() < EVENT_RING_CAPACITY) {
            push_beam(r, uint8_t(rng() % 4));
            ++produced;
        }
        // The hub sends a couple of frames per tick; 20 % are lost on the way.
        uint8_t p[wire::MAX_EVENT_PAYLOAD];
        for (int k = 0; k < 2; ++k) {
            const uint8_t n = r.next_to_send(p);
            if (n == 0 || rng() % 5 == 0) continue;
            wire::Beam b;
            ASSERT_TRUE(wire::unpack(p, n, b));
            if (b.seq == expected) {
                delivered.push_back(b.seq);
                ++expected;
            } else if (b.seq > expected) {
                r.rewind(expected);  // gap: ResendRequest(expected)
            }                        // b.seq < expected: a duplicate from a resend, dropped by seq
        }
        if (tick % 10 == 0) {  // heartbeat: next_seq tells the host what exists
            if (r.next_seq() > expected && !r.has_unsent()) r.rewind(expected);
            if (rng() % 4 != 0) r.ack(expected - 1);  // some acks are lost too
        }
        ASSERT_TRUE(r.is_ok());
    }
    // Let it drain without new events.
    for (int tick = 0; tick < 1000 && expected < r.next_seq(); ++tick) {
        uint8_t p[wire::MAX_EVENT_PAYLOAD];
        const uint8_t n = r.next_to_send(p);
        if (n == 0) {
            r.rewind(expected);
            continue;
        }
        wire::Beam b;
        ASSERT_TRUE(wire::unpack(p, n, b));
        if (b.seq == expected) {
            delivered.push_back(b.seq);
            ++expected;
        }
    }
    EXPECT_EQ(r.dropped(), 0);
    ASSERT_EQ(delivered.size(), produced);
    for (uint32_t i = 0; i < delivered.size(); ++i) ASSERT_EQ(delivered[i], i + 1);
}

}  // namespace
}  // namespace venue::hub
