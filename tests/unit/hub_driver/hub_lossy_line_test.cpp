// HubSession against the real firmware core (venue::hub_core) over an in-memory line that drops
// and corrupts bytes and is cut for two seconds: every event arrives once and in order, every
// command is applied exactly once. Deterministic: simulated time, seeded noise, no threads.
#include <gtest/gtest.h>

#include <random>

#include "hub.h"
#include "hub_wire.h"

namespace venue::test {
namespace {

constexpr io::HostNanos MS = 1'000'000;

// Bytes in one direction: each is lost with p_drop, or has a bit flipped with p_flip.
class NoisyLine {
  public:
    NoisyLine(unsigned seed, double p_drop, double p_flip)
        : rng_(seed), drop_(p_drop), flip_(p_flip) {}

    Bytes carry(const std::uint8_t* data, std::size_t n) {
        Bytes out;
        for (std::size_t i = 0; i < n; ++i) {
            if (drop_(rng_)) continue;
            std::uint8_t b = data[i];
            if (flip_(rng_)) b = static_cast<std::uint8_t>(b ^ (1u << (rng_() % 8)));
            out.push_back(b);
        }
        return out;
    }

  private:
    std::mt19937 rng_;
    std::bernoulli_distribution drop_;
    std::bernoulli_distribution flip_;
};

struct LossyResult {
    std::vector<std::uint32_t> seqs;
    std::size_t presses = 0;
    std::size_t acked_commands = 0;
    std::uint64_t remaining_a = 0;
    io::HubSessionStats stats;
};

LossyResult run_lossy(unsigned seed, double p_drop, double p_flip) {
    constexpr std::uint64_t DELTA_US = 1'000'000;
    constexpr int COMMANDS = 20;
    hub::Hub hub({0xAB, 99, wire::BootReason::POWER_ON, 1, 1}, 0);
    io::HubSession host;
    NoisyLine up(seed, p_drop, p_flip);
    NoisyLine down(seed + 1000, p_drop, p_flip);
    LossyResult r;
    const io::HostNanos host0 = 50'000 * MS;
    bool linked = false;
    std::uint32_t levels = 0;
    int submitted = 0;
    std::uint8_t frame_buf[hub::MAX_WIRE_FRAME];
    for (std::uint64_t t_us = 0; t_us < 30'000'000; t_us += 500) {
        const io::HostNanos now = host0 + static_cast<io::HostNanos>(t_us) * 1000;
        // The cable is out from 10 s to 12 s.
        const bool want_link = t_us >= 100'000 && (t_us < 10'000'000 || t_us >= 12'000'000);
        if (want_link && !linked) host.on_link_up(now);
        if (!want_link && linked) host.on_link_down(now, "cut");
        linked = want_link;

        // A press every 150 ms for 25 s (button 0..7), held 20 ms.
        if (t_us < 25'000'000 && t_us % 150'000 == 0) {
            levels |= 1u << (t_us / 150'000 % 8);
            hub.fast_sample({t_us, levels});
            ++r.presses;
        } else if (t_us % 150'000 == 20'000 && levels != 0) {
            levels = 0;
            hub.fast_sample({t_us, levels});
        }
        if (t_us % 1'000'000 == 500'000 && submitted < COMMANDS) {
            wire::ClockAddTime add;
            add.side = wire::Team::A;
            add.delta_us = DELTA_US;
            EXPECT_TRUE(host.submit(add, now));
            ++submitted;
        }
        hub.slow_sample({t_us, 0});
        hub.poll(t_us);
        while (const std::size_t n = hub.next_frame(t_us, frame_buf)) {
            if (!linked) continue;
            const Bytes b = up.carry(frame_buf, n);
            host.on_bytes(b, now);
        }
        host.on_tick(now);
        for (const io::HubEvent& e : host.take_events()) {
            if (const auto* in = std::get_if<io::HubInput>(&e)) r.seqs.push_back(in->seq);
            if (std::holds_alternative<io::HubCommandResult>(e)) ++r.acked_commands;
        }
        const Bytes out = host.take_output();
        if (linked) {
            for (const std::uint8_t b : down.carry(out.data(), out.size())) {
                (void)hub.receive(b, t_us);
            }
        }
        EXPECT_TRUE(host.is_ok());
    }
    r.remaining_a = hub.clock().remaining(wire::Team::A, 30'000'000);
    r.stats = host.stats();
    EXPECT_EQ(submitted, COMMANDS);
    return r;
}

void expect_exactly_once(const LossyResult& r) {
    ASSERT_GT(r.presses, 150u);
    ASSERT_EQ(r.seqs.size(), r.presses) << "one ButtonPress per press (no team armed)";
    for (std::size_t i = 0; i < r.seqs.size(); ++i) ASSERT_EQ(r.seqs[i], i + 1);
    EXPECT_EQ(r.acked_commands, 20u);
    EXPECT_EQ(r.remaining_a, 20u * 1'000'000u) << "each ClockAddTime applied exactly once";
}

TEST(HubLossyLine, CleanLineWithACut) {
    const LossyResult r = run_lossy(1, 0.0, 0.0);
    expect_exactly_once(r);
    EXPECT_EQ(r.stats.crc_errors, 0u);
}

TEST(HubLossyLine, DroppedAndCorruptedBytesAndACut) {
    for (unsigned seed = 1; seed <= 4; ++seed) {
        SCOPED_TRACE(seed);
        const LossyResult r = run_lossy(seed, 0.002, 0.002);
        expect_exactly_once(r);
        EXPECT_GT(r.stats.crc_errors + r.stats.resyncs, 0u);
        EXPECT_GT(r.stats.resend_requests, 0u);
        std::printf(
            "seed %u: %zu events, crc errors %llu, resyncs %llu, resend requests %llu, "
            "duplicates %llu, command retries %llu\n",
            seed, r.seqs.size(), static_cast<unsigned long long>(r.stats.crc_errors),
            static_cast<unsigned long long>(r.stats.resyncs),
            static_cast<unsigned long long>(r.stats.resend_requests),
            static_cast<unsigned long long>(r.stats.duplicates),
            static_cast<unsigned long long>(r.stats.command_retries));
    }
}

}  // namespace
}  // namespace venue::test
