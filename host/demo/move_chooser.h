// Moves for simulated players where no source game says what to play (a game that splits into
// branches: the daughters of a branching). Not an engine: a plausible move that keeps a
// demonstration going, chosen the same way on every run.
//
// The rule, in order: never a move that ends the game (mate, stalemate, a draw by rule) or
// repeats a position a third time; never one after which the opponent mates at once; among the
// rest, the one that keeps the most material after the opponent's best capture in reply; ties
// broken by a hash of the seed, the ply and the move.
//
// Pure: no I/O, no clock, no global state.
#pragma once

#include <cstdint>
#include <optional>

#include "chess/game.h"

namespace venue::demo {

// nullopt when every legal move ends the game (or there is none). `avoid` is never chosen when
// another move qualifies (a daughter's first move must differ from its mother's).
std::optional<chess::Move> choose_move(const chess::Game& game, std::uint64_t seed,
                                       std::optional<chess::Move> avoid = std::nullopt);

}  // namespace venue::demo
