// What the hub's 16x2 display shows in army mode: the army on move and its time, and the army
// that comes next. Pure, as clock_display.h (same display, same time formats).
//
//   column  0123456789012345
//   line 1  Army 3    0:59.2        army on move; its time right-aligned in 9-15 (tenths under a
//   line 2  Next 0      5:00        minute, as clock_display.h); line 2 the next army in the
//                                   order and its time
//
// Not running, line 2 says why and still names the next army: "PAUSED    Next 0",
// "FLAG 3    Next 0" (the flagged army stays on line 1, at 0:00.0). Stopped, no army is on
// move: "Armies 4" (armies in the order) and "STOPPED". Armies are numbered as on the wire
// (0-7), as the host numbers them; a lone army left in the order is its own next.
#pragma once

#include <stdint.h>

#include "army_clock.h"
#include "clock_display.h"
#include "hub_time.h"
#include "venue_wire.h"

namespace venue {
namespace hub {

// The state the display shows, read from the army clock at one instant.
struct ArmyView {
    wire::ClockState state;
    uint8_t on_move;  // NO_ARMY when STOPPED
    uint8_t next;     // NO_ARMY when STOPPED
    uint8_t order_count;
    Micros remaining_on_move;
    Micros remaining_next;
};

ArmyView army_view(const ArmyClock& clock, Micros now);

// Fills *out with the two lines for `view` (layout above).
void render_army(const ArmyView& view, DisplayFrame* out);

}  // namespace hub
}  // namespace venue
