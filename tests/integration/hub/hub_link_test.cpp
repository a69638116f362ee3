// The link: garbage on the line, a host that stops reading, an unplugged cable, resets.
// Each test checks that every event arrives exactly once, in order.
#include <cstdio>
#include <optional>
#include <random>
#include <set>

#include "hub_fixture.h"

namespace venue::test {
namespace {

constexpr uint64_t MS = 1000 * HUB_CYCLES_PER_US;

class HubLinkTest : public HubRigTest {
  protected:
    // n taps of team-B buttons (out of turn: no claim events) every `spacing` from `t`.
    std::vector<HubAction> taps(uint64_t t, int n, uint64_t spacing) {
        std::vector<HubAction> out;
        for (int i = 0; i < n; ++i) {
            const uint8_t b = static_cast<uint8_t>(i % 2 ? 4 + i % 4 : 12 + i % 4);
            out.push_back(i == 0 ? at(t, HubActionKind::PRESS, b, 2 * MS)
                                 : after(spacing, HubActionKind::PRESS, b, 2 * MS));
        }
        return out;
    }

    // The presses delivered from `from` are exactly the n scheduled ones, each once, in order.
    void expect_exactly(const std::vector<HubAction>& scheduled, size_t from) {
        const auto presses = events_of(wire::MessageType::BUTTON_PRESS, from);
        ASSERT_EQ(presses.size(), scheduled.size());
        const std::vector<uint64_t> edges = applied_times(HubActionKind::PRESS, scheduled.size());
        ASSERT_EQ(edges.size(), scheduled.size());
        // The firmware's clock starts a fixed time after the reset (its C runtime and setup).
        const int64_t offset = static_cast<int64_t>(presses[0].as<wire::ButtonPress>()->time_us) -
                               static_cast<int64_t>(edges[0] / HUB_CYCLES_PER_US);
        std::set<uint32_t> seqs;
        for (size_t i = 0; i < presses.size(); ++i) {
            const auto p = *presses[i].as<wire::ButtonPress>();
            EXPECT_EQ(p.button, scheduled[i].index) << "press " << i;
            EXPECT_NEAR(static_cast<double>(p.time_us),
                        static_cast<double>(edges[i]) / HUB_CYCLES_PER_US + offset, 5.0);
            EXPECT_TRUE(seqs.insert(presses[i].seq).second) << "seq " << presses[i].seq;
        }
        // The client delivers only in sequence order: seqs are consecutive by construction.
        const auto& all = client_.events();
        for (size_t i = 1; i < all.size(); ++i) {
            if (all[i].session == all[i - 1].session) {
                EXPECT_EQ(all[i].seq, all[i - 1].seq + 1);
            }
        }
    }
};

TEST_F(HubLinkTest, ThousandGarbageBytesEachWayLoseNoEvent) {
    arm(wire::Team::A);
    const auto scheduled = taps(now_cycles() + 10 * MS, 30, 7 * MS);
    const size_t from = client_.events().size();
    rig_->schedule(scheduled);
    std::mt19937 rng(99);
    int garbage = 0;
    int commands = 0;
    while (garbage < 1000) {
        uint8_t chunk[32];
        const int n = std::min<int>(1 + static_cast<int>(rng() % 31), 1000 - garbage);
        for (int i = 0; i < n; ++i) chunk[i] = static_cast<uint8_t>(rng());
        client_.write_all(chunk, static_cast<size_t>(n));
        // And as many towards the host, landing wherever the hub's output is (inside frames).
        for (int i = 0; i < n; ++i) chunk[i] = static_cast<uint8_t>(rng());
        rig_->with_rig([&](sim::HubRig& r) { r.inject_to_host(chunk, static_cast<size_t>(n)); });
        garbage += n;
        // Commands among the garbage are retried until acknowledged.
        if (rng() % 4 == 0) {
            wire::SetLeds leds;
            leds.mask = static_cast<uint16_t>(rng());
            ASSERT_TRUE(client_.command(leds)) << "command lost for good";
            ++commands;
        }
        wait_hub_us(200 + rng() % 400);
    }
    ASSERT_TRUE(wait_events(wire::MessageType::BUTTON_PRESS, scheduled.size(), from, 20'000));
    client_.pump(50);
    expect_exactly(scheduled, from);
    EXPECT_GT(commands, 0);
    const wire::Heartbeat hb = *client_.last_heartbeat();
    EXPECT_GT(hb.frame_errors, 0) << "the hub never saw the garbage";
    EXPECT_GT(client_.frame_errors(), 0u) << "the host never saw the garbage";
    std::printf(
        "garbage: hub dropped %u frames, host %u; %u resend requests, %u duplicates "
        "ignored, %d commands sent through it (each retried until acked)\n",
        static_cast<unsigned>(hb.frame_errors), client_.frame_errors(), client_.resend_requests(),
        client_.duplicates_ignored(), commands);
    EXPECT_EQ(hb.dropped_events, 0);
    EXPECT_EQ(hb.input_overruns, 0);
}

TEST_F(HubLinkTest, HostThatStopsReadingForFiveSecondsLosesAndDoublesNothing) {
    const auto scheduled = taps(now_cycles() + 100 * MS, 20, 200 * MS);
    const size_t from = client_.events().size();
    rig_->schedule(scheduled);
    // No reads, no acks, for 5 s of hub time (the presses happen meanwhile).
    const uint64_t until = now_cycles() + 5000 * MS;
    while (now_cycles() < until) usleep(1000);
    ASSERT_TRUE(wait_events(wire::MessageType::BUTTON_PRESS, scheduled.size(), from));
    client_.pump(50);
    expect_exactly(scheduled, from);
}

TEST_F(HubLinkTest, UnpluggedForFiveSecondsLosesAndDoublesNothing) {
    // One press acknowledged before the unplug, to check it is not delivered twice.
    const size_t from = client_.events().size();
    auto scheduled = taps(now_cycles() + 5 * MS, 1, 0);
    rig_->schedule(scheduled);
    ASSERT_TRUE(wait_events(wire::MessageType::BUTTON_PRESS, 1, from));
    client_.close();  // the rig discards what the hub sends while nobody holds the pty
    const auto during = taps(now_cycles() + 100 * MS, 20, 200 * MS);
    rig_->schedule(during);
    const uint64_t until = now_cycles() + 5000 * MS;
    while (now_cycles() < until) usleep(1000);
    ASSERT_TRUE(client_.open(rig_->pty_path()));
    ASSERT_TRUE(client_.hello());  // the hub answers and re-sends everything not acknowledged
    scheduled.insert(scheduled.end(), during.begin(), during.end());
    ASSERT_TRUE(wait_events(wire::MessageType::BUTTON_PRESS, scheduled.size(), from));
    client_.pump(50);
    expect_exactly(scheduled, from);
    std::printf(
        "unplugged 5 s: %u bytes discarded by the rig, %u resend requests, %u duplicates "
        "ignored\n",
        static_cast<unsigned>(rig_->tx_dropped()), client_.resend_requests(),
        client_.duplicates_ignored());
    EXPECT_GT(rig_->tx_dropped(), 0u);
}

// Each reboot is announced by a Handshake of the new boot (its boot count one higher, in EEPROM
// across resets and power cuts), read whole whatever frame the reset cut off (the hub sends a
// delimiter first); the client answers it with a Hello, as the host driver does.
TEST_F(HubLinkTest, WatchdogResetIsReportedWithItsBootReason) {
    const uint16_t first_boot = client_.handshakes().back().boot_count;
    uint16_t boot = first_boot;
    // The Handshake that announced the next boot (the one after `boot`).
    auto next_boot = [&]() -> std::optional<wire::Handshake> {
        std::optional<wire::Handshake> found;
        client_.wait_for([&] {
            for (const wire::Handshake& h : client_.handshakes()) {
                if (h.boot_count == static_cast<uint16_t>(boot + 1) && !h.answers_hello) found = h;
            }
            return found.has_value();
        });
        if (found) boot = found->boot_count;
        return found;
    };

    wire::TestStall stall;
    stall.magic = 0x57A11ED0;
    const auto ack = client_.command(stall);
    ASSERT_TRUE(ack);
    EXPECT_EQ(ack->status, wire::CommandStatus::OK);
    auto h = next_boot();
    ASSERT_TRUE(h) << "no Handshake of the boot after the TestStall";
    EXPECT_EQ(h->boot_reason, wire::BootReason::WATCHDOG);
    EXPECT_EQ(h->mcusr & 0x08, 0x08);
    EXPECT_EQ(h->next_seq, 1u);

    // A hang the firmware did not ask for (the rig's `stall`) ends the same way.
    rig_->schedule({at(0, HubActionKind::STALL)});
    h = next_boot();
    ASSERT_TRUE(h) << "no Handshake of the boot after the stall";
    EXPECT_EQ(h->boot_reason, wire::BootReason::WATCHDOG);

    // Power cycle and reset pin.
    rig_->schedule({at(0, HubActionKind::POWER_CYCLE)});
    h = next_boot();
    ASSERT_TRUE(h) << "no Handshake of the boot after the power cycle";
    EXPECT_EQ(h->boot_reason, wire::BootReason::POWER_ON);
    EXPECT_EQ(h->mcusr, 0x01);
    rig_->schedule({at(0, HubActionKind::RESET)});
    h = next_boot();
    ASSERT_TRUE(h) << "no Handshake of the boot after the reset";
    EXPECT_EQ(h->boot_reason, wire::BootReason::EXTERNAL);
    EXPECT_EQ(boot, static_cast<uint16_t>(first_boot + 4));

    // After the reboots the hub works again: configure, press, seq 1 of the new session.
    ASSERT_TRUE(client_.hello());
    EXPECT_EQ(client_.handshakes().back().boot_count, boot);
    wire::ConfigureButton c;
    c.button = 3;
    c.team = wire::Team::A;
    c.player = 4;
    ASSERT_EQ(client_.command(c).value_or(HubTestClient::NO_ACK).status, wire::CommandStatus::OK);
    const size_t from = client_.events().size();
    rig_->schedule({at(now_cycles() + 5 * MS, HubActionKind::PRESS, 3, 5 * MS)});
    ASSERT_TRUE(wait_events(wire::MessageType::BUTTON_PRESS, 1, from));
    EXPECT_EQ(events_of(wire::MessageType::BUTTON_PRESS, from)[0].seq, 1u);
    EXPECT_EQ(rig_->with_rig([](sim::HubRig& r) { return r.boots(); }), 4u);
}

}  // namespace
}  // namespace venue::test
