// Substitutions (catalogue GCB-SOST-*, GCB-A22..A24): the seed's table of MP, as data (entries
// GCB-SOST-T01..T20; row the piece going out, column the piece coming in), and when a
// substitution may be made.
#pragma once

#include <optional>
#include <string>

#include "chess/types.h"
#include "games/grassi/rules/grassi_rules.h"
#include "games/grassi/rules/movement.h"

namespace venue::games::grassi {

// The table's value for `out` -> `in` (+ gains MP under GCB-A22's default, - pays); nullopt for a
// pair the table does not have (the king, or the same piece).
std::optional<int> substitution_value(chess::PieceType out, chess::PieceType in);

// The MP a player's pool changes by for the substitution (GCB-A22): the table's value, or its
// opposite under PLUS_IS_COST.
int substitution_mp(int table_value, const GrassiRules& rules);

// The first turn from `turn` in which a player whose last substitution was in turn `last`
// (nullopt: none yet) may substitute (GCB-SOST-1, GCB-A23): `turn` itself when now.
int next_substitution_turn(int turn, std::optional<int> last, const GrassiRules& rules);

// Why a player with `pool` MP may not substitute `out` by `in` in turn `turn`, his last
// substitution having been in turn `last` (nullopt: none yet): the king (GCB-SOST-4), a pair not
// in the table, too soon (GCB-SOST-1, GCB-A23: sliding, from turn last + 3; or only in turns 1,
// 4, 7, ...), too few MP to pay (GCB-A22).
std::optional<MoveProblem> substitution_problem(chess::PieceType out, chess::PieceType in, int pool,
                                                int turn, std::optional<int> last,
                                                const GrassiRules& rules);

}  // namespace venue::games::grassi
