// Subprocess: a child program with pipes to its standard input and output,
// for talking to line-based programs such as a UCI engine.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace venue::cli {

class Subprocess {
  public:
    // Starts argv[0] (a path) with the given arguments. Check running().
    explicit Subprocess(const std::vector<std::string>& argv);
    ~Subprocess();
    Subprocess(const Subprocess&) = delete;
    Subprocess& operator=(const Subprocess&) = delete;

    bool running() const { return pid_ > 0; }
    const std::string& error() const { return error_; }

    bool write_line(const std::string& line);
    // The next line of output without its newline; nullopt at end of output or
    // when nothing arrives within timeout_ms.
    std::optional<std::string> read_line(int timeout_ms);

  private:
    pid_t pid_ = -1;
    int to_child_ = -1;
    int from_child_ = -1;
    std::string buffer_;
    std::string error_;
};

}  // namespace venue::cli
