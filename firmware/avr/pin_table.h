// The hub's pin table: which ATmega2560 pin carries which signal. hardware/pinmap.csv is the
// wiring reference; tests/unit/firmware/pinmap_test.cpp checks that the two agree row by row.
//
// Portable (no AVR headers) so the host test can include it; the HAL (pins.h) turns the port
// letters into registers. Columns:
//   X(SIGNAL, index, ROLE, port, bit, arduino_pin, active)
//     index   position within the role (button number, beam number, ...)
//     active  LOW or HIGH: the level that means pressed / broken / on
//
// Why these pins: the ATmega2560 has pin-change interrupts only on ports B, K and J0..J6, and the
// Arduino Mega brings out exactly B0..B7, K0..K7, J0 and J1: 18 pins, for 16 claim buttons and
// 2 paddles, so every edge of them is timestamped by an interrupt. The input-capture pins (ICP4 =
// PL0, ICP5 = PL1) were considered for the paddles: they latch Timer4/5, not Timer1, so their
// stamps would need a second, synchronised timebase, for a resolution paddles do not need
// (a flag is judged to 1 ms, claims to microseconds). Beams and the pause button are polled.
// The army clock's station lamps take port F whole (A0..A7 on the Mega, unused before), so that
// the eight are set by one port write; its End-turn buttons are claim buttons (hub.h).
#pragma once

#include <stdint.h>

#define VENUE_PIN_TABLE(X)                             \
    X(BUTTON_0, 0, BUTTON, K, 0, 62, LOW)              \
    X(BUTTON_1, 1, BUTTON, K, 1, 63, LOW)              \
    X(BUTTON_2, 2, BUTTON, K, 2, 64, LOW)              \
    X(BUTTON_3, 3, BUTTON, K, 3, 65, LOW)              \
    X(BUTTON_4, 4, BUTTON, K, 4, 66, LOW)              \
    X(BUTTON_5, 5, BUTTON, K, 5, 67, LOW)              \
    X(BUTTON_6, 6, BUTTON, K, 6, 68, LOW)              \
    X(BUTTON_7, 7, BUTTON, K, 7, 69, LOW)              \
    X(BUTTON_8, 8, BUTTON, B, 0, 53, LOW)              \
    X(BUTTON_9, 9, BUTTON, B, 1, 52, LOW)              \
    X(BUTTON_10, 10, BUTTON, B, 2, 51, LOW)            \
    X(BUTTON_11, 11, BUTTON, B, 3, 50, LOW)            \
    X(BUTTON_12, 12, BUTTON, B, 4, 10, LOW)            \
    X(BUTTON_13, 13, BUTTON, B, 5, 11, LOW)            \
    X(BUTTON_14, 14, BUTTON, B, 6, 12, LOW)            \
    X(BUTTON_15, 15, BUTTON, B, 7, 13, LOW)            \
    X(PADDLE_A, 16, PADDLE, J, 0, 15, LOW)             \
    X(PADDLE_B, 17, PADDLE, J, 1, 14, LOW)             \
    X(BEAM_A_OUTER, 0, BEAM, A, 0, 22, HIGH)           \
    X(BEAM_A_INNER, 1, BEAM, A, 1, 23, HIGH)           \
    X(BEAM_B_OUTER, 2, BEAM, A, 2, 24, HIGH)           \
    X(BEAM_B_INNER, 3, BEAM, A, 3, 25, HIGH)           \
    X(PAUSE, 4, PAUSE, A, 4, 26, LOW)                  \
    X(SR_DATA, 0, SHIFT, C, 0, 37, HIGH)               \
    X(SR_CLOCK, 1, SHIFT, C, 1, 36, HIGH)              \
    X(SR_LATCH, 2, SHIFT, C, 2, 35, HIGH)              \
    X(LAMP_A, 0, LAMP, C, 3, 34, HIGH)                 \
    X(LAMP_B, 1, LAMP, C, 4, 33, HIGH)                 \
    X(BUZZER, 0, BUZZER, C, 5, 32, HIGH)               \
    X(STATION_LAMP_0, 0, STATION_LAMP, F, 0, 54, HIGH) \
    X(STATION_LAMP_1, 1, STATION_LAMP, F, 1, 55, HIGH) \
    X(STATION_LAMP_2, 2, STATION_LAMP, F, 2, 56, HIGH) \
    X(STATION_LAMP_3, 3, STATION_LAMP, F, 3, 57, HIGH) \
    X(STATION_LAMP_4, 4, STATION_LAMP, F, 4, 58, HIGH) \
    X(STATION_LAMP_5, 5, STATION_LAMP, F, 5, 59, HIGH) \
    X(STATION_LAMP_6, 6, STATION_LAMP, F, 6, 60, HIGH) \
    X(STATION_LAMP_7, 7, STATION_LAMP, F, 7, 61, HIGH) \
    X(UART_RX, 0, UART, E, 0, 0, HIGH)                 \
    X(UART_TX, 1, UART, E, 1, 1, HIGH)                 \
    X(LCD_RS, 0, DISPLAY, L, 7, 42, HIGH)              \
    X(LCD_E, 1, DISPLAY, L, 6, 43, HIGH)               \
    X(LCD_D4, 2, DISPLAY, L, 5, 44, HIGH)              \
    X(LCD_D5, 3, DISPLAY, L, 4, 45, HIGH)              \
    X(LCD_D6, 4, DISPLAY, L, 3, 46, HIGH)              \
    X(LCD_D7, 5, DISPLAY, L, 2, 47, HIGH)

