// Plain chess under the FIDE Laws of Chess: the rules the engine applies to a
// match whose game is "fide", and to every game's chess position. Rule ids name the Laws'
// articles ("FIDE-7.5.5") or the catalogue's shared conventions ("X-3").
#include "venue/chess_match.h"

#include "chess/material.h"
#include "chess/position_edit.h"
#include "chess/san.h"
#include "chess/uci.h"

namespace venue::engine {
namespace {

std::string seconds(std::int64_t ms) {
    return std::to_string(ms / 1000) + " s";
}

}  // namespace

ChessMatch::ChessMatch(MatchConfig config)
    : Match(std::move(config)),
      game_(config_.start_fen.empty() ? chess::Position::start()
                                      : *chess::Position::from_fen(config_.start_fen)) {}

bool ChessMatch::is_ok(std::string* why) const {
    if (!Match::is_ok(why)) return false;
    auto fail = [&](std::string reason) {
        if (why) *why = std::move(reason);
        return false;
    };
    if (std::string p; !game_.position().is_ok(&p)) return fail("position: " + p);
    if (illegal_moves_[0] < 0 || illegal_moves_[1] < 0) return fail("negative illegal moves");
    return true;
}

MatchPhase ChessMatch::phase_on_resume() const {
    return game_.ply_count() ? MatchPhase::PLAYING : MatchPhase::WAITING;
}

void ChessMatch::on(const MoveSensed& e, std::vector<Decision>& out) {
    if (finished(out)) return;
    auto m = chess::parse_uci(game_.position(), e.uci);
    if (!m && pending_ && !restore_required_) {
        // A quick reply: the opponent moved before the pending move's clock press (a board read
        // as a move and its reply gives both at once). The reply shows the first move was made
        // and released; its player may still press later (Art. 6.2.2), but the move is complete.
        chess::Position after = game_.position();
        after.do_move(*pending_);
        if (auto reply = chess::parse_uci(after, e.uci)) {
            commit(*pending_, std::nullopt, "FIDE-6.2.2", out);
            if (phase_ == MatchPhase::FINISHED) return;  // fivefold, 75 moves: the reply is moot
            m = std::move(reply);
        }
    }
    if (!m) {
        // The recogniser only reports legal moves; anything else is a fault upstream.
        out.push_back({MoveRefused{config_.id, e.uci, ""}, "FIDE-3.10", m.error()});
        return;
    }
    pending_ = *m;
    restore_squares_.clear();
    // A move that ends the game ends it at once, without a clock press (Art. 5.1.1, 5.2.1).
    chess::Position after = game_.position();
    after.do_move(*m);
    if (chess::legal_moves(after).empty() || chess::is_dead_position(after)) {
        commit(*m, std::nullopt, "FIDE-5.1.1", out);
    }
}

void ChessMatch::on(const BoardMismatch& e, std::vector<Decision>& /*out*/) {
    if (phase_ == MatchPhase::FINISHED) return;
    pending_.reset();
    restore_squares_ = e.squares;
}

void ChessMatch::on(const BoardRestored& /*e*/, std::vector<Decision>& /*out*/) {
    pending_.reset();
    restore_squares_.clear();
    restore_required_ = false;
}

void ChessMatch::on(const ClockPressed& e, std::vector<Decision>& out) {
    if (finished(out)) return;
    const Color to_move = game_.position().side_to_move();
    if (e.side != to_move) {
        ignore("FIDE-6.2.1",
               std::string(side_name(e.side)) + " pressed, but " + side_name(e.side) +
                   "'s clock is not running",
               out);
        return;
    }
    if (phase_ == MatchPhase::PAUSED) {
        ignore("FIDE-6.11.1", "the clocks are paused by the arbiter", out);
        return;
    }
    if (pending_ && !restore_required_) {
        commit(*pending_, e.remaining_ms, "FIDE-6.2.1", out);
        return;
    }
    if (!restore_squares_.empty() || restore_required_) {
        completed_illegal_move(e.side, "FIDE-7.5.5",
                               "the clock was pressed on a position no legal move reaches", out);
        return;
    }
    completed_illegal_move(e.side, "FIDE-7.5.4", "the clock was pressed without a move", out);
}

bool ChessMatch::ended_by_position(Color mover, const std::string& what,
                                   std::vector<Decision>& out) {
    switch (game_.status()) {
        case chess::GameStatus::ONGOING:
            return false;
        case chess::GameStatus::CHECKMATE:
            end(win_for(mover), "checkmate", "FIDE-5.1.1", what + " is checkmate", out);
            return true;
        case chess::GameStatus::STALEMATE:
            end(draw(), "stalemate", "FIDE-5.2.1", what + " leaves no legal move: stalemate", out);
            return true;
        case chess::GameStatus::DEAD_POSITION:
            end(draw(), "dead position", "FIDE-5.2.2", "neither side can ever checkmate", out);
            return true;
        case chess::GameStatus::FIVEFOLD_REPETITION:
            if (!automatic_draw(chess::GameStatus::FIVEFOLD_REPETITION)) return false;
            end(draw(), "fivefold repetition", "FIDE-9.6.1",
                "the same position has appeared five times", out);
            return true;
        case chess::GameStatus::SEVENTY_FIVE_MOVES:
            if (!automatic_draw(chess::GameStatus::SEVENTY_FIVE_MOVES)) return false;
            end(draw(), "75-move rule", "FIDE-9.6.2",
                "75 moves by each side without a capture or pawn move", out);
            return true;
    }
    return false;
}

void ChessMatch::start_new_part(const chess::Position& from, std::string edit, bool by_move) {
    std::string line = game_.start_position().fen() + " moves";
    for (chess::Move m : game_.moves()) line += " " + chess::to_uci(m);
    parts_.push_back({std::move(line), std::move(edit), by_move});
    game_ = chess::Game(from);
}

void ChessMatch::stand_illegal_move(const ArbiterAction& e, std::vector<Decision>& out) {
    if (finished(out)) return;
    const auto refuse = [&](const std::string& why) {
        out.push_back(
            {MoveRefused{config_.id, e.text, ""}, "X-3", "the illegal move cannot stand: " + why});
    };
    const auto move = chess::parse_physical_move(e.text);
    if (!move) return refuse(move.error());
    const auto after = chess::after_illegal_move(game_.position(), *move);
    if (!after) return refuse(after.error());
    const Color mover = game_.position().side_to_move();
    const std::string what = chess::to_string(*move);
    start_new_part(*after, "the illegal move " + what + " stood: " + e.note, true);
    pending_.reset();
    restore_squares_.clear();
    clock_after_move_.push_back(clock_.of(mover));
    if (phase_ == MatchPhase::WAITING) phase_ = MatchPhase::PLAYING;
    // The board shows the move already; the engine waits until it has seen so.
    restore_required_ = true;
    out.push_back({RestoreRequired{config_.id, after->fen(), {}}, "X-3",
                   "arbiter: " + std::string(side_name(mover)) + "'s illegal move " + what +
                       " stands (" + e.note + "); the game goes on from there in part " +
                       std::to_string(parts_.size() + 1)});
    if (ended_by_position(mover, what, out)) return;
    clock_.running = ~mover;
    out.push_back({ClockSwitched{config_.id, ~mover}, "X-3",
                   std::string(side_name(~mover)) + "'s clock runs"});
    out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_RUN, ~mover, 0}, "X-3",
                   std::string(side_name(~mover)) + " is to move after the move that stands"});
}

