#include "lcd.h"

#include <avr/io.h>

namespace venue {
namespace avr {
namespace {

constexpr uint8_t RS = _BV(PL7);
constexpr uint8_t E = _BV(PL6);
constexpr uint8_t LCD_PINS = RS | E | _BV(PL5) | _BV(PL4) | _BV(PL3) | _BV(PL2);

constexpr uint32_t POWER_UP_US = 50000;  // datasheet: > 40 ms after VCC reaches 2.7 V
constexpr uint32_t BYTE_US = 50;         // datasheet: 37 µs per instruction or character

enum class State : uint8_t {
    POWER_UP,
    INIT,
    IDLE,
    FRAME,
};

// Init steps: a single nibble in 8-bit mode (0..3), then whole bytes in 4-bit mode.
constexpr uint8_t INIT_NIBBLES = 4;
constexpr uint8_t INIT_STEPS = 7;
// Frame steps: address line 1, 16 characters, address line 2, 16 characters, display on.
constexpr uint8_t LINE2_STEP = 1 + hub::DISPLAY_COLS;
constexpr uint8_t FRAME_BYTES = 2 * (1 + hub::DISPLAY_COLS);

constexpr uint8_t CMD_FUNCTION_4BIT_2LINES = 0x28;
constexpr uint8_t CMD_DISPLAY_OFF = 0x08;
constexpr uint8_t CMD_ENTRY_INCREMENT = 0x06;
constexpr uint8_t CMD_DISPLAY_ON = 0x0C;
constexpr uint8_t CMD_ADDRESS = 0x80;
constexpr uint8_t LINE2_ADDRESS = 0x40;

State state = State::POWER_UP;
uint8_t step = 0;
bool display_on = false;
uint32_t ready_at = POWER_UP_US;  // low 32 bits of hub time (compared with wrap-around)
uint32_t next_frame_at = 0;
hub::DisplayFrame frame;

bool reached(uint32_t now, uint32_t at) {
    return static_cast<int32_t>(now - at) >= 0;
}

// D4..D7 are PL5..PL2: nibble bit i on PL(5 - i).
uint8_t data_pins(uint8_t nibble) {
    uint8_t pins = 0;
    if (nibble & 1) pins |= _BV(PL5);
    if (nibble & 2) pins |= _BV(PL4);
    if (nibble & 4) pins |= _BV(PL3);
    if (nibble & 8) pins |= _BV(PL2);
    return pins;
}

// One E pulse. Data and RS are set one store (125 ns) before E rises (tAS >= 40 ns), E stays
// high 6 cycles = 375 ns (PWEH >= 230 ns), the controller latches on E's fall and the data stay
// until the next nibble, >= 10 cycles later (tcycE >= 500 ns).
void write_nibble(uint8_t nibble, bool rs) {
    const uint8_t pins =
        static_cast<uint8_t>((PORTL & ~LCD_PINS) | data_pins(nibble) | (rs ? RS : 0));
    PORTL = pins;
    PORTL = pins | E;
    __builtin_avr_delay_cycles(4);
    PORTL = pins;
    __builtin_avr_delay_cycles(4);
}

void write_byte(uint8_t byte, bool rs) {
    write_nibble(byte >> 4, rs);
    write_nibble(byte & 0x0F, rs);
}

}  // namespace

void lcd_init() {
    PORTL &= static_cast<uint8_t>(~LCD_PINS);
    DDRL |= LCD_PINS;
}

void lcd_step(hub::Micros now_us) {
    const uint32_t now = static_cast<uint32_t>(now_us);
    if (state == State::IDLE || !reached(now, ready_at)) return;
    uint32_t wait = BYTE_US;
    switch (state) {
        case State::POWER_UP:
            state = State::INIT;
            step = 0;
            return;  // the first nibble goes out on the next pass
        case State::INIT:
            if (step < INIT_NIBBLES) {
                write_nibble(step < 3 ? 0x3 : 0x2, false);
                wait = step == 0 ? 4500 : step == 1 ? 150 : BYTE_US;
            } else {
                write_byte(step == 4   ? CMD_FUNCTION_4BIT_2LINES
                           : step == 5 ? CMD_DISPLAY_OFF
                                       : CMD_ENTRY_INCREMENT,
                           false);
            }
            if (++step == INIT_STEPS) state = State::IDLE;
            break;
        case State::FRAME:
            if (step == 0 || step == LINE2_STEP) {
                write_byte(CMD_ADDRESS | (step == 0 ? 0 : LINE2_ADDRESS), false);
            } else if (step < FRAME_BYTES) {
                const uint8_t line = step < LINE2_STEP ? 0 : 1;
                const uint8_t col = static_cast<uint8_t>(step - 1 - line * LINE2_STEP);
                write_byte(static_cast<uint8_t>(frame.text[line][col]), true);
            } else {
                write_byte(CMD_DISPLAY_ON, false);
                display_on = true;
            }
            ++step;
            if (step > FRAME_BYTES || (step == FRAME_BYTES && display_on)) state = State::IDLE;
            break;
        case State::IDLE:
            return;
    }
    ready_at = now + wait;
}

hub::DisplayFrame* lcd_frame_due(hub::Micros now_us) {
    const uint32_t now = static_cast<uint32_t>(now_us);
    if (state != State::IDLE || !reached(now, next_frame_at)) return nullptr;
    state = State::FRAME;
    step = 0;
    next_frame_at = now + LCD_FRAME_PERIOD_US;
    return &frame;
}

}  // namespace avr
}  // namespace venue
