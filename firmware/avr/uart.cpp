#include "uart.h"

#include <avr/interrupt.h>
#include <avr/io.h>

#include "isr.h"

static_assert(venue::avr::UCSR0B_IDLE_BITS == (_BV(RXCIE0) | _BV(RXEN0) | _BV(TXEN0)), "isr.S");
static_assert(venue::avr::UCSR0B_SENDING_BITS == (venue::avr::UCSR0B_IDLE_BITS | _BV(UDRIE0)),
              "isr.S");

namespace {

constexpr uint8_t TX_RING = 128;  // power of two
constexpr uint8_t TX_MASK = TX_RING - 1;

uint8_t rx_tail = 0;  // the receive ring and its head live in isr.S
uint8_t tx_ring[TX_RING];
volatile uint8_t tx_head = 0;  // written by the main loop
volatile uint8_t tx_tail = 0;  // written by the UDRE handler

}  // namespace

extern "C" {
// Reached by jmp from the USART0_UDRE_vect preamble in isr.S, with interrupts enabled and the
// UDRE interrupt disabled. (A signal handler's name must start with __vector, or avr-gcc warns
// that it looks misspelled.)
void __vector_venue_usart_udre_tail(void) __attribute__((signal, used, externally_visible));
}

void __vector_venue_usart_udre_tail(void) {
    const uint8_t t = tx_tail;
    UDR0 = tx_ring[t];
    const uint8_t next = static_cast<uint8_t>((t + 1) & TX_MASK);
    tx_tail = next;
    cli();
    if (next != tx_head) UCSR0B = venue::avr::UCSR0B_SENDING_BITS;
}

namespace venue {
namespace avr {

void uart_init() {
    // U2X before the baud rate: simavr derives its byte time when UBRR0L is written.
    UCSR0A = _BV(U2X0);
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);  // 8N1
    UBRR0 = 1;                           // 16 MHz / (8 * (1 + 1)) = 1 Mbit/s
    UCSR0B = UCSR0B_IDLE_BITS;
}

bool uart_read(uint8_t* byte) {
    if (rx_tail == venue_rx_head) return false;
    *byte = venue_isr_buffers[RX_RING_OFFSET + rx_tail];
    rx_tail = static_cast<uint8_t>(rx_tail + 1);  // wraps at 256 like the ISR's head
    return true;
}

uint8_t uart_tx_free() {
    return static_cast<uint8_t>((tx_tail - tx_head - 1) & TX_MASK);
}

void uart_write(const uint8_t* data, uint8_t len) {
    uint8_t h = tx_head;
    for (uint8_t i = 0; i < len; ++i) {
        tx_ring[h] = data[i];
        h = static_cast<uint8_t>((h + 1) & TX_MASK);
    }
    tx_head = h;
    const uint8_t sreg = SREG;
    cli();
    UCSR0A = _BV(U2X0) | _BV(TXC0);  // writing 1 clears TXC0: set again once all has left
    UCSR0B = UCSR0B_SENDING_BITS;
    SREG = sreg;
}

bool uart_tx_idle() {
    return tx_head == tx_tail && (UCSR0A & _BV(TXC0));
}

}  // namespace avr
}  // namespace venue
