// A byte link to one device: a serial port, a USB CDC device, or a pseudo-terminal.
//
//   CLOSED --open() ok--> OPEN --read/write error DISCONNECTED--> (still OPEN: call close())
//     ^                     |
//     +------ close() ------+
//
// Reads and writes never block longer than the timeout they are given (0 = return at once),
// so a driver thread can poll several links and notice a silent device. A link does not
// reconnect by itself: the driver above decides when to close and reopen (with backoff).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace venue::io {

// Few codes that mean something to the caller: a caller bug, a device that is gone (reopen
// later), or anything else the OS reported.
enum class LinkErrorCode : std::uint8_t {
    NOT_OPEN,      // read/write on a closed link (caller bug)
    BAD_ARGUMENT,  // unknown baud rate, empty name (caller bug)
    NOT_FOUND,     // no such device (yet): reopen later
    DISCONNECTED,  // the device went away or hung up (USB unplugged, pty master closed)
    OS_ERROR,      // anything else; os_errno says what
};

struct LinkError {
    LinkErrorCode code = LinkErrorCode::OS_ERROR;
    int os_errno = 0;  // errno or libserialport's sp_last_error_code(), when there is one
    std::string what;  // names the device and the call that failed
};

const char* code_name(LinkErrorCode c);

struct IoResult {
    std::size_t count = 0;  // bytes read or written; 0 on timeout
    std::optional<LinkError> error;
    bool ok() const { return !error.has_value(); }
};

class Link {
  public:
    virtual ~Link() = default;

    virtual std::optional<LinkError> open() = 0;
    virtual void close() = 0;
    virtual bool is_open() const = 0;

    // Up to buf.size() bytes: whatever is available, waiting at most `timeout` for the first.
    virtual IoResult read(std::span<std::uint8_t> buf, std::chrono::milliseconds timeout) = 0;
    // As many bytes as fit within `timeout`; count < data.size() means the rest was not sent.
    virtual IoResult write(std::span<const std::uint8_t> data,
                           std::chrono::milliseconds timeout) = 0;

    // The device path or port name, for logs.
    virtual const std::string& name() const = 0;
};

}  // namespace venue::io
