// A DGT board emulator on a pty, served by its own thread until destroyed; physical actions
// (dgt_action.h lines) go in through a pipe. For tests that need a board on a real pty.
#pragma once

#include <unistd.h>

#include <atomic>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <variant>

#include "sim/dgt/dgt_emulator.h"

namespace venue::testing {

class EmulatedDgtBoard {
  public:
    explicit EmulatedDgtBoard(sim::dgt::DgtEmulatorOptions options) {
        auto created = sim::dgt::DgtEmulator::create(std::move(options));
        if (auto* e = std::get_if<std::string>(&created)) throw std::runtime_error(*e);
        emulator_ = std::make_unique<sim::dgt::DgtEmulator>(
            std::move(std::get<sim::dgt::DgtEmulator>(created)));
        if (::pipe(pipe_) != 0) throw std::runtime_error("pipe");
        thread_ = std::thread([this] { exit_code_ = emulator_->run(pipe_[0], stop_); });
    }
    ~EmulatedDgtBoard() {
        stop_ = true;
        thread_.join();
        ::close(pipe_[0]);
        ::close(pipe_[1]);
    }
    EmulatedDgtBoard(const EmulatedDgtBoard&) = delete;
    EmulatedDgtBoard& operator=(const EmulatedDgtBoard&) = delete;

    // The pty the host opens (the emulator's slave side).
    const std::string& path() const { return emulator_->slave_path(); }
    // Action lines, each ending in a newline; false if the pipe would not take them all.
    bool actions(const std::string& lines) {
        std::size_t done = 0;
        while (done < lines.size()) {
            const ssize_t n = ::write(pipe_[1], lines.data() + done, lines.size() - done);
            if (n <= 0) return false;
            done += std::size_t(n);
        }
        return true;
    }
    int exit_code() const { return exit_code_; }

  private:
    std::unique_ptr<sim::dgt::DgtEmulator> emulator_;
    std::thread thread_;
    std::atomic<bool> stop_{false};
    std::atomic<int> exit_code_{0};
    int pipe_[2] = {-1, -1};
};

}  // namespace venue::testing
