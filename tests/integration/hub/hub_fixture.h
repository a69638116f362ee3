// A fresh rig (the real ELF, unpaced) and a connected, configured test client per test.
//
// Button assignment used by every test, so that pairs cross the two pin-change ports:
//   team A: buttons 0-3 (port K, PCINT2, the rig's shim) and 8-11 (port B, simavr's PCINT0)
//   team B: buttons 4-7 and 12-15. Player = button number + 1.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <mutex>

#include "hub_test_client.h"
#include "sim/hub/hub_rig_thread.h"

namespace venue::test {

using sim::HUB_CYCLES_PER_US;
using sim::HubAction;
using sim::HubActionKind;
using sim::HubWhen;

inline wire::Team team_of(uint8_t button) {
    return (button % 8) < 4 ? wire::Team::A : wire::Team::B;
}

inline HubAction at(uint64_t hub_cycles, HubActionKind kind, uint8_t index = 0,
                    uint64_t hold_cycles = 0) {
    HubAction a;
    a.when = HubWhen::AT;
    a.cycles = hub_cycles;
    a.kind = kind;
    a.index = index;
    a.hold_cycles = hold_cycles;
    return a;
}

inline HubAction after(uint64_t cycles, HubActionKind kind, uint8_t index = 0,
                       uint64_t hold_cycles = 0) {
    HubAction a = at(cycles, kind, index, hold_cycles);
    a.when = HubWhen::AFTER;
    return a;
}

class HubRigTest : public ::testing::Test {
  protected:
    void SetUp() override {
        sim::HubRigConfig config;
        config.elf_path = VENUE_HUB_ELF_PATH;
        auto started = sim::HubRigThread::start(config, 0.0, [this](const sim::HubReport& r) {
            std::lock_guard<std::mutex> lock(reports_mutex_);
            reports_.push_back(r);
        });
        ASSERT_TRUE(std::holds_alternative<std::unique_ptr<sim::HubRigThread>>(started))
            << std::get<std::string>(started);
        rig_ = std::move(std::get<std::unique_ptr<sim::HubRigThread>>(started));
        ASSERT_TRUE(client_.open(rig_->pty_path()));
        ASSERT_TRUE(client_.hello());
        const wire::Handshake& h = client_.handshakes().back();
        ASSERT_EQ(h.protocol_version, wire::PROTOCOL_VERSION);
        ASSERT_EQ(h.schema_hash, wire::SCHEMA_HASH);
        for (uint8_t b = 0; b < wire::BUTTON_COUNT; ++b) {
            wire::ConfigureButton c;
            c.button = b;
            c.team = team_of(b);
            c.player = static_cast<uint8_t>(b + 1);
            ASSERT_EQ(client_.command(c).value_or(HubTestClient::NO_ACK).status,
                      wire::CommandStatus::OK);
        }
    }

    // A time control of `time_us` for both sides, no increment, and the clock reset to it
    // (stopped).
    void set_clock_control(uint64_t time_us) {
        wire::ClockSetPeriod p;
        p.sides = 3;
        p.index = 0;
        p.moves = 0;
        p.time_us = time_us;
        p.increment_us = 0;
        p.mode = wire::TimingMode::NONE;
        ASSERT_EQ(client_.command(p).value_or(HubTestClient::NO_ACK).status,
                  wire::CommandStatus::OK);
        ASSERT_EQ(client_.command(wire::ClockReset{}).value_or(HubTestClient::NO_ACK).status,
                  wire::CommandStatus::OK);
    }

    void TearDown() override {
        // Every test: no event lost for good, whatever else it checks.
        EXPECT_EQ(client_.lost(), 0u);
        if (client_.frame_errors() > 0 && rig_) {
            std::printf("note: the host dropped %u damaged frames; the rig discarded %llu bytes\n",
                        client_.frame_errors(),
                        static_cast<unsigned long long>(rig_->tx_dropped()));
        }
        client_.close();
        if (rig_) rig_->stop();
    }

    uint64_t now_cycles() { return rig_->hub_cycles(); }

    void arm(wire::Team team) {
        wire::ArmTeam a;
        a.team = team;
        ASSERT_EQ(client_.command(a).value_or(HubTestClient::NO_ACK).status,
                  wire::CommandStatus::OK);
    }

    // Waits until hub time has advanced by `us` (the rig runs faster than wall time).
    void wait_hub_us(uint64_t us) {
        const uint64_t until = now_cycles() + us * HUB_CYCLES_PER_US;
        while (now_cycles() < until) client_.pump(2);
    }

    // Hub cycles at which the last `n` actions of this kind really ran (oldest first).
    std::vector<uint64_t> applied_times(HubActionKind kind, size_t n) {
        return rig_->with_rig([&](sim::HubRig& r) {
            std::vector<uint64_t> out;
            const auto& log = r.applied();
            for (auto it = log.rbegin(); it != log.rend() && out.size() < n; ++it) {
                if (it->action.kind == kind) out.insert(out.begin(), it->hub_cycles);
            }
            return out;
        });
    }

    std::vector<HubEvent> events_of(wire::MessageType type, size_t from = 0) const {
        std::vector<HubEvent> out;
        const auto& all = client_.events();
        for (size_t i = from; i < all.size(); ++i) {
            if (all[i].type == static_cast<uint8_t>(type)) out.push_back(all[i]);
        }
        return out;
    }

    bool wait_events(wire::MessageType type, size_t n, size_t from = 0, int timeout_ms = 5000) {
        return client_.wait_for([&] { return events_of(type, from).size() >= n; }, timeout_ms);
    }

    std::vector<sim::HubReport> reports() {
        std::lock_guard<std::mutex> lock(reports_mutex_);
        return reports_;
    }

    std::unique_ptr<sim::HubRigThread> rig_;
    HubTestClient client_;
    std::mutex reports_mutex_;
    std::vector<sim::HubReport> reports_;
};

}  // namespace venue::test
