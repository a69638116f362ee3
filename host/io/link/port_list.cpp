#include "io/link/port_list.h"

#include <libserialport.h>

#include <cstdio>

namespace venue::io {

namespace {

std::string str(const char* s) {
    return s ? s : "";
}

}  // namespace

PortList list_ports() {
    PortList out;
    sp_port** ports = nullptr;
    if (const sp_return r = sp_list_ports(&ports); r != SP_OK) {
        char* msg = sp_last_error_message();
        out.error = LinkError{LinkErrorCode::OS_ERROR, r == SP_ERR_FAIL ? sp_last_error_code() : 0,
                              std::string("sp_list_ports: ") + (msg ? msg : "failed")};
        sp_free_error_message(msg);
        return out;
    }
    for (sp_port** p = ports; *p; ++p) {
        PortInfo info;
        info.name = str(sp_get_port_name(*p));
        info.description = str(sp_get_port_description(*p));
        switch (sp_get_port_transport(*p)) {
            case SP_TRANSPORT_USB:
                info.transport = PortTransport::USB;
                break;
            case SP_TRANSPORT_BLUETOOTH:
                info.transport = PortTransport::BLUETOOTH;
                break;
            case SP_TRANSPORT_NATIVE:
                info.transport = PortTransport::NATIVE;
                break;
        }
        if (info.transport == PortTransport::USB) {
            int vid = 0, pid = 0;
            if (sp_get_port_usb_vid_pid(*p, &vid, &pid) == SP_OK) {
                info.usb_vid = static_cast<std::uint16_t>(vid);
                info.usb_pid = static_cast<std::uint16_t>(pid);
            }
            info.usb_serial = str(sp_get_port_usb_serial(*p));
            info.usb_manufacturer = str(sp_get_port_usb_manufacturer(*p));
            info.usb_product = str(sp_get_port_usb_product(*p));
        }
        out.ports.push_back(std::move(info));
    }
    sp_free_port_list(ports);
    return out;
}

std::string vid_pid_string(const PortInfo& p) {
    if (!p.usb_vid || !p.usb_pid) return "";
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04x:%04x", *p.usb_vid, *p.usb_pid);
    return buf;
}

std::optional<PortInfo> find_port_by_usb_serial(const std::vector<PortInfo>& ports,
                                                const std::string& serial) {
    std::optional<PortInfo> found;
    for (const auto& p : ports) {
        if (serial.empty() || p.usb_serial != serial) continue;
        // Two devices with one serial number (cheap USB-serial chips do this): refuse to
        // guess which is meant.
        if (found) return std::nullopt;
        found = p;
    }
    return found;
}

}  // namespace venue::io
