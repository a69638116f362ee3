// Red-line crossing direction from the order of two beams.
#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "crossing.h"

namespace venue::hub {
namespace {

constexpr BeamPosition O = BeamPosition::OUTER;
constexpr BeamPosition I = BeamPosition::INNER;

struct BeamStep {
    BeamPosition beam;
    bool broken;
    Micros t;
};

std::vector<CrossingReport> run(const std::vector<BeamStep>& steps) {
    CrossingDetector d;
    std::vector<CrossingReport> out;
    for (const BeamStep& s : steps) {
        CrossingReport r;
        if (d.on_beam(s.beam, s.broken, s.t, &r)) out.push_back(r);
    }
    EXPECT_TRUE(d.idle());
    return out;
}

TEST(Crossing, OuterThenInnerIsIn) {
    auto r = run({{O, true, 100}, {I, true, 300}, {O, false, 500}, {I, false, 700}});
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].direction, wire::Direction::IN);
    EXPECT_EQ(r[0].started, 100u);
    EXPECT_EQ(r[0].finished, 700u);
}

TEST(Crossing, InnerThenOuterIsOut) {
    auto r = run({{I, true, 100}, {O, true, 300}, {I, false, 500}, {O, false, 700}});
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].direction, wire::Direction::OUT);
}

TEST(Crossing, TurningBackIsNoCrossing) {
    // Into both beams, then back out the way it came.
    EXPECT_TRUE(run({{O, true, 100}, {I, true, 300}, {I, false, 500}, {O, false, 700}}).empty());
    // A hand through the outer beam only.
    EXPECT_TRUE(run({{O, true, 100}, {O, false, 200}}).empty());
    // Beams never broken together (too far apart for this body): not judged.
    EXPECT_TRUE(run({{O, true, 100}, {O, false, 200}, {I, true, 300}, {I, false, 400}}).empty());
}

TEST(Crossing, ConsecutiveCrossings) {
    auto r = run({{O, true, 1},
                  {I, true, 2},
                  {O, false, 3},
                  {I, false, 4},  // in
                  {I, true, 10},
                  {O, true, 11},
                  {I, false, 12},
                  {O, false, 13}}  // out
    );
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[0].direction, wire::Direction::IN);
    EXPECT_EQ(r[1].direction, wire::Direction::OUT);
}

}  // namespace
}  // namespace venue::hub
