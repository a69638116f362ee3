#include "io/link/serial_port_link.h"

#include <libserialport.h>

#include <cerrno>
#include <utility>

namespace venue::io {

namespace {

unsigned int timeout_ms(std::chrono::milliseconds t) {
    if (t.count() <= 0) return 0;
    if (t.count() > 1'000'000) return 1'000'000;
    return static_cast<unsigned int>(t.count());
}

}  // namespace

SerialPortLink::SerialPortLink(std::string port, int baud) : name_(std::move(port)), baud_(baud) {}

SerialPortLink::~SerialPortLink() {
    close();
}

LinkError SerialPortLink::sp_error(const char* call, int ret) const {
    LinkError e;
    e.what = name_ + ": " + call + ": ";
    switch (ret) {
        case SP_ERR_ARG:
            e.code = LinkErrorCode::BAD_ARGUMENT;
            e.what += "invalid argument";
            break;
        case SP_ERR_FAIL: {
            e.os_errno = sp_last_error_code();
            char* msg = sp_last_error_message();
            e.what += msg ? msg : "failed";
            sp_free_error_message(msg);
            e.code = LinkErrorCode::OS_ERROR;
            if (e.os_errno == ENOENT) e.code = LinkErrorCode::NOT_FOUND;
            if (e.os_errno == EIO || e.os_errno == ENXIO || e.os_errno == ENODEV) {
                e.code = LinkErrorCode::DISCONNECTED;
            }
            break;
        }
        case SP_ERR_MEM:
            e.code = LinkErrorCode::OS_ERROR;
            e.what += "out of memory";
            break;
        default:
            e.code = LinkErrorCode::OS_ERROR;
            e.what += "not supported";
            break;
    }
    return e;
}

std::optional<LinkError> SerialPortLink::open() {
    if (port_) return std::nullopt;
    sp_port* port = nullptr;
    if (name_.empty()) return LinkError{LinkErrorCode::BAD_ARGUMENT, 0, "serial port: empty name"};
    if (const sp_return r = sp_get_port_by_name(name_.c_str(), &port); r != SP_OK) {
        // libserialport answers SP_ERR_ARG for a device that does not exist (or is a pty).
        LinkError e = sp_error("sp_get_port_by_name", r);
        if (r == SP_ERR_ARG) {
            e.what = name_ +
                     ": no such serial port (libserialport does not open pseudo-terminals: use "
                     "TermiosLink)";
        }
        if (e.code != LinkErrorCode::DISCONNECTED) e.code = LinkErrorCode::NOT_FOUND;
        return e;
    }
    auto fail = [&](const char* call, sp_return r) {
        LinkError e = sp_error(call, r);
        sp_close(port);
        sp_free_port(port);
        return e;
    };
    if (const sp_return r = sp_open(port, SP_MODE_READ_WRITE); r != SP_OK) {
        LinkError e = sp_error("sp_open", r);
        sp_free_port(port);
        return e;
    }
    if (const sp_return r = sp_set_baudrate(port, baud_); r != SP_OK) {
        return fail("sp_set_baudrate", r);
    }
    if (const sp_return r = sp_set_bits(port, 8); r != SP_OK) return fail("sp_set_bits", r);
    if (const sp_return r = sp_set_parity(port, SP_PARITY_NONE); r != SP_OK) {
        return fail("sp_set_parity", r);
    }
    if (const sp_return r = sp_set_stopbits(port, 1); r != SP_OK) {
        return fail("sp_set_stopbits", r);
    }
    if (const sp_return r = sp_set_flowcontrol(port, SP_FLOWCONTROL_NONE); r != SP_OK) {
        return fail("sp_set_flowcontrol", r);
    }
    // Stale bytes from before we opened are an old scan or half a message.
    (void)sp_flush(port, SP_BUF_BOTH);
    port_ = port;
    return std::nullopt;
}

void SerialPortLink::close() {
    if (!port_) return;
    sp_close(port_);
    sp_free_port(port_);
    port_ = nullptr;
}

IoResult SerialPortLink::read(std::span<std::uint8_t> buf, std::chrono::milliseconds timeout) {
    if (!port_) return {0, LinkError{LinkErrorCode::NOT_OPEN, 0, name_ + ": read: not open"}};
    if (buf.empty()) return {};
    // A timeout of 0 means "wait forever" to sp_blocking_read_next: use the non-blocking call.
    const sp_return r = timeout.count() <= 0 ? sp_nonblocking_read(port_, buf.data(), buf.size())
                                             : sp_blocking_read_next(port_, buf.data(), buf.size(),
                                                                     timeout_ms(timeout));
    if (r < 0) return {0, sp_error("read", r)};
    return {static_cast<std::size_t>(r), std::nullopt};
}

IoResult SerialPortLink::write(std::span<const std::uint8_t> data,
                               std::chrono::milliseconds timeout) {
    if (!port_) return {0, LinkError{LinkErrorCode::NOT_OPEN, 0, name_ + ": write: not open"}};
    if (data.empty()) return {};
    const sp_return r = timeout.count() <= 0 ? sp_nonblocking_write(port_, data.data(), data.size())
                                             : sp_blocking_write(port_, data.data(), data.size(),
                                                                 timeout_ms(timeout));
    if (r < 0) return {0, sp_error("write", r)};
    return {static_cast<std::size_t>(r), std::nullopt};
}

}  // namespace venue::io
