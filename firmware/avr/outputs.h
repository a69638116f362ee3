// Outputs on the ATmega2560: 16 button LEDs through two daisy-chained 74HC595 shift registers
// (bit-banged on PC0..2, shifted only when the pattern changes), the two team lamps and the
// buzzer (PC3..5), and the army clock's eight station lamps (PF0..7, station i on PFi); all
// driven high = on through MOSFET / transistor stages, see docs/hardware.md.
#pragma once

#include "hub.h"

namespace venue {
namespace avr {

void outputs_init();
void outputs_apply(const hub::HubOutputs& out);

}  // namespace avr
}  // namespace venue
