// Host commands through HubSession: numbering, retry until acknowledged, the in-flight window,
// and retries after a reconnect.
#include <gtest/gtest.h>

#include "hub_wire.h"

namespace venue::test {
namespace {

using io::HubSession;

constexpr io::HostNanos MS = 1'000'000;
constexpr io::HostNanos T0 = 1000 * MS;

// Connects s: Hello out, Handshake in.
void connect(HubSession& s) {
    s.on_link_up(T0);
    s.on_bytes(frame(handshake(5'000'000)), T0 + MS);
    (void)s.take_events();
    (void)s.take_output();
}

wire::CommandAck ack(std::uint16_t id, bool duplicate = false,
                     wire::CommandStatus st = wire::CommandStatus::OK) {
    return wire::CommandAck{id, st, static_cast<std::uint8_t>(duplicate ? 1 : 0)};
}

TEST(HubCommands, RetriedUntilAcknowledged) {
    io::HubSessionConfig cfg;
    cfg.first_cmd_id = 500;
    HubSession s(cfg);
    connect(s);
    wire::ClockAddTime add;
    add.side = wire::Team::B;
    add.delta_us = 120'000'000;
    const auto id = s.submit(add, T0 + 10 * MS);
    ASSERT_TRUE(id);
    EXPECT_EQ(*id, 500);
    auto out = only<wire::ClockAddTime>(sent(s));
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].cmd_id, 500);
    EXPECT_EQ(out[0].delta_us, 120'000'000);

    s.on_tick(T0 + 100 * MS);
    EXPECT_TRUE(sent(s).empty()) << "not before the retry interval";
    s.on_tick(T0 + 300 * MS);
    out = only<wire::ClockAddTime>(sent(s));
    ASSERT_EQ(out.size(), 1u) << "ack lost: the same command again, same cmd_id";
    EXPECT_EQ(out[0].cmd_id, 500);
    s.on_tick(T0 + 600 * MS);
    EXPECT_EQ(only<wire::ClockAddTime>(sent(s)).size(), 1u);

    // The hub applied the first copy; it answers the retry as a duplicate.
    s.on_bytes(frame(ack(500, true)), T0 + 610 * MS);
    const auto results = only_events<io::HubCommandResult>(s.take_events());
    ASSERT_EQ(results.size(), 1u);
    EXPECT_EQ(results[0].cmd_id, 500);
    EXPECT_EQ(results[0].outcome, io::CommandOutcome::ACKED);
    EXPECT_EQ(results[0].status, wire::CommandStatus::OK);
    EXPECT_TRUE(results[0].duplicate);
    EXPECT_EQ(results[0].attempts, 3u);
    s.on_tick(T0 + 2000 * MS);
    EXPECT_TRUE(sent(s).empty()) << "acknowledged: never sent again";
    // A late answer to an earlier copy is ignored.
    s.on_bytes(frame(ack(500)), T0 + 2001 * MS);
    EXPECT_TRUE(only_events<io::HubCommandResult>(s.take_events()).empty());
    EXPECT_EQ(s.stats().commands_sent, 3u);
}

TEST(HubCommands, StatusIsReported) {
    HubSession s;
    connect(s);
    const auto id = s.submit(wire::ArmTeam{0, wire::Team::A}, T0 + 10 * MS);
    s.on_bytes(frame(ack(*id, false, wire::CommandStatus::BAD_STATE)), T0 + 20 * MS);
    const auto r = only_events<io::HubCommandResult>(s.take_events());
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].status, wire::CommandStatus::BAD_STATE);
    EXPECT_FALSE(r[0].duplicate);
    EXPECT_EQ(r[0].attempts, 1u);
}

TEST(HubCommands, WindowStaysInsideTheHubsCommandLog) {
    HubSession s;
    connect(s);
    std::vector<std::uint16_t> ids;
    for (int i = 0; i < 12; ++i) ids.push_back(*s.submit(wire::Buzz{0, 10}, T0 + 10 * MS));
    auto out = only<wire::Buzz>(sent(s));
    ASSERT_EQ(out.size(), HubSession::MAX_IN_FLIGHT);
    EXPECT_EQ(out.front().cmd_id, ids[0]);
    s.on_bytes(frame(ack(ids[0])) + frame(ack(ids[1])), T0 + 20 * MS);
    out = only<wire::Buzz>(sent(s));
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0].cmd_id, ids[8]);
    EXPECT_EQ(out[1].cmd_id, ids[9]);
}

TEST(HubCommands, QueueIsBounded) {
    io::HubSessionConfig cfg;
    cfg.max_queued_commands = 4;
    HubSession s(cfg);  // not connected: everything queues
    for (int i = 0; i < 4; ++i) EXPECT_TRUE(s.submit(wire::Buzz{0, 10}, T0));
    EXPECT_FALSE(s.submit(wire::Buzz{0, 10}, T0));
}

TEST(HubCommands, SubmittedWhileDisconnectedGoOutAfterTheHandshake) {
    HubSession s;
    const auto id = s.submit(wire::ConfigureButton{0, 3, wire::Team::A, 2}, T0);
    s.on_link_up(T0 + MS);
    EXPECT_TRUE(only<wire::ConfigureButton>(sent(s)).empty());
    s.on_bytes(frame(handshake(5'000'000)), T0 + 2 * MS);
    const auto out = only<wire::ConfigureButton>(sent(s));
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].cmd_id, *id);
    EXPECT_EQ(out[0].player, 2);
}

TEST(HubCommands, InFlightCommandsAreResentAtOnceAfterAReconnect) {
    HubSession s;
    connect(s);
    const auto id = s.submit(wire::ClockStart{0, wire::Team::A}, T0 + 10 * MS);
    EXPECT_EQ(only<wire::ClockStart>(sent(s)).size(), 1u);
    s.on_link_down(T0 + 20 * MS, "unplugged");
    s.on_tick(T0 + 400 * MS);
    EXPECT_TRUE(sent(s).empty()) << "nothing is sent while the link is down";
    s.on_link_up(T0 + 500 * MS);
    s.on_bytes(frame(handshake(5'499'000)), T0 + 501 * MS);
    const auto out = only<wire::ClockStart>(sent(s));
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].cmd_id, *id);
}

}  // namespace
}  // namespace venue::test
