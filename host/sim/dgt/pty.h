// A pseudo-terminal pair owned by a simulator: the simulator holds the master, a client opens
// the slave path as if it were a serial device.
#pragma once

#include <string>
#include <variant>

namespace venue::sim {

class Pty {
  public:
    // A new pty in raw mode (no echo, no line editing, no CR/LF translation), so bytes pass
    // unchanged even to a client that never sets raw mode itself. Error text on failure.
    static std::variant<Pty, std::string> open();

    Pty(Pty&& o) noexcept;
    Pty& operator=(Pty&& o) noexcept;
    Pty(const Pty&) = delete;
    Pty& operator=(const Pty&) = delete;
    ~Pty();

    int master_fd() const { return master_; }
    const std::string& slave_path() const { return slave_path_; }

    // True while some process has the slave open. Linux reports POLLHUP on the master while
    // nobody does; before the first client, open() has made that state hold too.
    bool client_connected() const;

    void close();

  private:
    Pty(int master, std::string slave_path);
    int master_ = -1;
    std::string slave_path_;
};

}  // namespace venue::sim
