// The demo's players, judge and arbiter: carries out a DemoPlan on the simulated devices as
// people would, one step at a time. Players press real (simulated) buttons and paddles on the
// hub rig and move pieces on the emulated DGT board; the judge's decisions are arbiter events
// posted to the daemon. Each step waits for what a person would wait for (the claim lamp, the
// move being on the board, the position restored) by looking at the engine's state, so the demo
// keeps its order however slow the machine is, and fails with the step's name if the engine
// never gets there.
//
// Runs on the daemon's thread, between steps (poll()): no locks, no threads of its own.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "demo/demo_plan.h"
#include "runtime/daemon.h"
#include "sim/hub/hub_rig_thread.h"

namespace venue::demo {

struct DirectorTiming {
    double speed = 1.0;                    // > 1 plays faster
    std::int64_t step_timeout_ms = 15000;  // an expected reaction that does not come: failure
};

class Director {
  public:
    // board_script: writes one action line to the DGT emulator (dgt_action.h).
    Director(const DemoPlan& plan, runtime::Daemon& daemon, sim::HubRigThread& hub,
             std::function<void(const std::string&)> board_script, DirectorTiming timing);

    // Counts what the engine decided (called by the daemon's observer).
    void observe(const runtime::StepRecord& record);
    // Advances the script. now_ms: a monotonic clock.
    void poll(std::int64_t now_ms);

    bool done() const { return next_ >= tasks_.size(); }
    bool failed() const { return !failure_.empty(); }
    const std::string& failure() const { return failure_; }

  private:
    struct Task {
        std::string what;               // for the failure message
        std::int64_t delay_ms = 0;      // before the action (scaled by the speed)
        std::function<void()> action;   // may be empty
        std::function<bool()> reached;  // may be empty: nothing to wait for
    };
    void build();
    void add(std::string what, std::int64_t delay_ms, std::function<void()> action,
             std::function<bool()> reached = {});
    void board(const std::vector<std::string>& lines);
    std::vector<std::string> move_lines(const chess::Position& pos, chess::Move m) const;
    std::vector<std::string> undo_lines(const chess::Position& pos, chess::Move m) const;
    void press(int button, std::int64_t hold_ms);
    void paddle(chess::Color side);
    void arbiter(engine::ArbiterAction a);
    const engine::Match& match() const;

    const DemoPlan& plan_;
    runtime::Daemon& daemon_;
    sim::HubRigThread& hub_;
    std::function<void(const std::string&)> board_script_;
    DirectorTiming timing_;

    std::vector<Task> tasks_;
    std::size_t next_ = 0;
    bool started_ = false;  // the current task's action ran
    std::int64_t ready_at_ms_ = -1;
    std::int64_t started_at_ms_ = 0;
    std::string failure_;

    // What the engine has decided so far.
    int moves_accepted_ = 0;
    int proposals_ = 0;
    int warnings_given_ = 0;
    int removals_ = 0;
    std::vector<chess::Square> removed_squares_;  // of the last removal: the arbiter clears them
    bool game_over_ = false;
};

}  // namespace venue::demo
