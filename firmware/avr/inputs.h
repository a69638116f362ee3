// Inputs on the ATmega2560.
//
// Fast inputs (16 claim buttons on PK0..7 and PB0..7, 2 paddles on PJ0..1) raise pin-change
// interrupts. The ISR (isr.S) reads all three ports first, within 8 cycles (0.5 µs) of each
// other, then TCNT1, and queues the raw sample; the main loop turns it into a timestamped
// InputSample for the core.
// Presses first seen in the same sample are a tie by definition (docs/hardware.md explains the
// resolution this gives).
//
// Slow inputs (4 beams and the pause button on PA0..4) are read by the main loop.
#pragma once

#include <stdint.h>

namespace venue {
namespace avr {

struct RawSample {
    uint8_t pinb;
    uint8_t pinj;
    uint8_t pink;
    uint16_t tcnt;
    uint32_t overflows;
    bool overflow_pending;  // TOV1 was set: see ticks_from()
};

void inputs_init();

// Oldest queued sample; false when none. Called by the main loop only.
bool inputs_pop(RawSample* out);

// Samples lost because the queue was full (wraps at 256).
uint8_t inputs_overruns();

// Bit i = input i active: buttons 0..15, paddles 16..17 (all active low, pulled up).
inline uint32_t fast_levels(const RawSample& s) {
    const uint32_t raw = static_cast<uint32_t>(s.pink) | (static_cast<uint32_t>(s.pinb) << 8) |
                         (static_cast<uint32_t>(s.pinj & 0x03) << 16);
    return ~raw & 0x3FFFFul;
}

// Bits 0..3 beams (active high: broken or cut), bit 4 pause button (active low).
uint32_t slow_levels();

}  // namespace avr
}  // namespace venue
