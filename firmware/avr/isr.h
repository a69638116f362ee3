// Data shared with the assembly interrupt handlers of isr.S (see its header for the layout).
#pragma once

#include <stdint.h>

extern "C" {
extern volatile uint8_t venue_isr_buffers[512];  // [0, 256) receive ring, [256, 512) samples
extern volatile uint8_t venue_rx_head;
extern volatile uint8_t venue_sample_head;
extern volatile uint8_t venue_sample_tail;
extern volatile uint8_t venue_sample_overruns;
extern volatile uint32_t venue_timer1_overflows;
}

namespace venue {
namespace avr {

constexpr uint16_t RX_RING_OFFSET = 0;
constexpr uint16_t SAMPLE_QUEUE_OFFSET = 256;
constexpr uint8_t SAMPLE_SIZE = 16;
// UCSR0B has two values: isr.S writes UCSR0B_IDLE as a constant.
constexpr uint8_t UCSR0B_IDLE_BITS = 0x98;     // RXCIE0 | RXEN0 | TXEN0
constexpr uint8_t UCSR0B_SENDING_BITS = 0xB8;  // ... | UDRIE0

}  // namespace avr
}  // namespace venue
