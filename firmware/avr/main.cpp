// The hub's main loop: moves samples, bytes and time between the HAL and the portable core
// (firmware/core/hub.h), which makes every decision.
//
// One pass takes 50-400 µs (most of it 64-bit arithmetic in the core); the watchdog resets the
// hub if a pass ever takes 250 ms. The clock display (lcd.h) adds one byte to the LCD per pass
// while a frame is written, and renders a frame every 100 ms at the end of a pass.
#include <avr/interrupt.h>

#include "army_display.h"
#include "boot.h"
#include "clock_display.h"
#include "frame.h"
#include "hub.h"
#include "inputs.h"
#include "lcd.h"
#include "outputs.h"
#include "timebase.h"
#include "uart.h"

#ifndef VENUE_BUILD_ID
#define VENUE_BUILD_ID 0
#endif

namespace {

using venue::hub::Hub;
using venue::hub::HubIdentity;
using venue::hub::InputSample;
using venue::hub::Micros;
namespace avr = venue::avr;

HubIdentity identity() {
    const uint8_t mcusr = avr::reset_flags();
    return HubIdentity{VENUE_BUILD_ID, avr::hub_serial(), avr::boot_reason(mcusr), mcusr,
                       avr::count_boot()};
}

constexpr uint8_t MAX_RX_BYTES_PER_PASS = 64;
constexpr uint8_t MAX_FRAMES_PER_PASS = 4;
static_assert(MAX_FRAMES_PER_PASS <= venue::hub::ACK_QUEUE_SIZE, "each frame may queue an ack");

// Static storage, so that avr-size accounts for it (it is most of the RAM the hub uses).
Hub hub(identity(), 0);
uint8_t frame[venue::hub::MAX_WIRE_FRAME];

}  // namespace

int main() {
    avr::watchdog_start();
    avr::timebase_init();
    avr::inputs_init();
    avr::outputs_init();
    avr::uart_init();
    avr::lcd_init();
    sei();

    uint32_t slow = avr::slow_levels();
    uint8_t overruns = 0;
    for (;;) {
        avr::watchdog_feed();
        // Time first: every sample taken up to `now` is already queued (see hub.h).
        const Micros now = avr::now_us();
        // Right after reading the time: the LCD's byte timing is counted from `now`.
        avr::lcd_step(now);
        avr::RawSample raw;
        while (avr::inputs_pop(&raw)) {
            const uint64_t ticks = avr::ticks_from(raw.tcnt, raw.overflows, raw.overflow_pending);
            hub.fast_sample(InputSample{avr::ticks_to_us(ticks), avr::fast_levels(raw)});
        }
        const uint32_t levels = avr::slow_levels();
        if (levels != slow) {
            slow = levels;
            hub.slow_sample(InputSample{now, levels});
        }
        for (const uint8_t n = avr::inputs_overruns(); overruns != n; ++overruns) {
            hub.note_input_overrun();
        }
        // A bounded share of the received bytes per pass: a burst of commands must not starve
        // the acks (ACK_QUEUE_SIZE), the inputs and the flag check. The 256-byte receive ring
        // holds 2.8 ms of line time; a pass takes well under 1 ms.
        uint8_t byte = 0;
        uint8_t frames = 0;
        for (uint8_t n = 0; n < MAX_RX_BYTES_PER_PASS && frames < MAX_FRAMES_PER_PASS; ++n) {
            if (!avr::uart_read(&byte)) break;
            if (hub.receive(byte, now)) ++frames;
        }

        hub.poll(now);
        avr::outputs_apply(hub.outputs(now));
        while (avr::uart_tx_free() >= venue::hub::MAX_WIRE_FRAME) {
            const size_t n = hub.next_frame(now, frame);
            if (n == 0) break;
            avr::uart_write(frame, static_cast<uint8_t>(n));
        }

        // Lowest priority, after the frames: the display's text, ~10 times a second.
        if (venue::hub::DisplayFrame* display = avr::lcd_frame_due(now)) {
            if (hub.army_mode()) {
                venue::hub::render_army(venue::hub::army_view(hub.army_clock(), now), display);
            } else {
                venue::hub::render_clock(
                    venue::hub::clock_view(hub.clock(), hub.lockout(), &hub.face_labels(), now),
                    display);
            }
        }

        // TestStall: once the ack is out, stop feeding the watchdog (it resets us in 250 ms).
        if (hub.stall_requested() && avr::uart_tx_idle()) {
            for (;;) {}
        }
    }
}
