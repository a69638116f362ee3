#include "io/link/termios_link.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <utility>

namespace venue::io {

namespace {

using Clock = std::chrono::steady_clock;

struct BaudEntry {
    int baud;
    speed_t speed;
};

// Up to the hub's 1 Mbit/s (the Mega's USB bridge at 16 MHz with U2X); Linux names the
// non-standard high rates too.
constexpr std::array<BaudEntry, 13> BAUDS{{{1200, B1200},
                                           {2400, B2400},
                                           {4800, B4800},
                                           {9600, B9600},
                                           {19200, B19200},
                                           {38400, B38400},
                                           {57600, B57600},
                                           {115200, B115200},
                                           {230400, B230400},
                                           {460800, B460800},
                                           {500000, B500000},
                                           {921600, B921600},
                                           {1000000, B1000000}}};

std::optional<speed_t> speed_of(int baud) {
    for (const auto& b : BAUDS) {
        if (b.baud == baud) return b.speed;
    }
    return std::nullopt;
}

int clamp_ms(std::chrono::milliseconds t) {
    if (t.count() < 0) return 0;
    if (t.count() > 1'000'000) return 1'000'000;
    return static_cast<int>(t.count());
}

// EIO on a tty means the other side hung up (USB device gone, pty master closed).
bool is_hangup(int err) {
    return err == EIO || err == ENXIO || err == ENODEV;
}

}  // namespace

TermiosLink::TermiosLink(std::string path, int baud) : path_(std::move(path)), baud_(baud) {}

TermiosLink::~TermiosLink() {
    close();
}

LinkError TermiosLink::os_error(const char* call, int err) const {
    LinkErrorCode code = LinkErrorCode::OS_ERROR;
    if (err == ENOENT) code = LinkErrorCode::NOT_FOUND;
    if (is_hangup(err)) code = LinkErrorCode::DISCONNECTED;
    return {code, err, path_ + ": " + call + ": " + std::strerror(err)};
}

std::optional<LinkError> TermiosLink::open() {
    if (fd_ >= 0) return std::nullopt;
    const auto speed = speed_of(baud_);
    if (!speed) {
        return LinkError{LinkErrorCode::BAD_ARGUMENT, 0,
                         path_ + ": unsupported baud rate " + std::to_string(baud_)};
    }
    const int fd = ::open(path_.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return os_error("open", errno);

    termios t{};
    if (::tcgetattr(fd, &t) != 0) {
        const int err = errno;
        ::close(fd);
        return os_error("tcgetattr (not a terminal?)", err);
    }
    // Raw 8N1, no flow control, no echo, no CR/LF translation: DGT data is binary.
    ::cfmakeraw(&t);
    t.c_cflag |= CLOCAL | CREAD;
    t.c_cflag &= ~static_cast<tcflag_t>(CSTOPB | PARENB | CRTSCTS);
    t.c_iflag &= ~static_cast<tcflag_t>(IXON | IXOFF | IXANY);
    t.c_cc[VMIN] = 0;
    t.c_cc[VTIME] = 0;
    ::cfsetispeed(&t, *speed);
    ::cfsetospeed(&t, *speed);
    if (::tcsetattr(fd, TCSANOW, &t) != 0) {
        const int err = errno;
        ::close(fd);
        return os_error("tcsetattr", err);
    }
    // Bytes queued while nobody listened are stale (an old scan, a half message).
    ::tcflush(fd, TCIOFLUSH);
    // Two drivers on one board would steal each other's replies; refuse a second opener.
    // Failure is harmless (not every tty supports it).
    (void)::ioctl(fd, TIOCEXCL);
    fd_ = fd;
    return std::nullopt;
}

void TermiosLink::close() {
    if (fd_ < 0) return;
    // Leave the device as we found it for the next opener.
    (void)::ioctl(fd_, TIOCNXCL);
    ::close(fd_);
    fd_ = -1;
}

IoResult TermiosLink::read(std::span<std::uint8_t> buf, std::chrono::milliseconds timeout) {
    if (fd_ < 0) return {0, LinkError{LinkErrorCode::NOT_OPEN, 0, path_ + ": read: not open"}};
    if (buf.empty()) return {};
    pollfd p{fd_, POLLIN, 0};
    const int r = ::poll(&p, 1, clamp_ms(timeout));
    if (r < 0) {
        if (errno == EINTR) return {};
        return {0, os_error("poll", errno)};
    }
    if (r == 0) return {};
    if ((p.revents & POLLIN) == 0 && (p.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0) {
        return {0, LinkError{LinkErrorCode::DISCONNECTED, 0, path_ + ": hung up"}};
    }
    const ssize_t n = ::read(fd_, buf.data(), buf.size());
    if (n > 0) return {static_cast<std::size_t>(n), std::nullopt};
    if (n == 0) return {0, LinkError{LinkErrorCode::DISCONNECTED, 0, path_ + ": end of file"}};
    if (errno == EAGAIN || errno == EINTR) return {};
    return {0, os_error("read", errno)};
}

IoResult TermiosLink::write(std::span<const std::uint8_t> data, std::chrono::milliseconds timeout) {
    if (fd_ < 0) return {0, LinkError{LinkErrorCode::NOT_OPEN, 0, path_ + ": write: not open"}};
    const auto deadline = Clock::now() + timeout;
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd_, data.data() + done, data.size() - done);
        if (n > 0) {
            done += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EINTR) return {done, os_error("write", errno)};
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() <= 0) break;
        pollfd p{fd_, POLLOUT, 0};
        if (::poll(&p, 1, clamp_ms(left)) < 0 && errno != EINTR) {
            return {done, os_error("poll", errno)};
        }
        if (p.revents & (POLLHUP | POLLERR)) {
            return {done, LinkError{LinkErrorCode::DISCONNECTED, 0, path_ + ": hung up"}};
        }
    }
    return {done, std::nullopt};
}

}  // namespace venue::io
