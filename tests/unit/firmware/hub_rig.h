// A host-side harness around Hub: drives inputs and time, sends commands as real frames, and
// decodes every frame the hub sends (as the host driver would).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "frame.h"
#include "hub.h"

namespace venue::hub::test {

using Bytes = std::vector<uint8_t>;

template <class M>
Bytes frame_bytes(const M& m) {
    Bytes out(MAX_WIRE_FRAME);
    out.resize(encode_message(m, out.data()));
    return out;
}

struct Received {
    Micros at;  // hub time when the hub produced the frame
    Bytes payload;
};

class HubRig {
  public:
    static constexpr HubIdentity IDENTITY = {0xB0D5EED5, 0x1234, wire::BootReason::WATCHDOG, 0x08,
                                             3};

    // A hub that has just booted and a host that opens the session at once (its Hello comes
    // after the boot Handshake), as every connected host does; open_session false: no Hello.
    explicit HubRig(HubIdentity id = IDENTITY, bool open_session = true) : hub(id, 0) {
        if (!open_session) return;
        pump();
        send(wire::Hello{uint16_t(wire::PROTOCOL_VERSION), wire::SCHEMA_HASH});
    }

    Hub hub;
    Micros now = 0;
    uint32_t fast = 0;
    uint32_t slow = 0;
    bool connected = true;  // false: frames from the hub are lost
    std::vector<Received> frames;
    uint16_t next_cmd = 1;

    void pump() {
        hub.poll(now);
        ASSERT_TRUE(hub.is_ok());
        uint8_t buf[MAX_WIRE_FRAME];
        while (const size_t n = hub.next_frame(now, buf)) {
            ASSERT_LE(n, MAX_WIRE_FRAME);
            if (!connected) continue;
            for (size_t i = 0; i < n; ++i) {
                if (rx_.push(buf[i]) == FrameDecoder::Result::FRAME) {
                    frames.push_back(
                        {now, Bytes(rx_.payload(), rx_.payload() + rx_.payload_size())});
                }
            }
        }
    }

    // Main-loop passes every `step` µs up to t.
    void run_to(Micros t, Micros step = 50) {
        while (now < t) {
            now = std::min(now + step, t);
            hub.slow_sample({now, slow});
            pump();
        }
    }
    void run_for(Micros d, Micros step = 50) { run_to(now + d, step); }

    void set_fast(uint32_t levels) {
        fast = levels;
        hub.fast_sample({now, fast});
    }
    void down(int input) { set_fast(fast | (1u << input)); }
    void up(int input) { set_fast(fast & ~(1u << input)); }
    void tap(int input, Micros hold = 30000) {
        down(input);
        run_for(hold);
        up(input);
    }

    void send_bytes(const Bytes& bytes) {
        for (uint8_t b : bytes) hub.receive(b, now);
    }
    template <class M>
    void send(const M& m) {
        send_bytes(frame_bytes(m));
    }
    // Sends a command with a fresh cmd_id and runs until its ack; returns the ack.
    template <class M>
    wire::CommandAck command(M m) {
        m.cmd_id = next_cmd++;
        send(m);
        run_for(100);
        for (const auto& a : all<wire::CommandAck>()) {
            if (a.cmd_id == m.cmd_id) return a;
        }
        ADD_FAILURE() << "no ack for command " << m.cmd_id;
        return {};
    }

    template <class M>
    std::vector<M> all() const {
        std::vector<M> out;
        for (const Received& r : frames) {
            M m;
            if (wire::unpack(r.payload.data(), r.payload.size(), m)) out.push_back(m);
        }
        return out;
    }
    template <class M>
    M last() const {
        auto v = all<M>();
        EXPECT_FALSE(v.empty());
        return v.empty() ? M{} : v.back();
    }
    void clear() { frames.clear(); }

    // Buttons 0..7 team A, players 1..8; 8..15 team B, players 1..8.
    void configure_teams() {
        for (uint8_t b = 0; b < BUTTON_COUNT; ++b) {
            wire::ConfigureButton c;
            c.button = b;
            c.team = b < 8 ? wire::Team::A : wire::Team::B;
            c.player = uint8_t(b % 8 + 1);
            ASSERT_EQ(command(c).status, wire::CommandStatus::OK);
        }
    }
    void arm(wire::Team t) {
        wire::ArmTeam a;
        a.team = t;
        ASSERT_EQ(command(a).status, wire::CommandStatus::OK);
    }
    void clock_control(Micros base, wire::TimingMode mode = wire::TimingMode::NONE,
                       uint32_t amount = 0) {
        wire::ClockSetPeriod p;
        p.sides = 3;
        p.index = 0;
        p.time_us = base;
        p.increment_us = amount;
        p.mode = mode;
        ASSERT_EQ(command(p).status, wire::CommandStatus::OK);
        ASSERT_EQ(command(wire::ClockReset{}).status, wire::CommandStatus::OK);
    }

  private:
    FrameDecoder rx_;
};

}  // namespace venue::hub::test
