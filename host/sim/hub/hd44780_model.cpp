#include "sim/hub/hd44780_model.h"

#include <cstdio>

namespace venue::sim {

namespace {

constexpr uint64_t POWER_ON_US = 40'000;
constexpr uint64_t INSTRUCTION_US = 37;
constexpr uint64_t CLEAR_HOME_US = 1'520;
constexpr uint64_t FIRST_INIT_US = 4'100;
constexpr uint64_t SECOND_INIT_US = 100;
constexpr uint64_t E_HIGH_NS = 230;
constexpr uint64_t E_CYCLE_NS = 500;

}  // namespace

Hd44780Model::Hd44780Model(uint64_t cycles_per_us) : cycles_per_us_(cycles_per_us) {
    ddram_.fill(' ');
}

void Hd44780Model::power_on(uint64_t cycle) {
    ddram_.fill(' ');
    address_ = 0;
    increment_ = true;
    cgram_ = false;
    two_lines_ = false;
    display_on_ = false;
    four_bit_ = false;
    low_nibble_next_ = false;
    init_function_sets_ = 0;
    fresh_ = true;
    rose_before_ = false;
    busy_until_ = cycle + POWER_ON_US * cycles_per_us_;
}

void Hd44780Model::pins(uint64_t cycle, bool rs, bool e, uint8_t data) {
    if (e_ && e && (rs != rs_ || data != data_))
        violation(cycle, "RS or data changed while E high");
    if (!e_ && e) {
        if (rose_before_ && (cycle - e_rise_) * 1000 < E_CYCLE_NS * cycles_per_us_) {
            violation(cycle, "E rose less than 500 ns after the previous rise");
        }
        e_rise_ = cycle;
        rose_before_ = true;
    }
    const bool fall = e_ && !e;
    // The controller latches what is on the pins while E falls (data held >= 10 ns after).
    if (!fall) {
        rs_ = rs;
        data_ = data;
    }
    e_ = e;
    if (fall) {
        if ((cycle - e_rise_) * 1000 < E_HIGH_NS * cycles_per_us_) {
            violation(cycle, "E high for less than 230 ns");
        }
        e_fall(cycle);
        rs_ = rs;
        data_ = data;
    }
}

void Hd44780Model::e_fall(uint64_t cycle) {
    if (cycle < busy_until_) violation(cycle, "write while the controller is busy");
    if (!four_bit_) {
        execute(cycle, rs_, static_cast<uint8_t>(data_ << 4));  // D3..D0 are not wired: 0
        return;
    }
    if (!low_nibble_next_) {
        high_nibble_ = data_;
        low_nibble_next_ = true;
        return;
    }
    low_nibble_next_ = false;
    execute(cycle, rs_, static_cast<uint8_t>(high_nibble_ << 4 | data_));
}

void Hd44780Model::execute(uint64_t cycle, bool rs, uint8_t byte) {
    ++writes_;
    uint64_t busy_us = INSTRUCTION_US;
    // The long waits of the initialisation by instruction apply after power-on only: a
    // controller that is running executes a function set in 37 µs like anything else.
    const bool function_set_8bit = !rs && !four_bit_ && (byte & 0xE0) == 0x20 && fresh_;
    if (rs) {
        if (!cgram_) ddram_[address_ & 0x7F] = static_cast<char>(byte);
        advance_cursor();
    } else {
        command(byte, &busy_us);
    }
    if (function_set_8bit) {
        ++init_function_sets_;
        if (init_function_sets_ == 1) busy_us = FIRST_INIT_US;
        if (init_function_sets_ == 2) busy_us = SECOND_INIT_US;
    } else {
        fresh_ = false;
    }
    busy_until_ = cycle + busy_us * cycles_per_us_;
}

void Hd44780Model::command(uint8_t byte, uint64_t* busy_us) {
    if (byte & 0x80) {  // set DDRAM address
        cgram_ = false;
        address_ = byte & 0x7F;
    } else if (byte & 0x40) {  // set CGRAM address
        cgram_ = true;
    } else if (byte & 0x20) {  // function set: DL (bit 4), N (bit 3)
        const bool was_four = four_bit_;
        four_bit_ = !(byte & 0x10);
        two_lines_ = (byte & 0x08) != 0;
        if (four_bit_ && !was_four) low_nibble_next_ = false;
    } else if (byte & 0x10) {  // cursor or display shift: not modelled
    } else if (byte & 0x08) {  // display on/off control
        display_on_ = (byte & 0x04) != 0;
    } else if (byte & 0x04) {  // entry mode set
        increment_ = (byte & 0x02) != 0;
    } else if (byte & 0x02) {  // return home
        cgram_ = false;
        address_ = 0;
        *busy_us = CLEAR_HOME_US;
    } else if (byte & 0x01) {  // clear display
        ddram_.fill(' ');
        cgram_ = false;
        address_ = 0;
        increment_ = true;
        *busy_us = CLEAR_HOME_US;
    }
}

void Hd44780Model::advance_cursor() {
    if (cgram_) return;
    if (!two_lines_) {
        address_ = increment_ ? (address_ >= 0x4F ? 0 : address_ + 1)
                              : (address_ == 0 ? 0x4F : address_ - 1);
        return;
    }
    if (increment_) {
        address_ = address_ == 0x27 ? 0x40 : address_ >= 0x67 ? 0x00 : address_ + 1;
    } else {
        address_ = address_ == 0x40 ? 0x27 : address_ == 0x00 ? 0x67 : address_ - 1;
    }
}

void Hd44780Model::violation(uint64_t cycle, const char* what) {
    if (timing_errors_++ == 0) {
        char line[160];
        std::snprintf(line, sizeof line, "t=%.4f %s", static_cast<double>(cycle) / cycles_per_us_,
                      what);
        first_error_ = line;
    }
}

std::array<std::string, Hd44780Model::ROWS> Hd44780Model::text() const {
    std::array<std::string, ROWS> out;
    for (int row = 0; row < ROWS; ++row) {
        out[row] = display_on_ ? std::string(&ddram_[row == 0 ? 0x00 : 0x40], COLS)
                               : std::string(COLS, ' ');
    }
    return out;
}

}  // namespace venue::sim