namespace venue {
namespace pins {

enum class Role : uint8_t {
    BUTTON,
    PADDLE,
    BEAM,
    PAUSE,
    SHIFT,
    LAMP,
    STATION_LAMP,  // army clock: station i's lamp, lit while its army is on move
    BUZZER,
    UART,
    DISPLAY,  // HD44780 character LCD (lcd.h)
    RESERVED  // kept free for a later use
};
enum class Active : uint8_t {
    LOW,
    HIGH
};

struct PinDef {
    const char* signal;
    uint8_t index;
    Role role;
    char port;
    uint8_t bit;
    uint8_t arduino_pin;
    Active active;
};

#define VENUE_PIN_DEF(SIGNAL, index, ROLE, port, bit, arduino, ACTIVE) \
    PinDef{#SIGNAL, index, Role::ROLE, #port[0], bit, arduino, Active::ACTIVE},
constexpr PinDef PINS[] = {VENUE_PIN_TABLE(VENUE_PIN_DEF)};
#undef VENUE_PIN_DEF
constexpr uint8_t PIN_COUNT = sizeof PINS / sizeof PINS[0];

// The HAL reads the fast inputs as whole ports: button i is bit i of ~(PINK | PINB << 8), the
// paddles bits 0/1 of ~PINJ, beams bits 0..3 of PINA, pause bit 4 of ~PINA; the display driver
// (lcd.cpp) writes RS, E, D4..D7 as PL7..PL2 (index i on bit 7 - i); station lamp i is bit i of
// PORTF (outputs.cpp). These checks make any table edit that breaks that layout fail to compile.
constexpr bool layout_ok() {
    for (uint8_t i = 0; i < PIN_COUNT; ++i) {
        const PinDef& p = PINS[i];
        switch (p.role) {
            case Role::BUTTON:
                if (p.port != (p.index < 8 ? 'K' : 'B') || p.bit != p.index % 8) return false;
                if (p.active != Active::LOW) return false;
                break;
            case Role::PADDLE:
                if (p.port != 'J' || p.bit != p.index - 16 || p.active != Active::LOW) return false;
                break;
            case Role::BEAM:
                if (p.port != 'A' || p.bit != p.index || p.active != Active::HIGH) return false;
                break;
            case Role::PAUSE:
                if (p.port != 'A' || p.bit != 4 || p.active != Active::LOW) return false;
                break;
            case Role::SHIFT:
            case Role::LAMP:
            case Role::BUZZER:
                if (p.port != 'C') return false;
                break;
            case Role::DISPLAY:
                if (p.port != 'L' || p.bit != 7 - p.index || p.active != Active::HIGH) return false;
                break;
            case Role::STATION_LAMP:
                if (p.port != 'F' || p.bit != p.index || p.active != Active::HIGH) return false;
                break;
            case Role::UART:
            case Role::RESERVED:
                break;
        }
    }
    return true;
}
static_assert(layout_ok(), "pin table no longer matches the HAL's port layout");

}  // namespace pins
}  // namespace venue
