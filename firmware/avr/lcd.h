// The clock display: an HD44780 16x2 character LCD in 4-bit mode on port L (RS PL7, E PL6,
// D4..D7 PL5..PL2, R/W tied to ground, so the driver never reads the busy flag and keeps the
// controller's timings from the hub's clock instead).
//
// Never blocks the main loop: lcd_step() does at most one step per call, one byte as two
// nibbles (~6 µs, interrupts on), and only once the controller is ready by `now`:
//
//   POWER_UP --50 ms after boot--> INIT --7 steps--> IDLE <--------------------+
//                                                    |  lcd_frame_due(): due  |
//                                                    v                        |
//                                                  FRAME --34 bytes (+ display on, once)
//
//   INIT   "initialisation by instruction" (HD44780U datasheet, figure 24), which also brings
//          the controller back into step after an MCU reset in the middle of a byte:
//          0x3 nibble, 4.5 ms, 0x3, 150 µs, 0x3, 50 µs, 0x2 (4-bit), then function set 0x28
//          (2 lines, 5x8), display off 0x08, entry mode 0x06 (increment, no shift).
//          No clear display (1.52 ms): every frame rewrites all 32 cells.
//   FRAME  set address 0x80, 16 characters, set address 0xC0, 16 characters; after the first
//          frame, display on 0x0C (no cursor), so nothing from before the reset is shown.
// Every byte waits BYTE_US (datasheet: 37 µs; plus margin for interrupts between reading `now`
// and the write, which is why lcd_step() belongs right after the main loop reads the time).
// A frame takes 34 passes of the main loop (~5 ms); a new one is due every FRAME_PERIOD_US.
// No interrupt handler touches port L, so its read-modify-write stores need no guard.
#pragma once

#include "clock_display.h"
#include "hub_time.h"

namespace venue {
namespace avr {

constexpr uint32_t LCD_FRAME_PERIOD_US = 100000;  // 10 Hz: the tenths of the last minute move

void lcd_init();

// At most one byte to the controller, if it is ready by `now` (read at the top of the pass).
void lcd_step(hub::Micros now);

// Non-null when a new frame is due: the caller renders into it at once (before the next
// lcd_step()), and the driver then writes it out.
hub::DisplayFrame* lcd_frame_due(hub::Micros now);

}  // namespace avr
}  // namespace venue
