#include "games/eleven/rules/eleven_match.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>

#include <nlohmann/json.hpp>

#include "chess/bitboard.h"
#include "chess/movegen.h"
#include "chess/position_edit.h"
#include "chess/san.h"
#include "chess/uci.h"
#include "games/eleven/rules/ball_lines.h"
#include "games/eleven/rules/shot.h"

namespace venue::games::eleven {

using namespace chess;
using engine::Decision;
using engine::GameInput;
using engine::MatchPhase;

namespace {

// A time in whole seconds, or tenths when it has some: "30 s", "2.5 s".
std::string seconds_words(std::int64_t ms) {
    std::string s = std::to_string(ms / 1000);
    if (ms % 1000) s += "." + std::to_string(ms % 1000 / 100);
    return s + " s";
}

// One side's pieces of a placement, the other side's squares empty.
Placement pieces_of(const Placement& p, Color side) {
    Placement own{};
    for (int s = 0; s < SQUARE_NB; ++s)
        if (p[std::size_t(s)] != NO_PIECE && color_of(p[std::size_t(s)]) == side)
            own[std::size_t(s)] = p[std::size_t(s)];
    return own;
}

std::string words_of(const std::vector<FormationProblem>& problems) {
    std::string s;
    for (const FormationProblem& p : problems) s += (s.empty() ? "" : "; ") + p.words;
    return s;
}

std::optional<PieceType> piece_type_of(const std::string& text) {
    if (text.size() != 1) return std::nullopt;
    switch (text[0]) {
        case 'q':
        case 'Q':
            return QUEEN;
        case 'r':
        case 'R':
            return ROOK;
        case 'b':
        case 'B':
            return BISHOP;
        case 'n':
        case 'N':
            return KNIGHT;
        case 'p':
        case 'P':
            return PAWN;
        default:
            return std::nullopt;
    }
}

std::string arg(const GameInput& e, const char* key) {
    auto it = e.args.find(key);
    return it == e.args.end() ? "" : it->second;
}

// "d4, e4, d5 or e5": squares in a reason people read.
std::string squares_text(const std::vector<Square>& squares) {
    std::string s;
    for (std::size_t i = 0; i < squares.size(); ++i) {
        if (i > 0) s += i + 1 == squares.size() ? " or " : ", ";
        s += square_to_string(squares[i]);
    }
    return s;
}

// The same, joined by spaces: a fact a display reads back ("e2 d2").
std::string squares_fact(const std::vector<Square>& squares) {
    std::string s;
    for (Square x : squares) s += (s.empty() ? "" : " ") + square_to_string(x);
    return s;
}

}  // namespace

ElevenMatch::ElevenMatch(engine::MatchConfig config, ElevenRules rules, int goals_to_win)
    : Match(std::move(config)), rules_(rules), goals_to_win_(goals_to_win) {}

ElevenMatch::ElevenMatch(engine::MatchConfig config)
    : ElevenMatch(config, ElevenRules::of(config), 0) {
    goals_to_win_ = rules_.target_goals;
}

void ElevenMatch::news(const char* rule, const std::string& kind,
                       std::map<std::string, std::string> facts, const std::string& why, Out& out) {
    out.push_back({engine::GameNews{config_.id, kind, std::move(facts)}, rule, why});
}

FormationRound ElevenMatch::round_of(Color side) const {
    return {substitute_[side], upgraded_[side]};
}

Placement ElevenMatch::placement() const {
    Placement p{};
    for (int s = 0; s < SQUARE_NB; ++s) p[std::size_t(s)] = field().piece_on(Square(s));
    return p;
}

// --- Formation (C11-FORM-*) -----------------------------------------------------------------

void ElevenMatch::on(const engine::BoardSnapshot& e, Out& out) {
    if (phase_ == MatchPhase::FINISHED) return;
    auto read = placement_of(e.placement);
    if (!read)
        return ignore(
            "C11-FORM-1",
            "the board's reading '" + e.placement + "' is not eight ranks of eight squares", out);
    // The board as last read, in play too: the formation phase after a goal starts from it.
    seen_ = *read;
    // In play the board's moves arrive as MoveSensed; its snapshots are evidence only.
    if (stage_ != Stage::FORMATION) return;
    // C11-A26: formations entered hidden are placed after the kick-off reveals them; what the
    // board shows before is nobody's formation.
    if (hidden_entry()) return;
    for (Color side : {WHITE, BLACK}) {
        const std::string who = color_name(side);
        if (ready_[side]) {
            // After Ready the formation stands (C11-FORM-8): a change is flagged until set back.
            const bool same = pieces_of(seen_, side) == ready_formation_[side];
            if (!same && !changed_after_ready_[side]) {
                changed_after_ready_[side] = true;
                news("C11-FORM-8", "formation_changed", {{"side", who}},
                     who + " changed its formation after Ready: set it back", out);
            } else if (same && changed_after_ready_[side]) {
                changed_after_ready_[side] = false;
                news("C11-FORM-8", "formation_restored", {{"side", who}},
                     who + "'s formation is as it was at Ready", out);
            }
            continue;
        }
        const auto problems = formation_problems(seen_, side, round_of(side), rules_);
        const std::string text = words_of(problems);
        if (text == problems_said_[side]) continue;
        problems_said_[side] = text;
        news(problems.empty() ? "C11-FORM-1" : problems.front().clause.c_str(), "formation",
             {{"side", who}, {"problems", text}},
             text.empty() ? who + "'s formation may be played" : text, out);
    }
}

Placement ElevenMatch::chosen(Color side) const {
    if (!hidden_entry()) return seen_;
    return entered_[side] ? *entered_[side] : Placement{};
}

// C11-A26 touchscreen_then_place: a side's formation entered on its panel, out of the other's
// sight. Checked as a board's would be; the news says whether it may be played, not where the
// pieces stand. Entered again, it replaces the last, until Ready.
void ElevenMatch::enter_formation(Color side, const GameInput& e, Out& out) {
    const std::string who = color_name(side);
    if (!hidden_entry())
        return ignore("C11-A26",
                      "formations are set on the board in full view (formation_entry = physical)",
                      out);
    const auto entry = placement_of(arg(e, "placement"));
    if (!entry)
        return ignore("C11-A26",
                      "the formation '" + arg(e, "placement") +
                          "' is not eight ranks of eight squares (a FEN's first field)",
                      out);
    if (pieces_of(*entry, ~side) != Placement{})
        return ignore(
            "C11-A26",
            who + " enters its own pieces only: the entry holds " + color_name(~side) + "'s", out);
    entered_[side] = *entry;
    const auto problems = formation_problems(*entry, side, round_of(side), rules_);
    const std::string text = words_of(problems);
    news(problems.empty() ? "C11-A26" : problems.front().clause.c_str(), "formation_entered",
         {{"side", who}, {"problems", text}},
         text.empty() ? who + " entered a formation that may be played (hidden until the kick-off)"
                      : who + " entered a formation: " + text,
         out);
}

void ElevenMatch::ready(Color side, Out& out) {
    const std::string who = color_name(side);
    if (ready_[side]) return ignore("C11-FORM-8", who + " is Ready already", out);
    if (hidden_entry() && !entered_[side])
        return ignore("C11-A26", who + " cannot be Ready: it has entered no formation", out);
    // C11-A3: a side that declared no substitute has the default's, the queen, when its set
    // has one left over.
    const bool by_default = !substitute_[side];
    if (by_default) substitute_[side] = DEFAULT_SUBSTITUTE;
    const auto problems = formation_problems(chosen(side), side, round_of(side), rules_);
    if (!problems.empty()) {
        if (by_default) substitute_[side].reset();
        return ignore(problems.front().clause.c_str(),
                      who + " cannot be Ready: " + words_of(problems), out);
    }
    if (by_default)
        news("C11-A3", "substitute", {{"side", who}, {"piece", "q"}},
             who + " declared no substitute: the queen, as in the default formation", out);
    ready_[side] = true;
    ready_formation_[side] = pieces_of(chosen(side), side);
    news("C11-FORM-8", "ready", {{"side", who}},
         who + " is Ready: its formation stands until the kick-off", out);
    if (ready_[WHITE] && ready_[BLACK]) kick_off(out);
}

// C11-A4 (use_if_valid_else_default): a valid formation is played as it stands, an invalid one
// is replaced by the default, which the players then set on the board.
void ElevenMatch::time_up(Out& out) {
    for (Color side : {WHITE, BLACK}) {
        if (ready_[side]) continue;
        const std::string who = color_name(side);
        const bool by_default = !substitute_[side];  // C11-A3: the queen, if one is left over
        if (by_default) substitute_[side] = DEFAULT_SUBSTITUTE;
        const auto problems = formation_problems(chosen(side), side, round_of(side), rules_);
        if (by_default && !problems.empty()) substitute_[side].reset();
        // C11-A4 always_default: the default is played, however the formation stands.
        const bool use_it =
            problems.empty() && rules_.formation_timeout != FormationTimeout::ALWAYS_DEFAULT;
        if (use_it) {
            ready_formation_[side] = pieces_of(chosen(side), side);
            news("C11-A4", "formation_used", {{"side", who}},
                 "the 20 s ran out: " + who + "'s formation is played as it stands", out);
        } else {
            ready_formation_[side] = default_formation(side, rules_);
            substitute_[side] = DEFAULT_SUBSTITUTE;
            upgraded_[side] = false;
            news("C11-A4", "formation_default",
                 {{"side", who}, {"set", board_text(ready_formation_[side])}},
                 "the 20 s ran out with " +
                     (problems.empty() ? "no Ready from " + who : words_of(problems)) + ": " + who +
                     " plays the default formation; set it on the board",
                 out);
            // C11-A4 penalty_goal: an invalid formation concedes a goal as well. Play then
            // starts as it would (a restart would only set the formations again).
            if (rules_.formation_timeout == FormationTimeout::PENALTY_GOAL && !problems.empty() &&
                award(~side, 1, "C11-A4",
                      std::string(color_name(~side)) + " is given a goal: " + who +
                          "'s formation was not valid when the time ran out",
                      out))
                return;
        }
        ready_[side] = true;
    }
    kick_off(out);
}

void ElevenMatch::kick_off(Out& out) {
    PositionEdit edit;
    for (Color side : {WHITE, BLACK})
        for (int s = 0; s < SQUARE_NB; ++s)
            if (ready_formation_[side][std::size_t(s)] != NO_PIECE)
                edit.board[std::size_t(s)] = ready_formation_[side][std::size_t(s)];
    edit.side_to_move = kick_off_;
    // C11-A15: off by default (the kings start in goal); on, every right whose king and rook
    // stand on their start squares (the edit drops the others).
    edit.castling = rules_.castling ? std::uint8_t(ALL_CASTLING) : std::uint8_t(NO_CASTLING);
    auto pos = position_of(edit);
    if (!pos) {
        ready_ = {false, false};
        return ignore("C11-FORM-6", "play cannot start from these formations: " + pos.error(), out);
    }
    game_ = Game(*pos);
    stage_ = Stage::PLAY;
    ball_ = Ball{};
    possession_.reset();
    turn_ = kick_off_;
    moved_ = passed_ = false;
    begin_turn_time();
    news("C11-START-2", "kick_off", {{"side", color_name(turn_)}},
         std::string(color_name(turn_)) +
             " kicks off: its first move must end in the centre circle to win the ball",
         out);
    if (hidden_entry())
        news("C11-A26", "formations_revealed",
             {{"white", board_text(ready_formation_[WHITE])},
              {"black", board_text(ready_formation_[BLACK])}},
             "both formations are revealed: the players set them on the board", out);
    // The board must show the formations being played (a default replaced one, say).
    if (seen_ != placement()) {
        restore_required_ = true;
        out.push_back({engine::RestoreRequired{config_.id, field().fen(), {}}, "C11-A4",
                       "set the board to the formations being played"});
    }
    if (golden_goal()) {
        out.push_back({engine::DeviceCommand{"hub", engine::DeviceAction::CLOCK_PAUSE, WHITE, 0},
                       "C11-A19", "the golden goal has no time limit: the clock stops"});
    } else if (hidden_entry() && restore_required_) {
        // C11-A26: placing the revealed formations takes no time from the half.
        clock_waits_for_board_ = true;
        out.push_back({engine::DeviceCommand{"hub", engine::DeviceAction::CLOCK_PAUSE, WHITE, 0},
                       "C11-A26", "the half's countdown waits until the formations are placed"});
    } else {
        run_play_clock("C11-A17", "play: the half's countdown runs", out);
    }
}

// --- Play (C11-TURN-*, C11-PASS-*, C11-SHOOT-*, C11-POSS-*, C11-CHECK-*) ----------------------

void ElevenMatch::on(const engine::MoveSensed& e, Out& out) {
    if (finished(out)) return;
    if (phase_ == MatchPhase::PAUSED) return ignore("X-3", "the match is paused", out);
    auto refuse = [&](const char* rule, const std::string& why) {
        refuse_move(e.uci, rule, why, out);
    };
    if (stage_ != Stage::PLAY) return refuse("C11-FORM-1", "no move counts in the formation phase");
    const std::string who = color_name(turn_);
    if (possession_ == turn_ && moved_)
        return refuse("C11-TURN-2", who + " has moved this turn: one move a turn (C11-A7)");
    if (const auto [rule, why] = order_refusal(true); rule) return refuse(rule, why);
    auto move = parse_uci(field(), e.uci);
    if (!move) return refuse("C11-CHECK-1", e.uci + ": " + move.error());
    const Move m = *move;
    if (const auto [rule, why] = move_refusal(m); rule) return refuse(rule, why);
    // A legal move from the field: the board showed the field before it (a restore asked for
    // is done).
    restore_required_ = false;
    // C11-START-2, C11-A5: the kick-off's move ends in the centre circle, unless none can.
    bool centre_unreachable = false;
    if (ball_.where == Ball::Where::CENTRE && !in_centre(m.to(), rules_)) {
        for (Move x : playable_moves())
            if (in_centre(x.to(), rules_))
                return refuse("C11-START-2",
                              "the ball is loose at the centre: the move must end on " +
                                  squares_text(rules_.centre));
        centre_unreachable = true;
    }
    const Piece captured = field().captured_piece(m);
    const std::string san = to_san(field(), m);
    // The square the ball's carrier ends on: its own move's, or (castling) the rook's.
    Square carried_to = SQ_NONE;
    if (ball_.where == Ball::Where::CARRIER) {
        if (ball_.square == m.from()) carried_to = m.to();
        if (m.kind() == MoveKind::CASTLING) {
            const bool short_side = file_of(m.to()) > file_of(m.from());
            const int rank = rank_of(m.from());
            if (ball_.square == make_square(short_side ? 7 : 0, rank))
                carried_to = make_square(short_side ? 5 : 3, rank);
        }
    }
    // C11-A12: the side with the ball collects it from the corner square; a defender stepping
    // there takes nothing (the attacker still holds the ball "at the corner").
    const bool to_corner =
        ball_.where == Ball::Where::CORNER && ball_.square == m.to() && possession_ == turn_;
    // C11-A8: which captures by the side without the ball win it.
    const bool takes_carrier = ball_.where == Ball::Where::CARRIER && ball_.square == m.to();
    const bool capture_wins =
        captured != NO_PIECE && possession_ != turn_ &&
        (rules_.possession_on_capture == PossessionOnCapture::ANY_CAPTURE || takes_carrier);
    game_.play(m);
    moved_ = true;
    out.push_back({engine::MoveAccepted{config_.id, e.uci, san, 0, ""}, "C11-CHECK-1",
                   who + " plays " + san});
    if (captured != NO_PIECE) bench_.push_back(captured);  // C11-POSS-2

    if (ball_.where == Ball::Where::CENTRE) {
        if (in_centre(m.to(), rules_)) {
            ball_ = {Ball::Where::CARRIER, m.to()};
            possession_ = turn_;
            gained(turn_);
            news("C11-START-2", "ball_won", {{"side", who}, {"carrier", square_to_string(m.to())}},
                 who + " wins the ball on " + square_to_string(m.to()), out);
        } else if (centre_unreachable) {
            // C11-A5: no move reaches the centre circle; the ball stays loose there (flagged,
            // so that the arbiter sees why the move stood).
            news("C11-A5", "ball_loose", {{"side", who}},
                 who + " cannot reach " + squares_text(rules_.centre) +
                     ": any move stands, and the ball stays loose at the centre",
                 out);
        }
    } else if (carried_to != SQ_NONE || to_corner) {
        // The carrier dribbles (C11-TURN-3); a piece onto the corner square collects the ball
        // (C11-A12), taking what stands there under the Laws.
        ball_ = {Ball::Where::CARRIER, to_corner ? m.to() : carried_to};
    } else if (capture_wins) {
        // C11-POSS-1, C11-A8: the capturing piece wins the ball.
        ball_ = {Ball::Where::CARRIER, m.to()};
        possession_ = turn_;
        gained(turn_);
        news("C11-POSS-1", "ball_won", {{"side", who}, {"carrier", square_to_string(m.to())}},
             who + " captures on " + square_to_string(m.to()) + " and wins the ball", out);
    }
    after_move(m, out);
}

std::pair<const char*, std::string> ElevenMatch::move_refusal(Move m) const {
    const Piece p = field().piece_on(m.from());
    // C11-A21: with the king confined, it keeps to its two goal squares.
    if (rules_.king_confined_to_goal && type_of(p) == KING &&
        !is_goal_square(color_of(p), m.to())) {
        const auto goal = goal_squares(color_of(p));
        return {"C11-A21", "the king keeps to its goal (" + square_to_string(goal[0]) + " or " +
                               square_to_string(goal[1]) + ")"};
    }
    if (!rules_.en_passant && m.kind() == MoveKind::EN_PASSANT)
        return {"C11-A15", "en passant is off in this match"};
    if (!rules_.promotion && m.kind() == MoveKind::PROMOTION)
        return {"C11-A15", "promotion is off in this match: no pawn moves onto the last rank"};
    return {nullptr, ""};
}

std::vector<Move> ElevenMatch::playable_moves() const {
    std::vector<Move> moves;
    for (Move x : legal_moves(field()))
        if (!move_refusal(x).first) moves.push_back(x);
    return moves;
}

void ElevenMatch::after_move(Move m, Out& out) {
    const Color mover = ~field().side_to_move();
    // The moves the rules leave (C11-A15, C11-A21): a side left none is mated or stalemated.
    const bool no_moves = playable_moves().empty();
    if (no_moves && field().in_check()) {
        // C11-CHECK-2: two goals to the mating side; the mated side restarts (C11-A23).
        return score(mover, 2, "C11-CHECK-2",
                     std::string(color_name(mover)) + " checkmates: two goals", out);
    }
    if (no_moves) {
        const std::string stuck = color_name(~mover);
        switch (rules_.stalemate) {
            case StalemateRule::RESET_NO_GOAL:
                // The round ends; the stalemated side starts.
                news("C11-A14", "stalemate", {{"side", stuck}},
                     stuck + " has no legal move: the round ends without a goal", out);
                return restart(~mover, "stalemate", out);
            case StalemateRule::ONE_GOAL_TO_STALEMATING_SIDE:
                news("C11-A14", "stalemate", {{"side", stuck}},
                     stuck + " has no legal move: a goal to " + color_name(mover), out);
                return score(mover, 1, "C11-A14", std::string(color_name(mover)) + " stalemates",
                             out);
            case StalemateRule::DRAW_GAME:
                return end(draw(), "stalemate", "C11-A14", stuck + " has no legal move: a draw",
                           out);
        }
    }
    // C11-A13 loses_possession: check to the side with the ball gives it to the checking piece
    // (the piece moved, else the first that gives a discovered check).
    if (rules_.in_check == InCheck::LOSES_POSSESSION && field().in_check() &&
        possession_ == ~mover) {
        const Bitboard checkers = field().checkers();
        const Square by = (checkers & square_bb(m.to())) ? m.to() : lsb(checkers);
        ball_ = {Ball::Where::CARRIER, by};
        possession_ = mover;
        gained(mover);
        news("C11-A13", "ball_won",
             {{"side", color_name(mover)}, {"carrier", square_to_string(by)}},
             std::string(color_name(mover)) + " gives check from " + square_to_string(by) +
                 " and wins the ball",
             out);
    }
    // The side without the ball has one move a turn (C11-TURN-1); the side with it goes on
    // until it ends its turn or shoots.
    if (possession_ != mover)
        end_turn(mover, "C11-TURN-1", std::string(color_name(mover)) + " has had its one move",
                 out);
}

std::pair<const char*, std::string> ElevenMatch::element_refusal(Color side,
                                                                 const char* element) const {
    const std::string who = color_name(side);
    if (stage_ != Stage::PLAY)
        return {"C11-TURN-1", "the formation phase: no " + std::string(element) + " yet"};
    if (side != turn_) return {"C11-TURN-1", std::string("it is ") + color_name(turn_) + "'s turn"};
    if (possession_ != side) return {"C11-TURN-1", who + " does not have the ball (C11-TURN-1)"};
    // Its own king: a side that has just moved (and given check, say) is never in check.
    if (field().side_to_move() == side && field().in_check())
        return {"C11-CHECK-3",
                who + "'s king is in check: the first thing is a move that meets it (C11-A13)"};
    return {nullptr, ""};
}

void ElevenMatch::pass(const GameInput& e, Out& out) {
    const Color side = Color(e.side);
    if (const auto [rule, no] = element_refusal(side, "pass"); rule) return ignore(rule, no, out);
    if (passed_) return ignore("C11-TURN-2", "one pass a turn (C11-A7)", out);
    if (const auto [rule, why] = order_refusal(false); rule) return ignore(rule, why, out);
    const Square from = parse_square(arg(e, "from"));
    const Square to = parse_square(arg(e, "to"));
    if (from == SQ_NONE || to == SQ_NONE)
        return ignore("C11-PASS-1", "a pass names its squares: from and to", out);
    const Placement field = placement();
    if (ball_.where == Ball::Where::CORNER && from == ball_.square && field[from] == NO_PIECE) {
        // C11-A12: a corner pass goes from the corner along a clear rank, file or diagonal.
        const Piece receiver = field[to];
        Placement with_ball = field;
        with_ball[from] = make_piece(side, QUEEN);  // the lines of a straight pass from there
        if (receiver == NO_PIECE || color_of(receiver) != side ||
            !on_move_ray(with_ball, from, to, Blockers::ALL))
            return ignore("C11-A12",
                          "a corner pass goes along a clear line from " + square_to_string(from) +
                              " to a piece of " + color_name(side),
                          out);
    } else {
        if (ball_.where != Ball::Where::CARRIER || from != ball_.square)
            return ignore("C11-PASS-1", "the ball is not on " + square_to_string(from), out);
        if (auto bad = pass_problem(field, from, to, rules_))
            return ignore(bad->clause.c_str(), bad->words, out);
    }
    ball_ = {Ball::Where::CARRIER, to};
    passed_ = true;
    if (must_pass_ == side) must_pass_.reset();
    news("C11-PASS-2", "ball_passed",
         {{"side", color_name(side)},
          {"from", square_to_string(from)},
          {"to", square_to_string(to)}},
         std::string(color_name(side)) + " passes from " + square_to_string(from) + " to " +
             square_to_string(to),
         out);
}

void ElevenMatch::shoot(const GameInput& e, Out& out) {
    const Color side = Color(e.side);
    if (const auto [rule, no] = element_refusal(side, "shot"); rule) return ignore(rule, no, out);
    if (!moved_ && !passed_)
        return ignore("C11-TURN-2", "a turn starts with a move or a pass, then the shot", out);
    if (ball_.where != Ball::Where::CARRIER)
        return ignore("C11-SHOOT-1", "the ball has no carrier to shoot", out);
    if (owes_pass(side))
        return ignore(
            "C11-A7",
            std::string(color_name(side)) +
                " has won the ball: it passes before it shoots (pass_mandatory_after_gain)",
            out);
    const Square target = parse_square(arg(e, "target"));
    const Placement field = placement();
    if (auto bad = shot_problem(field, ball_.square, target, rules_))
        return ignore(bad->clause.c_str(), bad->words, out);
    const ShotChances chances = shot_chances(field, side, target, rules_);
    const std::string who = color_name(side);
    const std::string at = square_to_string(target);
    if (chances.certain_goal)
        return score(side, 1, "C11-SHOOT-2", who + " shoots at " + at + ": the goal is empty", out);
    const std::uint64_t draw = draws_++;
    const ShotOutcome outcome = draw_outcome(chances, rules_, seed_, draw);
    news("C11-SHOOT-3", "shot",
         {{"side", who},
          {"target", at},
          {"outcome", to_string(outcome)},
          {"draw", std::to_string(draw)}},
         who + " shoots at " + at + ": " + to_string(outcome) + " (draw " + std::to_string(draw) +
             " of seed " + std::to_string(seed_) + ")",
         out);
    switch (outcome) {
        case ShotOutcome::GOAL:
            return score(side, 1, "C11-SHOOT-4", who + " scores", out);
        case ShotOutcome::SAVE:
            ball_ = {Ball::Where::CARRIER, *chances.keeper};
            possession_ = ~side;
            gained(~side);
            return end_turn(side, "C11-SHOOT-5", "the king saves and has the ball", out);
        case ShotOutcome::BLOCK:
            ball_ = {Ball::Where::CARRIER, *chances.blocker};
            possession_ = ~side;
            gained(~side);
            return end_turn(side, "C11-SHOOT-6", "blocked on " + square_to_string(*chances.blocker),
                            out);
        case ShotOutcome::CORNER:
            ball_ = {Ball::Where::CORNER, chances.corner};
            corner_owed_ = side;  // its next turn is the corner's (C11-SHOOT-7)
            if (rules_.corner_mode == CornerMode::NEAREST_ATTACKER_GETS_BALL) {
                // C11-A12: the attacker's piece nearest the corner has the ball (the nearer
                // by king steps; of two as near, the lower square, a1 first).
                const Square near = nearest_piece(side, chances.corner);
                ball_ = {Ball::Where::CARRIER, near};
                news("C11-A12", "ball_passed",
                     {{"side", who},
                      {"from", square_to_string(chances.corner)},
                      {"to", square_to_string(near)}},
                     "the corner goes to " + who + "'s piece nearest " +
                         square_to_string(chances.corner) + ", on " + square_to_string(near),
                     out);
            }
            return end_turn(side, "C11-SHOOT-7",
                            "a corner: the ball goes to " + square_to_string(chances.corner), out);
    }
}

void ElevenMatch::end_turn(Color side, const char* rule, const std::string& why, Out& out) {
    // A turn with no move gives the move to the other side on the board too: the field goes on
    // as a new game from there (the board is read against it).
    if (field().side_to_move() == side) {
        Position p = field();
        p.do_null_move();
        game_ = Game(p);
    }
    turn_ = ~side;
    moved_ = passed_ = false;
    begin_turn_time();
    // C11-SHOOT-7: the attacker's turn after the defender's move is the corner's, if it still
    // has the ball.
    corner_turn_ = corner_owed_ == turn_ && possession_ == turn_;
    if (corner_owed_ == turn_) corner_owed_.reset();
    carrier_taps_ = 0;
    ball_in_hand_ = false;
    // The clock is shared (C11-A17): the turn passes, the half's countdown runs on.
    news(rule, "turn", {{"side", color_name(turn_)}}, why + "; " + color_name(turn_) + " to play",
         out);
    // Or each player's own: the turn's increment to the side that ends it, then the other's
    // clock runs (not while the match is paused).
    if (per_player() && phase_ == MatchPhase::PLAYING && stage_ == Stage::PLAY) {
        if (rules_.player_increment_ms > 0)
            out.push_back({engine::DeviceCommand{"hub", engine::DeviceAction::CLOCK_ADD_TIME, side,
                                                 rules_.player_increment_ms},
                           "C11-A17", std::string(color_name(side)) + "'s increment for his turn"});
        run_play_clock("C11-A17", "the turn passes", out);
    }
}

bool ElevenMatch::award(Color side, int goals, const char* rule, const std::string& why, Out& out) {
    goals_[side] += goals;
    // The goal as news too, for the live stream (the score alone does not say how it came).
    news(rule, "goal",
         {{"side", color_name(side)},
          {"goals", std::to_string(goals)},
          {"tally", std::to_string(goals_[WHITE]) + "-" + std::to_string(goals_[BLACK])}},
         why, out);
    may_upgrade_ = side;
    last_conceder_ = ~side;  // C11-A16: the last side to score may bring its substitute on
    // In half points, as every score: a goal counts 2 (Standing).
    out.push_back(
        {engine::ScoreChanged{config_.id, 2 * goals_[WHITE], 2 * goals_[BLACK]}, rule,
         why + ": " + std::to_string(goals_[WHITE]) + "-" + std::to_string(goals_[BLACK])});
    if (golden_goal()) {
        end(win_for(side), "golden goal", "C11-A19",
            std::string(color_name(side)) + " scores the golden goal", out);
        return true;
    }
    if (goals_to_win_ > 0 && goals_[side] >= goals_to_win_) {
        end(win_for(side), "goals", "C11-END-1",
            std::string(color_name(side)) + " reaches " + std::to_string(goals_to_win_) + " goals",
            out);
        return true;
    }
    return false;
}

void ElevenMatch::score(Color side, int goals, const char* rule, const std::string& why, Out& out) {
    if (award(side, goals, rule, why, out)) return;
    restart(~side, "goal", out);  // C11-RESTART-1: the side that conceded starts
}

Square ElevenMatch::nearest_piece(Color side, Square to) const {
    Square best = SQ_NONE;
    int best_steps = 99;
    for (int s = 0; s < SQUARE_NB; ++s) {
        const Piece p = field().piece_on(Square(s));
        if (p == NO_PIECE || color_of(p) != side) continue;
        const int steps = std::max(std::abs(file_of(Square(s)) - file_of(to)),
                                   std::abs(rank_of(Square(s)) - rank_of(to)));
        if (steps < best_steps) {
            best = Square(s);
            best_steps = steps;
        }
    }
    return best;
}

void ElevenMatch::restart(Color starts, const std::string& why, Out& out) {
    stage_ = Stage::FORMATION;
    kick_off_ = starts;
    turn_ = starts;
    ready_ = {false, false};
    changed_after_ready_ = {false, false};
    upgraded_ = {false, false};
    problems_said_ = {"", ""};
    entered_ = {};
    clock_waits_for_board_ = false;
    bench_.clear();  // C11-POSS-2, C11-A20: every captured piece comes back
    // C11-SUB-2: the substitute comes on only in the round after a goal; a restart without one
    // (half time, a stalemate) gives nobody the right.
    if (why != "goal") may_upgrade_.reset();
    ball_ = Ball{};
    possession_.reset();
    moved_ = passed_ = false;
    restore_required_ = false;
    carrier_taps_ = 0;
    ball_in_hand_ = false;
    corner_turn_ = false;
    corner_owed_.reset();
    must_pass_.reset();
    news("C11-RESTART-1", "restart", {{"starts", color_name(starts)}, {"why", why}},
         "after the " + why + " the formations are set again (" +
             std::to_string(rules_.formation_ms / 1000) + " s); " + color_name(starts) +
             " kicks off",
         out);
    run_formation_clock(out);
}

std::string ElevenMatch::upgrade_refusal(Color side) const {
    const std::string who = color_name(side);
    // may_upgrade_ is the last side to score, kept through the formation phase after its goal
    // only (C11-SUB-2).
    if (!may_upgrade_)
        return "no goal came before this formation phase: no side may bring its substitute on";
    switch (rules_.sub_eligibility) {
        case SubEligibility::LAST_SCORER:
            if (*may_upgrade_ != side)
                return who + " did not score the last goal: it may not bring its substitute on";
            break;
        case SubEligibility::ANY_TEAM_THAT_HAS_SCORED:
            if (goals_[side] == 0)
                return who + " has not scored: it may not bring its substitute on";
            break;
        case SubEligibility::CONCEDING_TEAM:
            if (*may_upgrade_ == side)
                return who +
                       " scored the last goal: only the side that conceded it may bring its "
                       "substitute on";
            break;
    }
    return "";
}

// C11-PASS-3: what a selected piece may do now, for the display that highlights it (the
// console's or a tablet's; the DGT board has no lights). A question: the state is unchanged.
// The ball is host state (C11-A25): when it is not where the players know it is (a tap the
// board missed, a gesture misread), the arbiter puts it on the piece that has it, whose side then
// has possession, or back on the centre circle, loose, as at a kick-off. Only the ball and the
// possession change: the turn, its elements and the clock stay. A corner is a shot's outcome,
// not a correction: the shot is entered instead.
void ElevenMatch::place_ball(const GameInput& e, Out& out) {
    if (e.arbiter.empty())
        return ignore("X-3", "moving the ball is the arbiter's (name the arbiter)", out);
    if (e.note.empty()) return ignore("X-3", "an arbiter's action needs a note saying why", out);
    if (stage_ != Stage::PLAY)
        return ignore("C11-A25", "the ball is on the field only in play, not in a formation phase",
                      out);
    const std::string to = arg(e, "to");
    if (to == "centre") {
        ball_ = Ball{};
        possession_.reset();
    } else {
        const Square s = parse_square(to);
        if (s == SQ_NONE)
            return ignore(
                "X-3", "the ball goes to a square (a1 to h8) or 'centre', not '" + to + "'", out);
        const Piece p = field().piece_on(s);
        if (p == NO_PIECE)
            return ignore(
                "X-3",
                "no piece on " + to + " to carry the ball (a corner is a shot's: enter the shot)",
                out);
        ball_ = {Ball::Where::CARRIER, s};
        possession_ = color_of(p);
    }
    // What hung on where the ball was goes with it: a gesture half made, a pass owed for a gain,
    // a corner owed for a shot.
    carrier_taps_ = 0;
    ball_in_hand_ = false;
    must_pass_.reset();
    corner_owed_.reset();
    const std::string where = ball_.where == Ball::Where::CENTRE
                                  ? std::string("on the centre circle, loose")
                                  : "to " + std::string(color_name(*possession_)) + "'s " +
                                        type_name(type_of(field().piece_on(ball_.square))) +
                                        " on " + to;
    news("X-3", "ball_placed",
         {{"to", to}, {"side", possession_ ? color_name(*possession_) : "none"}},
         "the arbiter puts the ball " + where + ": " + e.note, out);
}

ElevenMatch::Selection ElevenMatch::selection(Color side, Square at) const {
    Selection out;
    const Placement field = placement();
    const bool ball_here =
        ball_.where != Ball::Where::CENTRE && ball_.square == at && possession_ == side;
    // Moves: the side to move's own, while it has its move left this turn.
    const bool may_move =
        side == turn_ && !(possession_ == side && moved_) && !order_refusal(true).first;
    if (may_move && field[at] != NO_PIECE) {
        const std::vector<Move> playable = playable_moves();
        // At the kick-off only the moves into the centre circle, while there are some (C11-A5).
        const bool centre_only = ball_.where == Ball::Where::CENTRE &&
                                 std::any_of(playable.begin(), playable.end(),
                                             [&](Move x) { return in_centre(x.to(), rules_); });
        for (Move m : playable)
            // A promotion's four moves are one square.
            if (m.from() == at && (!centre_only || in_centre(m.to(), rules_)) &&
                std::find(out.moves.begin(), out.moves.end(), m.to()) == out.moves.end())
                out.moves.push_back(m.to());
    }
    const bool elements = !element_refusal(side, "pass").first;
    if (elements && ball_here && !passed_ && !order_refusal(false).first)
        out.passes = pass_receivers(side, at);
    if (elements && ball_here && ball_.where == Ball::Where::CARRIER && (moved_ || passed_) &&
        !owes_pass(side))
        for (Square g : goal_squares(~side))
            if (!shot_problem(field, at, g, rules_)) out.shots.push_back(g);
    return out;
}

void ElevenMatch::select(const GameInput& e, Out& out) {
    const Color side = Color(e.side);
    const Square at = parse_square(arg(e, "square"));
    if (at == SQ_NONE) return ignore("C11-PASS-3", "a selection names its square", out);
    if (stage_ != Stage::PLAY)
        return ignore("C11-PASS-3", "no piece is played in the formation phase", out);
    const Placement field = placement();
    const bool ball_here =
        ball_.where != Ball::Where::CENTRE && ball_.square == at && possession_ == side;
    if (!ball_here && (field[at] == NO_PIECE || color_of(field[at]) != side))
        return ignore("C11-PASS-3", square_to_string(at) + " holds no piece of " + color_name(side),
                      out);
    const auto [moves, passes, shots] = selection(side, at);
    news("C11-PASS-3", "selected",
         {{"side", color_name(side)},
          {"square", square_to_string(at)},
          {"moves", squares_fact(moves)},
          {"passes", squares_fact(passes)},
          {"shots", squares_fact(shots)}},
         std::string(color_name(side)) + " selects " + square_to_string(at) + ": moves to " +
             (moves.empty() ? "none" : squares_text(moves)) + "; passes to " +
             (passes.empty() ? "none" : squares_text(passes)) + "; shots at " +
             (shots.empty() ? "none" : squares_text(shots)),
         out);
}

void ElevenMatch::on(const GameInput& e, Out& out) {
    static const char* const KINDS[] = {
        "seed",   "substitute", "upgrade",  "ready",     "formation_time_up",
        "pass",   "shot",       "end_turn", "half_time", "full_time",
        "select", "ball",       "formation"};
    bool known = false;
    for (const char* k : KINDS) known = known || e.kind == k;
    if (!known) return Match::on(e, out);
    if (finished(out)) return;
    // A selection asks what a piece may do (C11-PASS-3): it changes nothing, not even the phase.
    if (e.kind == "select") {
        if (e.side != WHITE && e.side != BLACK)
            return ignore("C11-KIT-1",
                          "side " + std::to_string(e.side) + ": 0 (White) or 1 (Black)", out);
        return select(e, out);
    }
    // The arbiter's correction of the ball, paused or not (the pause is when one is made).
    if (e.kind == "ball") return place_ball(e, out);
    if (phase_ == MatchPhase::PAUSED) return ignore("X-3", "the match is paused", out);
    if (e.side != WHITE && e.side != BLACK)
        return ignore("C11-KIT-1", "side " + std::to_string(e.side) + ": 0 (White) or 1 (Black)",
                      out);
    const Color side = Color(e.side);
    const std::string who = color_name(side);
    // An input of the players starts the match as the clock's press does; the host's seed not.
    if (phase_ == MatchPhase::WAITING && e.kind != "seed") phase_ = MatchPhase::PLAYING;

    if (e.kind == "seed") {
        const std::string value = arg(e, "value");
        std::uint64_t seed = 0;
        const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), seed);
        if (value.empty() || error != std::errc() || end != value.data() + value.size())
            return ignore("C11-SHOOT-3", "the seed is a whole number, not '" + value + "'", out);
        if (draws_ > 0) return ignore("C11-SHOOT-3", "the seed is set before the first draw", out);
        seed_ = seed;
        seeded_ = true;
        return news("C11-SHOOT-3", "seed", {{"value", value}},
                    "contested shots are drawn from seed " + value, out);
    }
    if (e.kind == "half_time") {
        if (per_player())
            return ignore("C11-A17", "a match on the players' own clocks is one period", out);
        if (half_ != 1) return ignore("C11-TIME-1", "the second half is being played", out);
        return half_over(out);
    }
    if (e.kind == "full_time") {
        // The arbiter's full time; in the period after a tie, its end (golden goal: a draw).
        half_ = std::max(half_, 2);
        return half_over(out);
    }
    if (e.kind == "substitute" || e.kind == "upgrade" || e.kind == "ready" ||
        e.kind == "formation_time_up" || e.kind == "formation") {
        if (stage_ != Stage::FORMATION)
            return ignore("C11-FORM-1", "not in the formation phase", out);
        if (e.kind == "formation_time_up") return time_up(out);
        if (e.kind == "ready") return ready(side, out);
        if (ready_[side]) return ignore("C11-FORM-8", who + " is Ready: its formation stands", out);
        if (e.kind == "formation") return enter_formation(side, e, out);
        if (e.kind == "upgrade") {
            if (std::string no = upgrade_refusal(side); !no.empty())
                return ignore("C11-A16", no, out);
            upgraded_[side] = true;
            return news("C11-SUB-1", "upgrade", {{"side", who}},
                        who + " brings its substitute on for a pawn this round", out);
        }
        const auto piece = piece_type_of(arg(e, "piece"));
        if (!piece)
            return ignore("C11-FORM-4",
                          "the substitute is one of q, r, b, n, p, not '" + arg(e, "piece") + "'",
                          out);
        substitute_[side] = *piece;
        return news("C11-FORM-4", "substitute", {{"side", who}, {"piece", arg(e, "piece")}},
                    who + " declares its substitute", out);
    }
    if (e.kind == "pass") return pass(e, out);
    if (e.kind == "shot") return shoot(e, out);
    // end_turn: the side with the ball ends its turn once it has done something (C11-TURN-2).
    if (const auto [rule, no] = element_refusal(side, "end of turn"); rule)
        return ignore(rule, no, out);
    if (!moved_ && !passed_)
        return ignore("C11-TURN-2", "a turn has a move or a pass before it ends", out);
    if (owes_pass(side))
        return ignore("C11-A7",
                      who +
                          " has won the ball: it passes before its turn ends "
                          "(pass_mandatory_after_gain)",
                      out);
    if (must_pass_ == side) {
        must_pass_.reset();
        news("C11-A7", "no_pass", {{"side", who}},
             who + " won the ball but no teammate can receive a pass: the turn ends without one",
             out);
    }
    end_turn(side, "C11-TURN-2", who + " ends its turn", out);
}

