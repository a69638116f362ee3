// The event log's filter: which rows the log panel shows (family, events and/or decisions, a
// search, one match, one player) and the matches and players it offers. Pure (no ImGui), so that
// tests check what a filter keeps and drops without drawing; the panel only holds the choices.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "console/view_model.h"

namespace venue::console {

struct LogQuery {
    // The board's snapshots and field updates (rows every second per board) are off by default.
    std::array<bool, std::size_t(LogFamily::COUNT_)> family{true, true,  true, true, true,
                                                            true, false, true, true};
    bool events = true, decisions = true;
    std::string search;  // in the text, kind or rule, any case ("" = every row)
    std::string match;   // only this match's rows ("" = all; rows of no match need "all")
    // Only the rows of events that concern this player of `player_match`, with all their
    // decisions ("" = everyone). Player ids are unique within a match only (W1 of two matches).
    std::string player, player_match;
};

// Whether the log panel shows `row` under `query`.
bool log_shows(const LogQuery& query, const LogRow& row);

// A text that changes whenever the rows `query` keeps may change (the panel's cache key).
std::string log_query_key(const LogQuery& query);

// A match or a player the filter can be set to.
struct LogChoice {
    std::string match;  // the match's id (a player's: his match)
    std::string id;     // a player's id ("" for a match)
    std::string label;  // "cb1  Kazan - Moscow", "W2 Bulat (Kazan)", "cb2: W2 Bulat (Kazan)"
};
// Every match on the view, in its order.
std::vector<LogChoice> log_match_choices(const ConsoleView& view);
// The players of `match` ("" = of every match, their labels prefixed with the match's id).
std::vector<LogChoice> log_player_choices(const ConsoleView& view, const std::string& match);

}  // namespace venue::console
