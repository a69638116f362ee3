// Chess Eleven's limit on a turn (C11-A17 move_limit) through the daemon: the match asks for the
// hub's clock readings every half second (Match::clock_readings_every_ms), the daemon logs them
// so, and the turn that outlasts the limit loses, timed on the hub's clock from those readings.
// The hub's display is told what the match's faces count (ClockLabels) once.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

#include "../../unit/eleven/eleven_script.h"
#include "runtime/daemon.h"
#include "runtime/hub_bridge.h"
#include "runtime/session.h"
#include "virtual_devices.h"

namespace venue::runtime {
namespace {

using testing::MS;
using testing::VirtualBoard;
using testing::VirtualHub;

TEST(DaemonMoveLimit, TheHubIsReadEveryHalfSecondAndTheTurnThatOutlastsTheLimitLoses) {
    const auto log = std::filesystem::path(::testing::TempDir()) / "daemon_move_limit.sqlite";
    std::filesystem::remove(log);
    games::eleven::ElevenRules rules;
    rules.move_limit_ms = 3'000;
    config::VenueConfig config;
    config.matches = {games::eleven::testing::eleven_config(rules)};
    auto session = Session::open(config, log.string());
    ASSERT_TRUE(session) << session.error();

    io::HostNanos now = 1'000'000 * MS;
    DaemonOptions o;
    o.now_ns = [&] { return now; };
    Daemon daemon(**session, o);
    auto b = std::make_unique<VirtualBoard>(now, false, 0);
    VirtualBoard* board = b.get();
    daemon.attach_board("b1", std::move(b), "e1");
    auto h = std::make_unique<VirtualHub>(now);
    VirtualHub* hub = h.get();
    h->heartbeats(true);
    daemon.attach_hub(std::move(h), "e1");

    std::vector<io::HostNanos> readings;  // when each ClockReading was logged (host time)
    std::vector<engine::Decision> ended;
    io::HostNanos ended_at = 0;  // the host time of the event that ended the game
    daemon.on_applied([&](const StepRecord& r) {
        for (const Applied& a : r.applied) {
            if (std::holds_alternative<engine::ClockReading>(a.event.body))
                readings.push_back(a.event.host_ns);
            for (const engine::Decision& d : a.decisions)
                if (std::holds_alternative<engine::GameEnded>(d.body)) {
                    ended.push_back(d);
                    ended_at = a.event.host_ns;
                }
        }
    });
    daemon.start();
    auto run = [&](int ms) {
        for (int i = 0; i < ms; ++i) {
            now += MS;
            board->advance();
            auto r = daemon.step();
            ASSERT_TRUE(r) << r.error();
        }
    };
    auto input = [&](chess::Color side, const std::string& kind,
                     std::map<std::string, std::string> args) {
        engine::GameInput in;
        in.match = "e1";
        in.kind = kind;
        in.side = int(side);
        in.args = std::move(args);
        daemon.post({now, std::nullopt, in});
        run(20);
    };
    // The formations, the substitutes, both Ready: White kicks off.
    board->act("setup rnbk1bnr/pppp4/8/8/8/4R3/2PPPP2/RNBK1BN1");
    run(600);
    input(chess::WHITE, "substitute", {{"piece", "q"}});
    input(chess::BLACK, "substitute", {{"piece", "q"}});
    input(chess::WHITE, "ready", {});
    input(chess::BLACK, "ready", {});
    const engine::Match* m = (*session)->state().match("e1");
    ASSERT_NE(m, nullptr);
    ASSERT_NE(m->canonical().find("eleven stage 1"), std::string::npos) << m->canonical();
    const io::HostNanos kick_off = now - 20 * MS;  // Black's Ready was posted then
    // The hub's display names what its faces count, once (they did not change).
    int labels = 0;
    for (const io::HubCommand& c : hub->submitted())
        if (const auto* l = std::get_if<wire::ClockLabels>(&c)) {
            ++labels;
            EXPECT_EQ(l->label_a, HubBridge::packed_label("1st half"));
            EXPECT_EQ(l->label_b, HubBridge::packed_label("Forming"));
        }
    EXPECT_EQ(labels, 1);

    // White does nothing for 4 s.
    readings.clear();
    run(4'000);
    ASSERT_EQ(ended.size(), 1u);
    const engine::Decision* forfeit = &ended[0];
    EXPECT_EQ(forfeit->rule, "C11-A17");
    EXPECT_NE(forfeit->reason.find("White's turn took longer than the move limit of 3 s"),
              std::string::npos)
        << forfeit->reason;
    EXPECT_EQ(m->result(), "0-1");
    // The forfeit came after the limit, and at most two readings' gaps late: the turn is timed
    // from the first reading after the kick-off, and judged at each reading.
    EXPECT_GE(ended_at - kick_off, 3'000 * MS);
    EXPECT_LE(ended_at - kick_off, 4'100 * MS);
    // The readings came every half second while the match was played (the daemon looks at the
    // hub every 50 ms), not at the host's own pace of one in 10 s; none after it ended.
    ASSERT_GE(readings.size(), 6u);
    EXPECT_LE(readings.back(), ended_at);
    for (std::size_t i = 1; i < readings.size(); ++i) {
        const io::HostNanos gap = readings[i] - readings[i - 1];
        EXPECT_GE(gap, 500 * MS);
        EXPECT_LE(gap, 550 * MS);
    }
    daemon.stop();
}

}  // namespace
}  // namespace venue::runtime
