#include "inputs.h"

#include <avr/interrupt.h>
#include <avr/io.h>

#include "isr.h"
#include "pin_table.h"  // its static_assert pins the port layout fast_levels() relies on
#include "timebase.h"

namespace venue {
namespace avr {

void inputs_init() {
    DDRK = 0;
    PORTK = 0xFF;  // pull-ups: buttons close to ground
    DDRB = 0;
    PORTB = 0xFF;
    DDRJ &= static_cast<uint8_t>(~0x03);
    PORTJ |= 0x03;
    DDRA &= static_cast<uint8_t>(~0x1F);
    PORTA |= 0x1F;  // beams: a cut cable reads as broken; pause button closes to ground
    PCMSK0 = 0xFF;  // PCINT0..7   = PB0..7
    PCMSK1 = _BV(PCINT9) | _BV(PCINT10);  // PCINT9..10  = PJ0..1 (PCINT8 is RX0: off)
    PCMSK2 = 0xFF;                        // PCINT16..23 = PK0..7
    PCIFR = _BV(PCIF0) | _BV(PCIF1) | _BV(PCIF2);
    PCICR = _BV(PCIE0) | _BV(PCIE1) | _BV(PCIE2);
}

// Single producer (the ISR), single consumer (here): one-byte indices are atomic and the ISR
// never writes the slot at the tail, so no interrupt lock is needed.
bool inputs_pop(RawSample* out) {
    const uint8_t t = venue_sample_tail;
    if (t == venue_sample_head) return false;
    const volatile uint8_t* s = venue_isr_buffers + SAMPLE_QUEUE_OFFSET + t;
    out->pinb = s[0];
    out->pinj = s[1];
    out->pink = s[2];
    out->tcnt = static_cast<uint16_t>(s[3] | (s[4] << 8));
    const bool pending = s[5] & _BV(TOV1);
    uint32_t overflows = 0;
    for (uint8_t i = 0; i < 4; ++i) overflows |= static_cast<uint32_t>(s[6 + i]) << (8 * i);
    out->overflows = overflows;
    out->overflow_pending = pending;
    venue_sample_tail = static_cast<uint8_t>(t + SAMPLE_SIZE);
    return true;
}

uint8_t inputs_overruns() {
    return venue_sample_overruns;
}

uint32_t slow_levels() {
    const uint8_t a = PINA;
    return static_cast<uint32_t>((a & 0x0F) | (~a & 0x10));
}

}  // namespace avr
}  // namespace venue
