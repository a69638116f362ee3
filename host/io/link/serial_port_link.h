// A Link over a real serial port through libserialport (USB CDC, FTDI, Bluetooth rfcomm).
// libserialport cannot open pseudo-terminals: use TermiosLink for those.
#pragma once

#include "io/link/link.h"

struct sp_port;  // libserialport's handle; kept out of users' includes

namespace venue::io {

class SerialPortLink final : public Link {
  public:
    // port: a system name ("/dev/ttyACM0", "COM3"); 8N1 without flow control at `baud`.
    explicit SerialPortLink(std::string port, int baud = 9600);
    ~SerialPortLink() override;
    SerialPortLink(const SerialPortLink&) = delete;
    SerialPortLink& operator=(const SerialPortLink&) = delete;

    std::optional<LinkError> open() override;
    void close() override;
    bool is_open() const override { return port_ != nullptr; }
    IoResult read(std::span<std::uint8_t> buf, std::chrono::milliseconds timeout) override;
    IoResult write(std::span<const std::uint8_t> data, std::chrono::milliseconds timeout) override;
    const std::string& name() const override { return name_; }

  private:
    // Converts a negative sp_return into a LinkError naming the call (and closes on
    // a device that is gone).
    LinkError sp_error(const char* call, int ret) const;

    std::string name_;
    int baud_;
    sp_port* port_ = nullptr;
};

}  // namespace venue::io
