// HubSession driven by byte streams from the firmware's codec: handshake, version refusal,
// sequence gaps, duplicates, acknowledgements, lost events, reconnects and hub reboots.
#include <gtest/gtest.h>

#include "hub_wire.h"

namespace venue::test {
namespace {

using io::HubSession;
using io::HubSessionState;

constexpr io::HostNanos MS = 1'000'000;
constexpr io::HostNanos T0 = 1000 * MS;  // host clock at the start of each test

// A session that has said Hello and received a compatible Handshake.
struct Connected {
    explicit Connected(io::HubSessionConfig c = {}) : s(c) {
        s.on_link_up(T0);
        const auto hello = only<wire::Hello>(sent(s));
        EXPECT_EQ(hello.size(), 1u);
        s.on_bytes(frame(handshake(5'000'000)), T0 + MS);
        EXPECT_EQ(s.state(), HubSessionState::RUNNING);
        (void)s.take_events();
    }
    void feed(const Bytes& b, io::HostNanos t) { s.on_bytes(b, t); }
    HubSession s;
};

TEST(HubSession, HelloThenHandshakeConnects) {
    HubSession s;
    EXPECT_EQ(s.state(), HubSessionState::DISCONNECTED);
    s.on_link_up(T0);
    EXPECT_EQ(s.state(), HubSessionState::HELLO_SENT);
    const auto hello = only<wire::Hello>(sent(s));
    ASSERT_EQ(hello.size(), 1u);
    EXPECT_EQ(hello[0].protocol_version, wire::PROTOCOL_VERSION);
    EXPECT_EQ(hello[0].schema_hash, wire::SCHEMA_HASH);

    s.on_bytes(frame(handshake(5'000'000)), T0 + 2 * MS);
    EXPECT_EQ(s.state(), HubSessionState::RUNNING);
    const auto events = s.take_events();
    const auto connected = only_events<io::HubConnected>(events);
    ASSERT_EQ(connected.size(), 1u);
    EXPECT_TRUE(connected[0].new_session);
    EXPECT_EQ(connected[0].handshake.boot_reason, wire::BootReason::WATCHDOG);
    EXPECT_STREQ(io::boot_reason_name(connected[0].handshake.boot_reason), "watchdog");
    EXPECT_EQ(connected[0].handshake.build_id, 0x1234abcdu);
    EXPECT_EQ(s.stats().frames, 1u);
}

TEST(HubSession, HelloIsRetriedUntilAnswered) {
    HubSession s;
    s.on_link_up(T0);
    (void)sent(s);
    s.on_tick(T0 + 100 * MS);
    EXPECT_TRUE(sent(s).empty());
    s.on_tick(T0 + 600 * MS);
    EXPECT_EQ(only<wire::Hello>(sent(s)).size(), 1u);
    // Both Hellos are answered: one connection.
    s.on_bytes(frame(handshake(5'000'000)) + frame(handshake(5'001'000)), T0 + 601 * MS);
    EXPECT_EQ(only_events<io::HubConnected>(s.take_events()).size(), 1u);
    EXPECT_EQ(s.stats().handshakes, 2u);
}

TEST(HubSession, IncompatibleProtocolIsRefusedNamingBothVersions) {
    HubSession s;
    s.on_link_up(T0);
    (void)sent(s);
    auto h = handshake(5'000'000);
    h.protocol_version = 7;
    h.schema_hash = 0xBEEF;
    s.on_bytes(frame(h) + frame(press(1, 4'000'000)), T0 + MS);
    EXPECT_EQ(s.state(), HubSessionState::REFUSED);
    const auto events = s.take_events();
    const auto refused = only_events<io::HubRefused>(events);
    ASSERT_EQ(refused.size(), 1u);
    const std::string& m = refused[0].message;
    EXPECT_NE(m.find("protocol version 7"), std::string::npos) << m;
    EXPECT_NE(m.find("0xBEEF"), std::string::npos) << m;
    EXPECT_NE(m.find("protocol version " + std::to_string(wire::PROTOCOL_VERSION)),
              std::string::npos)
        << m;
    EXPECT_NE(m.find("1234abcd"), std::string::npos) << m;
    EXPECT_TRUE(only_events<io::HubInput>(events).empty()) << "nothing accepted from it";
    EXPECT_TRUE(sent(s).empty()) << "nothing sent to it, not even an ack";
    EXPECT_FALSE(s.submit(wire::Buzz{0, 100}, T0 + 2 * MS) == std::nullopt);
    EXPECT_TRUE(sent(s).empty()) << "commands wait; they are never sent to a refused hub";
}

TEST(HubSession, OtherSchemaHashIsRefused) {
    HubSession s;
    s.on_link_up(T0);
    auto h = handshake(5'000'000);
    h.schema_hash = static_cast<std::uint16_t>(wire::SCHEMA_HASH ^ 1);
    s.on_bytes(frame(h), T0 + MS);
    EXPECT_EQ(s.state(), HubSessionState::REFUSED);
    EXPECT_NE(s.refusal().find("schema"), std::string::npos);
    // A reflashed hub boots and announces itself: accepted.
    s.on_bytes(frame(handshake(1000)), T0 + 5000 * MS);
    EXPECT_EQ(s.state(), HubSessionState::RUNNING);
}

TEST(HubSession, EventsAreDeliveredTypedAndAcked) {
    Connected c;
    wire::Paddle p;
    p.seq = 2;
    p.time_us = 5'100'000;
    p.paddle = wire::Team::B;
    c.feed(frame(press(1, 5'050'000)) + frame(p), T0 + 200 * MS);
    const auto events = c.s.take_events();
    const auto inputs = only_events<io::HubInput>(events);
    ASSERT_EQ(inputs.size(), 2u);
    EXPECT_EQ(inputs[0].seq, 1u);
    EXPECT_EQ(inputs[0].hub_time_us, 5'050'000u);
    ASSERT_TRUE(std::holds_alternative<wire::ButtonPress>(inputs[0].payload));
    EXPECT_EQ(std::get<wire::ButtonPress>(inputs[0].payload).button, 3);
    ASSERT_TRUE(std::holds_alternative<wire::Paddle>(inputs[1].payload));
    EXPECT_EQ(std::get<wire::Paddle>(inputs[1].payload).paddle, wire::Team::B);
    EXPECT_STREQ(io::event_name(inputs[1].payload), "Paddle");
    // Hub time 50 ms after the handshake maps to about 50 ms after its arrival.
    EXPECT_NEAR(static_cast<double>(inputs[0].host_time_ns - (T0 + MS)), 50.0 * MS, 1.0 * MS);
    const auto acks = only<wire::EventAck>(sent(c.s));
    ASSERT_EQ(acks.size(), 1u);
    EXPECT_EQ(acks[0].seq, 2u);
}

TEST(HubSession, ArmyClockEventsArePassedOn) {
    Connected c;
    wire::ArmyTurn t;
    t.seq = 1;
    t.time_us = 5'100'000;
    t.station = 2;
    t.effect = wire::TurnEffect::ENDED;
    t.army = 2;
    t.next_army = 0;
    t.remaining_us = 299'000'000;
    wire::ArmyFlag f;
    f.seq = 2;
    f.time_us = 5'200'000;
    f.army = 0;
    c.feed(frame(t) + frame(f), T0 + 200 * MS);
    const auto inputs = only_events<io::HubInput>(c.s.take_events());
    ASSERT_EQ(inputs.size(), 2u);
    ASSERT_TRUE(std::holds_alternative<wire::ArmyTurn>(inputs[0].payload));
    EXPECT_EQ(inputs[0].hub_time_us, 5'100'000u);
    EXPECT_EQ(std::get<wire::ArmyTurn>(inputs[0].payload).remaining_us, 299'000'000u);
    EXPECT_STREQ(io::event_name(inputs[0].payload), "ArmyTurn");
    ASSERT_TRUE(std::holds_alternative<wire::ArmyFlag>(inputs[1].payload));
    EXPECT_EQ(std::get<wire::ArmyFlag>(inputs[1].payload).army, 0);
    EXPECT_STREQ(io::event_name(inputs[1].payload), "ArmyFlag");
}

TEST(HubSession, ArmyStatusBelongsToTheHeartbeatItPrecedes) {
    Connected c;
    wire::ArmyStatus st;
    st.hub_time_us = 5'100'000;
    st.state = wire::ClockState::RUNNING;
    st.on_move = 3;
    st.armies = 4;
    st.remaining_3_ms = 12'345;
    // Not yet current on its own: it waits for its Heartbeat.
    c.feed(frame(st), T0 + 100 * MS);
    EXPECT_FALSE(c.s.last_army_status());
    c.feed(frame(heartbeat(5'100'000, 1, 1)), T0 + 100 * MS);
    ASSERT_TRUE(c.s.last_army_status());
    EXPECT_EQ(c.s.last_army_status()->on_move, 3);
    EXPECT_EQ(c.s.last_army_status()->remaining_3_ms, 12'345u);
    // A Heartbeat alone: the hub has left army mode.
    c.feed(frame(heartbeat(5'200'000, 1, 1)), T0 + 200 * MS);
    EXPECT_FALSE(c.s.last_army_status());
}

// In army mode the hub stamps an ArmyStatus and its Heartbeat at one instant and sends the status
// first, so the Heartbeat arrives a frame late: the clock sample is the status's arrival.
TEST(HubSession, InArmyModeTheClockSampleIsTheArmyStatussArrival) {
    Connected c;
    for (int i = 1; i <= 5; ++i) {
        wire::ArmyStatus st;
        const std::uint64_t hub_us = 5'000'000 + std::uint64_t(i) * 100'000;
        st.hub_time_us = hub_us;
        st.state = wire::ClockState::RUNNING;
        st.armies = 4;
        // Both frames stamped at hub_us; the status arrives with the link's latency (as the
        // Handshake did: 1 ms after T0 for 5 s), the Heartbeat 0.6 ms after it.
        const io::HostNanos at = T0 + MS + io::HostNanos(hub_us - 5'000'000) * 1000;
        c.feed(frame(st), at);
        c.feed(frame(heartbeat(hub_us, 1, 1)), at + 600'000);
    }
    // A press stamped 5.55 s maps as the statuses came, not 0.6 ms later.
    EXPECT_EQ(c.s.time_fit().to_host(5'550'000), T0 + MS + 550 * MS);
}

TEST(HubSession, GapTriggersOneResendRequestAndOrderIsKept) {
    Connected c;
    c.feed(frame(press(1, 5'010'000)) + frame(press(2, 5'020'000)) + frame(press(4, 5'040'000)) +
               frame(press(5, 5'050'000)),
           T0 + 100 * MS);
    EXPECT_EQ(seqs(c.s.take_events()), (std::vector<std::uint32_t>{1, 2}));
    auto out = sent(c.s);
    const auto resend = only<wire::ResendRequest>(out);
    ASSERT_EQ(resend.size(), 1u) << "one request for the gap, not one per later event";
    EXPECT_EQ(resend[0].from_seq, 3u);
    // The hub rewinds and sends 3, 4, 5 again.
    c.feed(frame(press(3, 5'030'000)) + frame(press(4, 5'040'000)) + frame(press(5, 5'050'000)),
           T0 + 110 * MS);
    EXPECT_EQ(seqs(c.s.take_events()), (std::vector<std::uint32_t>{3, 4, 5}));
    EXPECT_EQ(c.s.stats().resend_requests, 1u);
    EXPECT_EQ(c.s.stats().duplicates, 0u);
}

TEST(HubSession, ResendIsRepeatedAfterTheIntervalIfStillMissing) {
    Connected c;
    c.feed(frame(press(2, 5'020'000)), T0 + 300 * MS);
    EXPECT_EQ(only<wire::ResendRequest>(sent(c.s)).size(), 1u);
    c.feed(frame(heartbeat(5'300'000, 1, 3)), T0 + 350 * MS);
    EXPECT_TRUE(only<wire::ResendRequest>(sent(c.s)).empty()) << "within the interval";
    c.feed(frame(heartbeat(5'600'000, 1, 3)), T0 + 650 * MS);
    const auto again = only<wire::ResendRequest>(sent(c.s));
    ASSERT_EQ(again.size(), 1u);
    EXPECT_EQ(again[0].from_seq, 1u);
}

TEST(HubSession, NoResendRequestRightAfterAHandshake) {
    // The hub rewinds on Hello and sends everything it holds after its Handshake; asking again
    // would rewind it once more and send it all twice.
    Connected c;
    c.feed(frame(heartbeat(5'050'000, 1, 4)), T0 + 50 * MS);
    EXPECT_TRUE(only<wire::ResendRequest>(sent(c.s)).empty());
    c.feed(frame(heartbeat(5'350'000, 1, 4)), T0 + 350 * MS);
    EXPECT_EQ(only<wire::ResendRequest>(sent(c.s)).size(), 1u) << "still missing: ask";
}

TEST(HubSession, HeartbeatRevealsALostTailEvent) {
    Connected c;
    c.feed(frame(press(1, 5'010'000)), T0 + 100 * MS);
    (void)c.s.take_events();
    (void)sent(c.s);
    // Event 2 was lost on the line; the heartbeat says the hub has made 2.
    c.feed(frame(heartbeat(5'100'000, 1, 3)), T0 + 200 * MS);
    const auto resend = only<wire::ResendRequest>(sent(c.s));
    ASSERT_EQ(resend.size(), 1u);
    EXPECT_EQ(resend[0].from_seq, 2u);
}

TEST(HubSession, DuplicatesAreDropped) {
    Connected c;
    c.feed(frame(press(1, 5'010'000)) + frame(press(2, 5'020'000)) + frame(press(1, 5'010'000)) +
               frame(press(2, 5'020'000)) + frame(press(3, 5'030'000)),
           T0 + 100 * MS);
    EXPECT_EQ(seqs(c.s.take_events()), (std::vector<std::uint32_t>{1, 2, 3}));
    EXPECT_EQ(c.s.stats().duplicates, 2u);
    EXPECT_EQ(c.s.stats().events, 3u);
}

TEST(HubSession, AckWaitsForStorageWhenAskedTo) {
    io::HubSessionConfig cfg;
    cfg.ack_on_delivery = false;
    Connected c(cfg);
    c.feed(frame(press(1, 5'010'000)) + frame(press(2, 5'020'000)), T0 + 100 * MS);
    EXPECT_EQ(seqs(c.s.take_events()).size(), 2u);
    EXPECT_TRUE(only<wire::EventAck>(sent(c.s)).empty());
    c.s.confirm_stored(1);
    auto acks = only<wire::EventAck>(sent(c.s));
    ASSERT_EQ(acks.size(), 1u);
    EXPECT_EQ(acks[0].seq, 1u);
    c.s.confirm_stored(2);
    acks = only<wire::EventAck>(sent(c.s));
    ASSERT_EQ(acks.size(), 1u);
    EXPECT_EQ(acks[0].seq, 2u);
}

TEST(HubSession, LostAckIsRepeatedWhenTheHubStillHoldsStoredEvents) {
    Connected c;
    c.feed(frame(press(1, 5'010'000)), T0 + 100 * MS);
    (void)c.s.take_events();
    EXPECT_EQ(only<wire::EventAck>(sent(c.s)).size(), 1u);
    // The ack was lost: the hub still holds event 1.
    c.feed(frame(heartbeat(5'200'000, 1, 2)), T0 + 200 * MS);
    const auto acks = only<wire::EventAck>(sent(c.s));
    ASSERT_EQ(acks.size(), 1u);
    EXPECT_EQ(acks[0].seq, 1u);
}

TEST(HubSession, EventsOverwrittenInTheHubAreReportedLost) {
    Connected c;
    c.feed(frame(heartbeat(5'100'000, 5, 9)), T0 + 100 * MS);
    const auto events = c.s.take_events();
    const auto lost = only_events<io::HubEventsLost>(events);
    ASSERT_EQ(lost.size(), 1u);
    EXPECT_EQ(lost[0].first, 1u);
    EXPECT_EQ(lost[0].last, 4u);
    EXPECT_EQ(only<wire::ResendRequest>(sent(c.s)).at(0).from_seq, 5u);
    EXPECT_EQ(c.s.stats().events_lost, 4u);
}

TEST(HubSession, BackpressureLeavesEventsWithTheHub) {
    io::HubSessionConfig cfg;
    cfg.max_pending_events = 2;
    Connected c(cfg);
    c.feed(frame(press(1, 5'010'000)) + frame(press(2, 5'020'000)) + frame(press(3, 5'030'000)),
           T0 + 100 * MS);
    EXPECT_EQ(c.s.stats().backpressure_drops, 1u);
    EXPECT_EQ(seqs(c.s.take_events()), (std::vector<std::uint32_t>{1, 2}));
    (void)sent(c.s);
    c.feed(frame(heartbeat(5'100'000, 1, 4)), T0 + 500 * MS);
    EXPECT_EQ(only<wire::ResendRequest>(sent(c.s)).at(0).from_seq, 3u);
    c.feed(frame(press(3, 5'030'000)), T0 + 510 * MS);
    EXPECT_EQ(seqs(c.s.take_events()), (std::vector<std::uint32_t>{3}));
}

TEST(HubSession, GarbageAndCorruptFramesAreCountedAndSkipped) {
    Connected c;
    Bytes bad = frame(press(1, 5'010'000));
    bad[5] ^= 0x10;  // corrupt one body byte: CRC fails
    const Bytes noise = {0x13, 0x77, 0x00, 0x05, 0x01, 0x02, 0x00};
    c.feed(noise + bad + frame(press(1, 5'010'000)), T0 + 100 * MS);
    EXPECT_EQ(seqs(c.s.take_events()), (std::vector<std::uint32_t>{1}));
    EXPECT_EQ(c.s.stats().crc_errors, 1u);
    EXPECT_GE(c.s.stats().resyncs, 1u);
}

TEST(HubSession, EventsBeforeTheHandshakeAreIgnored) {
    HubSession s;
    s.on_link_up(T0);
    s.on_bytes(frame(press(1, 10)), T0 + MS);
    EXPECT_TRUE(only_events<io::HubInput>(s.take_events()).empty());
    s.on_bytes(frame(handshake(20, 1, 2)) + frame(press(1, 10)), T0 + 2 * MS);
    EXPECT_EQ(seqs(s.take_events()), (std::vector<std::uint32_t>{1}));
}

TEST(HubSession, HostStartingLateGetsEveryHeldEvent) {
    HubSession s;
    s.on_link_up(T0);
    s.on_bytes(frame(handshake(9'000'000, 40, 43)) + frame(press(40, 8'000'000)) +
                   frame(press(41, 8'100'000)) + frame(press(42, 8'200'000)),
               T0 + MS);
    EXPECT_EQ(seqs(s.take_events()), (std::vector<std::uint32_t>{40, 41, 42}));
}

TEST(HubSession, ReconnectResumesWithoutLossOrDoubles) {
    Connected c;
    c.feed(frame(press(1, 5'010'000)) + frame(press(2, 5'020'000)), T0 + 100 * MS);
    EXPECT_EQ(seqs(c.s.take_events()), (std::vector<std::uint32_t>{1, 2}));
    // Event 3 is sent while the cable is out; the ack for 1..2 is lost too.
    EXPECT_EQ(c.s.down_since(), 0);
    c.s.on_link_down(T0 + 150 * MS, "unplugged");
    EXPECT_EQ(c.s.state(), HubSessionState::DISCONNECTED);
    EXPECT_EQ(c.s.down_since(), T0 + 150 * MS);
    EXPECT_EQ(only_events<io::HubDisconnected>(c.s.take_events()).size(), 1u);
    EXPECT_TRUE(sent(c.s).empty());
    c.feed(frame(press(3, 5'030'000)), T0 + 160 * MS);  // nobody listening
    c.s.on_link_up(T0 + 2000 * MS);
    EXPECT_EQ(only<wire::Hello>(sent(c.s)).size(), 1u);
    // The hub answers Hello with a Handshake and everything it holds, from 1.
    c.feed(frame(handshake(7'000'000, 1, 4)) + frame(press(1, 5'010'000)) +
               frame(press(2, 5'020'000)) + frame(press(3, 5'030'000)),
           T0 + 2001 * MS);
    const auto events = c.s.take_events();
    const auto connected = only_events<io::HubConnected>(events);
    ASSERT_EQ(connected.size(), 1u);
    EXPECT_FALSE(connected[0].new_session);
    EXPECT_EQ(seqs(events), (std::vector<std::uint32_t>{3}));
    EXPECT_EQ(c.s.stats().duplicates, 2u);
    EXPECT_EQ(c.s.down_since(), 0);
    const auto acks = only<wire::EventAck>(sent(c.s));
    ASSERT_FALSE(acks.empty());
    EXPECT_EQ(acks.front().seq, 2u) << "acked at once, to spare the resend";
    EXPECT_EQ(acks.back().seq, 3u);
}

TEST(HubSession, HubRebootStartsANewSession) {
    Connected c;
    c.feed(frame(press(1, 5'010'000)) + frame(heartbeat(5'100'000, 1, 3)), T0 + 100 * MS);
    (void)c.s.take_events();
    const auto id = c.s.submit(wire::ArmTeam{0, wire::Team::A}, T0 + 150 * MS);
    ASSERT_TRUE(id);
    // The hub resets and announces its new boot; it serves nobody before a Hello.
    auto boot = handshake(2'000, 1, 1, 1);
    boot.boot_reason = wire::BootReason::BROWN_OUT;
    boot.answers_hello = 0;
    (void)sent(c.s);
    c.feed(Bytes{0} + frame(boot), T0 + 900 * MS);
    EXPECT_EQ(c.s.state(), HubSessionState::HELLO_SENT);
    EXPECT_EQ(only<wire::Hello>(sent(c.s)).size(), 1u);
    EXPECT_TRUE(only_events<io::HubConnected>(c.s.take_events()).empty());
    // Its answer: seq restarts at 1.
    auto h = handshake(300'000, 1, 2, 1);
    h.boot_reason = wire::BootReason::BROWN_OUT;
    c.feed(frame(h) + frame(press(1, 200'000, 7)), T0 + 1000 * MS);
    const auto events = c.s.take_events();
    const auto connected = only_events<io::HubConnected>(events);
    ASSERT_EQ(connected.size(), 1u);
    EXPECT_TRUE(connected[0].new_session);
    EXPECT_TRUE(connected[0].rebooted);
    EXPECT_EQ(c.s.stats().reboots, 1u);
    EXPECT_EQ(connected[0].handshake.boot_reason, wire::BootReason::BROWN_OUT);
    const auto lost = only_events<io::HubEventsLost>(events);
    ASSERT_EQ(lost.size(), 1u);
    EXPECT_EQ(lost[0].first, 2u);
    EXPECT_EQ(lost[0].last, 2u);
    const auto results = only_events<io::HubCommandResult>(events);
    ASSERT_EQ(results.size(), 1u);
    EXPECT_EQ(results[0].cmd_id, *id);
    EXPECT_EQ(results[0].outcome, io::CommandOutcome::HUB_REBOOTED);
    const auto inputs = only_events<io::HubInput>(events);
    ASSERT_EQ(inputs.size(), 1u);
    EXPECT_EQ(inputs[0].seq, 1u);
    EXPECT_EQ(inputs[0].session, 2u);
}

// A hub that rebooted a moment after it booted: its clock reads later than the last reading,
// and its seq has not gone back. Only the boot count tells, and a Heartbeat is enough.
TEST(HubSession, RebootAfterAShortUptimeIsSeenInAHeartbeatsBootCount) {
    io::HubSession s;
    s.on_link_up(T0);
    s.on_bytes(frame(handshake(40'000)), T0 + MS);  // 40 ms after its boot
    ASSERT_EQ(s.state(), HubSessionState::RUNNING);
    (void)s.take_events();
    (void)sent(s);
    // Its boot Handshake was lost; 300 ms later a Heartbeat of the new boot comes.
    s.on_bytes(frame(heartbeat(100'000, 1, 1, 1)), T0 + 300 * MS);
    EXPECT_EQ(s.state(), HubSessionState::HELLO_SENT);
    EXPECT_EQ(only<wire::Hello>(sent(s)).size(), 1u);
    auto h = handshake(120'000, 1, 1, 1);
    h.boot_reason = wire::BootReason::WATCHDOG;
    s.on_bytes(frame(h), T0 + 320 * MS);
    const auto connected = only_events<io::HubConnected>(s.take_events());
    ASSERT_EQ(connected.size(), 1u);
    EXPECT_TRUE(connected[0].rebooted);
    EXPECT_EQ(connected[0].handshake.boot_reason, wire::BootReason::WATCHDOG);
}

// A host that did not run for seconds (on Linux a pty or USB serial reader waits for the
// kernel's tty worker, which a busy machine may not schedule) reads the hub's backlog at once:
// its hub times are as old as the stall, far behind the host's clock. The boot count and the
// seqs say it is the same boot, and the clock did not go back: the session goes on.
TEST(HubSession, AHostStallIsNoHubReboot) {
    Connected c;
    c.feed(frame(heartbeat(5'100'000, 1, 1)), T0 + 100 * MS);
    (void)sent(c.s);
    Bytes backlog;
    for (std::uint64_t hub_us = 5'200'000; hub_us <= 8'000'000; hub_us += 100'000) {
        backlog = backlog + frame(heartbeat(hub_us, 1, hub_us < 6'000'000 ? 1 : 2));
        if (hub_us == 5'900'000) backlog = backlog + frame(press(1, 5'950'000));
    }
    c.feed(backlog, T0 + 4'000 * MS);  // 3.9 s after the last read
    EXPECT_EQ(c.s.state(), HubSessionState::RUNNING);
    EXPECT_TRUE(only<wire::Hello>(sent(c.s)).empty());
    const auto events = c.s.take_events();
    EXPECT_TRUE(only_events<io::HubConnected>(events).empty());
    EXPECT_TRUE(only_events<io::HubEventsLost>(events).empty());
    const auto inputs = only_events<io::HubInput>(events);
    ASSERT_EQ(inputs.size(), 1u);
    EXPECT_EQ(inputs[0].session, 1u);
    EXPECT_EQ(c.s.stats().reboots, 0u);
}

// With the boot count and the seqs unchanged (a hub whose EEPROM write failed), a hub clock
// that reads earlier than before is a new boot all the same.
TEST(HubSession, AHubClockThatGoesBackIsAReboot) {
    Connected c;
    c.feed(frame(heartbeat(5'100'000, 1, 1)), T0 + 100 * MS);
    (void)sent(c.s);
    c.feed(frame(heartbeat(90'000, 1, 1)), T0 + 400 * MS);
    EXPECT_EQ(c.s.state(), HubSessionState::HELLO_SENT);
    EXPECT_EQ(only<wire::Hello>(sent(c.s)).size(), 1u);
    c.feed(frame(handshake(95'000)), T0 + 405 * MS);
    const auto connected = only_events<io::HubConnected>(c.s.take_events());
    ASSERT_EQ(connected.size(), 1u);
    EXPECT_TRUE(connected[0].rebooted);
    EXPECT_EQ(c.s.stats().reboots, 1u);
}

// The first Handshake a host sees may be the one announced at boot: it is answered with a Hello
// (the hub serves only a host that said Hello in this boot), and the answer connects.
TEST(HubSession, ABootAnnouncementIsAnsweredWithAHello) {
    io::HubSession s;
    s.on_link_up(T0);
    (void)sent(s);
    auto boot = handshake(1'000, 1, 1, 9);
    boot.answers_hello = 0;
    s.on_bytes(Bytes{0} + frame(boot), T0 + MS);
    EXPECT_EQ(s.state(), HubSessionState::HELLO_SENT);
    EXPECT_EQ(only<wire::Hello>(sent(s)).size(), 1u);
    s.on_bytes(frame(handshake(3'000, 1, 1, 9)), T0 + 3 * MS);
    EXPECT_EQ(s.state(), HubSessionState::RUNNING);
    const auto connected = only_events<io::HubConnected>(s.take_events());
    ASSERT_EQ(connected.size(), 1u);
    EXPECT_FALSE(connected[0].rebooted);
    EXPECT_EQ(s.stats().crc_errors + s.stats().resyncs, 0u) << "a lone 0x00 is no error";
}

TEST(HubSession, SilenceIsNoticed) {
    Connected c;
    EXPECT_FALSE(c.s.is_silent(T0 + 500 * MS));
    EXPECT_TRUE(c.s.is_silent(T0 + 1500 * MS));
    c.feed(frame(heartbeat(6'400'000, 1, 1)), T0 + 1500 * MS);
    EXPECT_FALSE(c.s.is_silent(T0 + 1600 * MS));
}

}  // namespace
}  // namespace venue::test
