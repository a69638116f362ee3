// What the hub's 16x2 character display shows: both clock times, the side on move, the clock
// state and the claim holder. Pure: the state goes in, 32 characters come out; the HD44780
// driver (firmware/avr/lcd.h) only copies them to the glass.
//
//   column  0123456789012345
//   line 1  1:29:59<  0:59.8        A's time right-aligned in 0-6, B's in 9-15;
//   line 2  PAUSED   CLAIM 3        '<' in column 7: A on move, '>' in column 8: B on move
//
// Times (remaining time, rounded down, so a side never shows more than it has):
//   10 h and more      "10h05m"    (99h59m at most)
//   1 h .. 10 h        "1:29:59"
//   under 1 h          "59:59", "4:05"
//   under 1 min        "0:59.8" for the side on move (tenths), "0:59" for the other side
// A side on move under a minute shows "0:00.0" for the last 100 ms before its flag.
// Line 2: columns 0-7 the clock state ("STOPPED", "PAUSED", "FLAG A"/"FLAG B" for the side that
// flagged), or while RUNNING side A's face label left-aligned; columns 8-15 "CLAIM n"
// right-aligned while button n (0-15, as on the wire) holds the claim, else side B's face label
// right-aligned. Side A is on the left as on the clock's paddles. The labels (ClockLabels) say
// what a face counts when it is not a side's time (8 characters each at most):
//   line 1     4:59 > 0:19.8
//   line 2  1st half Forming
// In army mode the display shows the army clock instead (army_display.h).
#pragma once

#include <stdint.h>

#include "chess_clock.h"
#include "hub_time.h"
#include "lockout.h"
#include "venue_wire.h"

namespace venue {
namespace hub {

constexpr uint8_t DISPLAY_COLS = 16;
constexpr uint8_t DISPLAY_ROWS = 2;
constexpr uint8_t TIME_WIDTH = 7;  // columns of one time

constexpr uint8_t FACE_LABEL_WIDTH = 8;  // characters of a face label (half the second line)

// The characters of both lines, ASCII, no terminators.
struct DisplayFrame {
    char text[DISPLAY_ROWS][DISPLAY_COLS];
};

// What each face counts, in words (ClockLabels): ASCII, 0-padded; all 0: none.
struct FaceLabels {
    char text[2][FACE_LABEL_WIDTH];  // [0] side A, [1] side B
};

// Unpacks a ClockLabels label (the first character in the low byte, 0 bytes ending it) into
// out[0..FACE_LABEL_WIDTH). False, and out untouched, when a byte is not printable ASCII
// (0x20..0x7E) or a character follows a 0.
bool unpack_label(uint64_t packed, char* out);

// The state the display shows, read from the hub at one instant.
struct ClockView {
    Micros remaining_a;
    Micros remaining_b;
    wire::Team on_move;  // NONE when STOPPED
    wire::ClockState state;
    uint8_t claim_button;      // NO_BUTTON when the claim is free
    const FaceLabels* labels;  // nullptr: none
};

ClockView clock_view(const ChessClock& clock, const Lockout& lockout, const FaceLabels* labels,
                     Micros now);

// Fills *out with the two lines for `view` (layout above). Costs a few 32-bit divisions per
// side: no 64-bit division, no printf.
void render_clock(const ClockView& view, DisplayFrame* out);

// `remaining` right-aligned in out[0..TIME_WIDTH), in the format of the table above; tenths under
// a minute when show_tenths (the side on move).
void format_time(Micros remaining, bool show_tenths, char* out);

}  // namespace hub
}  // namespace venue
