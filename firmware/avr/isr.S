; The hub's timing-critical interrupt handlers, in assembly.
;
; Why assembly: a pin-change sample is only as early as the longest stretch with interrupts
; disabled lets it be. The compiler's handlers save 9-19 registers before doing anything (56 cycles
; for the Timer1 overflow, 42 before the UART ones could re-enable interrupts, ~200 for the pin
; change), which would let two presses 4 us apart land in the same sample. Here:
;
;   handler          cycles incl. entry   interrupts off for   notes
;   PCINT0/1/2       97                   all                  ports read at cycles 15-19
;   TIMER1_OVF       30 (48 at most)      all
;   USART0_RX        36                   all                  touches no flags: SREG not saved
;   USART0_UDRE      ~16 + C tail         16, then enabled     tail: __vector_venue_usart_udre_tail
;
; (docs/hardware.md, "Interrupt timing", derives the worst-case sampling latency from this table.)
;
; Shared data (declared for C++ in isr.h):
;   venue_isr_buffers     512 bytes, 256-aligned: [0, 256) UART receive ring,
;                         [256, 512) 16 pin-change samples of 16 bytes
;   venue_rx_head         low byte of the next free receive slot (wraps at 256 by itself)
;   venue_sample_head     low byte of the next free sample slot
;   venue_sample_tail     low byte of the oldest queued sample (written by the main loop)
;   venue_sample_overruns samples dropped because the queue was full (wraps at 256)
;   venue_timer1_overflows  32-bit Timer1 overflow count
;
; Sample slot: 0 PINB, 1 PINJ, 2 PINK, 3 TCNT1L, 4 TCNT1H, 5 TIFR1, 6..9 overflow count (LE).

#include <avr/io.h>

#define UCSR0B_IDLE    ((1 << RXEN0) | (1 << TXEN0) | (1 << RXCIE0))
#define SAMPLE_SIZE    16

; The 512-byte block sits at the start of RAM (0x800200, 256-aligned), placed there by the link
; options in CMakeLists.txt, with .data moved up behind it: no alignment padding is wasted.
        .section .venue_isr, "aw", @nobits
        .global venue_isr_buffers
venue_isr_buffers:
        .space  512

        .section .bss
        .global venue_rx_head
venue_rx_head:
        .space  1
        .global venue_sample_head
venue_sample_head:
        .space  1
        .global venue_sample_tail
venue_sample_tail:
        .space  1
        .global venue_sample_overruns
venue_sample_overruns:
        .space  1
        .global venue_timer1_overflows
venue_timer1_overflows:
        .space  4

        .section .text

; --- Pin change: buttons (PCINT0 = port B, PCINT2 = port K) and paddles (PCINT1 = port J) -----
; The three ports are read first (PINB 7 cycles after the jump, PINK 11 after), then TCNT1,
; and the whole sample is queued for the main loop, which does everything else. Edges on
; different ports less than 4 cycles apart may be seen in either order; anything closer than
; the sampling latency (docs/hardware.md) is a tie.
        .global PCINT0_vect
        .global PCINT1_vect
        .global PCINT2_vect
PCINT0_vect:
PCINT1_vect:
PCINT2_vect:
        push    r23
        push    r24
        push    r25
        in      r24, _SFR_IO_ADDR(PINB)     ; the three ports within 4 cycles (0.25 us)
        lds     r25, PINJ
        lds     r23, PINK
        push    r22
        lds     r22, TCNT1L             ; the low byte first latches the high byte
        push    r21
        lds     r21, TCNT1H
        push    r20
        in      r20, _SFR_IO_ADDR(SREG)
        push    r30
        push    r31
        lds     r30, venue_sample_head
        ldi     r31, hi8(venue_isr_buffers + 256)
        st      Z+, r24
        st      Z+, r25
        st      Z+, r23
        st      Z+, r22
        st      Z+, r21
        in      r24, _SFR_IO_ADDR(TIFR1)    ; TOV1: an overflow not yet counted
        st      Z+, r24
        lds     r24, venue_timer1_overflows
        st      Z+, r24
        lds     r24, venue_timer1_overflows + 1
        st      Z+, r24
        lds     r24, venue_timer1_overflows + 2
        st      Z+, r24
        lds     r24, venue_timer1_overflows + 3
        st      Z+, r24
        subi    r30, -(SAMPLE_SIZE - 10)    ; next slot; wraps within the 256-byte queue
        lds     r24, venue_sample_tail
        cp      r30, r24
        breq    1f                          ; queue full: drop the sample, count it
        sts     venue_sample_head, r30
        rjmp    2f
1:      lds     r24, venue_sample_overruns
        inc     r24
        sts     venue_sample_overruns, r24
2:      out     _SFR_IO_ADDR(SREG), r20
        pop     r31
        pop     r30
        pop     r20
        pop     r21
        pop     r22
        pop     r25
        pop     r24
        pop     r23
        reti

; --- Timer1 overflow: the upper 32 bits of hub time ---------------------------------------------
; Never interruptible: between the hardware clearing TOV1 on entry and the increment, a reader
; would see neither the flag nor the new count.
        .global TIMER1_OVF_vect
TIMER1_OVF_vect:
        push    r24
        in      r24, _SFR_IO_ADDR(SREG)
        push    r24
        lds     r24, venue_timer1_overflows
        inc     r24
        sts     venue_timer1_overflows, r24
        brne    1f
        lds     r24, venue_timer1_overflows + 1
        inc     r24
        sts     venue_timer1_overflows + 1, r24
        brne    1f
        lds     r24, venue_timer1_overflows + 2
        inc     r24
        sts     venue_timer1_overflows + 2, r24
        brne    1f
        lds     r24, venue_timer1_overflows + 3
        inc     r24
        sts     venue_timer1_overflows + 3, r24
1:      pop     r24
        out     _SFR_IO_ADDR(SREG), r24
        pop     r24
        reti

; --- USART0 receive: one byte into the 256-byte ring --------------------------------------------
; st Z+ advances the slot without touching the flags, and the ring's 256-byte alignment makes the
; low address byte wrap by itself. If the main loop ever fell 256 bytes behind, bytes would be
; overwritten; frames would fail their CRC and be sent again.
        .global USART0_RX_vect
USART0_RX_vect:
        push    r24
        push    r30
        push    r31
        lds     r24, UDR0                   ; clears RXC
        lds     r30, venue_rx_head
        ldi     r31, hi8(venue_isr_buffers)
        st      Z+, r24
        sts     venue_rx_head, r30
        pop     r31
        pop     r30
        pop     r24
        reti

; --- USART0 data register empty ------------------------------------------------------------------
; Disable this interrupt (UCSR0B has only two values, so a constant is written: no flags), let
; other interrupts in, and send the next byte from C (uart.cpp), which re-enables it if more wait.
        .global USART0_UDRE_vect
USART0_UDRE_vect:
        push    r24
        ldi     r24, UCSR0B_IDLE
        sts     UCSR0B, r24
        pop     r24
        sei
        jmp     __vector_venue_usart_udre_tail
