#include "outputs.h"

#include <avr/io.h>

namespace venue {
namespace avr {
namespace {

constexpr uint8_t SR_DATA = _BV(PC0);
constexpr uint8_t SR_CLOCK = _BV(PC1);
constexpr uint8_t SR_LATCH = _BV(PC2);
constexpr uint8_t LAMP_A = _BV(PC3);
constexpr uint8_t LAMP_B = _BV(PC4);
constexpr uint8_t BUZZER = _BV(PC5);

uint16_t shown_leds = 0;
bool first = true;

void set(uint8_t mask, bool on) {
    if (on) {
        PORTC |= mask;
    } else {
        PORTC &= static_cast<uint8_t>(~mask);
    }
}

// LED 15 is shifted first, so it ends in the last output (QH) of the second register.
void shift_leds(uint16_t leds) {
    for (int8_t bit = 15; bit >= 0; --bit) {
        set(SR_DATA, (leds >> bit) & 1u);
        PORTC |= SR_CLOCK;
        PORTC &= static_cast<uint8_t>(~SR_CLOCK);
    }
    PORTC |= SR_LATCH;
    PORTC &= static_cast<uint8_t>(~SR_LATCH);
}

}  // namespace

void outputs_init() {
    // PF4..7 are the JTAG pins while the JTAGEN fuse is programmed (not on a stock Mega): writing
    // JTD twice within four cycles frees them for the station lamps whatever the fuses say.
    const uint8_t mcucr = static_cast<uint8_t>(MCUCR | _BV(JTD));
    MCUCR = mcucr;
    MCUCR = mcucr;
    PORTF = 0;
    DDRF = 0xFF;
    PORTC &= static_cast<uint8_t>(~(SR_DATA | SR_CLOCK | SR_LATCH | LAMP_A | LAMP_B | BUZZER));
    DDRC |= SR_DATA | SR_CLOCK | SR_LATCH | LAMP_A | LAMP_B | BUZZER;
    shift_leds(0);
}

void outputs_apply(const hub::HubOutputs& out) {
    if (first || out.leds != shown_leds) {
        shift_leds(out.leds);  // ~10 µs; interrupts stay enabled
        shown_leds = out.leds;
        first = false;
    }
    set(LAMP_A, out.lamp_a);
    set(LAMP_B, out.lamp_b);
    set(BUZZER, out.buzzer);
    PORTF = out.station_lamps;
}

}  // namespace avr
}  // namespace venue
