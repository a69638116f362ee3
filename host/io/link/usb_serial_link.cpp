#include "io/link/usb_serial_link.h"

#include "io/link/port_list.h"
#include "io/link/serial_port_link.h"

namespace venue::io {

UsbSerialLink::UsbSerialLink(std::string usb_serial, int baud)
    : UsbSerialLink(
          std::move(usb_serial),
          [](const std::string& serial) -> std::optional<std::string> {
              const PortList ports = list_ports();
              if (auto found = find_port_by_usb_serial(ports.ports, serial)) return found->name;
              return std::nullopt;
          },
          [baud](const std::string& port) -> std::unique_ptr<Link> {
              return std::make_unique<SerialPortLink>(port, baud);
          }) {}

UsbSerialLink::UsbSerialLink(std::string usb_serial, Resolver resolve, Opener open)
    : serial_(std::move(usb_serial)),
      resolve_(std::move(resolve)),
      opener_(std::move(open)),
      name_("usb-serial " + serial_) {}

std::optional<LinkError> UsbSerialLink::open() {
    close();
    const std::optional<std::string> port = resolve_(serial_);
    if (!port)
        return LinkError{LinkErrorCode::NOT_FOUND, 0,
                         "no port has the USB serial number " + serial_ + " (unplugged?)"};
    auto link = opener_(*port);
    if (auto e = link->open()) return e;
    link_ = std::move(link);
    port_ = *port;
    name_ = "usb-serial " + serial_ + " (" + port_ + ")";
    return std::nullopt;
}

void UsbSerialLink::close() {
    if (link_) link_->close();
    link_.reset();
}

bool UsbSerialLink::is_open() const {
    return link_ && link_->is_open();
}

IoResult UsbSerialLink::read(std::span<std::uint8_t> buf, std::chrono::milliseconds timeout) {
    if (!link_)
        return {0, LinkError{LinkErrorCode::NOT_OPEN, 0, name_ + ": read on a closed link"}};
    return link_->read(buf, timeout);
}

IoResult UsbSerialLink::write(std::span<const std::uint8_t> data,
                              std::chrono::milliseconds timeout) {
    if (!link_)
        return {0, LinkError{LinkErrorCode::NOT_OPEN, 0, name_ + ": write on a closed link"}};
    return link_->write(data, timeout);
}

}  // namespace venue::io
