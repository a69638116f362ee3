#include "games/grassi/rules/grassi_options.h"

#include "venue/option_spec.h"

namespace venue::games::grassi {

namespace {

using engine::ChoiceWords;
using engine::count_option;
using engine::flag_option;

// Each choice's words in the venue file, in the order of its enum (the catalogue's spelling).
const ChoiceWords<TurnOrder> TURN_ORDER{"white_first", "kickoff_taker_first", "possessor_first"};
const ChoiceWords<DribbleCost> DRIBBLE_COST{"additive", "ball_only"};
const ChoiceWords<KingZone> KING_ZONE{"mouth", "whole_line"};
const ChoiceWords<MultiAdjacent> MULTI_ADJACENT{"mover_priority", "auto_contest",
                                                "nearest_then_mover"};
const ChoiceWords<Spin> SPIN{"one_45", "up_to_two_same_side", "off"};
const ChoiceWords<OwnGoals> OWN_GOALS{"count", "impossible"};
const ChoiceWords<EqualRoll> EQUAL_ROLL{"parry_zero_keeper_ball", "save", "parry_min_1"};
const ChoiceWords<ParryUnit> PARRY_UNIT{"half_square", "square"};
const ChoiceWords<ParryFrame> PARRY_FRAME{"keeper", "shooter"};
const ChoiceWords<ParrySides> PARRY_SIDES{"diagonal", "along_goal_line"};
const ChoiceWords<ContestLimit> CONTEST_LIMIT{"per_player_per_turn", "per_turn_total",
                                              "per_pair_per_turn"};
const ChoiceWords<ContestTie> CONTEST_TIE{"reroll", "holder_keeps"};
const ChoiceWords<ContestCost> CONTEST_COST{"uses_move", "free_action"};
const ChoiceWords<SubSign> SUB_SIGN{"plus_is_gain", "plus_is_cost"};
const ChoiceWords<SubFrequency> SUB_FREQUENCY{"sliding_3", "fixed_turns_1_4_7"};
const ChoiceWords<PieceLimits> PIECE_LIMITS{"standard_set", "unlimited"};
const ChoiceWords<FirstKickoff> FIRST_KICKOFF{"coin", "white"};
const ChoiceWords<AfterGoal> AFTER_GOAL{"end_turn", "continue_turn_after_reset"};
const ChoiceWords<Tie> TIE{"draw", "extra_turns", "golden_goal"};
const ChoiceWords<Dice> DICE{"host", "physical_entered"};
const ChoiceWords<bool> PAWN_DIRS{"4_orthogonal", "8"};  // false, true

}  // namespace

std::vector<engine::GameOption> grassi_options() {
    const GrassiRules d;
    return {
        count_option("turns", d.turns, 2, 200, "GCB-OBJ-1",
                     "game turns in all, two halves of half as many (the seed: 50)"),
        TURN_ORDER.option("turn_order", d.turn_order, "GCB-A2",
                          "who moves first in each turn: White, the last kick-off's taker, or "
                          "the side with the ball"),
        flag_option("mp_carry_over", d.mp_carry_over, "GCB-A3",
                    "movement points left at the end of a turn carry over to the next"),
        flag_option("allow_pass_move", d.allow_pass_move, "GCB-A4",
                    "a player may spend one of his three moves doing nothing"),
        DRIBBLE_COST.option("dribble_cost", d.dribble_cost, "GCB-A5",
                            "a dribble costs the piece's steps plus the ball's, or the ball's "
                            "alone (a knight's: 3 + 3, or 3)"),
        PAWN_DIRS.option("pawn_dirs", d.pawn_eight_directions, "GCB-A7",
                         "a pawn steps in 8 directions, or orthogonally only"),
        flag_option("pawn_turn", d.pawn_may_turn, "GCB-A7",
                    "a pawn may turn between its two steps"),
        KING_ZONE.option("king_zone", d.king_zone, "GCB-A8",
                         "the keeper moves within its goal mouth, or along the whole goal line"),
        flag_option("ball_blocks_pieces", d.ball_blocks_pieces, "GCB-A9",
                    "the ball is an obstacle: no piece passes or stops on its point"),
        MULTI_ADJACENT.option("multi_adjacent", d.multi_adjacent, "GCB-A10",
                              "the ball stops next to pieces of both sides: the side that moved "
                              "it keeps it, a tackle decides, or the nearest piece"),
        SPIN.option("spin", d.spin, "GCB-A11",
                    "spin: one 45° deviation within the first two MP, up to two to one side, "
                    "or none"),
        OWN_GOALS.option("own_goals", d.own_goals, "GCB-A12",
                         "a ball moved into one's own goal counts for the opponent, or may not "
                         "be played"),
        flag_option("posts_inclusive", d.posts_inside, "GCB-A13",
                    "the posts (x = 5 and x = 11) are inside the goal mouth"),
        EQUAL_ROLL.option("equal_roll", d.equal_roll, "GCB-A14",
                          "the keeper's roll equals the power: a parry of nothing and the "
                          "keeper's ball, a save, or a parry of one"),
        PARRY_UNIT.option("parry_unit", d.parry_unit, "GCB-A15",
                          "a parried ball travels its residual power in half-squares, or squares"),
        PARRY_FRAME.option("parry_frame", d.parry_frame, "GCB-A16",
                           "a parry's left and right as the keeper sees them, or the shooter"),
        PARRY_SIDES.option("parry_sides", d.parry_sides, "GCB-A16",
                           "a parry to a side goes 45° outwards, or along the goal line"),
        CONTEST_LIMIT.option("contest_limit", d.contest_limit, "GCB-A19",
                             "tackles: one started per player per turn, one per turn in all, or "
                             "one per pair of pieces per turn"),
        CONTEST_TIE.option("contest_tie", d.contest_tie, "GCB-A20",
                           "equal totals in a tackle: roll again, or the holder keeps the ball"),
        CONTEST_COST.option("contest_cost", d.contest_cost, "GCB-A21",
                            "a tackle is one of the starter's three moves, or a free action"),
        count_option("contest_mp", d.contest_mp, 0, 18, "GCB-A21", "the MP a tackle costs"),
        SUB_SIGN.option("sub_sign", d.sub_sign, "GCB-A22",
                        "the table's + values are MP gained (and - paid), or the other way"),
        SUB_FREQUENCY.option("sub_frequency", d.sub_frequency, "GCB-A23",
                             "a substitution every three turns counted from the last, or only "
                             "in turns 1, 4, 7, ..."),
        PIECE_LIMITS.option("piece_limits", d.piece_limits, "GCB-A24",
                            "substitutes come from one standard set per side, or any number"),
        FIRST_KICKOFF.option("first_kickoff", d.first_kickoff, "GCB-A25",
                             "who kicks off first: a coin tossed from the logged seed, or White"),
        AFTER_GOAL.option("after_goal", d.after_goal, "GCB-A26",
                          "a goal ends the turn, or the turn continues after the kick-off"),
        TIE.option("tie", d.tie, "GCB-A27",
                   "level after the last turn: a draw, extra turns, or play on to a golden goal"),
        count_option("extra_turns", d.extra_turns, 2, 50, "GCB-A27",
                     "tie = extra_turns: how many turns are added"),
        DICE.option("dice", d.dice, "GCB-A28",
                    "dice rolled by the host from the logged seed, or physical dice whose "
                    "faces the arbiter enters"),
        flag_option("halftime_reset_pieces", d.halftime_reset_pieces, "GCB-A29",
                    "half-time undoes substitutions (a bishop, a knight and a rook again)"),
        flag_option("field_pieces_on_goal_line", d.field_pieces_on_goal_line, "GCB-A30",
                    "field pieces may stand on the goal lines (and intercept shots there)"),
    };
}

GrassiRules rules_of(const engine::GameOptions& o) {
    GrassiRules r;
    r.turns = int(o.number("turns", r.turns));
    r.turn_order = TURN_ORDER.read(o, "turn_order", r.turn_order);
    r.mp_carry_over = o.flag("mp_carry_over", r.mp_carry_over);
    r.allow_pass_move = o.flag("allow_pass_move", r.allow_pass_move);
    r.dribble_cost = DRIBBLE_COST.read(o, "dribble_cost", r.dribble_cost);
    r.pawn_eight_directions = PAWN_DIRS.read(o, "pawn_dirs", r.pawn_eight_directions);
    r.pawn_may_turn = o.flag("pawn_turn", r.pawn_may_turn);
    r.king_zone = KING_ZONE.read(o, "king_zone", r.king_zone);
    r.ball_blocks_pieces = o.flag("ball_blocks_pieces", r.ball_blocks_pieces);
    r.multi_adjacent = MULTI_ADJACENT.read(o, "multi_adjacent", r.multi_adjacent);
    r.spin = SPIN.read(o, "spin", r.spin);
    r.own_goals = OWN_GOALS.read(o, "own_goals", r.own_goals);
    r.posts_inside = o.flag("posts_inclusive", r.posts_inside);
    r.equal_roll = EQUAL_ROLL.read(o, "equal_roll", r.equal_roll);
    r.parry_unit = PARRY_UNIT.read(o, "parry_unit", r.parry_unit);
    r.parry_frame = PARRY_FRAME.read(o, "parry_frame", r.parry_frame);
    r.parry_sides = PARRY_SIDES.read(o, "parry_sides", r.parry_sides);
    r.contest_limit = CONTEST_LIMIT.read(o, "contest_limit", r.contest_limit);
    r.contest_tie = CONTEST_TIE.read(o, "contest_tie", r.contest_tie);
    r.contest_cost = CONTEST_COST.read(o, "contest_cost", r.contest_cost);
    r.contest_mp = int(o.number("contest_mp", r.contest_mp));
    r.sub_sign = SUB_SIGN.read(o, "sub_sign", r.sub_sign);
    r.sub_frequency = SUB_FREQUENCY.read(o, "sub_frequency", r.sub_frequency);
    r.piece_limits = PIECE_LIMITS.read(o, "piece_limits", r.piece_limits);
    r.first_kickoff = FIRST_KICKOFF.read(o, "first_kickoff", r.first_kickoff);
    r.after_goal = AFTER_GOAL.read(o, "after_goal", r.after_goal);
    r.tie = TIE.read(o, "tie", r.tie);
    r.extra_turns = int(o.number("extra_turns", r.extra_turns));
    r.dice = DICE.read(o, "dice", r.dice);
    r.halftime_reset_pieces = o.flag("halftime_reset_pieces", r.halftime_reset_pieces);
    r.field_pieces_on_goal_line = o.flag("field_pieces_on_goal_line", r.field_pieces_on_goal_line);
    return r;
}

std::optional<std::string> rules_problem(const GrassiRules& r) {
    if (r.turns < 2 || r.turns % 2 != 0)
        return "grassi.turns: " + std::to_string(r.turns) +
               " cannot be split into two halves: give an even number of turns (GCB-OBJ-1)";
    if (r.tie == Tie::EXTRA_TURNS && r.extra_turns < 1)
        return std::string("grassi.extra_turns: at least one turn (GCB-A27)");
    return std::nullopt;
}

}  // namespace venue::games::grassi
