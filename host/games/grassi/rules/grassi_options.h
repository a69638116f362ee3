// The keys of [match.grassi] (one per gap of the seed the catalogue settles, GCB-A*, with its
// alternatives), and the typed rules a match reads from them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "games/grassi/rules/grassi_rules.h"
#include "venue/game_options.h"

namespace venue::games::grassi {

// Every key of [match.grassi], with its default, clause and help.
std::vector<engine::GameOption> grassi_options();

// The rules `options` set; a key that is absent keeps the catalogue's default.
GrassiRules rules_of(const engine::GameOptions& options);

// Why `rules` cannot be played (an odd number of turns, say), naming the key; nullopt: they can.
std::optional<std::string> rules_problem(const GrassiRules& rules);

}  // namespace venue::games::grassi
