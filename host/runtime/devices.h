// What the daemon needs of a device's driver. At a venue these are the runners (io::HubRunner,
// io::dgt::BoardRunner), each with its own I/O thread and the steady clock; a test may give its
// own devices, played on a clock it controls (DaemonOptions::now_ns), to put the host's stalls
// and the devices' timing exactly where it wants them.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/dgt/board_port.h"
#include "io/dgt/board_runner.h"
#include "io/hub/hub_runner.h"

namespace venue::runtime {

// A hub: the interface of io::HubRunner (with acknowledgement left to the caller: an event is
// confirmed only once it is stored).
class HubDevice {
  public:
    virtual ~HubDevice() = default;
    virtual void start() = 0;
    virtual void stop() = 0;
    virtual std::optional<std::uint16_t> submit(io::HubCommand command) = 0;
    // Everything received since the last call, in the order received.
    virtual std::vector<io::HubEvent> poll_events() = 0;
    virtual void confirm_stored(std::uint32_t seq) = 0;
    virtual io::HubLinkStatus status() const = 0;
};

// An electronic board and the DGT 3000 on it: the interface of io::dgt::BoardRunner.
class BoardDevice {
  public:
    virtual ~BoardDevice() = default;
    virtual void start() = 0;
    virtual void stop() = 0;
    // Everything the board sent since the last call, in the order sent.
    virtual std::vector<io::dgt::BoardEvent> poll() = 0;
    virtual io::dgt::BoardStatus status() const = 0;
    virtual std::optional<std::uint32_t> clock_set_and_run(const io::dgt::SetAndRun& s,
                                                           std::string* why) = 0;
    virtual std::optional<std::uint32_t> clock_text(std::string_view text, std::uint8_t beep,
                                                    std::string* why) = 0;
    virtual std::optional<std::uint32_t> clock_end_text(std::string* why) = 0;
    virtual std::optional<io::dgt::BwTime> clock_reading() const = 0;
    // Lights these squares of the board (a1 = 0 .. h8 = 63; none: every light off) and puts
    // the others out, on boards with LEDs.
    virtual bool light_squares(const std::vector<int>& squares, std::string* why) = 0;
};

// The runners behind those interfaces.
std::unique_ptr<HubDevice> hub_runner_device(std::unique_ptr<io::Link> link,
                                             io::HubRunnerConfig config);
std::unique_ptr<BoardDevice> board_runner_device(io::dgt::BoardPort port,
                                                 io::dgt::BoardRunnerConfig config);

}  // namespace venue::runtime
