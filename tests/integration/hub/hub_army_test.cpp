// The army clock on the real ELF in simavr: a 4-army game configured and started over the pty,
// End-turn presses from the right and a wrong station, the times reported, the station lamps,
// the beeps, a flag at its exact time and the display after it.
#include <cstdio>
#include <string>

#include "hub_fixture.h"

namespace venue::test {
namespace {

constexpr uint64_t MS = 1000 * HUB_CYCLES_PER_US;
constexpr uint64_t ARMY_US = 1'500'000;  // each army's time
// Station s's End-turn button (claim buttons on both pin-change ports).
constexpr uint8_t BUTTON_OF[] = {3, 9, 12, 6};

uint32_t nibbles(std::initializer_list<uint8_t> v) {
    uint32_t word = 0;
    int i = 0;
    for (const uint8_t x : v) word |= uint32_t(x) << (4 * i++);
    return word;
}

class HubArmyTest : public HubRigTest {
  protected:
    template <class M>
    void ok(const M& m) {
        ASSERT_EQ(client_.command(m).value_or(HubTestClient::NO_ACK).status,
                  wire::CommandStatus::OK);
    }

    std::vector<uint32_t> reported(sim::HubReport::What what) {
        std::vector<uint32_t> out;
        for (const sim::HubReport& r : reports()) {
            if (r.what == what) out.push_back(r.value);
        }
        return out;
    }

