// A simulated event: the demo's devices (the hub firmware in simavr, DGT board emulators, each
// behind a pty) and people (those of the game's demo, demo/game_demo.h) around a Daemon with its
// Session and log. What `venue demo` runs in a terminal and what
// `venue-console --demo` shows in a window: the caller owns the loop and calls step(), so a
// window can draw between steps.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/result.h"
#include "demo/game_demo.h"
#include "demo/people.h"
#include "demo/timed_script.h"
#include "runtime/daemon.h"
#include "sim/hub/hub_rig_thread.h"

namespace venue::demo {

struct SimulatedEventOptions {
    double speed = 1.0;
    std::string elf;  // "" = the ELF this build made
    std::int64_t step_timeout_ms = 15000;
};

class BoardSim;

class SimulatedEvent {
  public:
    // Starts the simulators (the hub and the plan's boards), opens the log (which must not
    // exist) and the daemon's devices, and sets the plan's people to work.
    static Result<std::unique_ptr<SimulatedEvent>, std::string> start(
        std::unique_ptr<PlannedDemo> plan, const std::string& log_path,
        const SimulatedEventOptions& options);
    ~SimulatedEvent();
    SimulatedEvent(const SimulatedEvent&) = delete;
    SimulatedEvent& operator=(const SimulatedEvent&) = delete;

    // One pass: the daemon's step, then the people's next actions. An error: the log failed.
    Result<std::vector<runtime::StepRecord>, std::string> step(std::int64_t now_ms);
    // The script has run to its end (the game is over), or stopped at a step that never came.
    bool done() const { return people_->done(); }
    bool failed() const { return people_->failed(); }
    const std::string& failure() const { return people_->failure(); }
    // Lets the last commands reach the hub (for `ms`), then stops the devices. Idempotent.
    void finish(std::int64_t ms = 300);

    runtime::Daemon& daemon() { return *daemon_; }
    const runtime::Session& session() const { return *session_; }
    const engine::MatchConfig& match() const { return plan_->match(); }
    // What the plan plays (PlannedDemo::title).
    std::string title() const { return plan_->title(); }
    const PlannedDemo& plan() const { return *plan_; }
    const std::string& hub_path() const { return hub_path_; }
    // The boards: id and the emulator's pty, in the order they were attached.
    const std::vector<std::pair<std::string, std::string>>& boards() const { return paths_; }
    const std::string& elf_path() const { return elf_path_; }

  private:
    SimulatedEvent() = default;
    // The simulators, the log and the daemon's devices; the error, if any.
    std::optional<std::string> start_devices(const std::string& log_path,
                                             const SimulatedEventOptions& options);
    void script(const std::string& board, const std::string& line);

    // The plan the people carry out, kept here: they refer to it.
    std::unique_ptr<PlannedDemo> plan_;
    std::string hub_path_, elf_path_;
    std::vector<std::pair<std::string, std::string>> paths_;
    std::unique_ptr<sim::HubRigThread> rig_;
    std::vector<std::unique_ptr<BoardSim>> sims_;
    std::unique_ptr<runtime::Session> session_;
    std::unique_ptr<runtime::Daemon> daemon_;
    std::unique_ptr<People> people_;
    bool finished_ = false;
};

}  // namespace venue::demo
