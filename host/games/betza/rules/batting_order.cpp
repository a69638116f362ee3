#include "games/betza/rules/batting_order.h"

#include <numeric>
#include <utility>

#include "venue/seeded_random.h"

namespace venue::games::betza {

std::vector<int> draw_batting_order(const BetzaRules& rules, int armies, std::uint64_t seed) {
    if (rules.order == BattingOrder::ARBITER_ENTERED) return rules.entered_order;
    std::vector<int> order(static_cast<std::size_t>(armies));
    std::iota(order.begin(), order.end(), 0);
    if (rules.order == BattingOrder::SEATING_CLOCKWISE) return order;
    std::uint64_t draw = 0;
    for (int i = armies - 1; i > 0; --i) {
        const auto j = std::size_t(engine::seeded_below(seed, draw++, std::uint64_t(i) + 1));
        std::swap(order[std::size_t(i)], order[j]);
    }
    return order;
}

std::vector<Layout> layouts_for(const BetzaRules& rules, const std::vector<int>& order) {
    std::vector<Layout> layouts(order.size(), Layout::WHITE);
    if (rules.layout == LayoutRule::PER_ARMY_CHOICE) return rules.chosen_layouts;
    if (rules.layout == LayoutRule::ALL_WHITE) return layouts;
    for (std::size_t slot = 0; slot < order.size(); ++slot)
        layouts[std::size_t(order[slot])] = slot % 2 == 0 ? Layout::WHITE : Layout::BLACK;
    return layouts;
}

}  // namespace venue::games::betza
