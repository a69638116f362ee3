// Grassi's ChessBall's settings: the catalogue's default for each gap of the seed (GCB-A*) and its
// alternatives, read from the match's [match.grassi] table (grassi_options.h).
#pragma once

#include <cstdint>

namespace venue::games::grassi {

enum class TurnOrder : std::uint8_t {
    WHITE_FIRST,
    KICKOFF_TAKER_FIRST,
    POSSESSOR_FIRST
};  // GCB-A2
enum class DribbleCost : std::uint8_t {
    ADDITIVE,
    BALL_ONLY
};  // GCB-A5, A6
enum class KingZone : std::uint8_t {
    MOUTH,
    WHOLE_LINE
};  // GCB-A8
enum class MultiAdjacent : std::uint8_t {
    MOVER_PRIORITY,
    AUTO_CONTEST,
    NEAREST_THEN_MOVER
};  // GCB-A10
enum class Spin : std::uint8_t {
    ONE_45,
    UP_TO_TWO_SAME_SIDE,
    OFF
};  // GCB-A11
enum class OwnGoals : std::uint8_t {
    COUNT,
    IMPOSSIBLE
};  // GCB-A12
enum class EqualRoll : std::uint8_t {
    PARRY_ZERO_KEEPER_BALL,
    SAVE,
    PARRY_MIN_1
};  // GCB-A14
enum class ParryUnit : std::uint8_t {
    HALF_SQUARE,
    SQUARE
};  // GCB-A15
enum class ParryFrame : std::uint8_t {
    KEEPER,
    SHOOTER
};  // GCB-A16
enum class ParrySides : std::uint8_t {
    DIAGONAL,
    ALONG_GOAL_LINE
};  // GCB-A16
enum class ContestLimit : std::uint8_t {
    PER_PLAYER_PER_TURN,
    PER_TURN_TOTAL,
    PER_PAIR_PER_TURN
};  // GCB-A19
enum class ContestTie : std::uint8_t {
    REROLL,
    HOLDER_KEEPS
};  // GCB-A20
enum class ContestCost : std::uint8_t {
    USES_MOVE,
    FREE_ACTION
};  // GCB-A21
enum class SubSign : std::uint8_t {
    PLUS_IS_GAIN,
    PLUS_IS_COST
};  // GCB-A22
enum class SubFrequency : std::uint8_t {
    SLIDING,
    FIXED_TURNS
};  // GCB-A23
enum class PieceLimits : std::uint8_t {
    STANDARD_SET,
    UNLIMITED
};  // GCB-A24
enum class FirstKickoff : std::uint8_t {
    COIN,
    WHITE
};  // GCB-A25
enum class AfterGoal : std::uint8_t {
    END_TURN,
    CONTINUE_TURN_AFTER_RESET
};  // GCB-A26
enum class Tie : std::uint8_t {
    DRAW,
    EXTRA_TURNS,
    GOLDEN_GOAL
};  // GCB-A27
enum class Dice : std::uint8_t {
    HOST,
    PHYSICAL_ENTERED
};  // GCB-A28

struct GrassiRules {
    int turns = 50;  // GCB-OBJ-1: two halves of turns / 2 (an even number)
    TurnOrder turn_order = TurnOrder::WHITE_FIRST;
    bool mp_carry_over = false;   // GCB-A3
    bool allow_pass_move = true;  // GCB-A4
    DribbleCost dribble_cost = DribbleCost::ADDITIVE;
    bool pawn_eight_directions = true;  // GCB-A7 (false: 4 orthogonal)
    bool pawn_may_turn = true;          // GCB-A7
    KingZone king_zone = KingZone::MOUTH;
    bool ball_blocks_pieces = true;  // GCB-A9
    MultiAdjacent multi_adjacent = MultiAdjacent::MOVER_PRIORITY;
    Spin spin = Spin::ONE_45;
    OwnGoals own_goals = OwnGoals::COUNT;
    bool posts_inside = true;  // GCB-A13
    EqualRoll equal_roll = EqualRoll::PARRY_ZERO_KEEPER_BALL;
    ParryUnit parry_unit = ParryUnit::HALF_SQUARE;
    ParryFrame parry_frame = ParryFrame::KEEPER;
    ParrySides parry_sides = ParrySides::DIAGONAL;
    ContestLimit contest_limit = ContestLimit::PER_PLAYER_PER_TURN;
    ContestTie contest_tie = ContestTie::REROLL;
    ContestCost contest_cost = ContestCost::USES_MOVE;
    int contest_mp = 0;  // GCB-A21
    SubSign sub_sign = SubSign::PLUS_IS_GAIN;
    SubFrequency sub_frequency = SubFrequency::SLIDING;
    int substitution_every_turns = 3;  // GCB-SOST-1, A23
    PieceLimits piece_limits = PieceLimits::STANDARD_SET;
    FirstKickoff first_kickoff = FirstKickoff::COIN;
    AfterGoal after_goal = AfterGoal::END_TURN;
    Tie tie = Tie::DRAW;
    int extra_turns = 6;  // GCB-A27 extra_turns: how many
    Dice dice = Dice::HOST;
    bool halftime_reset_pieces = false;     // GCB-A29
    bool field_pieces_on_goal_line = true;  // GCB-A30

    bool operator==(const GrassiRules&) const = default;
};

}  // namespace venue::games::grassi
