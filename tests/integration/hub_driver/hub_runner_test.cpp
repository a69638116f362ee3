// HubRunner over TermiosLink against the simulated hub on a pty: handshake, commands, events
// with mapped times, and a pulled cable that loses and doubles nothing.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <map>
#include <set>

#include "io/hub/hub_runner.h"
#include "io/link/termios_link.h"
#include "sim_hub.h"

namespace venue::test {
namespace {

using namespace std::chrono_literals;
using io::HubEvent;
using io::HubInput;
using io::HubRunner;

constexpr double DRIFT_PPM = 50.0;

std::string temp_link(const char* name) {
    return std::string("/tmp/venue-hubdrv-") + std::to_string(::getpid()) + "-" + name;
}

// Everything the application would see, collected by polling like a rules thread.
struct Collected {
    std::vector<HubInput> inputs;
    std::vector<io::HubConnected> connects;
    std::vector<io::HubDisconnected> disconnects;
    std::vector<io::HubEventsLost> lost;
    std::map<std::uint16_t, io::HubCommandResult> results;

    void take(HubRunner& r) {
        for (HubEvent& e : r.poll_events()) {
            if (auto* in = std::get_if<HubInput>(&e)) inputs.push_back(*in);
            if (auto* c = std::get_if<io::HubConnected>(&e)) connects.push_back(*c);
            if (auto* d = std::get_if<io::HubDisconnected>(&e)) disconnects.push_back(*d);
            if (auto* l = std::get_if<io::HubEventsLost>(&e)) lost.push_back(*l);
            if (auto* c = std::get_if<io::HubCommandResult>(&e)) results[c->cmd_id] = *c;
        }
    }
};

// Polls until pred() or the deadline; true if pred() held.
template <class Pred>
bool poll_until(HubRunner& r, Collected& c, std::chrono::milliseconds limit, Pred pred) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
        c.take(r);
        if (pred()) return true;
        std::this_thread::sleep_for(2ms);
    }
    c.take(r);
    return pred();
}

std::unique_ptr<io::Link> pty_link(const std::string& path) {
    // Ptys ignore the rate; 115200 is one TermiosLink accepts (the real hub runs at 1 Mbaud on
    // SerialPortLink).
    return std::make_unique<io::TermiosLink>(path, 115200);
}

TEST(HubRunnerPty, HandshakeCommandsAndEventsEndToEnd) {
    SimHub sim(temp_link("e2e"), DRIFT_PPM);
    sim.start();
    ASSERT_TRUE(sim.error().empty()) << sim.error();
    HubRunner runner(pty_link(sim.link()));
    runner.start();
    Collected c;
    ASSERT_TRUE(poll_until(runner, c, 5s, [&] { return !c.connects.empty(); }));
    EXPECT_TRUE(c.connects[0].new_session);
    EXPECT_EQ(c.connects[0].handshake.hub_serial, 4711u);
    EXPECT_EQ(c.connects[0].handshake.boot_reason, wire::BootReason::POWER_ON);

    const auto id1 = runner.submit(wire::ConfigureButton{0, 5, wire::Team::A, 3});
    const auto id2 = runner.submit(wire::ArmTeam{0, wire::Team::A});
    ASSERT_TRUE(id1 && id2);
    ASSERT_TRUE(poll_until(runner, c, 5s, [&] { return c.results.size() == 2; }));
    EXPECT_EQ(c.results[*id1].status, wire::CommandStatus::OK);
    EXPECT_EQ(c.results[*id2].status, wire::CommandStatus::OK);

    // Heartbeats for the time fit first (10 Hz), then press.
    ASSERT_TRUE(poll_until(runner, c, 10s, [&] { return runner.status().time_samples >= 12; }));
    sim.press(5);
    ASSERT_TRUE(poll_until(runner, c, 5s, [&] { return c.inputs.size() >= 2; }));
    ASSERT_EQ(c.inputs.size(), 2u);
    const auto* press = std::get_if<wire::ButtonPress>(&c.inputs[0].payload);
    ASSERT_NE(press, nullptr);
    EXPECT_EQ(press->button, 5);
    EXPECT_EQ(press->player, 3);
    EXPECT_EQ(press->outcome, wire::PressOutcome::ACCEPTED);
    const auto* claim = std::get_if<wire::Claim>(&c.inputs[1].payload);
    ASSERT_NE(claim, nullptr);
    EXPECT_EQ(claim->change, wire::ClaimChange::TAKEN);

    // Mapped time against the moment the harness closed the contact (the pty's latency floor
    // and the harness loop are a few hundred µs at most; allow a loaded machine 5 ms).
    const auto log = sim.presses();
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(c.inputs[0].hub_time_us, log[0].hub_us);
    const io::HostNanos diff = c.inputs[0].host_time_ns - log[0].host_ns;
    EXPECT_LT(std::llabs(diff), 5'000'000) << "mapping error " << diff << " ns";
    const io::HubLinkStatus st = runner.status();
    EXPECT_EQ(st.state, io::HubSessionState::RUNNING);
    EXPECT_TRUE(st.link_open);
    EXPECT_GE(st.time_samples, 10u);
    EXPECT_GE(st.last_frame_age_ns, 0);
    EXPECT_LT(st.last_frame_age_ns, 500'000'000);
    EXPECT_EQ(st.stats.crc_errors, 0u);
    std::printf(
        "mapping error %lld ns, estimate %lld ns, drift %.1f ppm (true %.1f), %zu samples\n",
        static_cast<long long>(diff), static_cast<long long>(c.inputs[0].host_error_ns),
        st.drift_ppm, -DRIFT_PPM, st.time_samples);
    runner.stop();
    sim.stop();
}