std::pair<const char*, std::string> ElevenMatch::order_refusal(bool move) const {
    if (possession_ != turn_ || corner_turn_) return {nullptr, ""};
    const std::string who = color_name(turn_);
    switch (rules_.possession_turn) {
        case PossessionTurn::MOVE_PASS_SHOT:
            break;
        case PossessionTurn::MOVE_THEN_PASS_ONLY:
            if (move && passed_)
                return {"C11-A7", who +
                                      " has passed: in this match the move comes before the "
                                      "pass (possession_turn = move_then_pass_only)"};
            break;
        case PossessionTurn::TRIPLE_ONLY_AFTER_CORNER:
            // The pass a side owes after winning the ball is never refused for its move.
            if ((move && passed_) || (!move && moved_ && must_pass_ != turn_))
                return {"C11-A7",
                        who + " has " + (move ? "passed" : "moved") +
                            ": a turn is a move or a pass (then a shot), all three only after a "
                            "corner (possession_turn = triple_only_after_corner)"};
            break;
    }
    return {nullptr, ""};
}

std::vector<Square> ElevenMatch::pass_receivers(Color side, Square from) const {
    const Placement field = placement();
    std::vector<Square> receivers;
    for (int s = 0; s < SQUARE_NB; ++s) {
        const Square to = Square(s);
        if (to == from || field[to] == NO_PIECE || color_of(field[to]) != side) continue;
        if (ball_.where == Ball::Where::CORNER) {
            if (field[from] != NO_PIECE) continue;
            Placement with_ball = field;
            with_ball[from] = make_piece(side, QUEEN);  // the straight lines from the corner
            if (on_move_ray(with_ball, from, to, Blockers::ALL)) receivers.push_back(to);
        } else if (!pass_problem(field, from, to, rules_)) {
            receivers.push_back(to);
        }
    }
    return receivers;
}

