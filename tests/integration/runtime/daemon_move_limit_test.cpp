// Chess Eleven's limit on a turn (C11-A17 move_limit) through the daemon: the match asks for the
// hub's clock readings every half second (Match::clock_readings_every_ms), the daemon logs them
// so, and the turn that outlasts the limit loses, timed on the hub's clock from those readings.
// The hub's display is told what the match's faces count (ClockLabels) once.
#include <gtest/gtest.h>

#include <filesystem>
#include <vector>

#include "../../unit/eleven/eleven_script.h"
#include "eleven_hall.h"
#include "runtime/hub_bridge.h"

namespace venue::runtime {
namespace {

using testing::MS;

TEST(DaemonMoveLimit, TheHubIsReadEveryHalfSecondAndTheTurnThatOutlastsTheLimitLoses) {
    const auto log = std::filesystem::path(::testing::TempDir()) / "daemon_move_limit.sqlite";
    std::filesystem::remove(log);
    games::eleven::ElevenRules rules;
    rules.move_limit_ms = 3'000;
    testing::ElevenHall hall(log, games::eleven::testing::eleven_config(rules), true);

    std::vector<io::HostNanos> readings;  // when each ClockReading was logged (host time)
    std::vector<engine::Decision> ended;
    io::HostNanos ended_at = 0;  // the host time of the event that ended the game
    hall.daemon->on_applied([&](const StepRecord& r) {
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
    hall.to_kick_off();
    const engine::Match* m = hall.session->state().match("e1");
    ASSERT_NE(m, nullptr);
    ASSERT_NE(m->canonical().find("eleven stage 1"), std::string::npos) << m->canonical();
    const io::HostNanos kick_off = hall.now - 20 * MS;  // Black's Ready was posted then
    // The hub's display names what its faces count, once (they did not change).
    int labels = 0;
    for (const io::HubCommand& c : hall.hub->submitted())
        if (const auto* l = std::get_if<wire::ClockLabels>(&c)) {
            ++labels;
            EXPECT_EQ(l->label_a, HubBridge::packed_label("1st half"));
            EXPECT_EQ(l->label_b, HubBridge::packed_label("Forming"));
        }
    EXPECT_EQ(labels, 1);

    // White does nothing for 4 s.
    readings.clear();
    hall.run(4'000);
    ASSERT_EQ(ended.size(), 1u);
    EXPECT_EQ(ended[0].rule, "C11-A17");
    EXPECT_NE(ended[0].reason.find("White's turn took longer than the move limit of 3 s"),
              std::string::npos)
        << ended[0].reason;
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
    hall.daemon->stop();
}

}  // namespace
}  // namespace venue::runtime
