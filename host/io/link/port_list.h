// Serial ports present on this machine, through libserialport, so a venue's configuration can
// name a board by its USB serial number and survive ports being renumbered.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/link/link.h"

namespace venue::io {

enum class PortTransport : std::uint8_t {
    NATIVE = 0,  // on-board UART
    USB = 1,
    BLUETOOTH = 2,
};

struct PortInfo {
    std::string name;         // "/dev/ttyACM0"
    std::string description;  // libserialport's human-readable description
    PortTransport transport = PortTransport::NATIVE;
    std::optional<std::uint16_t> usb_vid;  // USB only
    std::optional<std::uint16_t> usb_pid;
    std::string usb_serial;  // USB only; empty when the device has none
    std::string usb_manufacturer;
    std::string usb_product;
};

struct PortList {
    std::vector<PortInfo> ports;
    std::optional<LinkError> error;  // listing failed; ports is then empty
};

PortList list_ports();

// "0403:6001" for USB ports, "" otherwise.
std::string vid_pid_string(const PortInfo& p);

// The port whose USB serial number is `serial`; nothing if none (or more than one) matches.
std::optional<PortInfo> find_port_by_usb_serial(const std::vector<PortInfo>& ports,
                                                const std::string& serial);

}  // namespace venue::io
