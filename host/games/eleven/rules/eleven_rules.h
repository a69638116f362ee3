// Chess Eleven's settings (seed 001; catalogue §4, ids C11-*): the defaults the catalogue chose for
// each gap of the seed (C11-A*), and their alternatives: the keys of the venue file's
// [match.eleven] table, and the registry's description of the game.
#pragma once

#include <cstdint>
#include <vector>

#include "chess/types.h"
#include "venue/game_rules.h"

namespace venue::games::eleven {

// C11-A1: where the king keeps goal at the start.
enum class KingSquare : std::uint8_t {
    OWN_COLOUR,         // the centre back-rank square of its own colour: White d1, Black d8
    E_FILE,             // e1, e8
    EITHER_GOAL_SQUARE  // d or e on its back rank
};

// C11-A2: where the six chosen pieces and the substitute come from.
enum class PiecePool : std::uint8_t {
    STANDARD_SET,  // the rest of one set: Q, 2 R, 2 B, 2 N, 4 P
    UNLIMITED
};

// C11-A4: a side that has not pressed Ready when the formation's time runs out.
enum class FormationTimeout : std::uint8_t {
    USE_IF_VALID_ELSE_DEFAULT,  // a valid formation is played as it stands, else the default
    ALWAYS_DEFAULT,             // the default formation (C11-A3), valid or not
    PENALTY_GOAL                // as the first, and an invalid formation concedes a goal
};

// C11-A26: where the players choose their formations.
enum class FormationEntry : std::uint8_t {
    PHYSICAL,               // set on the board in full view, read and checked as it develops
    TOUCHSCREEN_THEN_PLACE  // entered hidden (a "formation" input each), revealed, then placed
};

// C11-A8: which captures by the side without the ball win it.
enum class PossessionOnCapture : std::uint8_t {
    ANY_CAPTURE,  // any capture: the capturing piece has the ball
    CARRIER_ONLY  // only the capture of the carrier
};

// C11-A12: how the ball leaves the corner square after a corner.
enum class CornerMode : std::uint8_t {
    CORNER_PASS_OR_COLLECT,     // an attacker moves onto the corner, or the ball is passed from it
    NEAREST_ATTACKER_GETS_BALL  // the attacker's piece nearest the corner has it at once
};

// C11-A13: a side in possession whose king is in check.
enum class InCheck : std::uint8_t {
    RESOLVE_FIRST,    // it keeps the ball; its first element is a move that meets the check
    LOSES_POSSESSION  // the checking piece wins the ball
};

// C11-A16: which side may bring its substitute on for a pawn after a goal.
enum class SubEligibility : std::uint8_t {
    LAST_SCORER,  // the side that scored the most recent goal (a mate's two count)
    ANY_TEAM_THAT_HAS_SCORED,
    CONCEDING_TEAM  // the side that conceded the most recent goal
};

// C11-A14: a side with no legal move, not in check.
enum class StalemateRule : std::uint8_t {
    RESET_NO_GOAL,                 // the round ends without a goal; the stalemated side starts
    ONE_GOAL_TO_STALEMATING_SIDE,  // a goal for the side that stalemated
    DRAW_GAME                      // the match ends drawn
};

// C11-A18: who kicks off the second half.
enum class SecondHalfKickOff : std::uint8_t {
    OTHER_PLAYER,  // the side that did not kick off the first half
    LAST_CONCEDER  // the side that conceded the last goal (no goal yet: the other player)
};

// C11-A7: what a turn of the side with the ball may hold. The catalogue names the alternatives
// without spelling them out; Venue's reading is in docs/games/eleven.md.
enum class PossessionTurn : std::uint8_t {
    MOVE_PASS_SHOT,           // at most a move, a pass and a shot; a move or a pass first
    MOVE_THEN_PASS_ONLY,      // the same, in the order move, pass, shot: no move after the pass
    TRIPLE_ONLY_AFTER_CORNER  // a move or a pass (then a shot); all three only after a corner
};

// C11-A17: the match's clock.
enum class ClockMode : std::uint8_t {
    SHARED_HALVES,           // one countdown per half on the hub's White face, both players'
    CHESS_CLOCK_PER_PLAYER,  // each player's own time on his face, running in his turns only
};

// C11-A19: a tie at full time.
enum class Tie : std::uint8_t {
    DRAW,
    GOLDEN_GOAL,  // play on, formations set again, without a time limit: the next goal wins
    EXTRA_TIME    // one more period of extra_time_ms, formations set again; then a tie is a draw
};

// C11-A6, C11-A9: which pieces between the two squares stop a pass or a shot.
enum class Blockers : std::uint8_t {
    ALL,
    OPPONENTS_ONLY
};

// C11-A6: whose movement pattern a pass may follow.
enum class PassDirection : std::uint8_t {
    EITHER,  // the passer's, or the receiver's towards the passer
    PASSER_ONLY
};

// C11-A9: which lines a shot may follow.
enum class ShotPattern : std::uint8_t {
    PIECE_PATTERN,       // the shooter's own movement (a knight's jump too)
    STRAIGHT_LINES_ONLY  // any rank, file or diagonal
};

// C11-A10: where a defender must stand to save or block.
enum class ShotEligibility : std::uint8_t {
    EITHER_GOAL_SQUARE,
    TARGETED_SQUARE_ONLY
};

// C11-A11: the shooter's own piece on a goal square.
enum class OwnPieceInGoal : std::uint8_t {
    IGNORE,        // counts as no defender (the target may not be its square)
    BLOCKS_TARGET  // the same, and a shot at the other square must pass no own piece either
};

// C11-A10: the weight of each outcome of a contested shot among those possible.
struct ShotWeights {
    int goal = 1;
    int save = 1;
    int block = 1;
    int corner = 1;
};

struct ElevenRules {
    KingSquare king_square = KingSquare::OWN_COLOUR;                         // C11-A1
    PiecePool piece_pool = PiecePool::STANDARD_SET;                          // C11-A2
    bool substitute_nonpawn = false;                                         // C11-A2
    bool kingfront_pawn_may_be_upgraded = false;                             // C11-A16
    Blockers pass_blockers = Blockers::ALL;                                  // C11-A6
    PassDirection pass_direction = PassDirection::EITHER;                    // C11-A6
    Blockers shot_blockers = Blockers::OPPONENTS_ONLY;                       // C11-A9
    ShotPattern shot_pattern = ShotPattern::PIECE_PATTERN;                   // C11-A9
    ShotEligibility shot_eligibility = ShotEligibility::EITHER_GOAL_SQUARE;  // C11-A10
    ShotWeights shot_weights;                                                // C11-A10
    OwnPieceInGoal own_piece_in_goal = OwnPieceInGoal::IGNORE;               // C11-A11
    // C11-A5: the centre circle, d4 e4 d5 e5 (made out of line: g++ 12 warns falsely of an
    // inlined initializer list read uninitialized).
    std::vector<chess::Square> centre = default_centre();
    PossessionOnCapture possession_on_capture = PossessionOnCapture::ANY_CAPTURE;  // C11-A8
    CornerMode corner_mode = CornerMode::CORNER_PASS_OR_COLLECT;                   // C11-A12
    InCheck in_check = InCheck::RESOLVE_FIRST;                                     // C11-A13
    SubEligibility sub_eligibility = SubEligibility::LAST_SCORER;                  // C11-A16
    bool king_confined_to_goal = false;                                            // C11-A21
    PossessionTurn possession_turn = PossessionTurn::MOVE_PASS_SHOT;               // C11-A7
    // C11-A7: a side that wins the ball passes it before its turn ends (seed: "once possession is
    // obtained, the player will then need to select which piece it is passing the ball to").
    bool pass_mandatory_after_gain = false;
    // C11-A15: castling off (the kings start in goal), en passant and promotion on.
    bool castling = false;
    bool en_passant = true;
    bool promotion = true;
    // Time and the end (C11-FORM-1, C11-TIME-1, C11-OBJ-1, C11-A4, C11-A14, C11-A17, C11-A18).
    std::int64_t formation_ms = 20'000;  // the formation phase's countdown
    std::int64_t half_ms = 300'000;      // a half's shared countdown (C11-A17 shared_halves)
    // C11-A17 chess_clock_per_player: each player's time for the match (one period, no half
    // time; a flag loses) and what each turn of his adds.
    ClockMode clock = ClockMode::SHARED_HALVES;
    std::int64_t player_ms = 300'000;
    std::int64_t player_increment_ms = 0;
    // C11-A17 move_limit: a turn that takes longer loses the match (0: no limit, the default).
    std::int64_t move_limit_ms = 0;
    int target_goals = 0;  // 0: two timed halves; N: the first to N goals wins
    FormationTimeout formation_timeout = FormationTimeout::USE_IF_VALID_ELSE_DEFAULT;
    FormationEntry formation_entry = FormationEntry::PHYSICAL;  // C11-A26
    StalemateRule stalemate = StalemateRule::RESET_NO_GOAL;
    SecondHalfKickOff second_half_kickoff = SecondHalfKickOff::OTHER_PLAYER;
    Tie tie = Tie::DRAW;                   // C11-A19
    std::int64_t extra_time_ms = 120'000;  // C11-A19 extra_time: the period's countdown
    // C11-A25: the board lights the ball's square (a board with LEDs: DGT Revelation II).
    bool ball_led = false;
    // C11-PASS-3 on the board itself (a board with LEDs): while a piece of the side on move is
    // lifted, or the ball is in hand, the board lights where it may go: its moves, its passes,
    // its shots.
    bool move_lights = false;

    static std::vector<chess::Square> default_centre();

    // The rules a match config's [match.eleven] sets (absent keys keep their defaults), and back.
    static ElevenRules of(const engine::MatchConfig& config);
    void write_to(engine::MatchConfig& config) const;
};

// The registry's entry (host/games/registered_games.cpp).
const engine::GameRules& rules();

}  // namespace venue::games::eleven
