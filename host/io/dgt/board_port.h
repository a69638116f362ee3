// Where a DGT board is plugged in, and how to open a Link to it. A board named by its USB serial
// number is looked up again at every open, so it survives the port being renumbered when the
// cable is pulled and pushed back (/dev/ttyACM0 becoming /dev/ttyACM1).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <variant>

#include "io/link/link.h"

namespace venue::io::dgt {

struct BoardPort {
    enum class Kind : std::uint8_t {
        PATH,        // a terminal device or pty path (TermiosLink); also symlinks to one
        PORT_NAME,   // a serial port by libserialport name (SerialPortLink)
        USB_SERIAL,  // the USB serial number of the port (list_ports, then SerialPortLink)
    };
    Kind kind = Kind::PATH;
    std::string name;  // path, port name or USB serial number
    int baud = 9600;

    static BoardPort path(std::string p) { return {Kind::PATH, std::move(p)}; }
    static BoardPort port_name(std::string p) { return {Kind::PORT_NAME, std::move(p)}; }
    static BoardPort usb_serial(std::string s) { return {Kind::USB_SERIAL, std::move(s)}; }
};

// "path /dev/pts/3", "port /dev/ttyACM0", "usb serial 00A1B2".
std::string describe(const BoardPort& p);

// A closed Link for the port, or NOT_FOUND when no port has that USB serial number (now).
std::variant<std::unique_ptr<Link>, LinkError> make_board_link(const BoardPort& port);

}  // namespace venue::io::dgt
