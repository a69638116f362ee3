#include "games/eleven/rules/eleven_rules.h"

#include <algorithm>

#include "chess/uci.h"
#include "games/eleven/rules/eleven_match.h"
#include "venue/option_spec.h"

namespace venue::games::eleven {

namespace {

using engine::GameOption;
using engine::OptionKind;

// Each choice's words in the venue file, in the order of its enum (venue/option_spec.h).
template <class E>
using Words = engine::ChoiceWords<E>;

const Words<KingSquare> KING_SQUARE{{"own_colour", "e_file", "either_goal_square"}};
const Words<PiecePool> PIECE_POOL{{"standard_set", "unlimited"}};
const Words<Blockers> BLOCKERS{{"all", "opponents_only"}};
const Words<PassDirection> PASS_DIRECTION{{"either", "passer_only"}};
const Words<ShotPattern> SHOT_PATTERN{{"piece_pattern", "straight_lines_only"}};
const Words<ShotEligibility> SHOT_ELIGIBILITY{{"either_goal_square", "targeted_square_only"}};
const Words<OwnPieceInGoal> OWN_PIECE{{"ignore", "blocks_target"}};
const Words<FormationTimeout> TIMEOUT{
    {"use_if_valid_else_default", "always_default", "penalty_goal"}};
const Words<FormationEntry> FORMATION_ENTRY{{"physical", "touchscreen_then_place"}};
const Words<PossessionOnCapture> ON_CAPTURE{{"any_capture", "carrier_only"}};
const Words<CornerMode> CORNER_MODE{{"corner_pass_or_collect", "nearest_attacker_gets_ball"}};
const Words<InCheck> IN_CHECK{{"resolve_first", "loses_possession"}};
const Words<PossessionTurn> POSSESSION_TURN{
    {"move_pass_shot", "move_then_pass_only", "triple_only_after_corner"}};
const Words<Tie> TIE{{"draw", "golden_goal", "extra_time"}};
const Words<ClockMode> CLOCK{{"shared_halves", "chess_clock_per_player"}};
const Words<SubEligibility> SUB_ELIGIBILITY{
    {"last_scorer", "any_team_that_has_scored", "conceding_team"}};

// C11-A5: the centre circle's squares as the venue file names them ("d4"), and back; a name that
// is no square is left out here and refused by validate().
std::vector<std::string> square_names(const std::vector<chess::Square>& squares) {
    std::vector<std::string> names;
    for (chess::Square s : squares) names.push_back(chess::square_to_string(s));
    return names;
}
std::vector<chess::Square> squares_of(const std::vector<std::string>& names) {
    std::vector<chess::Square> squares;
    for (const std::string& n : names)
        if (const chess::Square s = chess::parse_square(n); s != chess::SQ_NONE)
            squares.push_back(s);
    return squares;
}
const Words<StalemateRule> STALEMATE{
    {"reset_no_goal", "one_goal_to_stalemating_side", "draw_game"}};
const Words<SecondHalfKickOff> SECOND_HALF{{"other_player", "last_conceder"}};

template <class E>
GameOption choice(const char* key, const Words<E>& words, E value, const char* rule,
                  const char* help) {
    return words.option(key, value, rule, help);
}

GameOption flag(const char* key, bool value, const char* rule, const char* help) {
    return engine::flag_option(key, value, rule, help);
}

GameOption count(const char* key, int value, int min, int max, const char* rule, const char* help) {
    return engine::count_option(key, value, min, max, rule, help);
}

std::vector<GameOption> options() {
    const ElevenRules d;
    return {
        count("target_goals", d.target_goals, 0, 99, "C11-OBJ-1",
              "0: two timed halves, most goals wins; N: the first to N goals wins at once"),
        {"half_ms",
         "half_minutes",
         OptionKind::DURATION,
         d.half_ms,
         60'000,
         30'000,  // half a minute at least: a demonstration's halves (the demo's are 40 s)
         0,
         {},
         "C11-TIME-1",
         "each half's shared countdown (C11-A17), on the hub's White face"},
        choice("clock", CLOCK, d.clock, "C11-A17",
               "one shared countdown per half (paused in formation phases); or each player's "
               "own chess clock on his face, running in his turns only: one period, a flag "
               "loses"),
        {"player_ms",
         "player_minutes",
         OptionKind::DURATION,
         d.player_ms,
         60'000,
         30'000,
         0,
         {},
         "C11-A17",
         "clock = \"chess_clock_per_player\": each player's time for the match"},
        {"player_increment_ms",
         "player_increment_seconds",
         OptionKind::DURATION,
         d.player_increment_ms,
         1000,
         0,
         0,
         {},
         "C11-A17",
         "clock = \"chess_clock_per_player\": the time each of his turns adds to a player's"},
        {"move_limit_ms",
         "move_limit_seconds",
         OptionKind::DURATION,
         d.move_limit_ms,
         1000,
         0,
         86'400'000,  // C11-TIME-2's correspondence day at most
         {},
         "C11-A17",
         "0: no limit on a turn; N: a player whose turn takes longer than N seconds loses the "
         "match, judged from the hub's clock (pauses and formation phases not counted)"},
        {"formation_ms",
         "formation_seconds",
         OptionKind::DURATION,
         d.formation_ms,
         1000,
         5000,
         0,
         {},
         "C11-FORM-1",
         "the formation phase's countdown, on the hub's Black face"},
        choice("formation_timeout", TIMEOUT, d.formation_timeout, "C11-A4",
               "the countdown ran out before Ready: play a valid formation as it stands, else the "
               "default; or always the default; or as the first, an invalid one conceding a goal"),
        choice("formation_entry", FORMATION_ENTRY, d.formation_entry, "C11-A26",
               "formations are set on the board in full view; or each player enters his hidden "
               "on a touch panel ('formation' input), and both are placed once revealed"),
        {"centre_squares",
         "centre_squares",
         OptionKind::TEXT_LIST,
         square_names(d.centre),
         1,
         1,
         0,
         {},
         "C11-A5",
         "the centre circle: the squares a kick-off's move must reach to win the ball"},
        choice("king_square", KING_SQUARE, d.king_square, "C11-A1",
               "the king's goal square: d1/d8, e1/e8, or either"),
        choice("piece_pool", PIECE_POOL, d.piece_pool, "C11-A2",
               "the field and the substitute come from one standard set, or from any pieces"),
        flag("substitute_nonpawn", d.substitute_nonpawn, "C11-A2",
             "the substitute may not be a pawn"),
        flag("kingfront_pawn_may_be_upgraded", d.kingfront_pawn_may_be_upgraded, "C11-A16",
             "the pawn in front of the king may be the one the substitute replaces"),
        choice("pass_blockers", BLOCKERS, d.pass_blockers, "C11-A6",
               "which pieces between passer and receiver stop a pass"),
        choice("pass_direction", PASS_DIRECTION, d.pass_direction, "C11-A6",
               "a pass follows the passer's pattern or the receiver's, or the passer's only"),
        choice("shot_blockers", BLOCKERS, d.shot_blockers, "C11-A9",
               "which pieces between shooter and goal stop a shot"),
        choice("shot_pattern", SHOT_PATTERN, d.shot_pattern, "C11-A9",
               "a shot follows the shooter's own movement, or any straight line"),
        choice("shot_eligibility", SHOT_ELIGIBILITY, d.shot_eligibility, "C11-A10",
               "where a defender must stand to save or block a shot"),
        count("goal_weight", d.shot_weights.goal, 0, 100, "C11-A10",
              "the weight of Goal among a contested shot's possible outcomes"),
        count("save_weight", d.shot_weights.save, 0, 100, "C11-A10", "the weight of Save"),
        count("block_weight", d.shot_weights.block, 0, 100, "C11-A10", "the weight of Block"),
        count("corner_weight", d.shot_weights.corner, 0, 100, "C11-A10", "the weight of Corner"),
        choice("own_piece_in_goal", OWN_PIECE, d.own_piece_in_goal, "C11-A11",
               "the shooter's own piece on a goal square: ignored, or it blocks that square too"),
        choice("stalemate", STALEMATE, d.stalemate, "C11-A14",
               "a stalemate: the round restarts without a goal, a goal to the stalemating side, "
               "or the match is drawn"),
        choice("second_half_kickoff", SECOND_HALF, d.second_half_kickoff, "C11-A18",
               "who kicks off the second half"),
        choice("possession_turn", POSSESSION_TURN, d.possession_turn, "C11-A7",
               "a turn with the ball: a move, a pass and a shot, a move or a pass first; or the "
               "same in the order move, pass, shot; or a move or a pass (then a shot), all three "
               "only in the turn after a corner"),
        flag("pass_mandatory_after_gain", d.pass_mandatory_after_gain, "C11-A7",
             "a side that wins the ball must pass it before its turn ends (when it can)"),
        choice("tie", TIE, d.tie, "C11-A19",
               "a tie at full time: a draw; or play on until the next goal; or one period of "
               "extra time, then a draw"),
        {"extra_time_ms",
         "extra_time_minutes",
         OptionKind::DURATION,
         d.extra_time_ms,
         60'000,
         60'000,
         0,
         {},
         "C11-A19",
         "the extra period's countdown (tie = \"extra_time\"), on the hub's White face"},
        choice("possession_on_capture", ON_CAPTURE, d.possession_on_capture, "C11-A8",
               "the side without the ball wins it by any capture, or only by taking the carrier"),
        choice("corner_mode", CORNER_MODE, d.corner_mode, "C11-A12",
               "after a corner the attacker collects the ball on the corner square or passes it "
               "from there; or its piece nearest the corner has it at once"),
        choice("in_check", IN_CHECK, d.in_check, "C11-A13",
               "a side with the ball in check keeps it and must meet the check first; or the "
               "checking piece wins the ball"),
        choice("sub_eligibility", SUB_ELIGIBILITY, d.sub_eligibility, "C11-A16",
               "which side may bring its substitute on after a goal: the last to score, any side "
               "that has scored, or the side that conceded"),
        flag("king_confined_to_goal", d.king_confined_to_goal, "C11-A21",
             "the king may not leave its two goal squares"),
        flag("castling", d.castling, "C11-A15",
             "castling, for a king and rook on their squares of the start position"),
        flag("en_passant", d.en_passant, "C11-A15", "a pawn may take en passant"),
        flag("promotion", d.promotion, "C11-A15",
             "a pawn reaching the far rank promotes; off, no pawn move reaches it"),
        flag("ball_led", d.ball_led, "C11-A25",
             "the board lights the ball's square (a DGT board with LEDs, the Revelation II); "
             "the host's state stays the ball, the light only shows it"),
        flag("move_lights", d.move_lights, "C11-PASS-3",
             "the board lights where a lifted piece of the side on move may go: its moves, and "
             "for the carrier its passes and shots (also while the ball is in hand); a board "
             "with LEDs"),
    };
}

std::optional<std::string> validate(const engine::MatchConfig& config) {
    // C11-KIT-1: one player has White, the other Black.
    for (int side = 0; side < config.side_count(); ++side) {
        const std::size_t n = config.side(side).players.size();
        if (n != 1)
            return "match " + config.id + ": " + engine::side_label(config, side) + " has " +
                   std::to_string(n) +
                   " players: in Chess Eleven one player has White, the other Black (C11-KIT-1)";
    }
    for (int side = 0; side < config.side_count(); ++side)
        for (const engine::PlayerConfig& p : config.side(side).players)
            if (p.buttons.size() > 1)
                return "match " + config.id + ": player " + p.id +
                       " has more than one hub button: Chess Eleven gives each player one, "
                       "for Ready and End turn (C11-FORM-8, C11-TURN-2)";
    const ElevenRules r = ElevenRules::of(config);
    // C11-A17 per player: one period, so no full time for C11-A19's golden goal or extra time.
    if (r.clock == ClockMode::CHESS_CLOCK_PER_PLAYER && r.tie != Tie::DRAW)
        return "match " + config.id + ": tie = \"" + TIE.of(r.tie) +
               "\" follows full time, which a match on the players' own clocks (clock = "
               "\"chess_clock_per_player\", C11-A17) has not: use tie = \"draw\" (C11-A19)";
    // C11-A5: every centre square a square of the board, and at least one.
    const ElevenRules d;
    const auto centre = config.options.list("centre_squares", square_names(d.centre));
    for (const std::string& n : centre)
        if (chess::parse_square(n) == chess::SQ_NONE)
            return "match " + config.id + ": centre_squares: '" + n +
                   "' is not a square (a1 to h8) (C11-A5)";
    if (centre.empty()) return "match " + config.id + ": centre_squares names no square (C11-A5)";
    const ShotWeights& w = r.shot_weights;
    if (w.goal + w.corner == 0)
        return "match " + config.id +
               ": goal_weight and corner_weight are both 0, and a contested shot may have only "
               "those two outcomes (C11-A10)";
    return std::nullopt;
}

std::unique_ptr<engine::Match> make(const engine::MatchConfig& config) {
    return std::make_unique<ElevenMatch>(config);
}

}  // namespace

std::vector<chess::Square> ElevenRules::default_centre() {
    return {chess::SQ_D4, chess::SQ_E4, chess::SQ_D5, chess::SQ_E5};
}

ElevenRules ElevenRules::of(const engine::MatchConfig& config) {
    const engine::GameOptions& o = config.options;
    ElevenRules r;
    auto pick = [&](const char* key, const auto& words, auto value) {
        return words.parse(o.text(key, words.of(value)), value);
    };
    r.target_goals = int(o.number("target_goals", r.target_goals));
    r.half_ms = o.number("half_ms", r.half_ms);
    r.clock = pick("clock", CLOCK, r.clock);
    r.player_ms = o.number("player_ms", r.player_ms);
    r.player_increment_ms = o.number("player_increment_ms", r.player_increment_ms);
    r.move_limit_ms = o.number("move_limit_ms", r.move_limit_ms);
    r.formation_ms = o.number("formation_ms", r.formation_ms);
    r.formation_timeout = pick("formation_timeout", TIMEOUT, r.formation_timeout);
    r.formation_entry = pick("formation_entry", FORMATION_ENTRY, r.formation_entry);
    r.king_square = pick("king_square", KING_SQUARE, r.king_square);
    r.piece_pool = pick("piece_pool", PIECE_POOL, r.piece_pool);
    r.substitute_nonpawn = o.flag("substitute_nonpawn", r.substitute_nonpawn);
    r.kingfront_pawn_may_be_upgraded =
        o.flag("kingfront_pawn_may_be_upgraded", r.kingfront_pawn_may_be_upgraded);
    r.pass_blockers = pick("pass_blockers", BLOCKERS, r.pass_blockers);
    r.pass_direction = pick("pass_direction", PASS_DIRECTION, r.pass_direction);
    r.shot_blockers = pick("shot_blockers", BLOCKERS, r.shot_blockers);
    r.shot_pattern = pick("shot_pattern", SHOT_PATTERN, r.shot_pattern);
    r.shot_eligibility = pick("shot_eligibility", SHOT_ELIGIBILITY, r.shot_eligibility);
    r.shot_weights.goal = int(o.number("goal_weight", r.shot_weights.goal));
    r.shot_weights.save = int(o.number("save_weight", r.shot_weights.save));
    r.shot_weights.block = int(o.number("block_weight", r.shot_weights.block));
    r.shot_weights.corner = int(o.number("corner_weight", r.shot_weights.corner));
    r.own_piece_in_goal = pick("own_piece_in_goal", OWN_PIECE, r.own_piece_in_goal);
    r.stalemate = pick("stalemate", STALEMATE, r.stalemate);
    r.second_half_kickoff = pick("second_half_kickoff", SECOND_HALF, r.second_half_kickoff);
    r.centre = squares_of(o.list("centre_squares", square_names(r.centre)));
    r.possession_turn = pick("possession_turn", POSSESSION_TURN, r.possession_turn);
    r.pass_mandatory_after_gain = o.flag("pass_mandatory_after_gain", r.pass_mandatory_after_gain);
    r.tie = pick("tie", TIE, r.tie);
    r.extra_time_ms = o.number("extra_time_ms", r.extra_time_ms);
    r.possession_on_capture = pick("possession_on_capture", ON_CAPTURE, r.possession_on_capture);
    r.corner_mode = pick("corner_mode", CORNER_MODE, r.corner_mode);
    r.in_check = pick("in_check", IN_CHECK, r.in_check);
    r.sub_eligibility = pick("sub_eligibility", SUB_ELIGIBILITY, r.sub_eligibility);
    r.king_confined_to_goal = o.flag("king_confined_to_goal", r.king_confined_to_goal);
    r.castling = o.flag("castling", r.castling);
    r.en_passant = o.flag("en_passant", r.en_passant);
    r.promotion = o.flag("promotion", r.promotion);
    r.ball_led = o.flag("ball_led", r.ball_led);
    r.move_lights = o.flag("move_lights", r.move_lights);
    return r;
}

void ElevenRules::write_to(engine::MatchConfig& config) const {
    engine::GameOptions& o = config.options;
    o.set("target_goals", std::int64_t(target_goals));
    o.set("half_ms", half_ms);
    o.set("clock", CLOCK.of(clock));
    o.set("player_ms", player_ms);
    o.set("player_increment_ms", player_increment_ms);
    o.set("move_limit_ms", move_limit_ms);
    o.set("formation_ms", formation_ms);
    o.set("formation_timeout", TIMEOUT.of(formation_timeout));
    o.set("formation_entry", FORMATION_ENTRY.of(formation_entry));
    o.set("king_square", KING_SQUARE.of(king_square));
    o.set("piece_pool", PIECE_POOL.of(piece_pool));
    o.set("substitute_nonpawn", substitute_nonpawn);
    o.set("kingfront_pawn_may_be_upgraded", kingfront_pawn_may_be_upgraded);
    o.set("pass_blockers", BLOCKERS.of(pass_blockers));
    o.set("pass_direction", PASS_DIRECTION.of(pass_direction));
    o.set("shot_blockers", BLOCKERS.of(shot_blockers));
    o.set("shot_pattern", SHOT_PATTERN.of(shot_pattern));
    o.set("shot_eligibility", SHOT_ELIGIBILITY.of(shot_eligibility));
    o.set("goal_weight", std::int64_t(shot_weights.goal));
    o.set("save_weight", std::int64_t(shot_weights.save));
    o.set("block_weight", std::int64_t(shot_weights.block));
    o.set("corner_weight", std::int64_t(shot_weights.corner));
    o.set("own_piece_in_goal", OWN_PIECE.of(own_piece_in_goal));
    o.set("stalemate", STALEMATE.of(stalemate));
    o.set("second_half_kickoff", SECOND_HALF.of(second_half_kickoff));
    o.set("centre_squares", square_names(centre));
    o.set("possession_turn", POSSESSION_TURN.of(possession_turn));
    o.set("pass_mandatory_after_gain", pass_mandatory_after_gain);
    o.set("tie", TIE.of(tie));
    o.set("extra_time_ms", extra_time_ms);
    o.set("possession_on_capture", ON_CAPTURE.of(possession_on_capture));
    o.set("corner_mode", CORNER_MODE.of(corner_mode));
    o.set("in_check", IN_CHECK.of(in_check));
    o.set("sub_eligibility", SUB_ELIGIBILITY.of(sub_eligibility));
    o.set("king_confined_to_goal", king_confined_to_goal);
    o.set("castling", castling);
    o.set("en_passant", en_passant);
    o.set("promotion", promotion);
    o.set("ball_led", ball_led);
    o.set("move_lights", move_lights);
}

const engine::GameRules& rules() {
    static const engine::GameRules game{
        .id = "eleven",
        .display_name = "Chess Eleven",
        .summary = "football with chess pieces: formations, a ball, passes, shots and goals",
        .rules_doc = "docs/games/eleven.md",
        .sides = {.min_sides = 2,
                  .max_sides = 2,
                  .min_players = 1,
                  .max_players = 1,
                  .side_word = "player"},
        // The hub's faces: a half's countdown on White's, the formation's on Black's (the match
        // sets them); the period is a half, so that a rebooted hub starts from one.
        .default_time = {.base_ms = 300'000,
                         .increment_ms = 0,
                         .mode = engine::TimeMode::SUDDEN_DEATH},
        .options = options(),
        .penalty_grounds = {},
        .boards = nullptr,
        .validate = &validate,
        .make_match = &make,
        // The live stream's lines: every shot with its outcome, every goal, the periods.
        .headline_news = {"shot", "goal", "half_over", "golden_goal", "extra_time"},
    };
    return game;
}

}  // namespace venue::games::eleven
