// The Betza demo's players and arbiter, on the simulated devices as people would: each player
// sets up his army on the near half of his DGT board; on his turn he presses the select buttons
// of the two half-boards he pushes together, moves a man (lifting it from one DGT board and, when
// it crosses the join, setting it down on the other at the mapped square), and presses his
// station's End-turn button when his turn does not end by itself. The acts are the plan's
// (betza_plan.h); every act waits for the engine's answer (the pair pushed or refused, the move
// read from the boards, the turn ended, the flag) and fails with its name if none comes.
//
// The director keeps what each emulated board shows, as the people see it, so that a retired
// army's men are taken off where they stand. Runs on the daemon's thread, between steps.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "demo/people.h"
#include "games/betza/demo/betza_plan.h"
#include "games/betza/rules/betza_match.h"
#include "sensing/placement.h"

namespace venue::games::betza {

class BetzaDirector : public demo::People {
  public:
    BetzaDirector(const BetzaDemoPlan& plan, demo::EventDevices devices,
                  demo::DirectorTiming timing);

    void observe(const runtime::StepRecord& record) override;

  private:
    const BetzaMatch& match() const;
    const BetzaGame& game() const { return *match().game(); }
    void set_up();
    bool boards_show_the_game() const;
    // The acts, as script steps (a pair is two presses).
    void add_act(const BetzaAct& act);
    void make_move(const std::string& uci);
    void take_off();
    // Physical actions, with the director's picture of the boards kept up to date.
    void lift(int board, chess::Square s, int wait_ms);
    void put(int board, chess::Square s, chess::Piece p, int wait_ms);
    // Waits for one more decision of this kind ("moved", a refusal's clause, ...).
    std::function<bool()> one_more(const std::string& kind);

    const BetzaDemoPlan& plan_;
    std::map<std::string, int> seen_;        // decisions so far: news kinds, refusals by clause
    std::map<std::string, int> base_;        // the count when the step's action ran
    std::vector<sensing::Placement> shown_;  // what each DGT board shows (by half-board)
    std::vector<std::string> settled_;       // each board's last settled placement, as read
    bool game_over_ = false;
};

}  // namespace venue::games::betza
