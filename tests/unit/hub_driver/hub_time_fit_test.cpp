// HubTimeFit against a simulated hub clock with drift and one-sided transport jitter.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "hub_wire.h"
#include "io/hub/hub_time_fit.h"

namespace venue::test {
namespace {

using io::HostNanos;

// The hub's crystal runs fast by drift_ppm: hub µs per host µs = 1 + drift. Returns the host ns
// at which the hub clock shows hub_us (origin: host 10 s, hub 0).
struct HubClock {
    double drift_ppm;
    HostNanos at(std::uint64_t hub_us) const {
        return 10'000'000'000 +
               static_cast<HostNanos>(
                   std::llround(1000.0 * static_cast<double>(hub_us) / (1.0 + drift_ppm * 1e-6)));
    }
};

struct Result {
    double worst_ratio = 0;      // |error| / estimate, over every check
    double worst_steady_ns = 0;  // |error| once the window is full
    int checks = 0;
    int outside = 0;  // |error| > estimate
    double coverage() const { return 1.0 - static_cast<double>(outside) / checks; }
};

// Heartbeats every 100 ms for `seconds`; each arrives floor + U(0, jitter) after it was stamped.
// From the 20th on, checks the mapping at hub times between and beyond heartbeats against the
// true time plus the floor.
Result run(io::HubTimeFit& fit, const HubClock& clock, HostNanos floor_ns, HostNanos jitter_ns,
           int seconds, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<HostNanos> jitter(0, jitter_ns);
    Result r;
    for (int i = 0; i < seconds * 10; ++i) {
        const std::uint64_t hub_us = 1'000'000 + 100'000ull * static_cast<std::uint64_t>(i);
        fit.add(hub_us, clock.at(hub_us) + floor_ns + jitter(rng));
        if (i < 20) continue;
        for (const std::uint64_t probe : {hub_us - 1'500'000, hub_us - 50'000, hub_us + 80'000}) {
            const double err = static_cast<double>(fit.to_host(probe) - clock.at(probe) - floor_ns);
            const double est = static_cast<double>(fit.error_ns_at(probe));
            r.worst_ratio = std::max(r.worst_ratio, std::abs(err) / est);
            ++r.checks;
            if (std::abs(err) > est) ++r.outside;
            if (fit.samples() == io::HubTimeFit::WINDOW) {
                r.worst_steady_ns = std::max(r.worst_steady_ns, std::abs(err));
            }
        }
    }
    return r;
}

TEST(HubTimeFit, UnfitUntilEnoughSamples) {
    io::HubTimeFit fit;
    EXPECT_EQ(fit.error_ns(), io::HubTimeFit::UNFIT_ERROR_NS);
    fit.add(1000, 5'000'000);
    EXPECT_EQ(fit.to_host(2000), 6'000'000) << "one sample: nominal rate";
    EXPECT_FALSE(fit.has_fit());
}

TEST(HubTimeFit, DriftOf50PpmWithJitterStaysWithinTheEstimate) {
    for (unsigned seed = 1; seed <= 5; ++seed) {
        io::HubTimeFit fit;
        const HubClock clock{50.0};
        const Result r = run(fit, clock, 150'000, 1'000'000, 120, seed);
        // 1/(1+50e-6) - 1: the host clock advances 49.9975 ppm less than the hub's.
        EXPECT_NEAR(fit.drift_ppm(), -50.0, 3.0) << "seed " << seed;
        // The estimate is statistical (3 sigma): it may be exceeded rarely, never by much.
        EXPECT_GE(r.coverage(), 0.99) << "seed " << seed;
        EXPECT_LE(r.worst_ratio, 1.5) << "seed " << seed;
        EXPECT_LT(r.worst_steady_ns, 100'000) << "seed " << seed;
        EXPECT_LT(fit.error_ns(), 150'000);
        EXPECT_GT(fit.error_ns(), 0);
        std::printf(
            "seed %u: drift %.2f ppm, final estimate %lld ns, worst steady error %.0f ns, "
            "%.2f%% of %d within the estimate, worst %.2f of it\n",
            seed, fit.drift_ppm(), static_cast<long long>(fit.error_ns()), r.worst_steady_ns,
            100.0 * r.coverage(), r.checks, r.worst_ratio);
    }
}

TEST(HubTimeFit, NegativeDriftAndTightJitter) {
    io::HubTimeFit fit;
    const Result r = run(fit, HubClock{-80.0}, 50'000, 50'000, 60, 9);
    EXPECT_NEAR(fit.drift_ppm(), 80.0, 2.0);
    EXPECT_GE(r.coverage(), 0.99);
    EXPECT_LE(r.worst_ratio, 1.5);
    EXPECT_LT(r.worst_steady_ns, 20'000);
}

TEST(HubTimeFit, BackwardsHubTimeIsIgnoredAndResetStartsOver) {
    io::HubTimeFit fit;
    fit.add(1'000'000, 1'000'000'000);
    fit.add(1'100'000, 1'100'000'000);
    fit.add(500, 1'200'000'000);
    EXPECT_EQ(fit.samples(), 2u);
    fit.reset();
    EXPECT_EQ(fit.samples(), 0u);
    fit.add(500, 1'200'000'000);
    EXPECT_EQ(fit.to_host(1500), 1'201'000'000);
}

TEST(HubTimeFit, SessionMapsEventTimesThroughHeartbeats) {
    constexpr HostNanos MS = 1'000'000;
    io::HubSession s;
    const HubClock clock{50.0};
    std::mt19937 rng(3);
    std::uniform_int_distribution<HostNanos> jitter(0, 2 * MS);
    s.on_link_up(clock.at(0));
    s.on_bytes(frame(handshake(1'000'000)), clock.at(1'000'000) + jitter(rng));
    std::uint64_t hub = 1'000'000;
    for (int i = 0; i < 600; ++i) {
        hub += 100'000;
        s.on_bytes(frame(heartbeat(hub, 1, 1)), clock.at(hub) + jitter(rng));
    }
    (void)s.take_events();
    s.on_bytes(frame(press(1, hub + 30'000)), clock.at(hub + 40'000) + jitter(rng));
    const auto inputs = only_events<io::HubInput>(s.take_events());
    ASSERT_EQ(inputs.size(), 1u);
    const HostNanos err = inputs[0].host_time_ns - clock.at(hub + 30'000);
    EXPECT_LE(std::abs(err), inputs[0].host_error_ns) << "error " << err;
    EXPECT_LT(inputs[0].host_error_ns, 500'000);
}

}  // namespace
}  // namespace venue::test
