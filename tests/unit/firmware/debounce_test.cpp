// Debouncer timelines: eager timestamps, confirmation against noise, bounce windows, order and
// ties, each replayed at several poll periods.
#include <gtest/gtest.h>

#include "debounce.h"
#include "timeline.h"

namespace venue::hub {
namespace {

using test::Edge;
using test::press;
using test::release;
using test::Step;

constexpr uint32_t A = 1u << 0;
constexpr uint32_t B = 1u << 1;
constexpr uint32_t C = 1u << 2;

// Poll periods from "after every sample" to slower than the confirmation window.
const Micros PERIODS[] = {0, 1, 7, 50, 333, 1000};

std::vector<Edge> run(const std::vector<Step>& steps, Micros end, Micros period,
                      DebounceConfig config = DEFAULT_BUTTON_DEBOUNCE) {
    Debouncer<4> d;
    d.configure(config);
    return test::replay(d, steps, end, period);
}

void expect_everywhere(const std::vector<Step>& steps, Micros end, const std::vector<Edge>& want) {
    for (Micros period : PERIODS) {
        SCOPED_TRACE("poll period " + std::to_string(period));
        EXPECT_EQ(run(steps, end, period), want);
    }
}

TEST(Debounce, CleanPressIsStampedAtItsFirstEdge) {
    expect_everywhere({{1000, A}}, 20000, {press(1000, 0)});
}

TEST(Debounce, PressAndReleaseWithBounceOnBothEnds) {
    // Contact bounce on closing (1000..1150) and on opening (50000..50400).
    expect_everywhere({{1000, A},
                       {1030, 0},
                       {1060, A},
                       {1100, 0},
                       {1150, A},
                       {50000, 0},
                       {50100, A},
                       {50200, 0},
                       {50400, A},
                       {50410, 0}},
                      100000, {press(1000, 0), release(50000, 0)});
}

TEST(Debounce, TwoPressesFourMicrosecondsApartKeepTheirOrder) {
    // B first, A 4 µs later: order and timestamps are the edges', not the input numbers'.
    expect_everywhere({{10000, B}, {10004, A | B}}, 30000, {press(10000, 1), press(10004, 0)});
}

TEST(Debounce, SameSamplePressesAreATie) {
    expect_everywhere({{5000, A | C}}, 30000, {press(5000, 0, A | C), press(5000, 2, A | C)});
}

TEST(Debounce, NoiseSpikeShorterThanConfirmationIsNotAPress) {
    expect_everywhere({{1000, A}, {1150, 0}}, 30000, {});
    Debouncer<4> d;
    test::replay(d, {{1000, A}, {1150, 0}}, 30000, 10);
    EXPECT_EQ(d.noise_count(), 1);
}

TEST(Debounce, NoiseSpikeBeforeARealPressDoesNotWin) {
    // A spikes at 1000 for 50 µs; B is really pressed at 1010; A really presses at 1300.
    expect_everywhere({{1000, A}, {1010, A | B}, {1050, B}, {1300, A | B}}, 30000,
                      {press(1010, 1), press(1300, 0)});
}

TEST(Debounce, OpeningShorterThanConfirmationKeepsTheFirstEdge) {
    // Documented limit of eager stamping: an opening shorter than confirm_us before the contact
    // settles is treated as bounce, so the press keeps its first edge (1000, not 1100).
    expect_everywhere({{1000, A}, {1050, 0}, {1100, A}}, 30000, {press(1000, 0)});
}

TEST(Debounce, BounceAfterAcceptanceIsIgnored) {
    // Accepted at 1200; opens for 3 ms at 2000 (less than the 5 ms bounce window): still held.
    expect_everywhere({{1000, A}, {2000, 0}, {5000, A}}, 40000, {press(1000, 0)});
}

TEST(Debounce, BounceWindowIsConfigurable) {
    const DebounceConfig fast = {100, 1000};
    for (Micros period : PERIODS) {
        // Open for 3 ms after acceptance is now a release, and the next closing a new press.
        EXPECT_EQ(run({{1000, A}, {2000, 0}, {5000, A}}, 40000, period, fast),
                  (std::vector<Edge>{press(1000, 0), release(2000, 0), press(5000, 0)}));
    }
}

TEST(Debounce, ChatterThatNeverSettlesIsDropped) {
    std::vector<Step> steps;
    for (Micros t = 1000; t < 9000; t += 100) steps.push_back({t, ((t / 100) % 2) ? A : 0u});
    steps.push_back({9000, 0});
    expect_everywhere(steps, 30000, {});
    Debouncer<4> d;
    test::replay(d, steps, 30000, 10);
    EXPECT_EQ(d.noise_count(), 2);  // given up at 6100, and the last burst when it opened
}

TEST(Debounce, EarlierBouncingPressIsNotOvertakenByACleanerLaterOne) {
    // A closes at 1000 but bounces (closed and open runs all shorter than 200 µs) until 1800,
    // so it confirms at 2000; B closes cleanly at 1010 (would confirm at 1210). A was first: it
    // must come out first, and B must wait for it.
    const std::vector<Step> steps = {{1000, A}, {1010, A | B}, {1100, B}, {1150, A | B},
                                     {1300, B}, {1350, A | B}, {1500, B}, {1550, A | B},
                                     {1700, B}, {1800, A | B}};
    expect_everywhere(steps, 30000, {press(1000, 0), press(1010, 1)});

    Debouncer<4> d;
    std::vector<Micros> at;
    test::replay(d, steps, 30000, 10, &at);
    ASSERT_EQ(at.size(), 2u);
    EXPECT_EQ(at[0], 2000u);
    EXPECT_EQ(at[1], 2000u);
}

TEST(Debounce, TieGroupWaitsForAllItsMembers) {
    // A and C close in the same sample; C bounces once and confirms later. Both come out
    // together with the same same_sample mask.
    Debouncer<4> d;
    std::vector<Micros> at;
    const auto edges = test::replay(d, {{1000, A | C}, {1050, A}, {1100, A | C}}, 30000, 10, &at);
    EXPECT_EQ(edges, (std::vector<Edge>{press(1000, 0, A | C), press(1000, 2, A | C)}));
    ASSERT_EQ(at.size(), 2u);
    EXPECT_EQ(at[0], 1300u);
}

TEST(Debounce, SettledUntilHoldsBackAtTheEarliestUndecidedPress) {
    Debouncer<4> d;
    d.sample({1000, A});
    InputEdge out[6];
    EXPECT_EQ(d.poll(1100, out, 6), 0);
    EXPECT_EQ(d.settled_until(1100), 1000u);
    EXPECT_EQ(d.poll(1200, out, 6), 1);
    EXPECT_EQ(d.settled_until(1200), 1200u);
}

TEST(Debounce, ConfigValidity) {
    EXPECT_TRUE(DebouncerBase::valid({200, 5000}));
    EXPECT_TRUE(DebouncerBase::valid({5, 5}));
    EXPECT_FALSE(DebouncerBase::valid({0, 5000}));
    EXPECT_FALSE(DebouncerBase::valid({300, 200}));
}

TEST(Debounce, SeparatePressesOfAllInputsStayInTimeOrder) {
    // 18 inputs pressed 3 µs apart in reverse input order, released later in input order.
    Debouncer<18> d;
    std::vector<Step> steps;
    uint32_t levels = 0;
    for (int i = 17; i >= 0; --i) {
        levels |= 1u << i;
        steps.push_back({Micros(1000 + 3 * (17 - i)), levels});
    }
    for (int i = 0; i < 18; ++i) {
        levels &= ~(1u << i);
        steps.push_back({Micros(100000 + 10 * i), levels});
    }
    const auto edges = test::replay(d, steps, 200000, 25);
    ASSERT_EQ(edges.size(), 36u);
    for (int k = 0; k < 18; ++k) EXPECT_EQ(edges[k], press(1000 + 3 * k, uint8_t(17 - k)));
    for (int k = 0; k < 18; ++k) EXPECT_EQ(edges[18 + k], release(100000 + 10 * k, uint8_t(k)));
}

}  // namespace
}  // namespace venue::hub