void ElevenMatch::gained(Color side) {
    if (rules_.pass_mandatory_after_gain)
        must_pass_ = side;
    else
        must_pass_.reset();
}

bool ElevenMatch::owes_pass(Color side) const {
    return must_pass_ == side && ball_.where == Ball::Where::CARRIER &&
           !pass_receivers(side, ball_.square).empty();
}

void ElevenMatch::half_over(Out& out) {
    if (half_ == 1) {
        half_ = 2;
        // C11-A18: the side that did not start the first half starts (other_player), or the
        // side that conceded the last goal (last_conceder; no goal yet: the other player).
        const Color starts =
            rules_.second_half_kickoff == SecondHalfKickOff::LAST_CONCEDER && last_conceder_
                ? *last_conceder_
                : ~first_half_kick_off_;
        restart(starts, "half time", out);
        // The second half's countdown, ready on the half's face.
        out.push_back({engine::DeviceCommand{"hub", engine::DeviceAction::CLOCK_SET_TIME, WHITE,
                                             rules_.half_ms},
                       "C11-A17", "the second half's countdown"});
        return;
    }
    const std::string tally = std::to_string(goals_[WHITE]) + "-" + std::to_string(goals_[BLACK]);
    // C11-A19: a tie at full time goes to a golden goal or to extra time, both after new
    // formations with the first half's kick-off side starting (the second half's did not).
    if (half_ == 2 && goals_[WHITE] == goals_[BLACK] && rules_.tie != Tie::DRAW) {
        half_ = 3;
        const bool golden = rules_.tie == Tie::GOLDEN_GOAL;
        news("C11-A19", golden ? "golden_goal" : "extra_time", {{"goals", tally}},
             "full time, " + tally +
                 (golden ? ": play goes on without a time limit, and the next goal wins"
                         : ": " + std::to_string(rules_.extra_time_ms / 60'000) +
                               " minutes of extra time"),
             out);
        restart(first_half_kick_off_, "full time", out);
        if (!golden)
            out.push_back({engine::DeviceCommand{"hub", engine::DeviceAction::CLOCK_SET_TIME, WHITE,
                                                 rules_.extra_time_ms},
                           "C11-A19", "extra time's countdown"});
        return;
    }
    // C11-END-1, C11-A19 (draw): the most goals wins; a tie is a draw.
    const std::string when = half_ == 3 ? "the end of extra time" : "full time";
    if (goals_[WHITE] == goals_[BLACK])
        return end(draw(), "full time", "C11-A19", when + ", " + tally + ": a draw", out);
    const Color winner = goals_[WHITE] > goals_[BLACK] ? WHITE : BLACK;
    end(win_for(winner), "full time", half_ == 3 ? "C11-A19" : "C11-END-1",
        when + ", " + tally + ": " + color_name(winner) + " wins", out);
}

void ElevenMatch::refuse_move(const std::string& uci, const char* rule, const std::string& why,
                              Out& out) {
    out.push_back({engine::MoveRefused{config_.id, uci, ""}, rule, why});
    if (stage_ != Stage::PLAY) return;  // in the formation phase the board is the formation
    restore_required_ = true;
    out.push_back({engine::RestoreRequired{config_.id, field().fen(), {}}, rule,
                   "set the board back to the position"});
}

// --- At the venue: the hub's buttons and clock, the board --------------------------------------

void ElevenMatch::run_formation_clock(Out& out, bool runs_already) {
    using engine::DeviceAction;
    // C11-A17 per player: Black's face counts the formation; his own time is kept until the
    // kick-off gives it back, as the hub last reported it (to its heartbeat's tenth of a second
    // when his clock was running).
    if (per_player() && !black_kept_ms_) black_kept_ms_ = clock_.black_ms;
    // Run first, then set: running a face the hub does not run restarts its clock with the
    // times it last reported, which the set then corrects.
    if (!runs_already)
        out.push_back({engine::DeviceCommand{"hub", DeviceAction::CLOCK_RUN, BLACK, 0},
                       "C11-FORM-1", "the formation's countdown runs"});
    out.push_back(
        {engine::DeviceCommand{"hub", DeviceAction::CLOCK_SET_TIME, BLACK, rules_.formation_ms},
         "C11-FORM-1", std::to_string(rules_.formation_ms / 1000) + " s to set the formations"});
}

void ElevenMatch::run_play_clock(const char* rule, const std::string& why, Out& out) {
    using engine::DeviceAction;
    if (!per_player()) {
        out.push_back({engine::DeviceCommand{"hub", DeviceAction::CLOCK_RUN, WHITE, 0}, rule, why});
        return;
    }
    // Each player's own clock: the side on move's runs. Run first, then set Black's face back
    // to his time (running a face restarts the hub's clock from its last times, as above).
    // (`rule` and `why` speak of the shared countdown: this clock gives its own.)
    out.push_back({engine::DeviceCommand{"hub", DeviceAction::CLOCK_RUN, turn_, 0}, "C11-A17",
                   std::string(color_name(turn_)) + " is on move: his own clock runs"});
    if (black_kept_ms_) {
        clock_.black_ms = *black_kept_ms_;
        out.push_back(
            {engine::DeviceCommand{"hub", DeviceAction::CLOCK_SET_TIME, BLACK, *black_kept_ms_},
             "C11-A17", "Black's own time on his face again, after the formation's countdown"});
        black_kept_ms_.reset();
    }
}

std::optional<Color> ElevenMatch::side_of_button(int button) const {
    for (Color side : {WHITE, BLACK})
        for (const engine::PlayerConfig& p : config_.side(side).players)
            for (int b : p.buttons)
                if (b == button) return side;
    return std::nullopt;
}

// A player's one hub button: Ready in the formation phase (C11-FORM-8), End turn in play
// (C11-TURN-2). The hub's claim lockout means nothing here: an accepted press is released at
// once, so that the next press of either player is accepted too.
void ElevenMatch::on(const engine::ClaimPressed& e, Out& out) {
    if (e.verdict == engine::ClaimVerdict::ACCEPTED ||
        (e.verdict == engine::ClaimVerdict::TIE && e.winner == e.button))
        out.push_back({engine::DeviceCommand{"hub", engine::DeviceAction::CLAIM_RELEASE, WHITE, 0},
                       "C11-KIT-1", "a Chess Eleven button holds no claim"});
    if (finished(out)) return;
    if (phase_ == MatchPhase::PAUSED) return ignore("X-3", "the match is paused", out);
    const std::optional<Color> side = side_of_button(e.button);
    if (!side)
        return ignore("C11-KIT-1", "button " + std::to_string(e.button) + " is no player's", out);
    GameInput in;
    in.match = config_.id;
    in.side = *side;
    in.kind = stage_ == Stage::FORMATION ? "ready" : "end_turn";
    on(in, out);
}

// Nobody passes the move with the clock: a paddle pressed before the match starts the first
// formation's countdown (the arbiter's start); later the match runs its countdown on again.
void ElevenMatch::on(const engine::ClockPressed& /*e*/, Out& out) {
    if (finished(out)) return;
    if (phase_ == MatchPhase::WAITING) return start(std::nullopt, out);
    if (phase_ == MatchPhase::PAUSED) return ignore("X-3", "the match is paused", out);
    if (golden_goal() && stage_ == Stage::PLAY)
        return ignore("C11-A19", "the golden goal has no time limit: the clock stays stopped", out);
    if (stage_ == Stage::FORMATION)
        out.push_back({engine::DeviceCommand{"hub", engine::DeviceAction::CLOCK_RUN, BLACK, 0},
                       "C11-A17", "the clock is the match's: the formation's countdown runs on"});
    else
        run_play_clock("C11-A17", "the clock is the match's: the half's countdown runs on", out);
}

void ElevenMatch::start(std::optional<Color> running, Out& out) {
    phase_ = MatchPhase::PLAYING;
    if (per_player()) {
        // C11-A17 per player: both players' times; Black's waits while his face counts the
        // formation.
        black_kept_ms_ = rules_.player_ms;
        run_formation_clock(out, running == BLACK);
        clock_.white_ms = rules_.player_ms;
        out.push_back({engine::DeviceCommand{"hub", engine::DeviceAction::CLOCK_SET_TIME, WHITE,
                                             rules_.player_ms},
                       "C11-A17", "White's time for the match, on his face"});
        return;
    }
    run_formation_clock(out, running == BLACK);
    out.push_back(
        {engine::DeviceCommand{"hub", engine::DeviceAction::CLOCK_SET_TIME, WHITE, rules_.half_ms},
         "C11-TIME-1", "the first half's countdown, ready on White's face"});
}

// A paddle that starts the hub's stopped clock reaches the engine as the reading of a running
// clock: before the match, that is the arbiter starting it.
void ElevenMatch::on(const engine::ClockReading& e, Out& out) {
    Match::on(e, out);
    if (phase_ == MatchPhase::WAITING && e.running) start(e.running, out);
    time_the_turn(out);
}

void ElevenMatch::begin_turn_time() {
    turn_time_ = TurnTime{0, event_hub_us()};
}

// C11-A17 move_limit. The hub's clock, not the host's, times the turn: its readings come every
// half second while a limit is set (clock_readings_every_ms), so the limit is never judged
// early, and at most a reading late; a turn begun by a board move starts at the next reading,
// in the player's favour (half a second more at most). An arbiter's pause, a formation phase and
// the wait for the board to show the revealed formations are not counted. A hub that restarted (its
// time went back) counts on from its new time.
void ElevenMatch::time_the_turn(Out& out) {
    const std::optional<std::int64_t> now = event_hub_us();
    if (rules_.move_limit_ms <= 0 || !now) return;
    if (phase_ != MatchPhase::PLAYING || stage_ != Stage::PLAY || clock_waits_for_board_) {
        turn_time_.since_us.reset();
        return;
    }
    if (turn_time_.since_us && *now >= *turn_time_.since_us)
        turn_time_.used_us += *now - *turn_time_.since_us;
    turn_time_.since_us = *now;
    if (turn_time_.used_us <= rules_.move_limit_ms * 1000) return;
    end(win_for(~turn_), "time forfeit", "C11-A17",
        std::string(color_name(turn_)) + "'s turn took longer than the move limit of " +
            seconds_words(rules_.move_limit_ms) + ": " + color_name(~turn_) + " wins",
        out);
}

std::int64_t ElevenMatch::clock_readings_every_ms() const {
    return rules_.move_limit_ms > 0 && phase_ != MatchPhase::FINISHED ? 500 : 0;
}

// A face at zero: Black's ends the formation phase (C11-A4), White's the half (C11-TIME-1).
void ElevenMatch::on(const engine::FlagFell& e, Out& out) {
    if (finished(out)) return;
    clock_.of(e.side) = 0;
    // C11-A17 per player: a player whose own time runs out in play loses, as in chess; Black's
    // face in a formation phase is the formation's countdown, as below.
    if (per_player() && !(e.side == BLACK && stage_ == Stage::FORMATION)) {
        if (stage_ != Stage::PLAY)
            return ignore("C11-A17", "White's face does not run in the formation phase", out);
        return end(win_for(~e.side), "time forfeit", "C11-A17",
                   std::string(color_name(e.side)) + "'s time is up: " + color_name(~e.side) +
                       " wins (chess clocks per player)",
                   out);
    }
    if (e.side == BLACK) {
        if (stage_ != Stage::FORMATION)
            return ignore("C11-A17", "the formation's countdown ran out in play", out);
        return time_up(out);
    }
    if (stage_ != Stage::PLAY)
        return ignore("C11-A17", "the half's countdown ran out in the formation phase", out);
    if (goals_to_win_ > 0)
        return ignore("C11-OBJ-1",
                      "a match to " + std::to_string(goals_to_win_) + " goals has no time limit",
                      out);
    if (golden_goal()) return ignore("C11-A19", "the golden goal has no time limit", out);
    news("C11-TIME-1", "half_over", {{"half", std::to_string(half_)}},
         half_ == 1   ? "half time"
         : half_ == 2 ? "full time"
                      : "the end of extra time",
         out);
    half_over(out);
}

void ElevenMatch::on(const engine::BoardRestored& /*e*/, Out& out) {
    if (!restore_required_) return;
    restore_required_ = false;
    news("C11-CHECK-1", "board_restored", {}, "the board shows the field again", out);
    if (clock_waits_for_board_) {
        clock_waits_for_board_ = false;
        // Resumed (the formation's face), then switched to the half's.
        out.push_back({engine::DeviceCommand{"hub", engine::DeviceAction::CLOCK_RESUME, WHITE, 0},
                       "C11-A26", "the formations stand on the board"});
        run_play_clock("C11-A26", "the formations stand on the board: the half's countdown runs",
                       out);
    }
}

// The players' own declarations at the board (C11-PASS-1, C11-SHOOT-1), without the arbiter:
// a "tap" is a piece lifted and set back on its square, which reads as no move. The carrier
// tapped twice puts the ball in hand; then a teammate tapped receives a pass, the carrier tapped
// a third time shoots at the open goal square, and a defender on a goal square tapped is the
// square shot at. Any move, or a tap of anything else, drops the gesture. The DGT board's field
// updates are the events (their code 0 is an empty square).
void ElevenMatch::on(const engine::BoardFieldUpdate& e, Out& out) {
    if (stage_ != Stage::PLAY || phase_ != MatchPhase::PLAYING || !e.square ||
        e.board != config_.board) {
        lifted_.reset();
        return;
    }
    const Square s = *e.square;
    if (e.piece_code == 0) {
        lifted_ = s;
        return;
    }
    const bool tap = lifted_ == s;
    lifted_.reset();
    if (!tap) {  // a piece set down elsewhere: a move, which drops the gesture
        carrier_taps_ = 0;
        ball_in_hand_ = false;
        return;
    }
    on_tap(s, out);
}

std::variant<Square, std::string> ElevenMatch::open_goal_target(Color side) const {
    const Placement field = placement();
    std::optional<Square> reachable;
    std::string why;
    for (Square g : goal_squares(~side)) {
        if (auto bad = shot_problem(field, ball_.square, g, rules_)) {
            if (why.empty()) why = bad->words;
            continue;
        }
        if (field[g] == NO_PIECE) return g;
        if (!reachable) reachable = g;
    }
    if (reachable) return *reachable;
    return why.empty() ? std::string("no goal square can be shot at") : why;
}

void ElevenMatch::on_tap(Square s, Out& out) {
    const Color side = turn_;
    const bool carrier = ball_.where == Ball::Where::CARRIER && ball_.square == s;
    if (!ball_in_hand_) {
        if (!carrier || possession_ != side) {
            carrier_taps_ = 0;
            return;
        }
        if (++carrier_taps_ < 2) return;
        carrier_taps_ = 0;
        ball_in_hand_ = true;
        return news("C11-PASS-1", "ball_in_hand",
                    {{"side", color_name(side)}, {"carrier", square_to_string(s)}},
                    std::string(color_name(side)) + " has the ball in hand on " +
                        square_to_string(s) +
                        ": tap a teammate to pass, the carrier again to shoot, or the piece on "
                        "the goal square aimed at",
                    out);
    }
    ball_in_hand_ = false;
    GameInput in;
    in.match = config_.id;
    in.side = side;
    in.note = "at the board";
    const Piece p = field().piece_on(s);
    if (carrier) {
        const auto target = open_goal_target(side);
        if (const auto* why = std::get_if<std::string>(&target))
            return ignore("C11-SHOOT-1", "no shot: " + *why, out);
        in.kind = "shot";
        in.args = {{"target", square_to_string(std::get<Square>(target))}};
    } else if (p != NO_PIECE && color_of(p) == side) {
        in.kind = "pass";
        in.args = {{"from", square_to_string(ball_.square)}, {"to", square_to_string(s)}};
    } else if (is_goal_square(~side, s)) {
        in.kind = "shot";
        in.args = {{"target", square_to_string(s)}};
    } else {
        return ignore("C11-PASS-1",
                      "the ball in hand goes to a teammate, the carrier (a shot) or a goal "
                      "square's piece, not " +
                          square_to_string(s),
                      out);
    }
    return in.kind == "pass" ? pass(in, out) : shoot(in, out);
}

engine::BoardRole ElevenMatch::board_role(const std::string& /*board*/) const {
    engine::BoardRole role;
    // In the formation phase the board is read as snapshots (the formations), not moves.
    if (stage_ != Stage::PLAY || phase_ == MatchPhase::FINISHED) return role;
    role.game = &game_;
    role.waiting = restore_required_;
    role.restore_required = restore_required_;
    return role;
}

std::optional<Square> ElevenMatch::lifted_piece_on_move() const {
    if (!lifted_ || phase_ != MatchPhase::PLAYING || stage_ != Stage::PLAY) return std::nullopt;
    const Piece p = field().piece_on(*lifted_);
    return p != NO_PIECE && color_of(p) == turn_ ? lifted_ : std::nullopt;
}

std::vector<engine::Decision> ElevenMatch::shown_on_devices() const {
    if ((!rules_.ball_led && !rules_.move_lights) || config().board.empty()) return {};
    const bool playing = phase_ != MatchPhase::FINISHED;
    engine::DeviceCommand light{config().board, engine::DeviceAction::BOARD_LIGHT_SQUARE};
    const bool ball_lit = rules_.ball_led && playing && ball_.square != chess::SQ_NONE;
    light.value = ball_lit ? int(ball_.square) : -1;
    std::string why =
        ball_lit ? "the board lights the ball's square, " + chess::square_to_string(ball_.square)
                 : std::string("the board's lights are off");
    const char* rule = "C11-A25";
    // C11-PASS-3: a piece of the side on move lifted, or the ball in hand: where it may go.
    std::optional<Square> selected;
    if (rules_.move_lights && phase_ == MatchPhase::PLAYING && stage_ == Stage::PLAY)
        selected = ball_in_hand_ ? std::optional<Square>(ball_.square) : lifted_piece_on_move();
    if (selected) {
        const Selection may = selection(turn_, *selected);
        std::vector<Square> squares = may.moves;
        squares.insert(squares.end(), may.passes.begin(), may.passes.end());
        squares.insert(squares.end(), may.shots.begin(), may.shots.end());
        if (ball_in_hand_)
            squares.erase(std::remove(squares.begin(), squares.end(), *selected), squares.end());
        for (Square s : squares) light.squares.push_back(int(s));
        rule = "C11-PASS-3";
        why = std::string(ball_in_hand_ ? "the ball in hand on " : "the piece lifted from ") +
              square_to_string(*selected) + ": the board lights where it may go (" +
              std::to_string(may.moves.size()) + " moves, " + std::to_string(may.passes.size()) +
              " passes, " + std::to_string(may.shots.size()) + " shots)" +
              (ball_lit ? " and the ball's square" : "");
    }
    return {engine::Decision{light, rule, why}};
}

Color ElevenMatch::clock_face_on_move() const {
    if (stage_ != Stage::PLAY) return BLACK;
    return per_player() ? turn_ : WHITE;
}

std::string ElevenMatch::clock_face_label(Color face) const {
    if (per_player())
        return face == BLACK && stage_ == Stage::FORMATION ? "Formation" : color_name(face);
    if (face == BLACK) return "Formation";
    if (goals_to_win_ > 0) return "Play (to " + std::to_string(goals_to_win_) + " goals)";
    if (half_ == 3) return rules_.tie == Tie::GOLDEN_GOAL ? "Golden goal" : "Extra time";
    return half_ == 1 ? "1st half" : "2nd half";
}

// The hub's display has 8 characters a face: "Formation" is "Forming" there.
std::string ElevenMatch::clock_face_short_label(Color face) const {
    const std::string label = clock_face_label(face);
    return label == "Formation" ? "Forming" : Match::clock_face_short_label(face);
}

std::vector<engine::GameView> ElevenMatch::games() const {
    // The formation phase has no field yet (the board is the formations being set).
    if (stage_ != Stage::PLAY) return {};
    engine::GameView g;
    g.board = config_.board;
    g.game = &game_;
    g.open = phase_ != MatchPhase::FINISHED;
    g.result = result();
    g.termination = termination();
    if (ball_.where != Ball::Where::CENTRE) {
        const Piece p = field().piece_on(ball_.square);
        g.marks.push_back({ball_.square, "ball",
                           p == NO_PIECE ? "the ball, on the corner"
                                         : std::string("the ball, ") + color_name(color_of(p)) +
                                               "'s " + type_name(type_of(p))});
    }
    // C11-PASS-3: a piece of the side to move lifted from the board is selected: what it may do
    // now is highlighted, as the online game highlights it (the board shows no lights: the
    // console and the TV overlay draw them). A tap (the piece set back) ends it.
    if (const std::optional<Square> lifted = lifted_piece_on_move()) {
        const auto [moves, passes, shots] = selection(turn_, *lifted);
        const std::string from = square_to_string(*lifted);
        for (Square s : moves)
            g.marks.push_back({s, "move", "a move from " + from + " to " + square_to_string(s)});
        for (Square s : passes)
            g.marks.push_back({s, "pass", "a pass from " + from + " to " + square_to_string(s)});
        for (Square s : shots)
            g.marks.push_back({s, "shot", "a shot from " + from + " at " + square_to_string(s)});
    }
    return {g};
}

std::vector<std::pair<std::string, std::string>> ElevenMatch::facts() const {
    std::vector<std::pair<std::string, std::string>> f;
    f.emplace_back("Goals", std::to_string(goals_[WHITE]) + "-" + std::to_string(goals_[BLACK]));
    if (goals_to_win_ == 0)
        f.emplace_back("Half", half_ == 1      ? "1st"
                               : half_ == 2    ? "2nd"
                               : golden_goal() ? "golden goal"
                                               : "extra time");
    if (stage_ == Stage::FORMATION) {
        std::string ready;
        for (Color c : {WHITE, BLACK})
            if (ready_[c]) ready += (ready.empty() ? "" : ", ") + std::string(color_name(c));
        f.emplace_back("Stage", "formation; " + std::string(color_name(kick_off_)) +
                                    " kicks off; Ready: " + (ready.empty() ? "none" : ready));
        return f;
    }
    std::string ball;
    switch (ball_.where) {
        case Ball::Where::CENTRE:
            ball = "loose in the centre circle";
            break;
        case Ball::Where::CORNER:
            ball = "on the corner " + square_to_string(ball_.square);
            break;
        case Ball::Where::CARRIER: {
            const Piece p = field().piece_on(ball_.square);
            ball = square_to_string(ball_.square) +
                   (p == NO_PIECE ? ""
                                  : std::string(", ") + color_name(color_of(p)) + "'s " +
                                        type_name(type_of(p)));
            break;
        }
    }
    f.emplace_back("Ball", ball);
    f.emplace_back("Possession", possession_ ? color_name(*possession_) : "none");
    std::string done = std::string(color_name(turn_)) + " to play";
    if (moved_) done += ", has moved";
    if (passed_) done += ", has passed";
    if (ball_in_hand_) done += ", ball in hand";
    if (corner_turn_) done += ", corner turn";
    if (must_pass_ == turn_) done += ", owes a pass";
    f.emplace_back("Turn", done);
    if (rules_.move_limit_ms > 0)
        f.emplace_back("Move limit", seconds_words(turn_time_.used_us / 1'000'000 * 1000) + " of " +
                                         seconds_words(rules_.move_limit_ms) + " used");
    if (!bench_.empty()) f.emplace_back("Bench", std::to_string(bench_.size()) + " pieces");
    return f;
}

std::string ElevenMatch::canonical_extra() const {
    std::string s =
        "eleven stage " + std::to_string(int(stage_)) + " half " + std::to_string(half_) +
        " goals " + std::to_string(goals_[0]) + " " + std::to_string(goals_[1]) + " turn " +
        std::to_string(int(turn_)) + " kickoff " + std::to_string(int(kick_off_)) + " moved " +
        std::to_string(moved_) + " passed " + std::to_string(passed_) + " ball " +
        std::to_string(int(ball_.where)) + " " + std::to_string(int(ball_.square)) +
        " possession " + (possession_ ? std::to_string(int(*possession_)) : "-") + " seed " +
        std::to_string(seed_) + (seeded_ ? "" : "?") + " draws " + std::to_string(draws_) +
        " ready " + std::to_string(ready_[0]) + std::to_string(ready_[1]) + " gesture " +
        (lifted_ ? std::to_string(int(*lifted_)) : "-") + " " + std::to_string(carrier_taps_) +
        " " + std::to_string(ball_in_hand_);
    // C11-A7's state, written only when set (the logs made before it hash as they did).
    if (corner_turn_ || corner_owed_)
        s += " corner " + std::to_string(corner_turn_) + " " +
             std::to_string(corner_owed_ ? int(*corner_owed_) : -1);
    if (must_pass_) s += " must_pass " + std::to_string(int(*must_pass_));
    // C11-A26's state, likewise.
    if (black_kept_ms_) s += " black_kept " + std::to_string(*black_kept_ms_);
    // C11-A17 move_limit's, likewise.
    if (rules_.move_limit_ms > 0)
        s += " turn_time " + std::to_string(turn_time_.used_us) + " " +
             (turn_time_.since_us ? std::to_string(*turn_time_.since_us) : "-");
    if (entered_[0] || entered_[1] || clock_waits_for_board_)
        s += " entered " + (entered_[0] ? board_text(*entered_[0]) : std::string("-")) + " " +
             (entered_[1] ? board_text(*entered_[1]) : std::string("-")) + " waits " +
             std::to_string(clock_waits_for_board_);
    s += "\nfield " + (stage_ == Stage::PLAY ? field().fen() : board_text(seen_));
    return s;
}

}  // namespace venue::games::eleven

