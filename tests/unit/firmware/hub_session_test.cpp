// The hub core through the wire protocol: handshake, heartbeats, idempotent commands, bad
// arguments, garbage on the line and reconnects.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "hub_rig.h"

namespace venue::hub {
namespace {

using test::HubRig;
using wire::ClaimChange;
using wire::CommandStatus;
using wire::PaddleEffect;
using wire::PressOutcome;
using wire::Team;

constexpr Micros S = 1000000;

TEST(Hub, AnnouncesItselfAtBootAndOnHello) {
    HubRig rig(HubRig::IDENTITY, false);
    rig.run_for(10);
    const auto hs = rig.all<wire::Handshake>();
    ASSERT_EQ(hs.size(), 1u);
    EXPECT_EQ(hs[0].answers_hello, 0);
    EXPECT_EQ(hs[0].boot_count, 3);
    EXPECT_EQ(hs[0].protocol_version, wire::PROTOCOL_VERSION);
    EXPECT_EQ(hs[0].schema_hash, wire::SCHEMA_HASH);
    EXPECT_EQ(hs[0].build_id, 0xB0D5EED5u);
    EXPECT_EQ(hs[0].hub_serial, 0x1234u);
    EXPECT_EQ(hs[0].boot_reason, wire::BootReason::WATCHDOG);
    EXPECT_EQ(hs[0].mcusr, 0x08);
    EXPECT_EQ(hs[0].next_seq, 1u);
    rig.run_for(1000);
    const Micros sent = rig.now;
    rig.send(wire::Hello{1, wire::SCHEMA_HASH});
    rig.run_for(100);
    ASSERT_EQ(rig.all<wire::Handshake>().size(), 2u);
    EXPECT_GT(rig.last<wire::Handshake>().hub_time_us, sent);
    EXPECT_LE(rig.last<wire::Handshake>().hub_time_us, rig.now);
    EXPECT_EQ(rig.last<wire::Handshake>().answers_hello, 1);
    rig.run_for(100000);
    EXPECT_EQ(rig.last<wire::Heartbeat>().boot_count, 3);
}

// A reset cuts a frame short; the bytes of the new boot follow it on the line. The delimiter
// the hub sends first ends the cut frame (one damaged frame), and the Handshake is read whole.
TEST(Hub, BootHandshakeSurvivesAFrameTheResetCutOff) {
    Hub hub(HubRig::IDENTITY, 0);
    uint8_t cut[MAX_WIRE_FRAME];
    wire::Heartbeat hb;
    hb.hub_time_us = 123456789;
    const size_t whole = encode_message(hb, cut);
    uint8_t boot[MAX_WIRE_FRAME];
    const size_t n = hub.next_frame(0, boot);
    ASSERT_GT(n, 1u);
    EXPECT_EQ(boot[0], 0);  // the lone delimiter
    for (size_t cut_at = 1; cut_at < whole; ++cut_at) {
        FrameDecoder rx;
        int handshakes = 0;
        int others = 0;
        int errors = 0;
        std::vector<uint8_t> line(cut, cut + cut_at);
        line.insert(line.end(), boot, boot + n);
        for (const uint8_t b : line) {
            const auto r = rx.push(b);
            if (r == FrameDecoder::Result::ERROR) ++errors;
            if (r == FrameDecoder::Result::FRAME) {
                wire::Handshake h;
                ++(wire::unpack(rx.payload(), rx.payload_size(), h) ? handshakes : others);
            }
        }
        EXPECT_EQ(handshakes, 1) << "cut after byte " << cut_at;
        // Cut just before its own delimiter, the frame is whole: the hub's 0x00 ends it.
        const bool whole_but_delimiter = cut_at == whole - 1;
        EXPECT_EQ(others, whole_but_delimiter ? 1 : 0) << "cut after byte " << cut_at;
        EXPECT_EQ(errors, whole_but_delimiter ? 0 : 1) << "cut after byte " << cut_at;
    }
}

// Before its Hello, a host is one of an earlier boot: nothing of the session reaches it, and
// nothing it sends for that session (a stale cumulative ack, a retried command) is applied.
TEST(Hub, ServesAHostOnlyAfterItsHelloInThisBoot) {
    HubRig rig(HubRig::IDENTITY, false);
    rig.run_for(1000);
    rig.tap(3, 5000);  // an unassigned button: an event all the same
    rig.run_for(20000);
    EXPECT_TRUE(rig.all<wire::ButtonPress>().empty());
    rig.send(wire::EventAck{5});  // the old session's ack must not free this boot's event
    wire::ClockAddTime add;
    add.cmd_id = 77;
    add.side = Team::A;
    add.delta_us = 60 * S;
    rig.send(add);
    rig.run_for(200000);
    EXPECT_TRUE(rig.all<wire::CommandAck>().empty());
    EXPECT_EQ(rig.last<wire::Heartbeat>().oldest_seq, 1u);
    EXPECT_EQ(rig.last<wire::Heartbeat>().next_seq, 2u);

    rig.send(wire::Hello{uint16_t(wire::PROTOCOL_VERSION), wire::SCHEMA_HASH});
    rig.run_for(1000);
    EXPECT_EQ(rig.last<wire::Handshake>().answers_hello, 1);
    ASSERT_EQ(rig.all<wire::ButtonPress>().size(), 1u);
    EXPECT_EQ(rig.all<wire::ButtonPress>()[0].seq, 1u);
    rig.send(add);  // the same command, now in the session: applied
    rig.run_for(1000);
    ASSERT_EQ(rig.all<wire::CommandAck>().size(), 1u);
    EXPECT_EQ(rig.all<wire::CommandAck>()[0].duplicate, 0);
}

TEST(Hub, HeartbeatsAtTenHertz) {
    HubRig rig;
    rig.run_to(1 * S + 10, 100);
    const auto hb = rig.all<wire::Heartbeat>();
    ASSERT_EQ(hb.size(), 10u);
    for (size_t i = 0; i < hb.size(); ++i) EXPECT_EQ(hb[i].hub_time_us, (i + 1) * 100000);
    EXPECT_EQ(hb.back().armed, Team::NONE);
    EXPECT_EQ(hb.back().claim_button, NO_BUTTON);
}

TEST(Hub, RepeatedCommandIsAnsweredButNotAppliedTwice) {
    HubRig rig;
    rig.clock_control(10 * 60 * S);
    wire::ClockAddTime add;
    add.cmd_id = 500;
    add.side = Team::B;
    add.delta_us = 2 * 60 * S;
    rig.send(add);
    rig.run_for(100);
    rig.send(add);  // the host did not see the ack and retries
    rig.run_for(200 * 1000, 1000);
    const auto acks = rig.all<wire::CommandAck>();
    std::vector<wire::CommandAck> for_500;
    for (auto& a : acks) {
        if (a.cmd_id == 500) for_500.push_back(a);
    }
    ASSERT_EQ(for_500.size(), 2u);
    EXPECT_EQ(for_500[0].status, CommandStatus::OK);
    EXPECT_EQ(for_500[0].duplicate, 0);
    EXPECT_EQ(for_500[1].status, CommandStatus::OK);
    EXPECT_EQ(for_500[1].duplicate, 1);
    const auto hb = rig.last<wire::Heartbeat>();
    EXPECT_EQ(hb.remaining_b_us, 12 * 60 * S);  // +2 min once, on side B
    EXPECT_EQ(hb.remaining_a_us, 10 * 60 * S);
}

TEST(Hub, BadArgumentsAreRefusedWithoutEffect) {
    HubRig rig;
    wire::ArmTeam arm;
    arm.team = static_cast<Team>(7);
    EXPECT_EQ(rig.command(arm).status, CommandStatus::BAD_ARGUMENT);
    wire::ConfigureInputs in;
    in.confirm_us = 300;
    in.bounce_us = 100;
    EXPECT_EQ(rig.command(in).status, CommandStatus::BAD_ARGUMENT);
    wire::SetLamp lamp;
    lamp.mode = static_cast<wire::LampMode>(9);
    EXPECT_EQ(rig.command(lamp).status, CommandStatus::BAD_ARGUMENT);
    wire::TestStall stall;
    stall.magic = 1;
    EXPECT_EQ(rig.command(stall).status, CommandStatus::BAD_ARGUMENT);
    EXPECT_FALSE(rig.hub.stall_requested());
    stall.magic = TEST_STALL_MAGIC;
    EXPECT_EQ(rig.command(stall).status, CommandStatus::OK);
    EXPECT_TRUE(rig.hub.stall_requested());
    EXPECT_EQ(rig.hub.lockout().armed(), Team::NONE);
}

// ClockLabels: the words under the two times, kept for the display; a label that is not
// printable ASCII, or has a character after its end, is refused and the last ones stay.
TEST(Hub, ClockLabelsAreKeptForTheDisplayAndABadOneChangesNothing) {
    HubRig rig;
    wire::ClockLabels labels{};
    labels.label_a = 0x666c616820747331ull;  // "1st half", the first character low
    labels.label_b = 0x676e696d726f46ull;    // "Forming"
    EXPECT_EQ(rig.command(labels).status, CommandStatus::OK);
    EXPECT_EQ(std::string(rig.hub.face_labels().text[0], FACE_LABEL_WIDTH), "1st half");
    EXPECT_EQ(std::string(rig.hub.face_labels().text[1], 7), "Forming");
    EXPECT_EQ(rig.hub.face_labels().text[1][7], 0);
    wire::ClockLabels bad = labels;
    bad.label_b = 0x0A41;  // "A\n"
    EXPECT_EQ(rig.command(bad).status, CommandStatus::BAD_ARGUMENT);
    bad.label_b = 0x410041;  // "A", a 0, "A"
    EXPECT_EQ(rig.command(bad).status, CommandStatus::BAD_ARGUMENT);
    EXPECT_EQ(std::string(rig.hub.face_labels().text[1], 7), "Forming");
    wire::ClockLabels none{};
    EXPECT_EQ(rig.command(none).status, CommandStatus::OK);
    EXPECT_EQ(rig.hub.face_labels().text[0][0], 0);
}

TEST(Hub, GarbageOnTheLineLosesNoCommandAndNoEvent) {
    std::mt19937 rng(1000);
    HubRig rig;
    rig.configure_teams();
    rig.arm(Team::A);
    rig.clear();
    // 1000 random bytes, in bursts between 20 commands and 20 button taps.
    std::set<uint16_t> acked;
    int garbage = 0;
    for (int round = 0; round < 20; ++round) {
        test::Bytes junk;
        for (int i = 0; i < 50; ++i) junk.push_back(uint8_t(rng()));
        garbage += 50;
        rig.send_bytes(junk);
        wire::SetLeds leds;
        leds.cmd_id = uint16_t(1000 + round);
        leds.mask = uint16_t(round);
        // The host retries a command until it is acknowledged (the junk may swallow the first).
        for (int attempt = 0; attempt < 3 && !acked.count(leds.cmd_id); ++attempt) {
            rig.send(leds);
            rig.run_for(200);
            for (auto& a : rig.all<wire::CommandAck>()) acked.insert(a.cmd_id);
        }
        rig.tap(round % 8, 10000);
        rig.run_for(10000);
    }
    EXPECT_EQ(garbage, 1000);
    EXPECT_EQ(acked.size(), 20u);
    EXPECT_GT(rig.hub.frame_errors(), 0);
    const auto presses = rig.all<wire::ButtonPress>();
    ASSERT_EQ(presses.size(), 20u);
    for (size_t i = 0; i < presses.size(); ++i) EXPECT_EQ(presses[i].button, i % 8);
}

TEST(Hub, DisconnectAndReconnectLosesAndDoublesNothing) {
    HubRig rig;
    rig.configure_teams();
    rig.arm(Team::B);
    rig.run_for(1000);
    // The host collects events by seq, acks what it has, and asks again after reconnecting.
    std::map<uint32_t, test::Bytes> log;
    auto collect = [&] {
        for (const auto& r : rig.frames) {
            const auto kind = wire::kind_of(wire::MessageType(r.payload[0]));
            if (kind != wire::MessageKind::EVENT) continue;
            const uint32_t seq = r.payload[1] | r.payload[2] << 8 | r.payload[3] << 16;
            EXPECT_TRUE(log.emplace(seq, r.payload).second || log[seq] == r.payload);
        }
        rig.clear();
    };
    for (int i = 0; i < 5; ++i) rig.tap(8 + i, 5000);
    rig.run_for(10000);
    collect();
    rig.send(wire::EventAck{uint32_t(log.size())});

    rig.connected = false;  // cable out for 5 s while players keep pressing
    for (int i = 0; i < 30; ++i) {
        rig.tap(i % 16, 20000);
        rig.run_for(146000, 1000);
    }
    ASSERT_GE(rig.now, 5 * S);
    rig.connected = true;
    rig.send(wire::Hello{uint16_t(wire::PROTOCOL_VERSION), wire::SCHEMA_HASH});
    rig.run_for(200000);
    EXPECT_EQ(rig.last<wire::Heartbeat>().dropped_events, 0);
    collect();
    EXPECT_EQ(log.size(), 5u + 30u + 1u);  // 35 presses and the one claim
    uint32_t expect = 1;
    for (const auto& [seq, payload] : log) EXPECT_EQ(seq, expect++);
}

}  // namespace
}  // namespace venue::hub
