#include "io/dgt/board_port.h"

#include "io/link/port_list.h"
#include "io/link/serial_port_link.h"
#include "io/link/termios_link.h"

namespace venue::io::dgt {

std::string describe(const BoardPort& p) {
    switch (p.kind) {
        case BoardPort::Kind::PATH:
            return "path " + p.name;
        case BoardPort::Kind::PORT_NAME:
            return "port " + p.name;
        case BoardPort::Kind::USB_SERIAL:
            return "usb serial " + p.name;
    }
    return "?";
}

std::variant<std::unique_ptr<Link>, LinkError> make_board_link(const BoardPort& port) {
    switch (port.kind) {
        case BoardPort::Kind::PATH:
            return std::make_unique<TermiosLink>(port.name, port.baud);
        case BoardPort::Kind::PORT_NAME:
            return std::make_unique<SerialPortLink>(port.name, port.baud);
        case BoardPort::Kind::USB_SERIAL: {
            const PortList list = list_ports();
            if (list.error) return *list.error;
            const auto found = find_port_by_usb_serial(list.ports, port.name);
            // None, or two ports with the same serial number: both mean "not this time".
            if (!found)
                return LinkError{LinkErrorCode::NOT_FOUND, 0,
                                 "no single serial port has USB serial number " + port.name};
            return std::make_unique<SerialPortLink>(found->name, port.baud);
        }
    }
    return LinkError{LinkErrorCode::BAD_ARGUMENT, 0, "unknown board port kind"};
}

}  // namespace venue::io::dgt
