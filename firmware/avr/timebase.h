// Hub time on the ATmega2560: Timer1 free-running at F_CPU / 8 = 2 MHz (one tick = 0.5 µs), its
// 16-bit count extended by an overflow counter to 48 bits (4.4 years). Nothing compares on
// Timer1 and no OC1x pin is driven (simavr can fire pin-change interrupts from compare outputs).
#pragma once

#include <stdint.h>

namespace venue {
namespace avr {

void timebase_init();

// Ticks from a TCNT1 value and the overflow count, both read with interrupts disabled, and
// whether TOV1 was pending then (an overflow the ISR has not counted yet).
inline uint64_t ticks_from(uint16_t tcnt, uint32_t overflows, bool overflow_pending) {
    if (overflow_pending && tcnt < 0x8000) ++overflows;  // the count wrapped before tcnt was read
    return (static_cast<uint64_t>(overflows) << 16) | tcnt;
}

inline uint64_t ticks_to_us(uint64_t ticks) {
    return ticks >> 1;
}

// Current hub time in microseconds (interrupts are disabled for ~1 µs).
uint64_t now_us();

}  // namespace avr
}  // namespace venue
