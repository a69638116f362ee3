// Business Chess in the console: the entries a team's representative makes (branch, select,
// pass, resign, draw, veto, board C, replace), entered by the arbiter in the actions panel, and
// the game's words for its penalties (a red-line offence is a yellow card, an expulsion a red
// one, BC-I.11). Registered in host/games/registered_console.cpp.
#pragma once

#include "console/game_console.h"
#include "console/panels.h"

namespace venue::games::business {

// The game's console entry.
const console::GameConsole& console_entry();

// Opens the dialog of an entry for the team on move, with the branches filled in.
void open_key_change(console::UiState& ui, const console::MatchView& match,
                     engine::KeyChangeKind kind);
// The entry's fields in the confirmation dialog (GameConsole::draw_entry_fields).
void draw_key_change_fields(const console::MatchView& match, console::ActionForm& form);
// The entries' buttons below the common actions (GameConsole::draw_actions).
void draw_entry_buttons(const console::MatchView& match, console::UiState& ui);

}  // namespace venue::games::business
