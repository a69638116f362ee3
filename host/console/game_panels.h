// What a game draws in the arbiter's window itself: its own buttons below the common actions,
// the fields of its entries in the confirmation dialog, its keyboard shortcuts. The panels' half
// of a game's console layer: game_console.h is the model's half (words, entries as events, the
// setup wizard's checks), which the view model asks and which draws nothing. A game that draws
// something of its own describes it once, in its own folder (host/games/<game>/console/), as a
// GamePanels; the list is host/games/registered_panels.cpp. Kept apart from GameConsole so that
// the model (no ImGui) never links the panels.
//
// Everything outside the games' folders asks find_game_panels(id), never a game by name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "console/panels.h"

namespace venue::console {

struct GamePanels {
    std::string game;  // GameRules::id
    // Drawn in the actions panel below the common actions (the game's own buttons).
    void (*draw_actions)(const MatchView& match, UiState& ui) = nullptr;
    // The confirmation dialog's fields of an entry (intent.key set) or of a game's input
    // (intent.input set; the side is chosen above them).
    void (*draw_entry_fields)(const MatchView& match, ActionForm& form) = nullptr;
    // The game's own keyboard shortcuts (letters the common actions leave free; their lines in
    // the help are GameConsole::help).
    void (*shortcuts)(const MatchView& match, UiState& ui) = nullptr;
    // The game's controls on the players' touch panel (a game played on a field of points):
    // what the points tapped on the field (UiState::picks) become, as the draft input
    // (UiState::draft) that the panel previews and Confirm sends. Large targets (touch_button).
    void (*draw_touch)(const MatchView& match, UiState& ui) = nullptr;
};

// The games' drawing entries. Defined by the registration (host/games/registered_panels.cpp).
const std::vector<const GamePanels*>& registered_game_panels();

// The entry of game `id`, or nullptr when the game draws nothing of its own.
const GamePanels* find_game_panels(std::string_view id);

}  // namespace venue::console
