#include "clock_display.h"

namespace venue {
namespace hub {
namespace {

constexpr uint32_t TENTHS_PER_MINUTE = 600;
constexpr uint32_t SECONDS_PER_HOUR = 3600;

// Tenths of a second in `us`, rounded down. us / 100000 as (us / 32) / 3125: a 32-bit division
// on the AVR instead of a 64-bit one; exact for floors. From 2^37 µs (38 h) on: 100 h, which
// shows as the largest time the display has.
uint32_t tenths_of(Micros us) {
    if (us >= Micros{1} << 37) return 100u * 36000u;
    return static_cast<uint32_t>(us >> 5) / 3125u;
}

// Writes right to left: each call puts characters before the previous ones.
class Writer {
  public:
    explicit Writer(char* end) : p_(end) {}
    void put(char c) { *--p_ = c; }
    void two_digits(uint8_t v) {
        put(static_cast<char>('0' + v % 10));
        put(static_cast<char>('0' + v / 10));
    }
    // Without a leading zero (v < 100).
    void number(uint8_t v) {
        put(static_cast<char>('0' + v % 10));
        if (v >= 10) put(static_cast<char>('0' + v / 10));
    }

  private:
    char* p_;
};

// NUL-terminated `text` copied to out (the callers leave room for it).
void put_left(const char* text, char* out) {
    while (*text) *out++ = *text++;
}

}  // namespace

void format_time(Micros remaining, bool show_tenths, char* out) {
    const uint32_t tenths = tenths_of(remaining);
    for (uint8_t i = 0; i < TIME_WIDTH; ++i) out[i] = ' ';
    Writer w(out + TIME_WIDTH);
    const uint32_t seconds = tenths / 10;
    if (seconds >= 10 * SECONDS_PER_HOUR) {
        const uint32_t hours = seconds / SECONDS_PER_HOUR;
        const uint8_t minutes = static_cast<uint8_t>((seconds / 60) % 60);
        w.put('m');
        w.two_digits(hours > 99 ? 59 : minutes);
        w.put('h');
        w.number(static_cast<uint8_t>(hours > 99 ? 99 : hours));
        return;
    }
    const uint16_t minutes_total = static_cast<uint16_t>(seconds / 60);
    const uint8_t secs = static_cast<uint8_t>(seconds - minutes_total * 60u);
    if (show_tenths && tenths < TENTHS_PER_MINUTE) {
        w.put(static_cast<char>('0' + (tenths - seconds * 10)));
        w.put('.');
    }
    w.two_digits(secs);
    w.put(':');
    if (minutes_total >= 60) {
        w.two_digits(static_cast<uint8_t>(minutes_total % 60));
        w.put(':');
        w.number(static_cast<uint8_t>(minutes_total / 60));
    } else {
        w.number(static_cast<uint8_t>(minutes_total));
    }
}

bool unpack_label(uint64_t packed, char* out) {
    char text[FACE_LABEL_WIDTH];
    bool ended = false;
    for (uint8_t i = 0; i < FACE_LABEL_WIDTH; ++i) {
        const uint8_t c = static_cast<uint8_t>(packed >> (8 * i));
        if (c == 0) {
            ended = true;
        } else if (ended || c < 0x20 || c > 0x7E) {
            return false;
        }
        text[i] = static_cast<char>(c);
    }
    for (uint8_t i = 0; i < FACE_LABEL_WIDTH; ++i) out[i] = text[i];
    return true;
}

ClockView clock_view(const ChessClock& clock, const Lockout& lockout, const FaceLabels* labels,
                     Micros now) {
    ClockView v;
    v.labels = labels;
    v.remaining_a = clock.remaining(wire::Team::A, now);
    v.remaining_b = clock.remaining(wire::Team::B, now);
    v.on_move = clock.on_move();
    v.state = clock.state();
    v.claim_button = lockout.claim_button();
    return v;
}

void render_clock(const ClockView& view, DisplayFrame* out) {
    char* line1 = out->text[0];
    char* line2 = out->text[1];
    for (uint8_t i = 0; i < DISPLAY_COLS; ++i) line1[i] = line2[i] = ' ';

    const bool a_on_move = view.on_move == wire::Team::A;
    const bool b_on_move = view.on_move == wire::Team::B;
    format_time(view.remaining_a, a_on_move, line1);
    format_time(view.remaining_b, b_on_move, line1 + DISPLAY_COLS - TIME_WIDTH);
    if (a_on_move) line1[TIME_WIDTH] = '<';
    if (b_on_move) line1[TIME_WIDTH + 1] = '>';

    switch (view.state) {
        case wire::ClockState::STOPPED:
            put_left("STOPPED", line2);
            break;
        case wire::ClockState::PAUSED:
            put_left("PAUSED", line2);
            break;
        case wire::ClockState::FLAGGED:
            put_left("FLAG ", line2);
            line2[5] = b_on_move ? 'B' : 'A';
            break;
        case wire::ClockState::RUNNING:
            // Side A's label, left-aligned.
            if (view.labels) {
                for (uint8_t i = 0; i < FACE_LABEL_WIDTH && view.labels->text[0][i]; ++i)
                    line2[i] = view.labels->text[0][i];
            }
            break;
    }
    if (view.claim_button < BUTTON_COUNT) {
        Writer w(line2 + DISPLAY_COLS);
        w.number(view.claim_button);
        const char* label = "CLAIM ";
        for (int8_t i = 5; i >= 0; --i) w.put(label[i]);
    } else if (view.labels) {
        // Side B's label, right-aligned.
        const char* b = view.labels->text[1];
        uint8_t n = 0;
        while (n < FACE_LABEL_WIDTH && b[n]) ++n;
        for (uint8_t i = 0; i < n; ++i) line2[DISPLAY_COLS - n + i] = b[i];
    }
}

}  // namespace hub
}  // namespace venue
