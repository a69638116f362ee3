// Business Chess in the arbiter's window: the entries' buttons below the common actions, their
// fields in the confirmation dialog and their shortcuts (host/console/game_panels.h). Registered
// in host/games/registered_panels.cpp.
#pragma once

#include "console/game_panels.h"
#include "console/panels.h"

namespace venue::games::business {

// The game's drawing entry.
const console::GamePanels& panels_entry();

// Opens the dialog of an entry for the team on move, with the branches filled in.
void open_key_change(console::UiState& ui, const console::MatchView& match,
                     engine::KeyChangeKind kind);
// The entry's fields in the confirmation dialog (GamePanels::draw_entry_fields).
void draw_key_change_fields(const console::MatchView& match, console::ActionForm& form);
// The entries' buttons below the common actions (GamePanels::draw_actions).
void draw_entry_buttons(const console::MatchView& match, console::UiState& ui);

}  // namespace venue::games::business
