// Test helpers: hub->host byte streams made with the firmware's own codec, and the host's output
// decoded back into wire messages.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <variant>
#include <vector>

#include "frame.h"
#include "io/hub/hub_session.h"

namespace venue::test {

using Bytes = std::vector<std::uint8_t>;
using HostMessage =
    std::variant<wire::Hello, wire::EventAck, wire::ResendRequest, wire::ConfigureButton,
                 wire::ArmTeam, wire::ClockAddTime, wire::Buzz, wire::ClockStart>;

template <class Message>
Bytes frame(const Message& m) {
    std::uint8_t out[hub::MAX_WIRE_FRAME];
    const std::size_t n = hub::encode_message(m, out);
    return Bytes(out, out + n);
}

inline Bytes operator+(Bytes a, const Bytes& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// The hub's answer to a Hello (answers_hello 0: the one it announces at boot).
inline wire::Handshake handshake(std::uint64_t hub_us, std::uint32_t oldest = 1,
                                 std::uint32_t next = 1, std::uint16_t boot_count = 0) {
    wire::Handshake h;
    h.boot_count = boot_count;
    h.answers_hello = 1;
    h.protocol_version = static_cast<std::uint16_t>(wire::PROTOCOL_VERSION);
    h.schema_hash = wire::SCHEMA_HASH;
    h.build_id = 0x1234abcd;
    h.hub_serial = 42;
    h.boot_reason = wire::BootReason::WATCHDOG;
    h.hub_time_us = hub_us;
    h.oldest_seq = oldest;
    h.next_seq = next;
    return h;
}

inline wire::Heartbeat heartbeat(std::uint64_t hub_us, std::uint32_t oldest, std::uint32_t next,
                                 std::uint16_t boot_count = 0) {
    wire::Heartbeat h;
    h.boot_count = boot_count;
    h.hub_time_us = hub_us;
    h.oldest_seq = oldest;
    h.next_seq = next;
    h.on_move = wire::Team::NONE;
    h.armed = wire::Team::NONE;
    h.claim_button = static_cast<std::uint8_t>(wire::NO_BUTTON);
    return h;
}

inline wire::ButtonPress press(std::uint32_t seq, std::uint64_t time_us, std::uint8_t button = 3) {
    wire::ButtonPress p;
    p.seq = seq;
    p.time_us = time_us;
    p.button = button;
    p.team = wire::Team::A;
    p.outcome = wire::PressOutcome::NOT_ARMED;
    return p;
}

struct HostCollector {
    std::vector<HostMessage>* out;
    template <class M>
    void operator()(const M& m) {
        if constexpr (std::is_constructible_v<HostMessage, M>) {
            out->push_back(m);
        } else {
            ADD_FAILURE() << "unexpected host message type " << int(M::TYPE);
        }
    }
};

// Every frame in the session's output, decoded as the hub would.
inline std::vector<HostMessage> sent(io::HubSession& s) {
    std::vector<HostMessage> out;
    hub::FrameDecoder rx;
    HostCollector c{&out};
    for (const std::uint8_t b : s.take_output()) {
        const auto r = rx.push(b);
        EXPECT_NE(r, hub::FrameDecoder::Result::ERROR);
        if (r == hub::FrameDecoder::Result::FRAME) {
            EXPECT_TRUE(wire::visit_to_hub(rx.payload(), rx.payload_size(), c));
        }
    }
    return out;
}

template <class M>
std::vector<M> only(const std::vector<HostMessage>& all) {
    std::vector<M> out;
    for (const auto& m : all) {
        if (const auto* p = std::get_if<M>(&m)) out.push_back(*p);
    }
    return out;
}

template <class E>
std::vector<E> only_events(const std::vector<io::HubEvent>& all) {
    std::vector<E> out;
    for (const auto& e : all) {
        if (const auto* p = std::get_if<E>(&e)) out.push_back(*p);
    }
    return out;
}

inline std::vector<std::uint32_t> seqs(const std::vector<io::HubEvent>& all) {
    std::vector<std::uint32_t> out;
    for (const auto& in : only_events<io::HubInput>(all)) out.push_back(in.seq);
    return out;
}

}  // namespace venue::test
