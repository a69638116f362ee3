// Reset cause, watchdog and identity.
//
// MCUSR is copied and cleared in .init3, before the C++ runtime starts, and the watchdog is
// disabled there: after a watchdog reset it stays enabled at its shortest period and would reset
// the hub again before main(). main() then enables it for real (WATCHDOG_PERIOD).
// Note for real boards: the Mega's stock bootloader may clear MCUSR before the application runs;
// then the reason reads UNKNOWN (flash without bootloader, or with Optiboot, to keep it).
#pragma once

#include <stdint.h>

#include "venue_wire.h"

namespace venue {
namespace avr {

uint8_t reset_flags();  // MCUSR as it was at reset
wire::BootReason boot_reason(uint8_t mcusr);
uint32_t hub_serial();  // EEPROM bytes 0..3, little-endian; 0xFFFFFFFF when never written
// Adds this boot to the count in EEPROM bytes 4..5 and returns the new count (0 after a blank
// EEPROM's 0xFFFF). One 3.4 ms write per boot: 100,000 writes outlast any hub's life.
uint16_t count_boot();
void watchdog_start();  // 250 ms
void watchdog_feed();

}  // namespace avr
}  // namespace venue
