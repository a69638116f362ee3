// The DGT board emulator process: a DgtBoardModel behind a pseudo-terminal, driven by a script
// of physical actions (dgt_action.h) from a file or standard input.
//
//   venue sim dgt [--serial 12345] [--script FILE] ...   (the CLI is wired by host/cli)
// prints the pty's slave path as the first line of standard output, then serves until
// SIGINT/SIGTERM, a `quit` action, or (with exit_after_script) the end of the script.
// After `unplug MS` the new pty's path is printed on a line of its own.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "sim/dgt/dgt_board_model.h"
#include "sim/dgt/pty.h"

namespace venue::sim::dgt {

struct DgtEmulatorOptions {
    BoardModelOptions board;  // board.serial empty: derived from the process id
    std::string script;       // action script; "" or "-" reads standard input
    std::string link;         // optional symlink to the current slave path; none while unplugged
    bool exit_after_script = false;
    bool verbose = false;  // log actions and host commands to standard error
};

class DgtEmulator {
  public:
    // Fails (text) on an invalid board option or if no pty can be opened.
    static std::variant<DgtEmulator, std::string> create(DgtEmulatorOptions o);

    const std::string& slave_path() const { return pty_.slave_path(); }
    // Called with each new slave path after `unplug` (run_dgt_emulator prints it).
    std::function<void(const std::string&)> on_new_path;

    // Serves the pty and runs actions read from actions_fd (-1: none) until `stop` is set,
    // a `quit` action, or the end of the script when exit_after_script. Returns 0, or 1 if a
    // script line was invalid or an action impossible (the emulator keeps running after
    // reporting it on standard error).
    int run(int actions_fd, const std::atomic<bool>& stop);

    const DgtBoardModel& model() const { return model_; }

  private:
    DgtEmulator(DgtEmulatorOptions o, DgtBoardModel m, Pty p);
    std::int64_t now_ms() const;
    void read_pty(std::int64_t now);   // host commands into the model
    void flush_pty(std::int64_t now);  // periodic work, then the model's output to the host
    bool run_line(const std::string& line, std::int64_t now);  // false on `quit`
    void unplug(std::int64_t ms);
    void update_link();

    DgtEmulatorOptions options_;
    DgtBoardModel model_;
    Pty pty_;
    std::int64_t start_ns_ = 0;
    std::int64_t resume_at_ms_ = 0;  // `wait` holds later actions until then
    int line_number_ = 0;
    int failures_ = 0;
    io::dgt::Bytes pending_out_;
};

// Entry point for `venue sim dgt`: prints the slave path first, handles SIGINT/SIGTERM.
int run_dgt_emulator(const DgtEmulatorOptions& options);

}  // namespace venue::sim::dgt
