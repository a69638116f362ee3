// The army clock (Betza's N-way clock): switching in batting order, presses from the wrong
// station, pause/resume, exact flag times, the increment, order changes with eliminated armies,
// the host's overrides, and 2 and 8 armies.
#include <gtest/gtest.h>

#include <vector>

#include "army_clock.h"

namespace venue::hub {
namespace {

using wire::ClockState;
using wire::CommandStatus;
using wire::TurnEffect;

constexpr Micros S = 1000000;
constexpr Micros MIN = 60 * S;

// Army i at station i, in `order` (0..n-1 when empty).
ArmyClock make(uint8_t armies, Micros time, uint32_t increment = 0,
               std::vector<uint8_t> order = {}) {
    if (order.empty()) {
        for (uint8_t a = 0; a < armies; ++a) order.push_back(a);
    }
    std::vector<uint8_t> stations;
    for (uint8_t a = 0; a < armies; ++a) stations.push_back(a);
    ArmyClock c;
    EXPECT_EQ(c.configure(armies, time, increment, order.data(), stations.data()),
              CommandStatus::OK);
    EXPECT_TRUE(c.is_ok());
    return c;
}

// Checks for a flag at `now` as the hub does before every action, and that the clock is sane.
bool flagged(ArmyClock& c, Micros now, ArmyFlagReport* f = nullptr) {
    ArmyFlagReport local;
    const bool r = c.check_flag(now, f ? f : &local);
    EXPECT_TRUE(c.is_ok());
    return r;
}

TurnReport press(ArmyClock& c, uint8_t station, Micros now) {
    EXPECT_FALSE(flagged(c, now));
    const TurnReport r = c.end_turn(station, now);
    EXPECT_TRUE(c.is_ok());
    return r;
}

TEST(ArmyClock, SwitchesInBattingOrderAtEachPressOfTheStationOnMove) {
    ArmyClock c = make(4, 10 * MIN, 0, {2, 0, 3, 1});
    EXPECT_EQ(c.state(), ClockState::STOPPED);
    EXPECT_EQ(c.on_move(), NO_ARMY);
    ASSERT_EQ(c.start(2, 1 * S), CommandStatus::OK);
    EXPECT_EQ(c.next_army(), 0);

    // 2 -> 0 -> 3 -> 1 -> 2: each press ends the turn of the army on move, at the press.
    const uint8_t expected[] = {0, 3, 1, 2};
    Micros t = 1 * S;
    uint8_t army = 2;
    for (const uint8_t next : expected) {
        t += 7 * S;
        const TurnReport r = press(c, army, t);
        EXPECT_EQ(r.effect, TurnEffect::ENDED);
        EXPECT_EQ(r.army, army);
        EXPECT_EQ(r.next, next);
        EXPECT_EQ(c.on_move(), next);
        army = next;
    }
    // Each army used 7 s; army 2 has run another 3 s of its second turn.
    EXPECT_EQ(c.remaining(2, t + 3 * S), 10 * MIN - 7 * S - 3 * S);
    for (const uint8_t a : {0, 1, 3}) EXPECT_EQ(c.remaining(a, t + 3 * S), 10 * MIN - 7 * S);
}

TEST(ArmyClock, APressFromAnotherStationChangesNothing) {
    ArmyClock c = make(3, 5 * MIN);
    ASSERT_EQ(c.start(0, 0), CommandStatus::OK);
    for (const uint8_t station : {1, 2, 7, 200}) {
        const TurnReport r = press(c, station, 10 * S);
        EXPECT_EQ(r.effect, TurnEffect::NOT_ON_MOVE);
        EXPECT_EQ(r.army, 0);
        EXPECT_EQ(r.next, 0);
        EXPECT_EQ(r.remaining, 5 * MIN - 10 * S);
    }
    EXPECT_EQ(c.on_move(), 0);
    EXPECT_EQ(c.remaining(0, 20 * S), 5 * MIN - 20 * S);
    EXPECT_EQ(c.remaining(1, 20 * S), 5 * MIN);
    EXPECT_EQ(press(c, 0, 20 * S).effect, TurnEffect::ENDED);
    EXPECT_EQ(c.on_move(), 1);
}

TEST(ArmyClock, PressesDoNothingWhenStoppedPausedOrFlagged) {
    ArmyClock c = make(2, 2 * S);
    TurnReport r = press(c, 0, 0);
    EXPECT_EQ(r.effect, TurnEffect::STOPPED);
    EXPECT_EQ(r.army, NO_ARMY);
    EXPECT_EQ(c.state(), ClockState::STOPPED);

    ASSERT_EQ(c.start(1, 0), CommandStatus::OK);
    ASSERT_EQ(c.pause(1 * S), CommandStatus::OK);
    r = press(c, 1, 1500000);
    EXPECT_EQ(r.effect, TurnEffect::PAUSED);
    EXPECT_EQ(r.remaining, 1 * S);
    EXPECT_EQ(c.on_move(), 1);

    ASSERT_EQ(c.resume(10 * S), CommandStatus::OK);
    ASSERT_TRUE(flagged(c, 12 * S));
    EXPECT_EQ(c.end_turn(1, 12 * S).effect, TurnEffect::FLAGGED);
    EXPECT_EQ(c.on_move(), 1);
}

TEST(ArmyClock, PauseAndResumeStopTheTimeOfTheArmyOnMoveOnly) {
    ArmyClock c = make(3, 1 * MIN);
    ASSERT_EQ(c.start(0, 0), CommandStatus::OK);
    EXPECT_EQ(c.resume(1 * S), CommandStatus::BAD_STATE);
    ASSERT_EQ(c.pause(10 * S), CommandStatus::OK);
    EXPECT_EQ(c.pause(11 * S), CommandStatus::BAD_STATE);
    EXPECT_EQ(c.state(), ClockState::PAUSED);
    EXPECT_EQ(c.remaining(0, 100 * S), 50 * S);  // frozen while paused
    ASSERT_EQ(c.resume(100 * S), CommandStatus::OK);
    EXPECT_EQ(c.remaining(0, 105 * S), 45 * S);
    EXPECT_EQ(press(c, 0, 105 * S).remaining, 45 * S);
    EXPECT_EQ(c.remaining(0, 200 * S), 45 * S);
    EXPECT_EQ(c.remaining(1, 105 * S + 30 * S), 30 * S);
}

TEST(ArmyClock, FlagFallsAtTheExactMicrosecond) {
    ArmyClock c = make(3, 90 * S);
    ASSERT_EQ(c.start(1, 1234), CommandStatus::OK);
    ASSERT_EQ(press(c, 1, 1234 + 40 * S).effect, TurnEffect::ENDED);  // army 2 from here
    const Micros army2_flag = 1234 + 40 * S + 90 * S;
    EXPECT_FALSE(flagged(c, army2_flag - 1));
    ArmyFlagReport f;
    ASSERT_TRUE(flagged(c, army2_flag + 900, &f));  // noticed 900 µs late...
    EXPECT_EQ(f.time, army2_flag);                  // ...reported at the exact time
    EXPECT_EQ(f.army, 2);
    EXPECT_EQ(c.state(), ClockState::FLAGGED);
    EXPECT_EQ(c.remaining(2, army2_flag + 5 * S), 0u);
    EXPECT_EQ(c.remaining(1, army2_flag + 5 * S), 50 * S);
    EXPECT_FALSE(flagged(c, army2_flag + 10 * S));                       // once only
    EXPECT_EQ(c.resume(army2_flag + 10 * S), CommandStatus::BAD_STATE);  // no time left
}

TEST(ArmyClock, APressJustBeforeTheFlagSavesIt) {
    ArmyClock c = make(2, 3 * S);
    ASSERT_EQ(c.start(0, 0), CommandStatus::OK);
    const TurnReport r = press(c, 0, 3 * S - 1);
    EXPECT_EQ(r.effect, TurnEffect::ENDED);
    EXPECT_EQ(r.remaining, 1u);
    EXPECT_FALSE(flagged(c, 4 * S));
    EXPECT_EQ(c.on_move(), 1);
}

TEST(ArmyClock, FischerIncrementIsAddedWhenATurnEnds) {
    ArmyClock c = make(3, 5 * MIN, 10 * S);
    ASSERT_EQ(c.start(0, 0), CommandStatus::OK);
    EXPECT_EQ(c.remaining(0, 0), 5 * MIN);  // none before the first turn ends
    TurnReport r = press(c, 0, 30 * S);
    EXPECT_EQ(r.remaining, 5 * MIN - 30 * S + 10 * S);
    EXPECT_EQ(c.remaining(0, 1000 * S), 5 * MIN - 20 * S);
    r = press(c, 1, 35 * S);
    EXPECT_EQ(r.remaining, 5 * MIN + 5 * S);
    // A host switch is an override: no increment.
    ASSERT_EQ(c.set_on_move(0, 40 * S), CommandStatus::OK);
    EXPECT_EQ(c.remaining(2, 40 * S), 5 * MIN - 5 * S);
    EXPECT_EQ(c.on_move(), 0);
    EXPECT_EQ(c.remaining(0, 41 * S), 5 * MIN - 20 * S - 1 * S);
}

TEST(ArmyClock, EliminatedArmyLeavesTheOrderMidGame) {
    // Order 0 1 2 3, each army at its own station. Army 1 mates army 2 during its turn: 2 passes
    // to station 1 and drops out of the order.
    ArmyClock c = make(4, 10 * MIN);
    ASSERT_EQ(c.start(0, 0), CommandStatus::OK);
    ASSERT_EQ(press(c, 0, 5 * S).next, 1);
    const uint8_t order[] = {0, 1, 3};
    const uint8_t stations[] = {0, 1, 1, 3};
    ASSERT_EQ(c.set_order(order, 3, stations, 8 * S), CommandStatus::OK);
    EXPECT_EQ(c.on_move(), 1);  // unchanged: 1 is still in
    EXPECT_FALSE(c.in_order(2));
    EXPECT_EQ(c.next_army(), 3);
    EXPECT_EQ(c.station(2), 1);
    EXPECT_EQ(press(c, 1, 10 * S).next, 3);
    EXPECT_EQ(press(c, 3, 12 * S).next, 0);
    EXPECT_EQ(press(c, 0, 13 * S).next, 1);
    EXPECT_EQ(c.remaining(2, 13 * S), 10 * MIN);  // army 2 never ran
    EXPECT_EQ(c.start(2, 14 * S), CommandStatus::BAD_ARGUMENT);
    EXPECT_EQ(c.set_on_move(2, 14 * S), CommandStatus::BAD_ARGUMENT);
}

TEST(ArmyClock, ArmyOnMoveDroppedFromTheOrderHandsOverToItsSuccessor) {
    ArmyClock c = make(5, 10 * MIN, 2 * S);
    ASSERT_EQ(c.start(1, 0), CommandStatus::OK);
    // Running: army 1 resigns at 4 s. 2 is out too, so 3 (the next still in) runs from 4 s,
    // without an increment for 1.
    const uint8_t order[] = {4, 0, 3};
    const uint8_t stations[] = {0, 1, 2, 3, 4};
    ASSERT_EQ(c.set_order(order, 3, stations, 4 * S), CommandStatus::OK);
    EXPECT_EQ(c.on_move(), 3);
    EXPECT_EQ(c.state(), ClockState::RUNNING);
    EXPECT_EQ(c.remaining(1, 100 * S), 10 * MIN - 4 * S);
    EXPECT_EQ(c.remaining(3, 6 * S), 10 * MIN - 2 * S);
    EXPECT_EQ(c.next_army(), 4);  // the new order: 4 0 3, after 3 comes 4

    // Flagged: the flagged army is dropped, its successor is on move, the clock stays FLAGGED
    // until the host resumes it.
    ArmyFlagReport f;
    ASSERT_TRUE(flagged(c, 4 * S + 10 * MIN, &f));
    EXPECT_EQ(f.army, 3);
    ASSERT_EQ(c.remove(3, 4 * S + 10 * MIN + 5 * S), CommandStatus::OK);
    EXPECT_EQ(c.on_move(), 4);
    EXPECT_EQ(c.state(), ClockState::FLAGGED);
    EXPECT_EQ(c.remaining(4, 11 * MIN), 10 * MIN);
    ASSERT_EQ(c.resume(11 * MIN), CommandStatus::OK);
    EXPECT_EQ(c.remaining(4, 11 * MIN + 1 * S), 10 * MIN - 1 * S);
    EXPECT_EQ(c.next_army(), 0);
    EXPECT_EQ(c.remove(3, 11 * MIN + 2 * S), CommandStatus::BAD_STATE);  // not in it
}

TEST(ArmyClock, OrderAndConfigurationAreChecked) {
    ArmyClock c;
    const uint8_t stations[] = {0, 1, 2, 3, 4, 5, 6, 7};
    const uint8_t good[] = {1, 0, 2};
    const uint8_t twice[] = {1, 1, 2};
    const uint8_t out_of_range[] = {0, 1, 3};
    const uint8_t bad_station[] = {0, 8, 2};
    EXPECT_EQ(c.configure(1, S, 0, good, stations), CommandStatus::BAD_ARGUMENT);
    EXPECT_EQ(c.configure(9, S, 0, good, stations), CommandStatus::BAD_ARGUMENT);
    EXPECT_EQ(c.configure(3, S, 0, twice, stations), CommandStatus::BAD_ARGUMENT);
    EXPECT_EQ(c.configure(3, S, 0, out_of_range, stations), CommandStatus::BAD_ARGUMENT);
    EXPECT_EQ(c.configure(3, S, 0, good, bad_station), CommandStatus::BAD_ARGUMENT);
    EXPECT_EQ(c.armies(), 0);
    EXPECT_EQ(c.start(0, 0), CommandStatus::BAD_ARGUMENT);  // nothing configured
    ASSERT_EQ(c.configure(3, S, 0, good, stations), CommandStatus::OK);
    EXPECT_EQ(c.set_order(good, 0, stations, 0), CommandStatus::BAD_ARGUMENT);
    EXPECT_EQ(c.set_order(good, 4, stations, 0), CommandStatus::BAD_ARGUMENT);
    EXPECT_EQ(c.set_order(twice, 3, stations, 0), CommandStatus::BAD_ARGUMENT);
    EXPECT_EQ(c.set_order(good, 3, bad_station, 0), CommandStatus::BAD_ARGUMENT);
    EXPECT_EQ(c.set_time(3, S, 0), CommandStatus::BAD_ARGUMENT);
    EXPECT_EQ(c.order_count(), 3);
    EXPECT_EQ(c.order(0), 1);
    EXPECT_TRUE(c.is_ok());
}

TEST(ArmyClock, HostOverridesSetTimeAndOnMove) {
    ArmyClock c = make(3, 5 * MIN);
    EXPECT_EQ(c.set_on_move(1, 0), CommandStatus::BAD_STATE);  // stopped: start it
    ASSERT_EQ(c.set_time(2, 7 * MIN, 0), CommandStatus::OK);
    ASSERT_EQ(c.start(0, 0), CommandStatus::OK);
    EXPECT_EQ(c.start(1, 0), CommandStatus::BAD_STATE);

    // Setting the running army's time: it runs on from the new value.
    ASSERT_EQ(c.set_time(0, 1 * MIN, 20 * S), CommandStatus::OK);
    EXPECT_EQ(c.remaining(0, 30 * S), 1 * MIN - 10 * S);
    // The flag follows the new time exactly.
    ArmyFlagReport f;
    EXPECT_FALSE(flagged(c, 20 * S + 1 * MIN - 1));
    ASSERT_TRUE(flagged(c, 20 * S + 1 * MIN, &f));
    EXPECT_EQ(f.time, 20 * S + 1 * MIN);

    // After a flag: time again and resume, or another army on move and resume.
    ASSERT_EQ(c.set_on_move(2, 2 * MIN), CommandStatus::OK);
    EXPECT_EQ(c.state(), ClockState::FLAGGED);
    ASSERT_EQ(c.resume(2 * MIN), CommandStatus::OK);
    EXPECT_EQ(c.remaining(2, 3 * MIN), 6 * MIN);

    // Paused: the army on move changes, the state is kept.
    ASSERT_EQ(c.pause(3 * MIN), CommandStatus::OK);
    ASSERT_EQ(c.set_on_move(1, 4 * MIN), CommandStatus::OK);
    EXPECT_EQ(c.state(), ClockState::PAUSED);
    EXPECT_EQ(c.remaining(1, 5 * MIN), 5 * MIN);
    ASSERT_EQ(c.resume(5 * MIN), CommandStatus::OK);
    EXPECT_EQ(c.remaining(1, 6 * MIN), 4 * MIN);
    EXPECT_EQ(c.remaining(2, 6 * MIN), 6 * MIN);

    // stop: times kept, nothing runs.
    c.stop(6 * MIN);
    EXPECT_EQ(c.state(), ClockState::STOPPED);
    EXPECT_EQ(c.on_move(), NO_ARMY);
    EXPECT_EQ(c.remaining(1, 60 * MIN), 4 * MIN);
    EXPECT_TRUE(c.is_ok());
}

TEST(ArmyClock, OneStationMayPlaySeveralArmies) {
    // Station 0 plays armies 0 and 1 (1 was mated by 0 and stays in the order).
    ArmyClock c = make(3, 5 * MIN);
    const uint8_t order[] = {0, 1, 2};
    const uint8_t stations[] = {0, 0, 2};
    ASSERT_EQ(c.set_order(order, 3, stations, 0), CommandStatus::OK);
    ASSERT_EQ(c.start(0, 0), CommandStatus::OK);
    EXPECT_EQ(press(c, 1, 1 * S).effect, TurnEffect::NOT_ON_MOVE);  // station 1 plays nothing
    EXPECT_EQ(press(c, 0, 2 * S).next, 1);
    EXPECT_EQ(press(c, 0, 3 * S).next, 2);
    EXPECT_EQ(press(c, 0, 4 * S).effect, TurnEffect::NOT_ON_MOVE);
    EXPECT_EQ(press(c, 2, 5 * S).next, 0);
}

TEST(ArmyClock, TwoArmiesAlternate) {
    ArmyClock c = make(2, 1 * MIN, 1 * S);
    ASSERT_EQ(c.start(1, 0), CommandStatus::OK);
    for (int turn = 0; turn < 6; ++turn) {
        const uint8_t army = turn % 2 == 0 ? 1 : 0;
        const TurnReport r = press(c, army, Micros(turn + 1) * S);
        ASSERT_EQ(r.effect, TurnEffect::ENDED);
        EXPECT_EQ(r.next, 1 - army);
    }
    // Each army ran 3 turns of 1 s and got 3 increments of 1 s.
    EXPECT_EQ(c.remaining(0, 6 * S), 1 * MIN);
    EXPECT_EQ(c.remaining(1, 6 * S), 1 * MIN);
}

TEST(ArmyClock, EightArmiesWithTheLastOneStanding) {
    ArmyClock c = make(8, 2 * MIN, 0, {7, 6, 5, 4, 3, 2, 1, 0});
    ASSERT_EQ(c.start(7, 0), CommandStatus::OK);
    Micros t = 0;
    for (int round = 0; round < 2; ++round) {
        for (int i = 0; i < 8; ++i) {
            const uint8_t army = uint8_t(7 - i);
            t += Micros(army + 1) * S;  // army a thinks a + 1 s
            ASSERT_EQ(press(c, army, t).next, uint8_t((army + 7) % 8)) << int(army);
        }
    }
    for (uint8_t a = 0; a < 8; ++a) EXPECT_EQ(c.remaining(a, t), 2 * MIN - 2 * (a + 1) * S);
    // Armies drop out one by one, each while on move, until one is left.
    uint8_t left = 8;
    while (left > 1) {
        const uint8_t army = c.on_move();
        ASSERT_EQ(c.remove(army, t), CommandStatus::OK);
        --left;
        EXPECT_EQ(c.order_count(), left);
        EXPECT_NE(c.on_move(), army);
        EXPECT_TRUE(c.is_ok());
    }
    EXPECT_EQ(c.remove(c.on_move(), t), CommandStatus::BAD_STATE);  // the last one stays
    const uint8_t winner = c.on_move();
    EXPECT_EQ(press(c, winner, t + 1 * S).next, winner);  // its own turn again
}

}  // namespace
}  // namespace venue::hub