    std::string line(int row) {
        return rig_->with_rig([row](sim::HubRig& r) { return r.display_text()[row]; });
    }
};

TEST_F(HubArmyTest, FourArmiesPressesFromRightAndWrongStationsAndAFlag) {
    // Four armies, army a at station a, batting order 2 0 3 1.
    wire::ArmyConfigure c;
    c.armies = 4;
    c.time_us = ARMY_US;
    c.increment_us = 0;
    c.order = nibbles({2, 0, 3, 1});
    c.stations = nibbles({0, 1, 2, 3});
    c.buttons = ~uint64_t{0};  // NO_BUTTON everywhere, then stations 0..3
    for (uint8_t s = 0; s < 4; ++s) {
        c.buttons &= ~(uint64_t{0xFF} << (8 * s));
        c.buttons |= uint64_t{BUTTON_OF[s]} << (8 * s);
    }
    ok(c);
    // Both lines: the two-face clock's display before it says STOPPED on its second line too,
    // and the LCD is written line by line (a frame caught between them shows the old first line).
    ASSERT_TRUE(client_.wait_for([&] {
        return line(0) == "Armies 4        " && line(1) == "STOPPED         ";
    })) << '"'
        << line(0) << "\" \"" << line(1) << '"';
    wire::ArmyStart start;
    start.army = 2;
    ok(start);

    // Presses 200 ms apart (longer than a beep): station 2 ends army 2's turn, station 3's press
    // comes while army 0 is on move (ignored), station 0 ends army 0's, station 3 army 3's.
    const size_t from = client_.events().size();
    const uint64_t t0 = now_cycles() + 300 * MS;
    const uint8_t stations[] = {2, 3, 0, 3};
    for (int i = 0; i < 4; ++i) {
        rig_->schedule({at(t0 + uint64_t(i) * 200 * MS, HubActionKind::PRESS,
                           BUTTON_OF[stations[i]], 50 * MS)});
    }
    ASSERT_TRUE(wait_events(wire::MessageType::ARMY_TURN, 4, from, 20'000));
    const auto turns = events_of(wire::MessageType::ARMY_TURN, from);
    wire::ArmyTurn t[4];
    for (int i = 0; i < 4; ++i) t[i] = *turns[i].as<wire::ArmyTurn>();
    const wire::TurnEffect effects[] = {wire::TurnEffect::ENDED, wire::TurnEffect::NOT_ON_MOVE,
                                        wire::TurnEffect::ENDED, wire::TurnEffect::ENDED};
    const uint8_t armies[] = {2, 0, 0, 3};
    const uint8_t nexts[] = {0, 0, 3, 1};
    for (int i = 0; i < 4; ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(t[i].station, stations[i]);
        EXPECT_EQ(t[i].effect, effects[i]);
        EXPECT_EQ(t[i].army, armies[i]);
        EXPECT_EQ(t[i].next_army, nexts[i]);
    }
    // The stamps against the edges as the rig made them (the two clocks differ by an offset).
    const auto edges = applied_times(HubActionKind::PRESS, 4);
    for (int i = 1; i < 4; ++i) {
        const double real_us = double(edges[i] - edges[0]) / HUB_CYCLES_PER_US;
        EXPECT_NEAR(double(t[i].time_us - t[0].time_us), real_us, 5.0) << i;
    }
    // Times: army 0 ran from press 0 to press 2, army 3 from press 2 to press 3; the ignored
    // press reports army 0's time as it was.
    EXPECT_EQ(t[2].remaining_us, ARMY_US - (t[2].time_us - t[0].time_us));
    EXPECT_EQ(t[3].remaining_us, ARMY_US - (t[3].time_us - t[2].time_us));
    EXPECT_EQ(t[1].remaining_us, ARMY_US - (t[1].time_us - t[0].time_us));
    EXPECT_LT(t[0].remaining_us, ARMY_US);

    // Army 1 runs out of time exactly ARMY_US after press 3.
    ASSERT_TRUE(wait_events(wire::MessageType::ARMY_FLAG, 1, from, 20'000));
    const auto flag = *events_of(wire::MessageType::ARMY_FLAG, from)[0].as<wire::ArmyFlag>();
    EXPECT_EQ(flag.army, 1);
    EXPECT_EQ(flag.time_us, t[3].time_us + ARMY_US);
    std::printf("presses at +%.3f +%.3f +%.3f ms after the first; flag of army 1 at +%.3f ms\n",
                (t[1].time_us - t[0].time_us) / 1e3, (t[2].time_us - t[0].time_us) / 1e3,
                (t[3].time_us - t[0].time_us) / 1e3, (flag.time_us - t[0].time_us) / 1e3);

    // The state the host reads after each Heartbeat.
    const uint32_t n = client_.heartbeats();
    ASSERT_TRUE(client_.wait_for([&] { return client_.heartbeats() >= n + 2; }));
    ASSERT_TRUE(client_.last_army_status());  // every Heartbeat in army mode comes with one
    const wire::ArmyStatus st = *client_.last_army_status();
    EXPECT_EQ(st.hub_time_us, client_.last_heartbeat()->hub_time_us);
    EXPECT_EQ(st.state, wire::ClockState::FLAGGED);
    EXPECT_EQ(st.on_move, 1);
    EXPECT_EQ(st.armies, 4);
    EXPECT_EQ(st.order, nibbles({2, 0, 3, 1}));
    EXPECT_EQ(st.remaining_1_ms, 0u);
    EXPECT_EQ(st.remaining_0_ms, t[2].remaining_us / 1000);
    EXPECT_EQ(st.remaining_3_ms, t[3].remaining_us / 1000);
    EXPECT_EQ(st.remaining_2_ms, t[0].remaining_us / 1000);

    // Lamps: station 2 from the start, then 0, 3 and 1 (the flagged army's stays lit); a beep
    // at the start and at each ended turn, none for the ignored press, and the flag's.
    EXPECT_EQ(reported(sim::HubReport::What::STATION_LAMPS),
              (std::vector<uint32_t>{1u << 2, 1u << 0, 1u << 3, 1u << 1}));
    int beeps = 0;
    for (const uint32_t on : reported(sim::HubReport::What::BUZZER)) beeps += on ? 1 : 0;
    EXPECT_EQ(beeps, 5);

    // The display: the flagged army and the next one.
    ASSERT_TRUE(client_.wait_for([&] { return line(1) == "FLAG 1    Next 2"; }))
        << '"' << line(1) << '"';
    EXPECT_EQ(line(0), "Army 1    0:00.0");
}

}  // namespace
}  // namespace venue::test