void ChessMatch::commit(chess::Move m, std::optional<std::int64_t> remaining_ms, const char* rule,
                        std::vector<Decision>& out) {
    const chess::Position before = game_.position();
    const Color mover = before.side_to_move();
    const std::string san = chess::to_san(before, m);
    game_.play(m);
    pending_.reset();
    restore_squares_.clear();
    if (remaining_ms) clock_.of(mover) = *remaining_ms;
    clock_after_move_.push_back(remaining_ms ? remaining_ms
                                             : std::optional<std::int64_t>(clock_.of(mover)));
    if (phase_ == MatchPhase::WAITING) phase_ = MatchPhase::PLAYING;
    out.push_back({MoveAccepted{config_.id, chess::to_uci(m), san, int(game_.ply_count()), ""},
                   rule, std::string(side_name(mover)) + " played " + san});

    if (ended_by_position(mover, san, out)) return;
    clock_.running = ~mover;
    out.push_back({ClockSwitched{config_.id, ~mover}, "FIDE-6.2.1",
                   std::string(side_name(~mover)) + "'s clock runs"});
}

void ChessMatch::completed_illegal_move(Color side, const char* rule, const std::string& what,
                                        std::vector<Decision>& out) {
    const int count = ++illegal_moves_[side];
    out.push_back({IllegalMoveCounted{config_.id, side, count}, rule,
                   std::string(side_name(side)) + ": " + what + " (completed illegal move " +
                       std::to_string(count) + ")"});
    if (count >= config_.penalties.illegal_moves_to_lose) {
        // Art. 7.5.5: the second one loses, unless the opponent cannot mate at all.
        if (chess::could_checkmate(game_.position(), ~side))
            end(win_for(~side), "illegal move", rule,
                std::string(side_name(side)) + " completed " + std::to_string(count) +
                    " illegal moves",
                out);
        else
            end(draw(), "illegal move", rule,
                std::string(side_name(side)) + " completed " + std::to_string(count) +
                    " illegal moves, but " + side_name(~side) + " cannot checkmate",
                out);
        return;
    }
    add_time(~side, config_.penalties.illegal_move_bonus_ms, rule,
             std::string(side_name(~side)) + " receives " +
                 seconds(config_.penalties.illegal_move_bonus_ms) + " for the illegal move",
             out);
    // The offender must now make a legal move from the position before the
    // illegal one: his clock runs again while the position is restored.
    restore_required_ = true;
    out.push_back({RestoreRequired{config_.id, game_.position().fen(), restore_squares_}, rule,
                   "set the position back to the one before the illegal move"});
    clock_.running = side;
    out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_RUN, side, 0}, rule,
                   std::string(side_name(side)) + " must move again"});
}