TEST(HubRunnerPty, PullingTheLinkLosesAndDoublesNothing) {
    SimHub sim(temp_link("pull"), DRIFT_PPM);
    sim.start();
    ASSERT_TRUE(sim.error().empty()) << sim.error();
    HubRunner runner(pty_link(sim.link()));
    runner.start();
    Collected c;
    ASSERT_TRUE(poll_until(runner, c, 5s, [&] { return !c.connects.empty(); }));

    constexpr int PRESSES = 45;
    std::uint16_t add_id = 0;
    io::HostNanos down_since = 0;
    for (int i = 0; i < PRESSES; ++i) {
        sim.press(static_cast<std::uint8_t>(i % 8));
        if (i == 10) {
            sim.unplug_for(1500ms);
            // Waits for the runner to see the cable pulled (a condition, not a time): the presses
            // that follow are made while the link is down.
            ASSERT_TRUE(poll_until(runner, c, 5s, [&] {
                return runner.status().state != io::HubSessionState::RUNNING;
            })) << "pulled";
            down_since = runner.status().down_since_ns;
        }
        if (i == 15) {
            // A command submitted while the link is down is applied once, after it returns.
            wire::ClockAddTime add;
            add.side = wire::Team::A;
            add.delta_us = 120'000'000;
            add_id = *runner.submit(add);
        }
        std::this_thread::sleep_for(60ms);
        c.take(runner);
    }
    ASSERT_TRUE(poll_until(
        runner, c, 10s, [&] { return c.inputs.size() >= PRESSES && c.results.count(add_id) == 1; }))
        << "got " << c.inputs.size() << " events";
    // Once the hub holds nothing unacknowledged it has nothing to send again: a double could
    // only have come before, and would be in c.inputs now.
    ASSERT_TRUE(poll_until(runner, c, 10s, [&] {
        const auto hb = runner.status().heartbeat;
        return hb && hb->next_seq == PRESSES + 1u && hb->oldest_seq == hb->next_seq;
    }));
    c.take(runner);

    EXPECT_EQ(sim.unplugs(), 1u);
    EXPECT_GE(c.disconnects.size(), 1u);
    ASSERT_GE(c.connects.size(), 2u);
    EXPECT_FALSE(c.connects.back().new_session) << "same hub session resumed";
    EXPECT_TRUE(c.lost.empty());
    ASSERT_EQ(c.inputs.size(), static_cast<std::size_t>(PRESSES));
    std::set<std::uint64_t> times;
    for (std::size_t i = 0; i < c.inputs.size(); ++i) {
        EXPECT_EQ(c.inputs[i].seq, i + 1) << "in order, no gap, no double";
        ASSERT_TRUE(std::holds_alternative<wire::ButtonPress>(c.inputs[i].payload));
        times.insert(c.inputs[i].hub_time_us);
    }
    // Each press the harness made is there once, with its hub time.
    const auto log = sim.presses();
    ASSERT_EQ(log.size(), static_cast<std::size_t>(PRESSES));
    for (const SimPress& p : log) EXPECT_EQ(times.count(p.hub_us), 1u) << p.hub_us;
    EXPECT_EQ(c.results[add_id].status, wire::CommandStatus::OK);

    const io::HubLinkStatus st = runner.status();
    EXPECT_EQ(st.state, io::HubSessionState::RUNNING);
    EXPECT_GE(st.opens, 2u);
    EXPECT_GE(st.link_errors, 1u);
    EXPECT_GT(down_since, 0) << "reconnecting since T was visible while pulled";
    EXPECT_EQ(st.down_since_ns, 0);
    std::printf(
        "opens %llu, open failures %llu, duplicates dropped %llu, resend requests %llu, "
        "resyncs %llu, crc errors %llu, add-time attempts %u (duplicate %d)\n",
        static_cast<unsigned long long>(st.opens),
        static_cast<unsigned long long>(st.open_failures),
        static_cast<unsigned long long>(st.stats.duplicates),
        static_cast<unsigned long long>(st.stats.resend_requests),
        static_cast<unsigned long long>(st.stats.resyncs),
        static_cast<unsigned long long>(st.stats.crc_errors), c.results[add_id].attempts,
        c.results[add_id].duplicate ? 1 : 0);
    runner.stop();
    sim.stop();
}

TEST(HubRunnerPty, MissingDeviceBacksOffAndConnectsWhenItAppears) {
    const std::string path = temp_link("late");
    io::HubRunnerConfig config;
    HubRunner runner(pty_link(path), config);
    const io::HostNanos started = HubRunner::now_ns();
    runner.start();
    Collected none;
    ASSERT_TRUE(poll_until(runner, none, 20s, [&] { return runner.status().open_failures >= 4; }));
    const io::HubLinkStatus st = runner.status();
    const io::HostNanos now = HubRunner::now_ns();
    EXPECT_EQ(st.state, io::HubSessionState::DISCONNECTED);
    EXPECT_FALSE(st.link_open);
    // Backing off, not spinning: the attempts cannot have come faster than the backoff (50, 100,
    // 200 ms...) lets them, however loaded the machine.
    io::HostNanos min_ns = 0;
    auto wait = config.backoff_min;
    for (std::uint64_t i = 1; i < st.open_failures; ++i) {
        min_ns += std::chrono::nanoseconds(wait).count();
        wait = std::min(wait * 2, config.backoff_max);
    }
    EXPECT_GE(now - started, min_ns) << st.open_failures << " failures";
    EXPECT_NE(st.last_error.find(path), std::string::npos) << st.last_error;

    SimHub sim(path, 0.0);
    sim.start();
    Collected c;
    EXPECT_TRUE(poll_until(runner, c, 5s, [&] { return !c.connects.empty(); }));
    runner.stop();
    sim.stop();
}

}  // namespace
}  // namespace venue::test
