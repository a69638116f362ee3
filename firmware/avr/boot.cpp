#include "boot.h"

#include <avr/eeprom.h>
#include <avr/io.h>
#include <avr/wdt.h>

namespace {

uint8_t saved_mcusr __attribute__((section(".noinit")));

}  // namespace

extern "C" void venue_save_reset_flags(void) __attribute__((naked, used, section(".init3")));
void venue_save_reset_flags(void) {
    saved_mcusr = MCUSR;
    MCUSR = 0;
    wdt_disable();
}

namespace venue {
namespace avr {

uint8_t reset_flags() {
    return saved_mcusr;
}

// Power-on first: at power-up the brown-out flag is usually set as well.
wire::BootReason boot_reason(uint8_t mcusr) {
    if (mcusr & _BV(PORF)) return wire::BootReason::POWER_ON;
    if (mcusr & _BV(WDRF)) return wire::BootReason::WATCHDOG;
    if (mcusr & _BV(BORF)) return wire::BootReason::BROWN_OUT;
    if (mcusr & _BV(EXTRF)) return wire::BootReason::EXTERNAL;
    if (mcusr & _BV(JTRF)) return wire::BootReason::JTAG;
    return wire::BootReason::UNKNOWN;
}

uint32_t hub_serial() {
    constexpr uintptr_t SERIAL_ADDRESS = 0;
    return eeprom_read_dword(reinterpret_cast<const uint32_t*>(SERIAL_ADDRESS));
}

uint16_t count_boot() {
    constexpr uintptr_t BOOT_COUNT_ADDRESS = 4;
    uint16_t* const at = reinterpret_cast<uint16_t*>(BOOT_COUNT_ADDRESS);
    const uint16_t count = static_cast<uint16_t>(eeprom_read_word(at) + 1);
    eeprom_write_word(at, count);
    return count;
}

void watchdog_start() {
    wdt_enable(WDTO_250MS);
}

void watchdog_feed() {
    wdt_reset();
}

}  // namespace avr
}  // namespace venue
