#include "games/grassi/rules/dice.h"

#include "venue/seeded_random.h"

namespace venue::games::grassi {

int d6(std::uint64_t seed, std::uint64_t roll) {
    return int(engine::seeded_below(seed, roll, 6)) + 1;
}

std::array<int, 3> three_d6(std::uint64_t seed, std::uint64_t roll) {
    // Each throw of three dice uses three draws of its own.
    return {d6(seed, 3 * roll), d6(seed, 3 * roll + 1), d6(seed, 3 * roll + 2)};
}

std::optional<int> tackle_winner(int white_total, int black_total) {
    if (white_total == black_total) return std::nullopt;
    return white_total > black_total ? 0 : 1;
}

}  // namespace venue::games::grassi
