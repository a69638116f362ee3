// The rig's model of a 16x2 HD44780 character LCD wired for writes only (R/W to ground), fed
// with the firmware's pin edges: what the glass shows, and whether the driver kept the
// controller's timings (HD44780U datasheet). The rig uses this instead of simavr's hd44780 part:
// Debian's libsimavrparts 1.6 prints a line to stdout for every byte written (stdout is the
// rig's own output), latches on E's rising edge instead of its falling edge, and only prints a
// warning when a write comes while the controller is busy.
//
// Modelled: power-on in 8-bit mode; 4-bit mode by function set (nibble pairs, high first);
// initialisation by instruction, which resynchronises a controller left mid-byte; set DDRAM
// address, characters with auto-increment, entry mode (increment/decrement), display on/off,
// clear and home; CGRAM writes are accepted and not drawn; display shift is not modelled.
// Checked (each violation counted, the first one described):
//   - no E fall while the controller is busy: 40 ms after power-on, 37 µs after an instruction
//     or character, 1.52 ms after clear or home, and 4.1 ms / 100 µs after the first / second
//     function set in 8-bit mode after power-on (initialisation by instruction);
//   - E high for at least 230 ns, E rises at least 500 ns apart;
//   - RS and D4..D7 stable while E is high.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace venue::sim {

class Hd44780Model {
  public:
    static constexpr int COLS = 16;
    static constexpr int ROWS = 2;

    // cycles_per_us: the CPU clock the edges are counted in.
    explicit Hd44780Model(uint64_t cycles_per_us);

    // Power applied at `cycle`: 8-bit interface, display off, DDRAM blank.
    void power_on(uint64_t cycle);
    // Pin levels after a change at `cycle`: rs, e, data = D7..D4 as bits 3..0.
    void pins(uint64_t cycle, bool rs, bool e, uint8_t data);
    // The MCU resets: its pins let go of the bus all at once (E low, no strobe counted). simavr
    // reports the cleared port one pin at a time; without this, a reset landing while E is high
    // would read as the driver changing RS or data during E.
    void release_bus() { e_ = false; }

    // The two lines as shown: all spaces while the display is off.
    std::array<std::string, ROWS> text() const;
    bool display_on() const { return display_on_; }
    bool four_bit() const { return four_bit_; }
    uint32_t writes() const { return writes_; }  // instructions and characters executed
    uint32_t timing_errors() const { return timing_errors_; }
    const std::string& first_timing_error() const { return first_error_; }

  private:
    void e_fall(uint64_t cycle);
    void execute(uint64_t cycle, bool rs, uint8_t byte);
    void command(uint8_t byte, uint64_t* busy_us);
    void advance_cursor();
    void violation(uint64_t cycle, const char* what);

    uint64_t cycles_per_us_;
    std::array<char, 128> ddram_{};
    uint8_t address_ = 0;
    bool increment_ = true;
    bool cgram_ = false;
    bool two_lines_ = false;
    bool display_on_ = false;
    bool four_bit_ = false;
    bool low_nibble_next_ = false;
    uint8_t high_nibble_ = 0;
    uint8_t init_function_sets_ = 0;  // function sets in 8-bit mode since power-on
    bool fresh_ = true;               // nothing else executed since power-on

    bool rs_ = false;
    bool e_ = false;
    uint8_t data_ = 0;
    uint64_t e_rise_ = 0;
    bool rose_before_ = false;
    uint64_t busy_until_ = 0;

    uint32_t writes_ = 0;
    uint32_t timing_errors_ = 0;
    std::string first_error_;
};

}  // namespace venue::sim
