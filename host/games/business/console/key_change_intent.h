// Business Chess entries from the console: what the representative's terminal would send
// (branch, select, pass, resign, draw, veto, board C, replace), entered by the arbiter for a team
// as a console::ArbiterIntent with `key` set. Checked here only for what an entry cannot do without
// (a branch, a recipient, the reserve coming in); the engine judges the rest against the tree
// (ratings, free boards, whose turn) and answers KeyChangeAccepted or KeyChangeRefused.
#pragma once

#include <functional>
#include <string>

#include "common/result.h"
#include "console/view_model.h"
#include "venue/event.h"

namespace venue::games::business {

// The entry as an event at host time `host_ns`, or what it lacks ("choose the branch to resign").
// The note and the match are checked by console::to_event(), which calls this (the hook
// GameConsole::entry_event).
Result<engine::Event, std::string> key_change_event(const console::ArbiterIntent& intent,
                                                    io::HostNanos host_ns);

// "White: branch 1 splits, 4 chips to a new branch on board 3". `who` names a player by id.
std::string key_change_words(const engine::KeyChange& k,
                             const std::function<std::string(const std::string&)>& who);

// "Branch", "Select", ... as the actions panel labels them.
const char* key_change_label(engine::KeyChangeKind kind);

}  // namespace venue::games::business
