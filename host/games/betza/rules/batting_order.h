// The batting order of the armies (BETZA-3, BETZA-3.1, BETZA-A2) and the layouts it gives them
// (BETZA-A3).
#pragma once

#include <cstdint>
#include <vector>

#include "games/betza/rules/betza_rules.h"

namespace venue::games::betza {

// The armies in the order they move. RANDOM shuffles 0..N-1 with a Fisher-Yates shuffle whose
// k-th swap draws engine::seeded_below(seed, k, i + 1): the same seed gives the same order on
// every machine (catalogue X-4), and the seed is what the log records. SEATING_CLOCKWISE is
// 0..N-1; ARBITER_ENTERED is rules.entered_order (checked by BetzaRules::problem).
std::vector<int> draw_batting_order(const BetzaRules& rules, int armies, std::uint64_t seed);

// Each army's layout, indexed by army (BETZA-A3): alternating White, Black, White... along the
// batting order, all White, or as chosen. With two armies the first to move gets White's layout,
// so two armies play chess from its start position (BETZA-6.4).
std::vector<Layout> layouts_for(const BetzaRules& rules, const std::vector<int>& order);

}  // namespace venue::games::betza
