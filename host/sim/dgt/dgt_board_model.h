// An emulated DGT board: sensors, mode, identity, and the reply bytes to every command.
//
// Modes (the board's own state machine):
//
//   power up --> BUS --any single-board command--> IDLE (then the command is executed)
//                 ^                                  |  SEND_UPDATE      -> UPDATE
//                 +----------- TO_BUSMODE -----------+  SEND_UPDATE_BRD  -> UPDATE_BRD
//                                                    |  SEND_UPDATE_NICE -> UPDATE_NICE
//                                                    +  SEND_RESET       -> IDLE
//   SEND_CLK and SEND_BRD answer without changing the mode.
//   In the three update modes every sensor change is sent as FIELD_UPDATE; with a clock
//   attached, UPDATE also sends BWTIME every second and on change, UPDATE_NICE on change only,
//   and clock commands are acknowledged.
//
// Pure: no I/O, no clock. Bytes and time come in as arguments; reply bytes collect in an
// output buffer the caller drains with take_output().
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "io/dgt/dgt_board.h"
#include "io/dgt/dgt_bytes.h"
#include "io/dgt/dgt_command_reader.h"
#include "sim/dgt/dgt_action.h"
#include "sim/dgt/dgt_clock_model.h"

namespace venue::sim::dgt {

enum class BoardMode : std::uint8_t {
    BUS = 0,
    IDLE = 1,
    UPDATE = 2,
    UPDATE_BRD = 3,
    UPDATE_NICE = 4,
};
const char* mode_name(BoardMode m);

struct BoardModelOptions {
    std::string serial = "00001";  // SERIALNR: 5 printable ASCII characters
    std::string long_serial;       // LONG_SERIALNR: 10 characters; default "00000" + serial
    std::uint8_t version_major = 1;
    std::uint8_t version_minor = 0;
    std::string trademark;  // default names the emulator and the serial number
    io::dgt::Orientation orientation = io::dgt::Orientation::NORMAL;
    bool start_position = true;  // pieces set up at power on
    bool power_up_in_bus_mode = true;
    std::uint8_t battery_percent = 100;
    bool with_clock = false;
    ClockModelOptions clock;
    std::int64_t bwtime_interval_ms = 1000;
};

class DgtBoardModel {
  public:
    // Rejects a serial number that is not 5 (or long_serial 10) printable characters.
    static std::variant<DgtBoardModel, std::string> create(BoardModelOptions o,
                                                           std::int64_t now_ms = 0);

    // Host -> board bytes.
    void receive(std::span<const std::uint8_t> bytes, std::int64_t now_ms);
    // Lets time pass: the clock runs, update mode sends its periodic BWTIME.
    void tick(std::int64_t now_ms);
    // Board -> host bytes produced since the last call.
    io::dgt::Bytes take_output();

    // A physical action (not WAIT, UNPLUG or QUIT, which belong to the runner). Errors name
    // the square and why the action is impossible (lifting an empty square, ...).
    std::optional<std::string> apply(const Action& a, std::int64_t now_ms);

    // Sensor primitives: what one scan sees on one chess square (normal orientation).
    void sense(std::uint8_t square, io::dgt::Piece p);
    // USB unplugged and plugged in: the board loses power and starts in bus mode again.
    void power_cycle(std::int64_t now_ms);

    BoardMode mode() const { return mode_; }
    // Chess position, normal orientation (index 0 = a8 as seen from White).
    const io::dgt::BoardCodes& position() const { return position_; }
    const BoardModelOptions& options() const { return options_; }
    const DgtClockModel* clock() const { return clock_ ? &*clock_ : nullptr; }
    std::uint64_t unknown_bytes() const { return unknown_bytes_; }
    std::uint64_t commands() const { return commands_; }
    const io::dgt::Bytes& last_leds() const { return last_leds_; }
    // The fields whose lights are on (bit i: field i, 0 = a8 as seen from White), as the
    // SET_LEDS commands so far leave them.
    std::uint64_t lit_fields() const { return lit_fields_; }

    // Whole-structure invariants; asserted after each mutation in debug builds.
    bool is_ok() const;

  private:
    DgtBoardModel(BoardModelOptions o, std::int64_t now_ms);

    void execute(const io::dgt::CommandFrame& f, std::int64_t now_ms);
    void clock_command(const io::dgt::Bytes& data, std::int64_t now_ms);
    void send_bwtime();
    bool in_update_mode() const;
    std::optional<std::string> lift(std::uint8_t sq, io::dgt::Piece* lifted);
    std::optional<std::string> put(std::uint8_t sq, io::dgt::Piece p);
    void log_change(std::uint8_t sensor, io::dgt::Piece p);

    BoardModelOptions options_;
    BoardMode mode_ = BoardMode::BUS;
    io::dgt::BoardCodes position_{};
    // Knocked-over pieces: where the piece belongs, and the square it fell onto (if any).
    struct Knocked {
        std::uint8_t home;
        std::optional<std::uint8_t> fell_on;
        io::dgt::Piece piece;
    };
    std::vector<Knocked> knocked_;
    std::optional<DgtClockModel> clock_;
    std::optional<io::dgt::BwTime> last_bwtime_sent_;
    std::int64_t next_bwtime_ms_ = 0;
    io::dgt::DgtCommandReader reader_;
    io::dgt::Bytes out_;
    std::deque<std::uint8_t> ee_log_;  // (sensor, piece) pairs, oldest dropped first
    io::dgt::Bytes last_leds_;
    std::uint64_t lit_fields_ = 0;
    std::uint64_t unknown_bytes_ = 0;
    std::uint64_t commands_ = 0;
};

}  // namespace venue::sim::dgt
