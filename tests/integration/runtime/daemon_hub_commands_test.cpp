// What the daemon sends the hub for the engine's clock decisions (DeviceCommand), on a hub the
// test plays (VirtualHub records the commands): an arbiter's pause is sent; a game that the hub's
// own flag ended sends no pause, since the hub stopped its clock itself when the face reached
// zero (a pause there is refused, BAD_STATE, and said as a device error in every flag-ended
// game).
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

#include "runtime/daemon.h"
#include "runtime/session.h"
#include "virtual_devices.h"

namespace venue::runtime {
namespace {

using testing::VirtualHub;
constexpr io::HostNanos MS = 1'000'000;

int pauses(const VirtualHub& hub) {
    int n = 0;
    for (const io::HubCommand& c : hub.submitted())
        n += std::holds_alternative<wire::ClockPause>(c);
    return n;
}

TEST(DaemonHubCommands, AGameEndedByTheHubsFlagSendsNoPauseToItsStoppedClock) {
    engine::MatchConfig m;
    m.id = "m1";
    m.game = "fide";
    m.board = "b1";
    m.white().name = "White";
    m.black().name = "Black";
    config::VenueConfig config;
    config.matches = {m};
    const auto log = std::filesystem::path(::testing::TempDir()) / "daemon_hub_commands.sqlite";
    std::filesystem::remove(log);
    auto session = Session::open(config, log.string());
    ASSERT_TRUE(session) << session.error();
    io::HostNanos now = 1'000'000 * MS;
    DaemonOptions o;
    o.now_ns = [&now] { return now; };
    Daemon daemon(**session, o);
    auto h = std::make_unique<VirtualHub>(now);
    VirtualHub& hub = *h;
    daemon.attach_hub(std::move(h), "m1");
    auto run = [&](int ms) {
        for (int i = 0; i < ms; ++i) {
            now += MS;
            auto r = daemon.step();
            ASSERT_TRUE(r) << r.error();
        }
    };
    const auto& match = *(*session)->state().match("m1");

    // The arbiter's pause reaches the hub.
    engine::ArbiterAction pause;
    pause.match = "m1";
    pause.kind = engine::ArbiterActionKind::PAUSE;
    pause.note = "a player is unwell";
    daemon.post({now, std::nullopt, pause});
    run(20);
    EXPECT_EQ(pauses(hub), 1);
    engine::ArbiterAction resume = pause;
    resume.kind = engine::ArbiterActionKind::RESUME;
    resume.note = "play on";
    daemon.post({now, std::nullopt, resume});
    run(20);
    ASSERT_NE(match.phase(), engine::MatchPhase::PAUSED);

    // Black's flag: the game is over, and the hub's clock stopped by itself.
    hub.flag(chess::BLACK, now, now + MS);
    run(20);
    EXPECT_EQ(match.phase(), engine::MatchPhase::FINISHED);
    EXPECT_EQ(match.result(), "1-0");
    EXPECT_EQ(pauses(hub), 1) << "no pause sent to a clock its flag stopped";
    daemon.stop();
}

}  // namespace
}  // namespace venue::runtime
