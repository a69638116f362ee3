// The Chessball demo's players, judge and arbiter: carries out a ChessballPlan on the simulated
// devices as people would, one step at a time. Players press real (simulated) buttons and paddles
// on the hub rig and move pieces on the emulated DGT board; the judge's decisions are arbiter
// events posted to the daemon. Each step waits for what a person would wait for (the claim lamp,
// the move being on the board, the position restored) by looking at the engine's state, so the demo
// keeps its order however slow the machine is, and fails with the step's name if the engine
// never gets there.
//
// Runs on the daemon's thread, between steps (poll()): no locks, no threads of its own.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "demo/people.h"
#include "demo/timed_script.h"
#include "games/chessball/demo/chessball_plan.h"
#include "venue/chess_match.h"

namespace venue::games::chessball {

class ChessballDirector : public demo::People {
  public:
    ChessballDirector(const ChessballPlan& plan, demo::EventDevices devices,
                      demo::DirectorTiming timing);

    void observe(const runtime::StepRecord& record) override;

  private:
    void build();
    // Action lines for the match's board.
    void board(const std::vector<std::string>& lines);
    void arbiter(engine::ArbiterAction a);
    const engine::ChessMatch& match() const;

    const ChessballPlan& plan_;

    // What the engine has decided so far.
    int moves_accepted_ = 0;
    int proposals_ = 0;
    int warnings_given_ = 0;
    int removals_ = 0;
    std::vector<chess::Square> removed_squares_;  // of the last removal: the arbiter clears them
    bool game_over_ = false;
};

}  // namespace venue::games::chessball
