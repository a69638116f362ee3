// libFuzzer target: arbitrary bytes on the line into the frame decoder and into the whole hub
// (every command it can decode is applied). Checked on every input:
//   - a decoded frame re-encodes and decodes to the same payload;
//   - the hub's invariants hold (Hub::is_ok);
//   - every frame the hub sends back decodes cleanly on the host side.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "frame.h"
#include "hub.h"

namespace {

using venue::hub::FrameDecoder;
using venue::hub::Hub;
using venue::hub::Micros;

void check(bool ok) {
    if (!ok) std::abort();
}

void round_trip(const uint8_t* payload, size_t len) {
    uint8_t wire[venue::hub::MAX_WIRE_FRAME];
    const size_t n = venue::hub::encode_frame(payload, len, wire);
    check(n > 0);
    FrameDecoder again;
    size_t frames = 0;
    for (size_t i = 0; i < n; ++i) {
        if (again.push(wire[i]) == FrameDecoder::Result::FRAME) {
            ++frames;
            check(again.payload_size() == len && std::memcmp(again.payload(), payload, len) == 0);
        }
    }
    check(frames == 1);
}

void drain(Hub& hub, Micros now, FrameDecoder& host) {
    uint8_t out[venue::hub::MAX_WIRE_FRAME];
    while (const size_t n = hub.next_frame(now, out)) {
        for (size_t i = 0; i < n; ++i) check(host.push(out[i]) != FrameDecoder::Result::ERROR);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    FrameDecoder decoder;
    for (size_t i = 0; i < size; ++i) {
        if (decoder.push(data[i]) == FrameDecoder::Result::FRAME) {
            round_trip(decoder.payload(), decoder.payload_size());
        }
    }

    Hub hub({1, 2, venue::wire::BootReason::POWER_ON, 1, 1}, 0);
    FrameDecoder host;
    Micros now = 0;
    for (size_t i = 0; i < size; ++i) {
        now += 1 + data[i] % 64;  // time moves on with the bytes, by a fuzzed amount
        if (i % 7 == 0) hub.fast_sample({now, data[i] * 0x01010101u});  // and inputs change
        hub.receive(data[i], now);
        if (i % 16 == 15) {
            hub.poll(now);
            check(hub.is_ok());
            drain(hub, now, host);
        }
    }
    now += 10000000;  // let every timer fire: confirmations, flags, heartbeats
    hub.poll(now);
    check(hub.is_ok());
    drain(hub, now, host);
    return 0;
}
