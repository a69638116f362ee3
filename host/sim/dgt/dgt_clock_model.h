// A DGT 3000 (or DGT XL) clock attached to a board, as the board reports it: two countdown times,
// the lever, which side runs, and the answers to clock commands.
//
// Pure: time is an input (advance(now_ms)); no I/O. The board model decides when the clock's
// readings and acknowledgements go on the wire.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "io/dgt/dgt_clock.h"
#include "io/dgt/dgt_command.h"
#include "io/dgt/dgt_command_reader.h"

namespace venue::sim::dgt {

struct ClockModelOptions {
    // How this clock reads set-and-run times. The host's setting must match it; it is a
    // setting because real hardware has not been checked (see docs/dgt.md).
    io::dgt::TimeEncoding set_and_run_encoding = io::dgt::TimeEncoding::BINARY;
    bool mode23 = true;  // set-and-run is only accepted in clock mode 23
    // The version it answers with (one byte, major in the high nibble): 2.x a DGT 3000, which
    // shows 8 ASCII characters; below 2 a DGT XL, which has only its 6-character display (SUB 01)
    // and refuses the DGT 3000's text command.
    std::uint8_t version_major = 2;
    std::uint8_t version_minor = 0;
    std::int64_t left_ms = 5 * 60 * 1000;
    std::int64_t right_ms = 5 * 60 * 1000;
};

class DgtClockModel {
  public:
    explicit DgtClockModel(ClockModelOptions o = {}, std::int64_t now_ms = 0);

    // Counts the running side down to now_ms; a side reaching zero shows its flag and stops.
    void advance(std::int64_t now_ms);

    // What BWTIME reports now (times rounded up to whole seconds, as a countdown shows them).
    io::dgt::BwTime reading() const;

    // Executes a clock command and returns its acknowledgement (ack0 0x10 normal, 0x40
    // refused; ack1 echoes the SUB byte).
    io::dgt::ClockAck handle(const io::dgt::ClockCommand& c, std::int64_t now_ms);

    // Physical: the lever is pressed on the high side; the other side starts running if the
    // clock was running.
    void press_lever(std::int64_t now_ms);
    // Physical: a button; returns the button report (ack1 0x88, ack3 the button).
    io::dgt::ClockAck press_button(io::dgt::ClockButton b);

    std::int64_t left_ms() const { return left_ms_; }
    std::int64_t right_ms() const { return right_ms_; }
    bool left_runs() const { return left_runs_; }
    bool right_runs() const { return right_runs_; }
    bool lever_right_high() const { return lever_right_high_; }
    // The text shown (empty when the clock shows times) and the total beep time requested.
    const std::string& text() const { return text_; }
    int beep_units() const { return beep_units_; }
    int commands() const { return commands_; }

  private:
    ClockModelOptions options_;
    std::int64_t last_ms_;
    std::int64_t left_ms_;
    std::int64_t right_ms_;
    bool left_runs_ = false;
    bool right_runs_ = false;
    bool left_flag_ = false;
    bool right_flag_ = false;
    bool lever_right_high_ = false;
    std::uint8_t last_button_ = 0;
    std::string text_;
    int beep_units_ = 0;
    int commands_ = 0;
};

}  // namespace venue::sim::dgt
