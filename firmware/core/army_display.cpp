#include "army_display.h"

namespace venue {
namespace hub {
namespace {

constexpr uint8_t TIME_COLUMN = DISPLAY_COLS - TIME_WIDTH;
constexpr uint8_t LABEL_WIDTH = 6;  // "Army n", "Next n"

// "<word> n" at out (word of LABEL_WIDTH - 2 letters; n one digit, armies are 0-7).
void label(const char* word, uint8_t n, char* out) {
    for (uint8_t i = 0; i < LABEL_WIDTH - 2; ++i) out[i] = word[i];
    out[LABEL_WIDTH - 1] = static_cast<char>('0' + n);
}

// NUL-terminated `text` copied to out (the callers leave room for it).
void put_left(const char* text, char* out) {
    while (*text) *out++ = *text++;
}

}  // namespace

ArmyView army_view(const ArmyClock& clock, Micros now) {
    ArmyView v;
    v.state = clock.state();
    v.on_move = clock.on_move();
    v.next = clock.next_army();
    v.order_count = clock.order_count();
    v.remaining_on_move = clock.remaining(v.on_move, now);
    v.remaining_next = clock.remaining(v.next, now);
    return v;
}

void render_army(const ArmyView& view, DisplayFrame* out) {
    char* line1 = out->text[0];
    char* line2 = out->text[1];
    for (uint8_t i = 0; i < DISPLAY_COLS; ++i) line1[i] = line2[i] = ' ';

    if (view.state == wire::ClockState::STOPPED || view.on_move >= MAX_ARMIES) {
        put_left("Armies", line1);
        line1[7] = static_cast<char>('0' + view.order_count % 10);
        put_left("STOPPED", line2);
        return;
    }
    label("Army", view.on_move, line1);
    format_time(view.remaining_on_move, true, line1 + TIME_COLUMN);
    const bool has_next = view.next < MAX_ARMIES;
    switch (view.state) {
        case wire::ClockState::RUNNING:
            if (!has_next) return;
            label("Next", view.next, line2);
            format_time(view.remaining_next, false, line2 + TIME_COLUMN);
            return;
        case wire::ClockState::PAUSED:
            put_left("PAUSED", line2);
            break;
        case wire::ClockState::FLAGGED:
            put_left("FLAG", line2);
            line2[5] = static_cast<char>('0' + view.on_move);
            break;
        case wire::ClockState::STOPPED:
            break;
    }
    if (has_next) label("Next", view.next, line2 + DISPLAY_COLS - LABEL_WIDTH);
}

}  // namespace hub
}  // namespace venue