namespace venue::games::eleven {

namespace {

int opt_int(const std::optional<Color>& c) {
    return c ? int(*c) : -1;
}
std::optional<Color> opt_color(int v) {
    return v < 0 ? std::nullopt : std::optional<Color>(Color(v));
}

}  // namespace

std::string ElevenMatch::extra_snapshot() const {
    nlohmann::json j;
    j["stage"] = int(stage_);
    j["seen"] = board_text(seen_);
    j["ready"] = {ready_[0], ready_[1]};
    j["ready_formation"] = {board_text(ready_formation_[0]), board_text(ready_formation_[1])};
    j["changed"] = {changed_after_ready_[0], changed_after_ready_[1]};
    j["substitute"] = {substitute_[0] ? int(*substitute_[0]) : -1,
                       substitute_[1] ? int(*substitute_[1]) : -1};
    j["upgraded"] = {upgraded_[0], upgraded_[1]};
    j["may_upgrade"] = opt_int(may_upgrade_);
    j["problems_said"] = {problems_said_[0], problems_said_[1]};
    nlohmann::json moves = nlohmann::json::array();
    for (Move m : game_.moves()) moves.push_back(to_uci(m));
    j["game"] = {{"start", game_.start_position().fen()}, {"moves", moves}};
    j["restore_required"] = restore_required_;
    j["ball"] = {int(ball_.where), int(ball_.square)};
    j["possession"] = opt_int(possession_);
    j["turn"] = int(turn_);
    j["kick_off"] = {int(kick_off_), int(first_half_kick_off_)};
    j["elements"] = {moved_, passed_};
    j["goals"] = {goals_[0], goals_[1]};
    nlohmann::json bench = nlohmann::json::array();
    for (Piece p : bench_) bench.push_back(int(p));
    j["bench"] = bench;
    j["half"] = half_;
    j["seed"] = {seed_, draws_, seeded_};
    j["last_conceder"] = opt_int(last_conceder_);
    j["gesture"] = {lifted_ ? int(*lifted_) : -1, carrier_taps_, ball_in_hand_};
    j["a7"] = {corner_turn_, opt_int(corner_owed_), opt_int(must_pass_)};
    j["a26"] = {entered_[0] ? board_text(*entered_[0]) : "",
                entered_[1] ? board_text(*entered_[1]) : "", clock_waits_for_board_};
    j["black_kept_ms"] = black_kept_ms_ ? *black_kept_ms_ : -1;
    j["turn_time_us"] = {turn_time_.used_us, turn_time_.since_us ? *turn_time_.since_us : -1};
    return j.dump();
}

bool ElevenMatch::restore_extra(std::string_view text) {
    try {
        const auto j = nlohmann::json::parse(text);
        stage_ = Stage(j.at("stage").get<int>());
        auto board = [](const nlohmann::json& v) {
            auto p = placement_of(v.get<std::string>());
            if (!p) throw std::runtime_error("a placement");
            return *p;
        };
        seen_ = board(j.at("seen"));
        for (int c : {0, 1}) {
            const auto i = std::size_t(c);
            ready_[i] = j.at("ready")[i].get<bool>();
            ready_formation_[i] = board(j.at("ready_formation")[i]);
            changed_after_ready_[i] = j.at("changed")[i].get<bool>();
            const int sub = j.at("substitute")[i].get<int>();
            substitute_[i] = sub < 0 ? std::nullopt : std::optional<PieceType>(PieceType(sub));
            upgraded_[i] = j.at("upgraded")[i].get<bool>();
            problems_said_[i] = j.at("problems_said")[i].get<std::string>();
            goals_[i] = j.at("goals")[i].get<int>();
        }
        may_upgrade_ = opt_color(j.at("may_upgrade").get<int>());
        auto start = Position::from_fen(j.at("game").at("start").get<std::string>());
        if (!start) return false;
        game_ = Game(*start);
        for (const auto& u : j.at("game").at("moves")) {
            auto m = parse_uci(game_.position(), u.get<std::string>());
            if (!m || !game_.play(*m)) return false;
        }
        restore_required_ = j.at("restore_required").get<bool>();
        ball_ = {Ball::Where(j.at("ball")[0].get<int>()), Square(j.at("ball")[1].get<int>())};
        possession_ = opt_color(j.at("possession").get<int>());
        turn_ = Color(j.at("turn").get<int>());
        kick_off_ = Color(j.at("kick_off")[0].get<int>());
        first_half_kick_off_ = Color(j.at("kick_off")[1].get<int>());
        moved_ = j.at("elements")[0].get<bool>();
        passed_ = j.at("elements")[1].get<bool>();
        bench_.clear();
        for (const auto& p : j.at("bench")) bench_.push_back(Piece(p.get<int>()));
        half_ = j.at("half").get<int>();
        seed_ = j.at("seed")[0].get<std::uint64_t>();
        draws_ = j.at("seed")[1].get<std::uint64_t>();
        seeded_ = j.at("seed")[2].get<bool>();
        last_conceder_ = opt_color(j.at("last_conceder").get<int>());
        const auto& g = j.at("gesture");
        lifted_ =
            g[0].get<int>() < 0 ? std::nullopt : std::optional<Square>(Square(g[0].get<int>()));
        carrier_taps_ = g[1].get<int>();
        ball_in_hand_ = g[2].get<bool>();
        // C11-A7's state (absent from the snapshots made before it).
        const auto a7 = j.value("a7", nlohmann::json::array({false, -1, -1}));
        corner_turn_ = a7.at(0).get<bool>();
        corner_owed_ = opt_color(a7.at(1).get<int>());
        must_pass_ = opt_color(a7.at(2).get<int>());
        // C11-A26's state (absent from the snapshots made before it).
        const auto a26 = j.value("a26", nlohmann::json::array({"", "", false}));
        for (int c : {0, 1}) {
            const nlohmann::json& entry = a26.at(std::size_t(c));
            entered_[std::size_t(c)] = entry.get<std::string>().empty()
                                           ? std::nullopt
                                           : std::optional<Placement>(board(entry));
        }
        clock_waits_for_board_ = a26.at(2).get<bool>();
        // C11-A17 per player (absent from the snapshots made before it).
        const std::int64_t kept = j.value("black_kept_ms", std::int64_t{-1});
        black_kept_ms_ = kept < 0 ? std::nullopt : std::optional<std::int64_t>(kept);
        // C11-A17 move_limit (absent from the snapshots made before it).
        const auto turn_time = j.value("turn_time_us", nlohmann::json::array({0, -1}));
        turn_time_.used_us = turn_time.at(0).get<std::int64_t>();
        const std::int64_t since = turn_time.at(1).get<std::int64_t>();
        turn_time_.since_us = since < 0 ? std::nullopt : std::optional<std::int64_t>(since);
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

}  // namespace venue::games::eleven
