#include "games/eleven/demo/eleven_director.h"

#include <algorithm>
#include <cstdlib>

#include "chess/movegen.h"
#include "chess/uci.h"
#include "demo/board_lines.h"
#include "games/eleven/rules/ball_lines.h"
#include "games/eleven/rules/eleven_field.h"
#include "games/eleven/rules/formation.h"
#include "games/eleven/rules/shot.h"
#include "io/hub/hub_runner.h"
#include "venue/seeded_random.h"

namespace venue::games::eleven {

namespace {

using namespace chess;

std::string sq(Square s) {
    return square_to_string(s);
}

char fen_letter(Piece p) {
    static constexpr const char* LETTERS = "pnbrqk";
    const char c = LETTERS[int(type_of(p)) - int(PAWN)];
    return color_of(p) == WHITE ? char(c - 'a' + 'A') : c;
}

// How far `s` is from `side`'s target goal, in ranks: a move that lowers it goes forward.
int to_goal(Color side, Square s) {
    return side == WHITE ? 7 - int(rank_of(s)) : int(rank_of(s));
}

// A goal square of the other side that a shot from `from` may aim at (shot_problem), or none.
std::optional<Square> any_shot_target(const Placement& field, Color side, Square from,
                                      const ElevenRules& rules) {
    for (Square g : goal_squares(~side))
        if (!shot_problem(field, from, g, rules)) return g;
    return std::nullopt;
}

}  // namespace

ElevenDirector::ElevenDirector(const ElevenDemoPlan& plan, demo::EventDevices devices,
                               demo::DirectorTiming timing)
    : People(std::move(devices), timing), plan_(plan) {
    auto* self = this;
    add("the hub and the board come up", 0, {}, [self] {
        auto hub = self->daemon_.hub_status();
        auto boards = self->daemon_.board_statuses();
        return hub && hub->state == io::HubSessionState::RUNNING && hub->commands_pending == 0 &&
               !boards.empty() && boards[0].state == io::dgt::BoardLinkState::CONNECTED &&
               boards[0].has_board;
    });
    add(
        "the arbiter starts the formation's countdown (a paddle)", 800,
        [self] { self->paddle(WHITE); },
        [self] { return self->match().phase() == engine::MatchPhase::PLAYING; });
    add_repeated(
        "the players play", 450, [self] { self->act(); },
        [self] {
            return self->game_over_ || self->progress_ >= self->want_progress_ ||
                   (self->waiting_ && self->waiting_());
        },
        [self] { return !self->game_over_; });
}

const ElevenMatch& ElevenDirector::match() const {
    return dynamic_cast<const ElevenMatch&>(*daemon_.session().state().match(plan_.match.id));
}

void ElevenDirector::observe(const runtime::StepRecord& record) {
    for (const runtime::Applied& a : record.applied)
        for (const engine::Decision& d : a.decisions) {
            if (std::holds_alternative<engine::MoveAccepted>(d.body)) ++progress_;
            if (const auto* n = std::get_if<engine::GameNews>(&d.body);
                n && n->kind != "formation") {
                ++progress_;
                if (n->kind == "shot") outcomes_seen_.insert(n->facts.at("outcome"));
            }
            if (const auto* g = std::get_if<engine::ScoreChanged>(&d.body);
                g && d.rule == "C11-SHOOT-2")
                outcomes_seen_.insert(to_string(ShotOutcome::GOAL));
            if (std::holds_alternative<engine::ScoreChanged>(d.body) && d.rule == "C11-CHECK-2")
                mate_seen_ = true;
            if (std::holds_alternative<engine::GameEnded>(d.body)) game_over_ = true;
            if (std::holds_alternative<engine::EventIgnored>(d.body) &&
                d.rule.rfind("C11-FORM", 0) == 0)
                ready_refused_ = true;
        }
}

std::uint64_t ElevenDirector::choose(std::uint64_t n) {
    return engine::seeded_below(plan_.seed, draws_++, n);
}

int ElevenDirector::button_of(Color side) const {
    return plan_.match.side(side).players.at(0).buttons.at(0);
}

void ElevenDirector::act() {
    const ElevenMatch& m = match();
    waiting_ = nullptr;
    want_progress_ = progress_ + 1;
    if (m.phase() == engine::MatchPhase::FINISHED) return;
    if (m.stage() == Stage::FORMATION) return set_formations(m);
    stood_since_ms_ = -1;  // the next formation phase looks at its board afresh
    if (++turns_ > plan_.max_turns) {
        // A match that runs on too long: the arbiter ends it (as full time would).
        engine::GameInput in;
        in.match = plan_.match.id;
        in.kind = "full_time";
        in.arbiter = "Arbiter (demo)";
        in.note = "the demo's time is up";
        return post(std::move(in));
    }
    // In a timed match only: in a race to a number of goals a staged mate would end it.
    if (!mate_seen_ && showed_substitute_ && !mate_attacker_ && m.stage() == Stage::PLAY &&
        m.ball().where == Ball::Where::CENTRE && m.rules().target_goals == 0)
        mate_attacker_ = m.to_move();  // the kicker of the round after the substitute came on
    if (showing_mate(m)) {
        // The staged mate: one move a turn, then the button (the side with the ball) or the
        // turn passes by itself; a pass the side owes is made first.
        const Color side = m.to_move();
        if (m.possession() == side && !m.passed_this_turn() && m.owes_pass(side))
            return possession_turn(m);
        if (!m.moved_this_turn()) return play(staged_mate_move(m));
        return end_turn(side);
    }
    if (m.possession() == m.to_move()) return possession_turn(m);
    single_move(m);
}

bool ElevenDirector::showing_mate(const ElevenMatch& m) const {
    return !mate_seen_ && showed_substitute_ && m.stage() == Stage::PLAY &&
           m.ball().where != Ball::Where::CENTRE && mate_attacker_.has_value();
}

namespace {

// The moves the staged mate considers: legal, castling aside (off by default, C11-PIECE-G).
std::vector<Move> staged_moves(const Position& pos) {
    std::vector<Move> out;
    for (Move mv : legal_moves(pos))
        if (mv.kind() != MoveKind::CASTLING) out.push_back(mv);
    return out;
}

bool mates(const Position& pos, Move mv) {
    Position after = pos;
    after.do_move(mv);
    return after.in_check() && staged_moves(after).empty();
}

// A move of the side to move that mates at once.
std::optional<Move> mate_now(const Position& pos) {
    for (Move mv : staged_moves(pos))
        if (mates(pos, mv)) return mv;
    return std::nullopt;
}

int king_steps(Square a, Square b) {
    return std::max(std::abs(int(file_of(a)) - int(file_of(b))),
                    std::abs(int(rank_of(a)) - int(rank_of(b))));
}

}  // namespace

Move ElevenDirector::staged_mate_move(const ElevenMatch& m) {
    const Position& pos = m.field();
    const Color side = pos.side_to_move();
    const std::vector<Move> moves = staged_moves(pos);
    if (side == *mate_attacker_) {
        if (const auto now = mate_now(pos)) return *now;
        // A mate in two with the defender's help: a move after which some reply allows a mate.
        for (Move mv : moves) {
            Position after = pos;
            after.do_move(mv);
            for (Move reply : staged_moves(after)) {
                Position then = after;
                then.do_move(reply);
                if (mate_now(then)) return mv;
            }
        }
        // Else the piece (not the king) that can come nearest the other king goes there.
        const Square king = pos.king_square(~side);
        std::optional<Move> best;
        int nearest = 99;
        for (Move mv : moves) {
            if (type_of(pos.piece_on(mv.from())) == KING) continue;
            const int d = king_steps(mv.to(), king) * 8 + int(choose(8));
            if (d < nearest) nearest = d, best = mv;
        }
        return best ? *best : moves.at(std::size_t(choose(moves.size())));
    }
    // The defender plays along: a move that allows a mate at once, else its king walks towards
    // the attacker's pieces (a king in the open is mated soon), never taking anything.
    std::optional<Move> walk;
    int furthest = -1;
    for (Move mv : moves) {
        if (pos.piece_on(mv.to()) != NO_PIECE) continue;
        Position after = pos;
        after.do_move(mv);
        if (mate_now(after)) return mv;
        if (type_of(pos.piece_on(mv.from())) == KING) {
            const int advance = 7 - to_goal(side, mv.to());
            if (advance > furthest) furthest = advance, walk = mv;
        }
    }
    if (walk) return *walk;
    std::vector<Move> quiet;
    for (Move mv : moves)
        if (pos.piece_on(mv.to()) == NO_PIECE) quiet.push_back(mv);
    const std::vector<Move>& from = quiet.empty() ? moves : quiet;
    return from.at(std::size_t(choose(from.size())));
}

Placement ElevenDirector::formation_for(const ElevenMatch& m, Color side) const {
    Placement own = default_formation(side, m.rules());
    if (side == WHITE && !showed_invalid_) {
        // The pawn in front of the king (d2) set on b2: no pawn shields the king (C11-FORM).
        own[SQ_D2] = NO_PIECE;
        own[SQ_B2] = W_PAWN;
    }
    if (!outcomes_seen_.count(to_string(ShotOutcome::BLOCK)) && m.rules().target_goals == 0) {
        // Until a block has been seen in a timed match, the f-bishop keeps goal beside the king
        // (e1, e8): a shot at that square may be blocked (C11-SHOOT-6).
        const Square bishop = side == WHITE ? SQ_F1 : SQ_F8, goal = side == WHITE ? SQ_E1 : SQ_E8;
        if (own[std::size_t(bishop)] != NO_PIECE && own[std::size_t(goal)] == NO_PIECE) {
            own[std::size_t(goal)] = own[std::size_t(bishop)];
            own[std::size_t(bishop)] = NO_PIECE;
        }
    }
    if (m.upgraded(side)) {
        // The substitute (the default's queen) comes on for the c-pawn.
        const Square c_pawn = side == WHITE ? SQ_C2 : SQ_C7;
        own[c_pawn] = make_piece(side, QUEEN);
    }
    return own;
}

// The formations, each square set as the players would: what is not where it belongs is lifted,
// then every missing piece is put down; then both buttons (Ready).
void ElevenDirector::set_formations(const ElevenMatch& m) {
    if (ready_refused_) showed_invalid_ = true;
    // After a goal the side that may brings its substitute on, once in the demo: the player
    // asks, the arbiter enters it.
    if (!showed_substitute_)
        for (Color side : {WHITE, BLACK})
            if (m.may_upgrade(side) && !m.ready(side)) {
                showed_substitute_ = true;
                engine::GameInput in;
                in.match = plan_.match.id;
                in.side = side;
                in.kind = "upgrade";
                in.arbiter = "Arbiter (demo)";
                in.note = plan_.match.side(side).players.at(0).name +
                          " brings the substitute on for the c-pawn";
                post(std::move(in));
                waiting_ = [this, side] {
                    return match().upgraded(side) || match().stage() != Stage::FORMATION;
                };
                want_progress_ = 1 << 30;
                return;
            }
    Placement target{};
    for (Color side : {WHITE, BLACK}) {
        const Placement own = formation_for(m, side);
        for (int s = 0; s < SQUARE_NB; ++s)
            if (own[std::size_t(s)] != NO_PIECE) target[std::size_t(s)] = own[std::size_t(s)];
    }
    const Placement& seen = m.formation_seen();
    if (seen != target) stood_since_ms_ = -1;
    if (seen != target) {
        std::vector<std::string> lines;
        for (int s = 0; s < SQUARE_NB; ++s)
            if (seen[std::size_t(s)] != NO_PIECE && seen[std::size_t(s)] != target[std::size_t(s)])
                lines.push_back("lift " + sq(Square(s)));
        for (int s = 0; s < SQUARE_NB; ++s)
            if (target[std::size_t(s)] != NO_PIECE &&
                seen[std::size_t(s)] != target[std::size_t(s)])
                lines.push_back("put " + sq(Square(s)) + " " + fen_letter(target[std::size_t(s)]));
        board(plan_.match.board, lines, script_.scaled(120));
        waiting_ = [this, target] {
            return match().formation_seen() == target || match().stage() != Stage::FORMATION;
        };
        want_progress_ = 1 << 30;  // wait for the board, not for news
        return;
    }
    // The formation stands: Ready once the board has stood still for 0.6 s, as a player
    // looks before pressing. The board's reading of a move made just before a restart (a kick-off
    // the half's end overtook) then reaches the match in the formation phase, where it is only a
    // reading, and not after the kick-off, where it would be taken for the kick-off's move.
    const std::int64_t now_ms = io::HubRunner::now_ns() / 1'000'000;
    if (stood_since_ms_ < 0) stood_since_ms_ = now_ms;
    if (now_ms - stood_since_ms_ < 600) {
        waiting_ = [this, target] {
            return io::HubRunner::now_ns() / 1'000'000 - stood_since_ms_ >= 600 ||
                   match().formation_seen() != target || match().stage() != Stage::FORMATION;
        };
        want_progress_ = 1 << 30;
        return;
    }
    for (Color side : {WHITE, BLACK})
        if (!m.ready(side)) {
            ready_refused_ = false;
            press(button_of(side), 80);
            waiting_ = [this, side] {
                return match().ready(side) || match().stage() != Stage::FORMATION || ready_refused_;
            };
            want_progress_ = 1 << 30;
            return;
        }
}

std::optional<Square> ElevenDirector::shot_target(const ElevenMatch& m, Color side,
                                                  Square from) const {
    const Placement field = m.placement();
    std::optional<Square> first;
    bool open_taken = false;
    for (Square g : goal_squares(~side)) {
        if (shot_problem(field, from, g, m.rules())) continue;
        // Tapping the carrier a third time aims at the first open square the shot can reach
        // (ElevenMatch::open_goal_target): another open one cannot be aimed at.
        if (field[std::size_t(g)] == NO_PIECE) {
            if (open_taken) continue;
            open_taken = true;
        }
        const ShotChances chances = shot_chances(field, side, g, m.rules());
        const ShotOutcome foreseen =
            chances.certain_goal ? ShotOutcome::GOAL
                                 : draw_outcome(chances, m.rules(), m.shot_seed(), m.next_draw());
        if (!outcomes_seen_.count(to_string(foreseen))) return g;
        if (!first) first = g;
    }
    return first;
}

// The side with the ball: pass to a teammate with a clear shot, shoot when the carrier has one
// after its move, move the carrier forward, or end the turn.
void ElevenDirector::possession_turn(const ElevenMatch& m) {
    const Color side = m.to_move();
    const Ball& ball = m.ball();
    const Position& pos = m.field();
    const ElevenRules& rules = m.rules();
    const Placement field = m.placement();
    const bool moved = m.moved_this_turn();
    const bool passed = m.passed_this_turn();
    const bool in_check = pos.side_to_move() == side && pos.in_check();

    if (ball.where != Ball::Where::CARRIER) {
        // The ball on a corner: a piece onto it collects it (C11-A12), else any move.
        if (!moved) {
            for (Move mv : legal_moves(pos))
                if (mv.to() == ball.square) return play(mv);
            const auto all = legal_moves(pos);
            if (all.size() > 0) return play(all[std::size_t(choose(all.size()))]);
        }
        return end_turn(side);
    }
    const Square carrier = ball.square;
    // The teammates the ball may be passed to now: the first with a clear shot, the first nearer
    // the goal than the carrier, the first of any.
    std::optional<Square> shooter, ahead, anyone;
    if (!passed && !in_check)
        for (int s = 0; s < SQUARE_NB; ++s) {
            const Square r = Square(s);
            const Piece p = field[std::size_t(s)];
            if (r == carrier || p == NO_PIECE || color_of(p) != side) continue;
            if (pass_problem(field, carrier, r, rules)) continue;
            if (!shooter && any_shot_target(field, side, r, rules)) shooter = r;
            if (!ahead && to_goal(side, r) < to_goal(side, carrier)) ahead = r;
            if (!anyone) anyone = r;
        }
    // A teammate with a clear shot gets the ball first: the turn's pass, then its shot.
    if (shooter) {
        tap(carrier, 2);
        return tap(*shooter, 1);
    }
    if ((moved || passed) && !in_check)
        if (const auto target = shot_target(m, side, carrier)) {
            if (field[std::size_t(*target)] == NO_PIECE) return tap(carrier, 3);  // the open square
            tap(carrier, 2);  // ball in hand, then the defender on the square aimed at
            return tap(*target, 1);
        }
    // Else one nearer the goal; else, now and then, any teammate the ball can reach (to keep it
    // from a defender).
    const auto to = ahead ? ahead : anyone && choose(2) == 0 ? anyone : std::nullopt;
    if (to) {
        tap(carrier, 2);
        return tap(*to, 1);
    }
    if (!moved)
        if (const auto mate = mate_now(m.field())) return play(*mate);
    if (!moved) {
        std::vector<Move> forward, any;
        for (Move mv : legal_moves(pos)) {
            if (mv.from() == carrier && to_goal(side, mv.to()) < to_goal(side, carrier))
                forward.push_back(mv);
            any.push_back(mv);
        }
        const std::vector<Move>& from = forward.empty() ? any : forward;
        if (!from.empty()) return play(from[choose(from.size())]);
    }
    end_turn(side);
}

// The side without the ball: one move, taking the carrier (or any piece) when it can; the kick-off
// into the centre circle.
void ElevenDirector::single_move(const ElevenMatch& m) {
    const Position& pos = m.field();
    const ElevenRules& rules = m.rules();
    if (const auto mate = mate_now(m.field())) return play(*mate);
    // Now and then a piece drops into an empty square of its goal, where it may block a shot.
    const bool into_goal = m.ball().where == Ball::Where::CARRIER &&
                           (!outcomes_seen_.count(to_string(ShotOutcome::BLOCK)) || choose(3) == 0);
    std::vector<Move> best, captures, goal, any, quiet;
    for (Move mv : legal_moves(pos)) {
        any.push_back(mv);
        if (pos.piece_on(mv.to()) == NO_PIECE && mv.to() != m.ball().square) quiet.push_back(mv);
        if (into_goal && type_of(pos.piece_on(mv.from())) != KING &&
            is_goal_square(pos.side_to_move(), mv.to()) && pos.piece_on(mv.to()) == NO_PIECE)
            goal.push_back(mv);
        if (m.ball().where == Ball::Where::CENTRE) {
            if (in_centre(mv.to(), rules)) best.push_back(mv);
        } else if (m.ball().where == Ball::Where::CARRIER && mv.to() == m.ball().square) {
            best.push_back(mv);
        } else if (pos.piece_on(mv.to()) != NO_PIECE) {
            captures.push_back(mv);
        }
    }
    // After a corner the defenders let the attacker play its corner turn (pass, move, shot:
    // C11-SHOOT-7): a capture would win the ball back at once.
    const bool corner = m.ball().where == Ball::Where::CORNER && !quiet.empty();
    const std::vector<Move>& from = corner              ? quiet
                                    : !best.empty()     ? best
                                    : !goal.empty()     ? goal
                                    : !captures.empty() ? captures
                                                        : any;
    if (from.empty()) return end_turn(m.to_move());
    play(from[choose(from.size())]);
}

void ElevenDirector::play(Move move) {
    board(plan_.match.board, demo::move_lines(match().field(), move), script_.scaled(140));
}

void ElevenDirector::tap(Square s, int times) {
    const Piece p = match().field().piece_on(s);
    std::vector<std::string> lines;
    for (int i = 0; i < times; ++i) {
        lines.push_back("lift " + sq(s));
        lines.push_back(std::string("put ") + sq(s) + " " + fen_letter(p));
    }
    board(plan_.match.board, lines, script_.scaled(120));
}

void ElevenDirector::end_turn(Color side) {
    press(button_of(side), 80);
}

}  // namespace venue::games::eleven
