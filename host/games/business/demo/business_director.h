// The people of a simulated Business Chess match: each team's representative (makes a move on
// every open branch's demonstration board, presses the clock), the chief arbiter (records the
// representative's key changes at the console, starts the clock, names a member who crossed the
// red line and shows him a card), the assistants (set a cloned branch up on a free board, BC-II.3,
// and board C, BC-II.4) and the team members walking through the red-line beams. They carry out
// a BusinessPlan on the simulated hub and DGT boards, each step waiting for what a person would
// see in the engine's state.
//
// Runs on the daemon's thread, between steps (poll()): no locks, no threads of its own.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "demo/people.h"
#include "demo/timed_script.h"
#include "games/business/demo/business_plan.h"
#include "games/business/rules/business_match.h"
#include "runtime/daemon.h"
#include "sim/hub/hub_rig_thread.h"

namespace venue::games::business {

class BusinessDirector : public demo::People {
  public:
    BusinessDirector(const BusinessPlan& plan, demo::EventDevices devices,
                     demo::DirectorTiming timing);

    void observe(const runtime::StepRecord& record) override;

  private:
    void build();
    void entries(const std::string& label, const std::vector<PlannedEntry>& list);
    void key_change(const std::string& label, const PlannedEntry& e);
    void red_line(const std::string& label, const RedLineIncident& r);
    // A member walks through the zone's two beams: inward (outer first) or back out.
    void cross(chess::Color zone, bool inward, std::int64_t after_ms);
    const BusinessMatch& match() const;
    bool clock_runs() const;

    const BusinessPlan& plan_;

    // How many of each answer the steps built so far wait for.
    int planned_keys_ = 0;
    int planned_flags_ = 0;
    int planned_cards_ = 0;
    // What the engine has decided so far.
    int key_answers_ = 0;  // key changes accepted or refused
    int flags_ = 0;        // ArbiterFlag SECOND_CROSSER
    int cards_ = 0;        // WarningGiven or PlayerRemoved
    bool game_over_ = false;
};

}  // namespace venue::games::business
