// USART0 to the Mega's USB bridge: 1 Mbit/s, 8N1 (U2X, UBRR = 1: exact at 16 MHz).
// Interrupt-driven both ways: a 256-byte receive ring filled by a 28-cycle handler, a 128-byte
// transmit ring drained by a handler that re-enables interrupts after 8 cycles (isr.S), so neither
// delays a pin-change sample by much (docs/hardware.md, "Interrupt timing").
#pragma once

#include <stdint.h>

namespace venue {
namespace avr {

void uart_init();

bool uart_read(uint8_t* byte);                      // a received byte; false when none
uint8_t uart_tx_free();                             // bytes that uart_write can take now
void uart_write(const uint8_t* data, uint8_t len);  // len <= uart_tx_free()
bool uart_tx_idle();  // everything written has left the shift register

}  // namespace avr
}  // namespace venue