void ChessMatch::on(const FlagFell& e, std::vector<Decision>& out) {
    if (finished(out)) return;
    clock_.of(e.side) = 0;
    // Art. 6.9: the flag loses, unless the opponent cannot checkmate by any
    // series of legal moves; then it is a draw.
    if (chess::could_checkmate(game_.position(), ~e.side))
        end(win_for(~e.side), "time forfeit", "FIDE-6.9",
            std::string(side_name(e.side)) + "'s flag fell", out);
    else
        end(draw(), "time forfeit", "FIDE-6.9",
            std::string(side_name(e.side)) + "'s flag fell, but " + side_name(~e.side) +
                " cannot checkmate",
            out);
}

void ChessMatch::on(const DrawClaimed& e, std::vector<Decision>& out) {
    if (finished(out)) return;
    const bool threefold = e.kind == DrawClaimKind::THREEFOLD;
    const char* rule = threefold ? "FIDE-9.2" : "FIDE-9.3";
    std::optional<chess::Move> intended;
    if (!e.intended_uci.empty()) {
        auto m = chess::parse_uci(game_.position(), e.intended_uci);
        if (!m) {
            out.push_back({ClaimRefused{config_.id, e.side, "", "ILLEGAL_INTENDED_MOVE", 0}, rule,
                           "the intended move " + e.intended_uci + " is not legal"});
            return;
        }
        intended = *m;
    }
    bool valid;
    if (threefold)
        valid = intended ? game_.can_claim_threefold_with(*intended) : game_.can_claim_threefold();
    else
        valid =
            intended ? game_.can_claim_fifty_moves_with(*intended) : game_.can_claim_fifty_moves();
    if (valid) {
        end(draw(), threefold ? "threefold repetition" : "50-move rule", rule,
            std::string(side_name(e.side)) + "'s claim is correct", out);
        return;
    }
    out.push_back({ClaimRefused{config_.id, e.side, "", "INCORRECT_CLAIM", 0}, "FIDE-9.5.3",
                   std::string(side_name(e.side)) + "'s claim is incorrect"});
    add_time(~e.side, config_.penalties.incorrect_claim_bonus_ms, "FIDE-9.5.3",
             std::string(side_name(~e.side)) + " receives " +
                 seconds(config_.penalties.incorrect_claim_bonus_ms) + " for the incorrect claim",
             out);
    // An intended move written with an incorrect claim must be played.
    if (intended && e.side == game_.position().side_to_move())
        commit(*intended, std::nullopt, "FIDE-9.5.3", out);
}

