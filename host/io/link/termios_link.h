// A Link over a POSIX terminal device in raw mode: pseudo-terminals (the simulators) and,
// on Linux, ordinary serial devices. libserialport refuses ptys, hence this implementation.
#pragma once

#include "io/link/link.h"

namespace venue::io {

class TermiosLink final : public Link {
  public:
    // baud: one of the standard rates (9600 for DGT boards). Ptys ignore it but accept it.
    explicit TermiosLink(std::string path, int baud = 9600);
    ~TermiosLink() override;
    TermiosLink(const TermiosLink&) = delete;
    TermiosLink& operator=(const TermiosLink&) = delete;

    std::optional<LinkError> open() override;
    void close() override;
    bool is_open() const override { return fd_ >= 0; }
    IoResult read(std::span<std::uint8_t> buf, std::chrono::milliseconds timeout) override;
    IoResult write(std::span<const std::uint8_t> data, std::chrono::milliseconds timeout) override;
    const std::string& name() const override { return path_; }

    // The file descriptor, for callers that poll several links at once; -1 when closed.
    int fd() const { return fd_; }

  private:
    LinkError os_error(const char* call, int err) const;

    std::string path_;
    int baud_;
    int fd_ = -1;
};

}  // namespace venue::io
