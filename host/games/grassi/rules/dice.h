// The dice of Grassi's ChessBall (GCB-KIT-2, GCB-A28): three six-sided dice for movement points,
// saves and tackles, one for a parry's direction. Rolled from the seed the log carries and the
// roll's number (engine::seeded_below), so that a replay rolls the same; physical dice are
// entered as their faces instead.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

namespace venue::games::grassi {

// The faces of the `roll`th throw of one die from `seed`: 1..6.
int d6(std::uint64_t seed, std::uint64_t roll);
// The faces of the `roll`th throw of three dice (their sum is 3..18).
std::array<int, 3> three_d6(std::uint64_t seed, std::uint64_t roll);

// The winner of a tackle (GCB-CONTR-2): the higher total; nullopt on a tie (GCB-A20: roll again,
// or the holder keeps the ball under its alternative).
std::optional<int> tackle_winner(int white_total, int black_total);  // 0 White, 1 Black

}  // namespace venue::games::grassi
