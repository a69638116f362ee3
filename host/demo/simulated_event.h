// A simulated event: the demo's devices (the hub firmware in simavr, a DGT board emulator, each
// behind a pty) and people (the Director) around a Daemon with its Session and log. What `venue
// demo` runs in a terminal and what `venue-console --demo` shows in a window: the caller owns
// the loop and calls step(), so a window can draw between steps.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/result.h"
#include "demo/demo_plan.h"
#include "demo/director.h"
#include "runtime/daemon.h"

namespace venue::demo {

struct SimulatedEventOptions {
    double speed = 1.0;
    std::string elf;  // "" = the ELF this build made
    std::int64_t step_timeout_ms = 15000;
};

class BoardSim;

class SimulatedEvent {
  public:
    // Starts the simulators, opens the log (which must not exist) and the daemon's devices.
    static Result<std::unique_ptr<SimulatedEvent>, std::string> start(
        const DemoPlan& plan, const std::string& log_path, const SimulatedEventOptions& options);
    ~SimulatedEvent();
    SimulatedEvent(const SimulatedEvent&) = delete;
    SimulatedEvent& operator=(const SimulatedEvent&) = delete;

    // One pass: the daemon's step, then the people's next actions. An error: the log failed.
    Result<std::vector<runtime::StepRecord>, std::string> step(std::int64_t now_ms);
    // The script has run to its end (the game is over), or stopped at a step that never came.
    bool done() const { return director_->done(); }
    bool failed() const { return director_->failed(); }
    const std::string& failure() const { return director_->failure(); }
    // Lets the last commands reach the hub (for `ms`), then stops the devices. Idempotent.
    void finish(std::int64_t ms = 300);

    runtime::Daemon& daemon() { return *daemon_; }
    const runtime::Session& session() const { return *session_; }
    const DemoPlan& plan() const { return plan_; }
    const std::string& hub_path() const { return hub_path_; }
    const std::string& board_path() const { return board_path_; }
    const std::string& elf_path() const { return elf_path_; }

  private:
    SimulatedEvent() = default;

    DemoPlan plan_;
    std::string hub_path_, board_path_, elf_path_;
    std::unique_ptr<sim::HubRigThread> rig_;
    std::unique_ptr<BoardSim> board_;
    std::unique_ptr<runtime::Session> session_;
    std::unique_ptr<runtime::Daemon> daemon_;
    std::unique_ptr<Director> director_;
    bool finished_ = false;
};

}  // namespace venue::demo
