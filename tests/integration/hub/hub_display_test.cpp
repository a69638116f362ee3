// The clock display through the rig: the firmware's HD44780 driver on port L, read back by the
// rig's controller model (host/sim/hub/hd44780_model.h), against the clock the host sees in its
// Heartbeats. Layout: firmware/core/clock_display.h.
#include <cstdio>
#include <string>
#include <tuple>

#include "hub_fixture.h"
#include "sim/hub/hd44780_model.h"

namespace venue::test {
namespace {

constexpr uint64_t MS = 1000 * HUB_CYCLES_PER_US;
constexpr int64_t TENTH_US = 100'000;

// "1:29:59", "59:59", "0:59.8" (spaces around allowed) in tenths of a second; -1 if malformed.
int64_t parse_tenths(const std::string& field) {
    int64_t value = 0;
    int64_t part = 0;
    bool tenths = false;
    bool digits = false;
    for (const char c : field) {
        if (c == ' ') continue;
        if (c >= '0' && c <= '9') {
            part = part * 10 + (c - '0');
            digits = true;
        } else if (c == ':' && !tenths) {
            value = value * 60 + part;
            part = 0;
        } else if (c == '.' && !tenths) {
            tenths = true;
            value = (value * 60 + part) * 10;
            part = 0;
        } else {
            return -1;
        }
    }
    if (!digits) return -1;
    return tenths ? value + part : (value * 60 + part) * 10;
}

struct Shown {
    std::array<std::string, 2> text;
    uint64_t hub_us;  // rig hub time of the snapshot
};

class HubDisplayTest : public HubRigTest {
  protected:
    template <class M>
    void ok(const M& m) {
        ASSERT_EQ(client_.command(m).value_or(HubTestClient::NO_ACK).status,
                  wire::CommandStatus::OK);
    }

    Shown shown() {
        return rig_->with_rig([](sim::HubRig& r) {
            return Shown{r.display_text(), r.hub_cycles() / HUB_CYCLES_PER_US};
        });
    }

    // Waits (in wall time) until the display shows `line` on row `row`.
    bool wait_line(int row, const std::string& line, int timeout_ms = 5000) {
        return client_.wait_for([&] { return shown().text[row] == line; }, timeout_ms);
    }

    wire::Heartbeat fresh_heartbeat() {
        const uint32_t n = client_.heartbeats();
        EXPECT_TRUE(client_.wait_for([&] { return client_.heartbeats() >= n + 2; }));
        return *client_.last_heartbeat();
    }

