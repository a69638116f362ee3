// What the view model's files share (view_model_*.cpp): small words and numbers, a board as the
// console draws it, the device rows. Not for the panels: they read the view (view_model.h).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "console/view_model.h"

namespace venue::console::detail {

// printf into a std::string (the texts are short).
template <typename... Args>
std::string fmt(const char* f, Args... args) {
    char buf[256];
    std::snprintf(buf, sizeof buf, f, args...);
    return buf;
}

const char* side_name(Color c);  // "White", "Black"
// "Bulat (Kazan)" for a player id of the match; the id itself when unknown.
std::string player_label(const engine::MatchConfig& c, const std::string& id);
// "Bulat (Kazan, button 3)"; "button 3" when nobody has it.
std::string button_label(const engine::MatchConfig& c, int button);
// Half points as the console writes them: 3 -> "1½", 0 -> "0".
std::string half_points(int h);

// A board as the console draws it: pieces, the last move, check, and the squares to restore.
BoardView board_view(const chess::Game& game, const std::vector<chess::Square>& restore);
// A game's own picture of a board (engine::BoardPicture): its men, its marked squares framed.
BoardView board_view(const engine::BoardPicture& picture);

// The devices panel's rows: the hub, then each board.
std::vector<DeviceRow> device_rows(const DeviceInputs& devices, HostNanos now_ns);

}  // namespace venue::console::detail
