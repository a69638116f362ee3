#include "timebase.h"

#include "isr.h"  // the overflow count (its ISR is in isr.S)

#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

namespace venue {
namespace avr {

void timebase_init() {
    TCCR1A = 0;  // normal mode, OC1A/B/C disconnected
    TCCR1C = 0;
    TCNT1 = 0;
    TIFR1 = _BV(TOV1);
    TIMSK1 = _BV(TOIE1);
    TCCR1B = _BV(CS11);  // clk/8: 0.5 µs per tick at 16 MHz
}

uint64_t now_us() {
    uint16_t tcnt = 0;
    uint32_t overflows = 0;
    bool pending = false;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
        tcnt = TCNT1;
        overflows = venue_timer1_overflows;
        pending = TIFR1 & _BV(TOV1);
    }
    return ticks_to_us(ticks_from(tcnt, overflows, pending));
}

}  // namespace avr
}  // namespace venue
