#include "sim/dgt/pty.h"

#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace venue::sim {

namespace {

std::string failure(const char* call) {
    return std::string(call) + ": " + std::strerror(errno);
}

}  // namespace

Pty::Pty(int master, std::string slave_path)
    : master_(master), slave_path_(std::move(slave_path)) {}

Pty::Pty(Pty&& o) noexcept
    : master_(std::exchange(o.master_, -1)), slave_path_(std::move(o.slave_path_)) {}

Pty& Pty::operator=(Pty&& o) noexcept {
    if (this != &o) {
        close();
        master_ = std::exchange(o.master_, -1);
        slave_path_ = std::move(o.slave_path_);
    }
    return *this;
}

Pty::~Pty() {
    close();
}

void Pty::close() {
    if (master_ >= 0) ::close(master_);
    master_ = -1;
}

std::variant<Pty, std::string> Pty::open() {
    const int m = ::posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (m < 0) return failure("posix_openpt");
    Pty pty(m, "");
    if (::grantpt(m) != 0) return failure("grantpt");
    if (::unlockpt(m) != 0) return failure("unlockpt");
    char name[128];
    if (::ptsname_r(m, name, sizeof name) != 0) return failure("ptsname_r");
    pty.slave_path_ = name;

    // Raw mode set through the master applies to the slave. Without it the line discipline
    // would echo the board's own bytes back to it as commands.
    termios t{};
    if (::tcgetattr(m, &t) != 0) return failure("tcgetattr");
    ::cfmakeraw(&t);
    if (::tcsetattr(m, TCSANOW, &t) != 0) return failure("tcsetattr");

    // Open and close the slave once, so that "no client" reads as POLLHUP from the start
    // rather than only after the first client leaves.
    const int s = ::open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (s < 0) return failure("open slave");
    ::close(s);

    const int flags = ::fcntl(m, F_GETFL);
    if (flags < 0 || ::fcntl(m, F_SETFL, flags | O_NONBLOCK) != 0) return failure("fcntl");
    return pty;
}

bool Pty::client_connected() const {
    if (master_ < 0) return false;
    pollfd p{master_, POLLIN, 0};
    if (::poll(&p, 1, 0) < 0) return false;
    return (p.revents & POLLHUP) == 0;
}

}  // namespace venue::sim
