// SettleFilter as timelines: boards at times, polls, and the stable boards that come out.
#include <gtest/gtest.h>

#include "sensing/settle.h"
#include "sensing_test_util.h"

namespace venue::sensing::testing {
namespace {

using namespace chess;

constexpr std::int64_t MS = 1000;

Snapshot at(const Placement& p, std::int64_t t_ms) {
    return Snapshot{p, t_ms * MS};
}

struct Boards {
    Placement start = placement_of(start_pos());
    Placement e4 = board_after(start_pos(), {"e2e4"});
    Placement lifted = edit(start, {"e2="});
};
const Boards& boards() {
    static const Boards b;
    return b;
}

TEST(Settle, BoardMustHoldForTheSettleTime) {
    SettleFilter f(250 * MS);
    EXPECT_FALSE(f.feed(at(boards().start, 0)));
    EXPECT_FALSE(f.poll(249 * MS));
    EXPECT_FALSE(f.has_stable());
    EXPECT_TRUE(f.poll(250 * MS));
    EXPECT_EQ(f.stable().squares, boards().start);
    EXPECT_EQ(f.stable().t_us, 0);   // when it was first sensed, not when it settled
    EXPECT_FALSE(f.poll(400 * MS));  // nothing new
    EXPECT_EQ(f.stable_serial(), 1u);
    EXPECT_TRUE(f.is_ok());
}

TEST(Settle, ChangeRestartsTheClock) {
    SettleFilter f(250 * MS);
    f.feed(at(boards().start, 0));
    f.feed(at(boards().lifted, 100));
    f.feed(at(boards().e4, 300));
    EXPECT_FALSE(f.poll(549 * MS));
    EXPECT_FALSE(
        f.has_stable());  // neither boards().start (100 ms) nor boards().lifted (200 ms) settled
    EXPECT_TRUE(f.poll(550 * MS));
    EXPECT_EQ(f.stable().squares, boards().e4);
    EXPECT_EQ(f.stable().t_us, 300 * MS);
}

TEST(Settle, RepeatedIdenticalBoardsDoNotRestartTheClock) {
    SettleFilter f(250 * MS);
    f.feed(at(boards().e4, 0));
    f.feed(at(boards().e4, 200));
    EXPECT_TRUE(f.poll(250 * MS));
    EXPECT_EQ(f.stable().t_us, 0);
}

TEST(Settle, FeedSettlesThePreviousBoardWithoutPolls) {
    SettleFilter f(250 * MS);
    f.feed(at(boards().start, 0));
    EXPECT_TRUE(f.feed(at(boards().lifted, 900)));  // boards().start stood 900 ms
    EXPECT_EQ(f.stable().squares, boards().start);
    EXPECT_EQ(f.latest().squares, boards().lifted);
}

TEST(Settle, FlickerBackToTheStableBoardIsNothingNew) {
    SettleFilter f(250 * MS);
    f.feed(at(boards().start, 0));
    f.poll(300 * MS);
    const auto serial = f.stable_serial();
    f.feed(at(edit(boards().start, {"d4=q"}), 400));  // a ghost piece for 30 ms
    f.feed(at(boards().start, 430));
    EXPECT_FALSE(f.poll(1000 * MS));
    EXPECT_EQ(f.stable_serial(), serial);
}

TEST(Settle, SameTimelineAtEveryPollRate) {
    const std::vector<Snapshot> timeline = {
        at(boards().start, 0), at(boards().lifted, 500),
        at(boards().start, 560),  // put back at once: no stable lift
        at(boards().lifted, 1000), at(boards().e4, 1400)};
    for (std::int64_t period : {1 * MS, 10 * MS, 50 * MS, 100 * MS}) {
        SettleFilter f(250 * MS);
        std::vector<Placement> stable;
        std::int64_t t = 0;
        for (const Snapshot& s : timeline) {
            for (; t < s.t_us; t += period)
                if (f.poll(t)) stable.push_back(f.stable().squares);
            if (f.feed(s)) stable.push_back(f.stable().squares);
        }
        for (; t < 3000 * MS; t += period)
            if (f.poll(t)) stable.push_back(f.stable().squares);
        EXPECT_EQ(stable, (std::vector<Placement>{boards().start, boards().lifted, boards().e4}))
            << "period " << period;
    }
}

TEST(Settle, TimeGoingBackwardsIsTakenAsTheLastTime) {
    SettleFilter f(250 * MS);
    f.feed(at(boards().start, 1000));
    f.feed(at(boards().e4,
              500));  // a caller bug; must not settle boards().start early or break invariants
    EXPECT_TRUE(f.is_ok());
    EXPECT_EQ(f.latest().t_us, 1000 * MS);
    EXPECT_FALSE(f.poll(1249 * MS));
    EXPECT_TRUE(f.poll(1250 * MS));
    EXPECT_EQ(f.stable().squares, boards().e4);
}

}  // namespace
}  // namespace venue::sensing::testing