    void expect_no_timing_errors() {
        const auto [errors, first, writes] = rig_->with_rig([](sim::HubRig& r) {
            return std::make_tuple(r.display().timing_errors(), r.display().first_timing_error(),
                                   r.display().writes());
        });
        EXPECT_EQ(errors, 0u) << first;
        EXPECT_GT(writes, 34u);
    }
};

TEST_F(HubDisplayTest, ShowsBothTimesTheSideOnMoveAndPause) {
    constexpr uint64_t BASE_US = 90ull * 60 * 1'000'000;  // 1:30:00
    constexpr uint64_t B_US = 50'000'000;                 // B under a minute: tenths
    set_clock_control(BASE_US);
    wire::ClockSetTime set;
    set.side = wire::Team::B;
    set.remaining_us = B_US;
    ok(set);

    // Stopped: both times, no marker, STOPPED. (The display comes up 50 ms after boot.)
    ASSERT_TRUE(wait_line(0, "1:30:00     0:50")) << '"' << shown().text[0] << '"';
    EXPECT_EQ(shown().text[1], "STOPPED         ");

    // B runs: the marker points at B, whose time shows tenths and runs down.
    wire::ClockStart start;
    start.side = wire::Team::B;
    ok(start);
    ASSERT_TRUE(wait_line(1, "                "));
    wait_hub_us(700'000);
    const Shown running = shown();
    const wire::Heartbeat hb = fresh_heartbeat();
    ASSERT_EQ(hb.clock_state, wire::ClockState::RUNNING);
    ASSERT_EQ(hb.on_move, wire::Team::B);
    const std::string& line1 = running.text[0];
    std::printf("running: \"%s\" \"%s\"\n", line1.c_str(), running.text[1].c_str());
    EXPECT_EQ(line1.substr(0, 9), "1:30:00 >");
    const int64_t shown_b = parse_tenths(line1.substr(9));
    ASSERT_GE(shown_b, 0) << line1;
    // B's true time at the snapshot, from the Heartbeat (B runs at one second per second; the
    // rig's hub time is ~1.5 ms ahead of the firmware's, which is far below the tolerance).
    const int64_t true_b =
        static_cast<int64_t>(hb.remaining_b_us) -
        (static_cast<int64_t>(running.hub_us) - static_cast<int64_t>(hb.hub_time_us));
    // Rounded down to a tenth, rendered up to one refresh (100 ms) plus one frame (~10 ms) ago.
    const int64_t diff_us = shown_b * TENTH_US - true_b;
    std::printf("shown B %.1f s, true B %.4f s at the snapshot: %+lld us\n", shown_b / 10.0,
                static_cast<double>(true_b) / 1e6, static_cast<long long>(diff_us));
    EXPECT_GE(diff_us, -TENTH_US - 2'000);
    EXPECT_LE(diff_us, 120'000);
    EXPECT_LT(shown_b * TENTH_US, static_cast<int64_t>(B_US) - 500'000);

    // Paused: PAUSED, the times stand still and show exactly what the clock holds.
    ok(wire::ClockPause{});
    ASSERT_TRUE(wait_line(1, "PAUSED          "));
    wait_hub_us(250'000);  // a refresh after the pause at least
    const wire::Heartbeat paused = fresh_heartbeat();
    ASSERT_EQ(paused.clock_state, wire::ClockState::PAUSED);
    const Shown frozen = shown();
    char expect[32];
    const uint64_t tenths = paused.remaining_b_us / TENTH_US;
    std::snprintf(expect, sizeof expect, "1:30:00 > 0:%02u.%u", static_cast<unsigned>(tenths / 10),
                  static_cast<unsigned>(tenths % 10));
    EXPECT_EQ(frozen.text[0], expect);
    wait_hub_us(300'000);
    EXPECT_EQ(shown().text[0], expect);

    // The arbiter's pause button resumes it.
    rig_->schedule({after(0, HubActionKind::PAUSE_PRESS, 0, 50 * MS)});
    ASSERT_TRUE(wait_line(1, "                "));
    EXPECT_EQ(fresh_heartbeat().clock_state, wire::ClockState::RUNNING);
    expect_no_timing_errors();
}

// After a reset (the display keeps its text and possibly half a byte) and after a power cycle
// (the display starts blank, in 8-bit mode), the driver initialises it again and shows the
// rebooted hub's clock; never a timing error.
TEST_F(HubDisplayTest, ComesBackAfterResetAndPowerCycle) {
    for (const HubActionKind kind : {HubActionKind::RESET, HubActionKind::POWER_CYCLE}) {
        SCOPED_TRACE(static_cast<int>(kind));
        set_clock_control(5ull * 60 * 1'000'000);
        ASSERT_TRUE(wait_line(0, "   5:00     5:00")) << '"' << shown().text[0] << '"';
        const uint32_t boots = rig_->with_rig([](sim::HubRig& r) { return r.boots(); });
        rig_->schedule({after(0, kind)});
        ASSERT_TRUE(client_.wait_for(
            [&] { return rig_->with_rig([](sim::HubRig& r) { return r.boots(); }) > boots; }));
        // A rebooted hub has no time control: 0:00 on both sides.
        ASSERT_TRUE(wait_line(0, "   0:00     0:00")) << '"' << shown().text[0] << '"';
        EXPECT_EQ(shown().text[1], "STOPPED         ");
        ASSERT_TRUE(client_.hello());
    }
    expect_no_timing_errors();
}

// ClockLabels: what each face counts, under its time on line 2 while the clock runs (A's on the
// left, B's on the right); the state word takes A's place when stopped or paused. A reboot
// clears them.
TEST_F(HubDisplayTest, ShowsTheFacesLabelsUnderTheTimes) {
    set_clock_control(5ull * 60 * 1'000'000);
    wire::ClockLabels labels{};
    labels.label_a = 0x666c616820747331ull;  // "1st half", the first character low
    labels.label_b = 0x676e696d726f46ull;    // "Forming"
    ok(labels);
    ASSERT_TRUE(wait_line(1, "STOPPED  Forming")) << '"' << shown().text[1] << '"';
    wire::ClockStart start;
    start.side = wire::Team::A;
    ok(start);
    ASSERT_TRUE(wait_line(1, "1st half Forming")) << '"' << shown().text[1] << '"';
    ok(wire::ClockPause{});
    ASSERT_TRUE(wait_line(1, "PAUSED   Forming")) << '"' << shown().text[1] << '"';
    wire::ClockLabels bad = labels;
    bad.label_a = 0x0A;  // a line feed
    ASSERT_EQ(client_.command(bad).value_or(HubTestClient::NO_ACK).status,
              wire::CommandStatus::BAD_ARGUMENT);
    EXPECT_EQ(shown().text[1], "PAUSED   Forming");

    const uint32_t boots = rig_->with_rig([](sim::HubRig& r) { return r.boots(); });
    rig_->schedule({after(0, HubActionKind::RESET)});
    ASSERT_TRUE(client_.wait_for(
        [&] { return rig_->with_rig([](sim::HubRig& r) { return r.boots(); }) > boots; }));
    ASSERT_TRUE(wait_line(1, "STOPPED         ")) << '"' << shown().text[1] << '"';
    expect_no_timing_errors();
}

// The display model alone: the MCU's reset lets go of the bus. simavr then reports the cleared
// port pin by pin, so RS and data may change before E is seen to fall; that is no fault of the
// driver's, while the same change from running firmware is one.
TEST(Hd44780Model, AResetWhileEIsHighIsNoTimingViolation) {
    constexpr uint64_t US = HUB_CYCLES_PER_US;
    const uint64_t t = 100'000 * US;  // long after power-on
    sim::Hd44780Model lcd(US);
    lcd.power_on(0);
    lcd.pins(t, true, true, 0x5);  // E raised over a character's nibble
    const uint32_t writes = lcd.writes();
    // The MCU resets: the rig lets go of E, then simavr clears RS and the data pins one by one.
    lcd.release_bus();
    lcd.pins(t + 1, false, false, 0x5);
    lcd.pins(t + 2, false, false, 0x0);
    EXPECT_EQ(lcd.timing_errors(), 0u) << lcd.first_timing_error();
    EXPECT_EQ(lcd.writes(), writes) << "no strobe: nothing latched";

    // The same change from running firmware, with E still high, is the driver's fault.
    sim::Hd44780Model running(US);
    running.power_on(0);
    running.pins(t, true, true, 0x5);
    running.pins(t + 1, false, true, 0x5);
    EXPECT_EQ(running.timing_errors(), 1u);
}

}  // namespace
}  // namespace venue::test
