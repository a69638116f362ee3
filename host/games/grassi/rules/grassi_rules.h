// Grassi's ChessBall's settings: the catalogue's default for each gap of the seed (GCB-A*) and its
// alternatives. The match will read them from its [match.grassi] table once the game is
// registered.
#pragma once

#include <cstdint>

namespace venue::games::grassi {

enum class DribbleCost : std::uint8_t {
    ADDITIVE,
    BALL_ONLY
};  // GCB-A5, A6
enum class KingZone : std::uint8_t {
    MOUTH,
    WHOLE_LINE
};  // GCB-A8
enum class Spin : std::uint8_t {
    ONE_45,
    UP_TO_TWO_SAME_SIDE,
    OFF
};  // GCB-A11
enum class EqualRoll : std::uint8_t {
    PARRY_ZERO_KEEPER_BALL,
    SAVE,
    PARRY_MIN_1
};  // GCB-A14
enum class ParryUnit : std::uint8_t {
    HALF_SQUARE,
    SQUARE
};  // GCB-A15
enum class ContestTie : std::uint8_t {
    REROLL,
    HOLDER_KEEPS
};  // GCB-A20
enum class SubSign : std::uint8_t {
    PLUS_IS_GAIN,
    PLUS_IS_COST
};  // GCB-A22

struct GrassiRules {
    DribbleCost dribble_cost = DribbleCost::ADDITIVE;
    bool pawn_eight_directions = true;  // GCB-A7 (false: 4 orthogonal)
    bool pawn_may_turn = true;          // GCB-A7
    KingZone king_zone = KingZone::MOUTH;
    bool ball_blocks_pieces = true;  // GCB-A9
    Spin spin = Spin::ONE_45;
    bool posts_inside = true;  // GCB-A13
    EqualRoll equal_roll = EqualRoll::PARRY_ZERO_KEEPER_BALL;
    ParryUnit parry_unit = ParryUnit::HALF_SQUARE;
    ContestTie contest_tie = ContestTie::REROLL;
    SubSign sub_sign = SubSign::PLUS_IS_GAIN;
    int substitution_every_turns = 3;  // GCB-A23 (sliding)
};

}  // namespace venue::games::grassi