// The arbiter's actions on the chess position: restore it, enter a move, let an illegal move
// stand. Pause, time and result are every game's (Match).
void ChessMatch::on(const ArbiterAction& e, std::vector<Decision>& out) {
    if (e.note.empty()) return Match::on(e, out);
    switch (e.kind) {
        case ArbiterActionKind::RESTORE_POSITION: {
            if (e.ply < 0 || std::size_t(e.ply) > game_.ply_count()) {
                ignore("X-3", "no position after ply " + std::to_string(e.ply), out);
                return;
            }
            while (game_.ply_count() > std::size_t(e.ply)) {
                game_.undo();
                clock_after_move_.pop_back();
            }
            pending_.reset();
            restore_required_ = true;
            out.push_back({RestoreRequired{config_.id, game_.position().fen(), {}}, "X-3",
                           "arbiter restored the position after ply " + std::to_string(e.ply) +
                               ": " + e.note});
            if (phase_ != MatchPhase::FINISHED) {
                clock_.running = game_.position().side_to_move();
                out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_RUN, *clock_.running, 0},
                               "X-3", "the side to move's clock runs"});
            }
            return;
        }
        case ArbiterActionKind::ENTER_MOVE: {
            if (finished(out)) return;
            auto m = chess::parse_uci(game_.position(), e.text);
            if (!m) {
                out.push_back({MoveRefused{config_.id, e.text, ""}, "X-3", m.error()});
                return;
            }
            restore_required_ = false;
            commit(*m, std::nullopt, "X-3", out);
            return;
        }
        case ArbiterActionKind::ILLEGAL_MOVE_STANDS:
            stand_illegal_move(e, out);
            return;
        case ArbiterActionKind::WARN:
        case ArbiterActionKind::REMOVE:
        case ArbiterActionKind::CONFIRM_WARNING:
        case ArbiterActionKind::REJECT_WARNING:
        case ArbiterActionKind::RELEASE_CLAIM:
            ignore("X-1", "plain chess has no team warnings, removals or claims", out);
            return;
        default:
            Match::on(e, out);
            return;
    }
}

BoardRole ChessMatch::board_role(const std::string& /*board*/) const {
    BoardRole r;
    r.game = &game_;
    r.restore_required = restore_required_;
    r.waiting = restore_required_ || !restore_squares_.empty() || pending_.has_value();
    return r;
}

Color ChessMatch::to_move() const {
    return game_.position().side_to_move();
}

std::vector<GameView> ChessMatch::games() const {
    GameView v;
    v.board = config_.board;
    v.game = &game_;
    v.plies_before = int(clock_after_move_.size()) - int(game_.ply_count());
    if (v.plies_before < 0) v.plies_before = 0;
    v.open = phase_ != MatchPhase::FINISHED;
    v.result = outcome_.text();
    v.termination = termination_;
    v.restore_squares = restore_squares_;
    return {v};
}

std::string ChessMatch::canonical() const {
    std::string s = "match " + config_.id + "\nfen " + game_.position().fen() + "\nmoves";
    for (chess::Move m : game_.moves()) s += " " + chess::to_uci(m);
    s += "\nphase " + std::string(to_string(phase_)) + "\nresult " + outcome_.text() + " " +
         termination_;
    s += "\nclock " + std::to_string(clock_.white_ms) + " " + std::to_string(clock_.black_ms) +
         " " + (clock_.running ? side_name(*clock_.running) : "-");
    s += "\nillegal " + std::to_string(illegal_moves_[0]) + " " + std::to_string(illegal_moves_[1]);
    s += "\npending " + (pending_ ? chess::to_uci(*pending_) : std::string("-"));
    s += "\nzones " + std::to_string(zone_occupancy_[0]) + " " + std::to_string(zone_occupancy_[1]);
    s += "\nrestore " + std::string(restore_required_ ? "yes" : "no");
    for (chess::Square sq : restore_squares_) s += " " + chess::square_to_string(sq);
    for (const GamePart& p : parts_)
        s += "\npart " + p.line + " | " + p.edit + (p.by_move ? " | move" : "");
    s += "\n" + canonical_extra();
    return s;
}

}  // namespace venue::engine
