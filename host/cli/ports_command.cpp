// `venue ports`: the serial ports of this machine, and (with --probe) which of
// them answer as DGT boards, so that a venue file can name devices by serial number.
#include <fmt/core.h>

#include <chrono>
#include <memory>

#include "cli/commands.h"
#include "io/dgt/dgt_command.h"
#include "io/dgt/dgt_parser.h"
#include "io/hub/hub_session.h"
#include "io/link/port_list.h"
#include "io/link/serial_port_link.h"
#include "io/link/termios_link.h"

namespace venue::cli {
namespace {

// Asks for a DGT board's version and serial number at 9600 baud; "" if nothing answers.
std::string probe_dgt(io::Link& link) {
    if (link.open()) return "";
    io::dgt::Bytes out;
    io::dgt::encode(io::dgt::Command::SEND_VERSION, out);
    io::dgt::encode(io::dgt::Command::RETURN_SERIALNR, out);
    link.write(out, std::chrono::milliseconds(200));
    io::dgt::DgtParser parser;
    std::string serial, version;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(800);
    while (std::chrono::steady_clock::now() < deadline && (serial.empty() || version.empty())) {
        std::uint8_t buf[256];
        auto r = link.read(buf, std::chrono::milliseconds(100));
        if (!r.ok()) break;
        parser.feed(std::span<const std::uint8_t>(buf, r.count), [&](const auto& result) {
            using T = std::decay_t<decltype(result)>;
            if constexpr (std::is_same_v<T, io::dgt::Message>) {
                if (auto* s = std::get_if<io::dgt::SerialNr>(&result)) serial = s->digits;
                if (auto* v = std::get_if<io::dgt::Version>(&result))
                    version = fmt::format("{}.{}", v->major, v->minor);
            }
        });
    }
    link.close();
    if (serial.empty() && version.empty()) return "";
    return fmt::format("DGT board, serial {}, version {}", serial.empty() ? "?" : serial,
                       version.empty() ? "?" : version);
}

// Says Hello as the hub driver does and waits for the Handshake; "" if none comes.
std::string probe_hub(io::Link& link) {
    if (link.open()) return "";
    io::HubSession session;
    auto now = [] {
        return io::HostNanos(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                 std::chrono::steady_clock::now().time_since_epoch())
                                 .count());
    };
    session.on_link_up(now());
    std::string found;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(1500);
    while (std::chrono::steady_clock::now() < deadline) {
        auto out = session.take_output();
        if (!out.empty()) link.write(out, std::chrono::milliseconds(100));
        std::uint8_t buf[512];
        auto r = link.read(buf, std::chrono::milliseconds(20));
        if (!r.ok()) break;
        session.on_bytes(std::span<const std::uint8_t>(buf, r.count), now());
        session.on_tick(now());
        if (auto h = session.handshake()) {
            found = fmt::format("Venue hub, serial {}, firmware build {:08x}, protocol {}",
                                h->hub_serial, h->build_id, h->protocol_version);
            break;
        }
        if (!session.refusal().empty()) {
            found = "Venue hub, refused: " + session.refusal();
            break;
        }
    }
    link.close();
    return found;
}

struct Options {
    bool probe = false;
    std::vector<std::string> extra;  // ptys of simulators (libserialport does not list them)
};

int run_ports(const Options& o) {
    io::PortList list = io::list_ports();
    if (list.error) {
        fmt::print(stderr, "venue ports: {}\n", list.error->what);
        return 1;
    }
    fmt::print("{:<16} {:<10} {:<20} {}\n", "port", "usb", "serial number", "description");
    for (const io::PortInfo& p : list.ports) {
        fmt::print("{:<16} {:<10} {:<20} {}\n", p.name, io::vid_pid_string(p),
                   p.usb_serial.empty() ? "-" : p.usb_serial, p.description);
        if (o.probe) {
            io::SerialPortLink dgt(p.name, 9600);
            std::string found = probe_dgt(dgt);
            if (found.empty()) {
                io::SerialPortLink hub(p.name, 1000000);
                found = probe_hub(hub);
            }
            fmt::print("  probe: {}\n",
                       found.empty() ? "neither a DGT board nor a hub answered" : found);
        }
    }
    for (const std::string& path : o.extra) {
        io::TermiosLink dgt(path, 9600);
        std::string found = probe_dgt(dgt);
        if (found.empty()) {
            io::TermiosLink hub(path, 115200);  // a pty ignores the rate
            found = probe_hub(hub);
        }
        fmt::print("{:<16} {:<10} {:<20} {}\n", path, "-", "-",
                   found.empty() ? "neither a DGT board nor a hub answered" : found);
    }
    if (list.ports.empty() && o.extra.empty()) fmt::print("(no serial ports found)\n");
    return 0;
}

}  // namespace

void register_ports_command(CLI::App& app) {
    auto o = std::make_shared<Options>();
    CLI::App* cmd = app.add_subcommand(
        "ports",
        "List serial ports: name, USB VID:PID, USB serial number and description.\n"
        "With --probe, ask each whether it is a DGT board (version and serial number)\n"
        "or a Venue hub (serial number, firmware build, protocol version).\n"
        "Pseudo-terminals of simulators are not listed by libserialport: name them with\n"
        "--pty PATH to probe them too (e.g. the path `venue sim dgt` prints).");
    cmd->add_flag("--probe", o->probe, "Ask each port what answers");
    cmd->add_option("--pty", o->extra, "Also probe this pseudo-terminal (repeatable)");
    cmd->callback([o] {
        if (int rc = run_ports(*o)) throw CLI::RuntimeError(rc);
    });
}

}  // namespace venue::cli
