// A link to the device with a given USB serial number, wherever it is plugged in: the port is
// looked up again on every open(), so a hub or board whose port was renumbered after an unplug
// (/dev/ttyACM0 becoming /dev/ttyACM1) is found by the driver's ordinary reopen, without a
// restart. Until the device is back, open() fails with NOT_FOUND, which the drivers treat as
// "reopen later, with backoff".
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "io/link/link.h"

namespace venue::io {

class UsbSerialLink final : public Link {
  public:
    // The port name of the device with that serial number now, or nullopt when none is there.
    using Resolver = std::function<std::optional<std::string>(const std::string& usb_serial)>;
    // A closed link to the port of that name.
    using Opener = std::function<std::unique_ptr<Link>(const std::string& port)>;

    // Real ports: io::list_ports() and a SerialPortLink at `baud`.
    UsbSerialLink(std::string usb_serial, int baud);
    // For tests and simulators: how to find the port and how to open it.
    UsbSerialLink(std::string usb_serial, Resolver resolve, Opener open);

    std::optional<LinkError> open() override;
    void close() override;
    bool is_open() const override;
    IoResult read(std::span<std::uint8_t> buf, std::chrono::milliseconds timeout) override;
    IoResult write(std::span<const std::uint8_t> data, std::chrono::milliseconds timeout) override;
    // "usb-serial SERIAL (PORT)" with the port of the last open, for logs.
    const std::string& name() const override { return name_; }
    // The port the last successful open() found, "" before.
    const std::string& port() const { return port_; }

  private:
    std::string serial_;
    Resolver resolve_;
    Opener opener_;
    std::unique_ptr<Link> link_;
    std::string port_;
    std::string name_;
};

}  // namespace venue::io
