#include "runtime/attach_devices.h"

#include "venue/game_rules.h"

#include <filesystem>
#include <memory>
#include <optional>

#include "io/link/port_list.h"
#include "io/link/serial_port_link.h"
#include "io/link/termios_link.h"
#include "io/link/usb_serial_link.h"

namespace venue::runtime {
namespace {

// A pseudo-terminal (a simulator) needs the termios link (libserialport refuses ptys); real
// ports go through libserialport, at the hub's 1 Mbit/s.
bool is_pty(const std::string& path) {
    std::error_code ec;
    const auto real = std::filesystem::canonical(path, ec);
    return (ec ? path : real.string()).rfind("/dev/pts/", 0) == 0;
}

}  // namespace

std::unique_ptr<io::Link> hub_link(const std::string& port) {
    if (is_pty(port)) return std::make_unique<io::TermiosLink>(port, 115200);
    return std::make_unique<io::SerialPortLink>(port, 1'000'000);
}

Result<std::vector<std::string>, std::string> attach_devices(const config::VenueConfig& config,
                                                             Daemon& daemon,
                                                             const DeviceOverrides& o) {
    std::vector<std::string> said;
    std::string hub_port = o.hub.empty() ? config.hub.port : o.hub;
    if (hub_port.empty() && !config.hub.serial.empty()) {
        // By its USB serial number: it must be there at the start (a typo in the file is said
        // now, not retried for ever), and every reopen looks it up again, so a port renumbered
        // after an unplug is found without a restart.
        auto ports = io::list_ports();
        auto found = io::find_port_by_usb_serial(ports.ports, config.hub.serial);
        if (!found)
            return unexpected("no port has the hub's USB serial number " + config.hub.serial);
        const engine::MatchConfig* m = config.hub_match();
        if (!m) return unexpected(std::string("a hub is configured but there is no match"));
        daemon.attach_hub(std::make_unique<io::UsbSerialLink>(config.hub.serial, 1'000'000), m->id);
        said.push_back("hub with USB serial " + config.hub.serial + " (now " + found->name +
                       ") for match " + m->id);
    } else if (!hub_port.empty()) {
        const engine::MatchConfig* m = config.hub_match();
        if (!m) return unexpected(std::string("a hub is configured but there is no match"));
        daemon.attach_hub(hub_link(hub_port), m->id);
        said.push_back("hub on " + hub_port + " for match " + m->id);
    }
    std::vector<config::BoardPortConfig> boards = config.boards;
    for (const std::string& spec : o.boards) {
        const auto eq = spec.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
            return unexpected("--board " + spec + ": give ID=PORT, e.g. 12345=/dev/ttyUSB0");
        config::BoardPortConfig b;
        b.id = spec.substr(0, eq);
        b.port = spec.substr(eq + 1);
        for (const auto& x : boards) {
            if (x.id != b.id) continue;
            b.clock = x.clock;  // the file's clock and orientation settings stay
            b.orientation = x.orientation;
        }
        std::erase_if(boards, [&](const auto& x) { return x.id == b.id; });
        boards.push_back(b);
    }
    for (const config::BoardPortConfig& b : boards) {
        const engine::MatchConfig* match = nullptr;
        for (const auto& m : config.matches)
            if (engine::plays_on(m, b.id)) match = &m;
        if (!match)
            return unexpected("board " + b.id +
                              ": no match is played on it (match.board, or a board that the "
                              "match's game table [match.<game>] names)");
        // A path (a serial device or a simulator's pty) through termios at the board's 9600
        // baud; other names (COM3) through libserialport; or found by USB serial number.
        io::dgt::BoardPort port = !b.usb_serial.empty()
                                      ? io::dgt::BoardPort::usb_serial(b.usb_serial)
                                  : b.port.front() == '/' ? io::dgt::BoardPort::path(b.port)
                                                          : io::dgt::BoardPort::port_name(b.port);
        said.push_back("board " + b.id + " on " + io::dgt::describe(port) + " for match " +
                       match->id);
        std::optional<bool> clock;
        if (!b.clock.empty()) {
            clock = b.clock == "white-left";
            said.back() += ", its DGT 3000 keeps the clock (" + b.clock + ")";
        }
        // "auto" leaves it to the first start position the board reads (either way round).
        io::dgt::BoardRunnerConfig runner;
        if (b.orientation == "normal") runner.session.orientation = io::dgt::Orientation::NORMAL;
        if (b.orientation == "rotated") {
            runner.session.orientation = io::dgt::Orientation::ROTATED;
            said.back() += ", turned round";
        }
        daemon.attach_board(b.id, std::move(port), match->id, runner, {}, clock);
    }
    return said;
}

}  // namespace venue::runtime
