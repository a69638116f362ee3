// The board's side of the host -> board stream: splits bytes into commands. Used by the
// board emulator; the host only encodes (dgt_command.h).
//
//   IDLE --one-byte command--> (command)                        unknown byte: error, stay IDLE
//   IDLE --2b or 60--> SIZE --n--> DATA (n bytes, any values) --> (command with data)
//
// Inside DATA every byte counts, whatever its value: clock text is ASCII, and letters such as
// 'A' (0x41) are command bytes too, so the length decides, never the byte values.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <variant>

#include "io/dgt/dgt_bytes.h"
#include "io/dgt/dgt_command.h"

namespace venue::io::dgt {

struct CommandFrame {
    Command command = Command::SEND_RESET;
    Bytes data;  // SET_LEDS and CLOCK_MESSAGE: the bytes after SIZE; empty otherwise
    bool operator==(const CommandFrame&) const = default;
};

struct CommandError {
    std::uint8_t byte;  // the byte that is no command
    bool operator==(const CommandError&) const = default;
};

using CommandReadResult = std::variant<std::monostate, CommandFrame, CommandError>;

class DgtCommandReader {
  public:
    CommandReadResult push(std::uint8_t byte);
    void reset() { *this = DgtCommandReader{}; }

  private:
    enum class State : std::uint8_t {
        IDLE,
        SIZE,
        DATA
    };
    State state_ = State::IDLE;
    Command command_ = Command::SEND_RESET;
    std::uint8_t size_ = 0;
    Bytes data_;
};

// A clock command as carried by CLOCK_MESSAGE data (03 SUB payload... 00).
struct ClockCommand {
    ClockSub sub = ClockSub::END_TEXT;
    Bytes payload;
};

// Nothing when the data is not framed as 03 SUB ... 00.
std::optional<ClockCommand> decode_clock_command(std::span<const std::uint8_t> data);

// Set-and-run payload (7 bytes) back to times; nothing if a field is impossible in `enc`.
std::optional<SetAndRun> decode_set_and_run(std::span<const std::uint8_t> payload,
                                            TimeEncoding enc);

}  // namespace venue::io::dgt
