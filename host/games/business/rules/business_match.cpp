// Business Chess: the tree of branches, the turn and its commit at the clock press, the score.
#include "games/business/rules/business_match.h"

#include <algorithm>

#include "chess/material.h"
#include "chess/movegen.h"
#include "chess/san.h"
#include "chess/uci.h"

namespace venue::games::business {

using namespace venue::engine;

namespace {

const char* team_name(chess::Color c) {
    return c == chess::WHITE ? "White" : "Black";
}

std::string points(int half) {
    return std::to_string(half / 2) + (half % 2 ? ".5" : "");
}

}  // namespace

int return_game_rating(Score s, int game_rating, bool half_up) {
    const int diff = std::abs(s.white - s.black);      // half points
    if (diff < 20) return game_rating;                 // under 10 points: the agreed rating
    return half_up ? (diff + 3) / 2 : (diff + 2) / 2;  // difference + 1, halves up or down
}

std::optional<std::string> BusinessMatch::validate(const MatchConfig& config) {
    const BusinessRules r = BusinessRules::of(config);
    if (r.game_rating < 1) return "the game rating must be at least 1 (BC-I.3)";
    if (r.max_branches < 1 || std::size_t(r.max_branches) > r.boards.size())
        return "max_branches must be between 1 and the number of demonstration boards (BC-I.1)";
    for (std::size_t i = 0; i < r.boards.size(); ++i) {
        if (r.boards[i].empty()) return "a demonstration board needs an id (BC-III.1)";
        for (std::size_t k = 0; k < i; ++k)
            if (r.boards[k] == r.boards[i]) return "board " + r.boards[i] + " is listed twice";
        if (r.boards[i] == r.control_board)
            return "the control board " + r.control_board + " is also a demonstration board";
    }
    if (config.time.increment_ms != 0)
        return "one clock without increment (BC-I.5); the 30 s per move once one branch remains "
               "is given by the engine (BC-I.7)";
    std::vector<std::string> ids;
    for (chess::Color c : {chess::WHITE, chess::BLACK}) {
        const TeamConfig& team = config.side(c);
        const std::size_t n = team.players.size();
        if (n < 1 || n > std::size_t(r.players + r.reserves))
            return std::string(team_name(c)) + " has " + std::to_string(n) + " players; at most " +
                   std::to_string(r.players) + " plus " + std::to_string(r.reserves) +
                   " reserve (BC-I.4)";
        for (const PlayerConfig& p : team.players) {
            if (std::find(ids.begin(), ids.end(), p.id) != ids.end())
                return "player id '" + p.id + "' is used twice";
            ids.push_back(p.id);
        }
    }
    return std::nullopt;
}

engine::PlayerStatus BusinessMatch::player_status(int side, int index) const {
    if (side < 0 || side >= side_count()) return {};
    const chess::Color team = chess::Color(side);
    const TeamConfig& t = config_.side(side);
    if (index < 0 || std::size_t(index) >= t.players.size()) return {};
    const Member& m = member(team, index);
    engine::PlayerStatus s;
    s.warnings = m.offences;  // red-line offences: yellow cards (BC-I.11)
    s.out = m.expelled;       // a red card
    s.reserve = !m.active;
    return s;
}

std::vector<engine::GameView> BusinessMatch::games() const {
    std::vector<engine::GameView> out;
    for (const Branch& b : branches_) {
        engine::GameView v;
        v.board = b.board.empty() ? b.setup_board : b.board;
        v.game = &b.game;
        v.open = b.open;
        v.result = b.result;
        v.termination = b.termination;
        v.restore_squares = b.mismatch;
        v.number = b.number;
        v.parent = b.parent;
        v.split_ply = b.split_ply;
        v.rating = b.open ? b.rating : b.stake;
        v.setup_board = b.setup_board;
        out.push_back(std::move(v));
    }
    return out;
}

std::vector<std::string> BusinessMatch::free_boards() const {
    std::vector<std::string> out;
    for (const std::string& board : rules_.boards) {
        bool taken = false;
        for (const Branch& b : branches_)
            taken |= b.open && (b.board == board || b.setup_board == board);
        if (!taken) out.push_back(board);
    }
    return out;
}

BusinessMatch::BusinessMatch(MatchConfig config)
    : ChessMatch(std::move(config)), rules_(BusinessRules::of(config_)) {
    Branch first;  // BC-BR-2: the game starts on one board, branch 1, with the game rating
    first.number = 1;
    first.board = rules_.boards.front();
    first.rating = rules_.game_rating;
    first.history.push_back({0, first.rating, "start"});
    first.game = game_;
    branches_.push_back(std::move(first));
    for (chess::Color c : {chess::WHITE, chess::BLACK}) {
        const TeamConfig& team = config_.side(c);
        members_[c].resize(team.players.size());
        for (std::size_t i = 0; i < team.players.size(); ++i)
            members_[c][i].active = int(i) < rules_.players;
    }
    turn_ = game_.position().side_to_move();
}

// --- the tree ---------------------------------------------------------------------------------

const Branch* BusinessMatch::branch(int number) const {
    for (const Branch& b : branches_)
        if (b.number == number) return &b;
    return nullptr;
}

Branch* BusinessMatch::find(int number) {
    return const_cast<Branch*>(std::as_const(*this).branch(number));
}

const Branch* BusinessMatch::branch_on(const std::string& board) const {
    for (const Branch& b : branches_)
        if (b.open && b.board == board) return &b;
    return nullptr;
}

Branch* BusinessMatch::on_board(const std::string& board) {
    return const_cast<Branch*>(std::as_const(*this).branch_on(board));
}

engine::BoardRole BusinessMatch::board_role(const std::string& board) const {
    engine::BoardRole r;
    for (const Branch& b : branches_)
        if (b.open && b.setup_board == board) {
            r.game = &b.game;
            r.setting_up = true;
            r.waiting = true;
            return r;
        }
    if (const Branch* b = branch_on(board)) {
        r.game = &b->game;
        r.waiting = b->pending.has_value() || !b->mismatch.empty();
    }
    return r;
}

int BusinessMatch::open_branches() const {
    return int(
        std::count_if(branches_.begin(), branches_.end(), [](const Branch& b) { return b.open; }));
}

// BC-A3: the named board if it is free, else the next free one in the agreed order; a closed
// branch's board is free again (BC-A23).
std::optional<std::string> BusinessMatch::free_board(const std::string& wanted) const {
    auto taken = [&](const std::string& id) {
        for (const Branch& b : branches_)
            if (b.open && (b.board == id || b.setup_board == id)) return true;
        return false;
    };
    const auto& boards = rules_.boards;
    if (!wanted.empty()) {
        if (std::find(boards.begin(), boards.end(), wanted) == boards.end() || taken(wanted))
            return std::nullopt;
        return wanted;
    }
    for (const std::string& id : boards)
        if (!taken(id)) return id;
    return std::nullopt;
}

void BusinessMatch::set_rating(Branch& b, int rating, const std::string& why,
                               std::vector<Decision>& out) {
    b.rating = rating;
    b.history.push_back({b.ply(), rating, why});
    out.push_back({RatingChanged{config_.id, b.number, rating}, "BC-BR-1",
                   "branch " + std::to_string(b.number) + " has rating " + std::to_string(rating) +
                       " (" + why + ")"});
}

// BC-I.17, BC-I.19: a closed branch scores result × its rating; unless its chips were selected
// into another branch they go to the arbiters' table; its board is free.
void BusinessMatch::close(Branch& b, const std::string& result, const std::string& termination,
                          const char* rule, const std::string& why, bool chips_to_table,
                          std::vector<Decision>& out) {
    b.open = false;
    b.result = result;
    b.termination = termination;
    b.pending.reset();
    b.mismatch.clear();
    b.stake = b.rating;
    if (result == "1-0")
        score_.white += 2 * b.stake;
    else if (result == "0-1")
        score_.black += 2 * b.stake;
    else
        score_.white += b.stake, score_.black += b.stake;
    if (chips_to_table) table_chips_ += b.stake;
    b.rating = 0;
    b.history.push_back({b.ply(), 0, termination});
    out.push_back({BranchClosed{config_.id, b.number, b.board, result, termination, b.stake}, rule,
                   "branch " + std::to_string(b.number) + " (board " + b.board + ") ends " +
                       result + ", " + termination + ", rating " + std::to_string(b.stake) + ": " +
                       why});
    score_changed("BC-I.19",
                  "branch " + std::to_string(b.number) + " scored " + result + " x " +
                      std::to_string(b.stake),
                  out);
    sync_game();
}

void BusinessMatch::score_changed(const char* rule, const std::string& why,
                                  std::vector<Decision>& out) {
    if (score_ == announced_) return;
    announced_ = score_;
    out.push_back(
        {ScoreChanged{config_.id, score_.white, score_.black}, rule,
         "score " + points(score_.white) + " : " + points(score_.black) + " (" + why + ")"});
}

// Plays m on one branch: the decision names the branch's board.
void BusinessMatch::play_on(Branch& b, chess::Move m, std::optional<std::int64_t> remaining_ms,
                            const char* rule, std::vector<Decision>& out) {
    const chess::Color mover = b.game.position().side_to_move();
    const std::string san = chess::to_san(b.game.position(), m);
    b.game.play(m);
    b.pending.reset();
    b.mismatch.clear();
    b.clocks.push_back(remaining_ms ? remaining_ms : std::optional<std::int64_t>(clock_.of(mover)));
    if (phase_ == MatchPhase::WAITING) phase_ = MatchPhase::PLAYING;
    out.push_back({MoveAccepted{config_.id, chess::to_uci(m), san, b.ply(), b.board}, rule,
                   "branch " + std::to_string(b.number) + " (board " + b.board +
                       "): " + team_name(mover) + " played " + san});
}

// The other branch of this turn's branching (mother or daughter), or nullptr.
const Branch* BusinessMatch::branching_partner(const Branch& b) const {
    if (!record_.new_branch) return nullptr;
    if (b.number == record_.new_branch) return branch(record_.mother);
    if (b.number == record_.mother) return branch(record_.new_branch);
    return nullptr;
}

// A branch of this turn's branching: its move this turn, pending, or played already because it
// ended the branch's game (a mate closes at once). The daughter split this turn, so a move past
// its split ply is this turn's.
std::optional<chess::Move> BusinessMatch::move_this_turn(const Branch& b) const {
    if (b.pending) return b.pending;
    const Branch* daughter = branch(record_.new_branch);
    if (daughter && b.ply() == daughter->split_ply + 1) return b.game.moves().back();
    return std::nullopt;
}

// BC-I.22, BC-A28: the Laws' automatic endings, per branch.
void BusinessMatch::close_if_over(Branch& b, std::vector<Decision>& out) {
    const chess::Position& pos = b.game.position();
    switch (b.game.status()) {
        case chess::GameStatus::ONGOING:
            return;
        case chess::GameStatus::CHECKMATE:
            close(b, win_for(~pos.side_to_move()).text(), "checkmate", "BC-I.16",
                  "checkmate: no key change may involve this branch any more", true, out);
            return;
        case chess::GameStatus::STALEMATE:
            close(b, "1/2-1/2", "stalemate", "BC-I.22", "stalemate (FIDE-5.2.1)", true, out);
            return;
        case chess::GameStatus::DEAD_POSITION:
            close(b, "1/2-1/2", "dead position", "BC-I.22", "no side can mate (FIDE-5.2.2)", true,
                  out);
            return;
        case chess::GameStatus::FIVEFOLD_REPETITION:
            close(b, "1/2-1/2", "fivefold repetition", "BC-A28", "FIDE-9.6.1 in this branch", true,
                  out);
            return;
        case chess::GameStatus::SEVENTY_FIVE_MOVES:
            close(b, "1/2-1/2", "75-move rule", "BC-A28", "FIDE-9.6.2 in this branch", true, out);
            return;
    }
}

// The base class's game is the lowest-numbered open branch (the last closed one at the end):
// what a one-board view of the match shows.
void BusinessMatch::sync_game() {
    for (const Branch& b : branches_)
        if (b.open) {
            game_ = b.game;
            return;
        }
}

void BusinessMatch::flag(chess::Color side, const char* code, const std::string& board,
                         const char* rule, const std::string& why, std::vector<Decision>& out) {
    out.push_back({ArbiterFlag{config_.id, side, code, board}, rule, why});
}

// X-6 with BC-II.3 / BC-II.4: the board must show the position before play goes on; the clock
// stands still meanwhile (BC-A19).
void BusinessMatch::setup(Branch& b, const std::string& board, const char* rule,
                          const std::string& why, std::vector<Decision>& out) {
    b.setup_board = board;
    out.push_back(
        {BoardSetupRequired{config_.id, board, b.game.position().fen(), b.number}, rule, why});
    if (rules_.clone_pause_auto && phase_ != MatchPhase::PAUSED) {
        phase_ = MatchPhase::PAUSED;
        out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_PAUSE, turn_, 0}, "BC-A19",
                       "the clock stands still while board " + board + " is set up"});
    }
}

void BusinessMatch::confirm_setup(Branch& b, const char* rule, std::vector<Decision>& out) {
    const std::string board = b.setup_board;
    b.setup_board.clear();
    b.board = board;
    if (board == rules_.control_board) on_board_c_ = true;
    for (const Branch& other : branches_)
        if (other.open && !other.setup_board.empty()) return;  // another board is still set up
    // BC-II.3: a clone is checked by the arbiter together with both captains; the board's
    // reading tells them it is ready, his RESUME says they agree.
    if (board != rules_.control_board && rules_.clone_confirmation == CloneConfirmation::CAPTAINS) {
        clone_to_confirm_ = b.number;
        flag(turn_, "CONFIRM_CLONE", board, "BC-II.3",
             "board " + board + " shows branch " + std::to_string(b.number) +
                 "'s position: the arbiter checks it with both captains, then resumes the clock",
             out);
        return;
    }
    if (phase_ == MatchPhase::PAUSED) {
        phase_ = turns_ || !branches_.front().game.moves().empty() ? MatchPhase::PLAYING
                                                                   : MatchPhase::WAITING;
        out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_RESUME, turn_, 0}, rule,
                       "board " + board + " shows branch " + std::to_string(b.number) +
                           "'s position: play goes on"});
    }
}

std::vector<std::pair<std::string, std::string>> BusinessMatch::facts() const {
    std::vector<std::pair<std::string, std::string>> f;
    const std::string now = points(score_.white) + " : " + points(score_.black);
    const std::string confirmed = points(confirmed_.white) + " : " + points(confirmed_.black);
    f.push_back({"Score confirmed", confirmed_ == score_
                                        ? now + " (the arbiter has confirmed it)"
                                        : confirmed + " (now " + now + ": confirm it, BC-II.5)"});
    if (clone_to_confirm_)
        f.push_back({"Clone", "branch " + std::to_string(clone_to_confirm_) +
                                  " is on its board: check it with both captains, then Resume"});
    for (chess::Color c : {chess::WHITE, chess::BLACK}) {
        if (veto_by_[c])
            f.push_back(
                {std::string("Veto ") + team_name(c), rules_.veto_effect == VetoEffect::BAN_ALL
                                                          ? "no branching"
                                                          : "the other team may not branch"});
        if (overtime_[c])
            f.push_back({std::string("Overtime ") + team_name(c),
                         std::to_string(rules_.single_branch_bonus_ms / 1000) + " s per move"});
    }
    return f;
}

// --- events -------------------------------------------------------------------------------------

void BusinessMatch::on(const MoveSensed& e, std::vector<Decision>& out) {
    if (finished(out)) return;
    for (Branch& b : branches_)
        if (b.open && b.setup_board == e.board) {
            out.push_back({MoveRefused{config_.id, e.uci, e.board}, "X-6",
                           "board " + e.board + " must first show branch " +
                               std::to_string(b.number) + "'s position"});
            return;
        }
    // While a board is set up (a clone, board C) the clock is stopped for it (BC-II.3, BC-II.4):
    // no move counts on any board until the setup is confirmed.
    for (const Branch& b : branches_)
        if (b.open && !b.setup_board.empty()) {
            out.push_back({MoveRefused{config_.id, e.uci, e.board}, "BC-II.3",
                           "board " + e.board + ": the clock is stopped while board " +
                               b.setup_board + " is set up to branch " + std::to_string(b.number) +
                               "'s position; set the piece back and move once it is confirmed"});
            return;
        }
    if (clone_to_confirm_) {
        out.push_back({MoveRefused{config_.id, e.uci, e.board}, "BC-II.3",
                       "board " + e.board + ": the clock is stopped while the arbiter checks " +
                           "branch " + std::to_string(clone_to_confirm_) +
                           "'s clone with both captains; set the piece back and move after"});
        return;
    }
    Branch* b = on_board(e.board);
    if (!b) {
        ignore("BC-TREE-1", "no open branch is played on board " + e.board, out);
        return;
    }
    auto m = chess::parse_uci(b->game.position(), e.uci);
    if (!m) {
        out.push_back({MoveRefused{config_.id, e.uci, e.board}, "BC-I.22", m.error()});
        return;
    }
    // BC-A30: the first man he lifted on this board, if it can move, is the one he must move (the
    // arbiter rules: a lift may have been an adjustment the board cannot tell).
    if (rules_.touch_move && b->touched && b->touched_ply == b->ply() && m->from() != *b->touched) {
        const chess::Square t = *b->touched;
        const chess::MoveList moves = chess::legal_moves(b->game.position());
        if (std::any_of(moves.begin(), moves.end(), [&](chess::Move x) { return x.from() == t; }))
            out.push_back(
                {ArbiterFlag{config_.id, b->game.position().side_to_move(), "TOUCH_MOVE", e.board},
                 "BC-A30",
                 "board " + e.board + " (branch " + std::to_string(b->number) + "): the man on " +
                     chess::square_to_string(t) + " was lifted first and can move, then " + e.uci +
                     " was made: touch-move (FIDE 4.3); the arbiter rules"});
    }
    b->pending = *m;
    b->mismatch.clear();
    // A move that ends the branch's game ends it at once (FIDE-5.1.1): a mated branch takes no
    // part in key changes from then on (BC-I.16, BC-A24). Not when it repeats the move made this
    // turn on the other branch of this turn's branching: the two continuations must differ
    // (BC-BR-3), so it stays pending and the press finds it (the first of the two stands).
    chess::Position after = b->game.position();
    after.do_move(*m);
    if (chess::legal_moves(after).empty() || chess::is_dead_position(after)) {
        if (const Branch* other = branching_partner(*b); other && move_this_turn(*other) == *m)
            return;
        play_on(*b, *m, std::nullopt, "BC-I.16", out);
        close_if_over(*b, out);
        if (open_branches() == 0) finish("BC-A22", "no branch is left", out);
    }
}

void BusinessMatch::on(const BoardMismatch& e, std::vector<Decision>& /*out*/) {
    if (phase_ == MatchPhase::FINISHED) return;
    if (Branch* b = on_board(e.board)) {
        b->pending.reset();
        b->mismatch = e.squares;
    }
}

// BC-A30: a DGT board reports each square as it changes; the first man of the side to move to
// leave its square on a branch's board, before its move is read, is the one touched. (DGT code
// 0: the square is empty.)
void BusinessMatch::on(const BoardFieldUpdate& e, std::vector<Decision>& /*out*/) {
    constexpr int DGT_EMPTY = 0;
    if (!rules_.touch_move || !e.square || e.piece_code != DGT_EMPTY) return;
    Branch* b = on_board(e.board);
    if (!b || !b->ready() || b->pending) return;
    if (b->touched && b->touched_ply == b->ply()) return;  // the first lift binds
    const chess::Position& pos = b->game.position();
    const chess::Piece was = pos.piece_on(*e.square);
    if (was == chess::NO_PIECE || chess::color_of(was) != pos.side_to_move()) return;
    b->touched = *e.square;
    b->touched_ply = b->ply();
}

void BusinessMatch::on(const BoardRestored& e, std::vector<Decision>& out) {
    for (Branch& b : branches_)
        if (b.open && b.setup_board == e.board) {
            confirm_setup(b, b.setup_board == rules_.control_board ? "BC-II.4" : "BC-II.3", out);
            return;
        }
    if (Branch* b = on_board(e.board)) {
        b->pending.reset();  // the board shows the branch's position: no move on it
        b->mismatch.clear();
    }
}

void BusinessMatch::on(const ClockPressed& e, std::vector<Decision>& out) {
    if (finished(out)) return;
    if (e.side != turn_) {
        ignore("BC-I.8d",
               std::string(team_name(e.side)) + " pressed, but " + team_name(turn_) + " is to move",
               out);
        return;
    }
    if (phase_ == MatchPhase::PAUSED) {
        ignore("BC-II.3", "the clock is stopped (a board is being set up, or by the arbiter)", out);
        return;
    }
    // BC-CLK-1, BC-I.8b: every open branch needs exactly one move of the side to move (a sensed
    // move replaces the earlier one, so there is never more than one); BC-BR-3: a new daughter's
    // move differs from its mother's. Anything else goes to the arbiters, nothing is fixed.
    bool complete = true;
    for (const Branch& b : branches_) {
        if (!b.open) continue;
        if (!b.setup_board.empty()) {
            flag(turn_, "NOT_SET_UP", b.setup_board, "X-6",
                 "board " + b.setup_board + " has not confirmed branch " +
                     std::to_string(b.number) + "'s position",
                 out);
            complete = false;
        } else if (!b.pending) {
            flag(turn_, "INCOMPLETE_TURN", b.board, "BC-CLK-1",
                 "branch " + std::to_string(b.number) + " (board " + b.board + ") has no move of " +
                     team_name(turn_) +
                     (b.mismatch.empty() ? "" : ": the board matches no legal move"),
                 out);
            complete = false;
        }
    }
    if (record_.new_branch) {
        // The moves of this turn on the mother and the daughter, a mate that closed one of them
        // at once included: the one still pending must change.
        const Branch* d = branch(record_.new_branch);
        const Branch* m = branch(record_.mother);
        const auto dm = d ? move_this_turn(*d) : std::nullopt;
        if (d && m && dm && dm == move_this_turn(*m)) {
            const Branch* to_change = d->open && d->pending ? d : m;
            flag(turn_, "SAME_MOVE", to_change->board, "BC-BR-3",
                 "branches " + std::to_string(m->number) + " and " + std::to_string(d->number) +
                     " must continue with different moves (" + chess::to_uci(*dm) + ")",
                 out);
            complete = false;
        }
    }
    if (!complete) {
        incomplete(out);
        return;
    }
    commit_turn(e.remaining_ms, out);
}

// BC-A8: the press does not commit an incomplete move. Under `block` (and `penalty`, which also
// gives the opponent time) the clock does not switch and the team completes its move; under
// `flag` the clock ran on as an independent clock would, and the arbiter gives it back (his
// RESUME runs the team's clock again).
void BusinessMatch::incomplete(std::vector<Decision>& out) {
    const std::string team = team_name(turn_);
    if (rules_.incomplete_commit == IncompleteCommit::FLAG) {
        clock_.running = ~turn_;
        incomplete_flagged_ = true;
        flag(turn_, "INCOMPLETE_COMMIT", "", "BC-A8",
             team + " pressed with its move incomplete; the clock ran on: the arbiter stops it, " +
                 team + " completes its move on its own time (pause, then resume)",
             out);
        return;
    }
    clock_.running = turn_;
    out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_RUN, turn_, 0}, "BC-A8",
                   team + " has not completed its move"});
    if (rules_.incomplete_commit == IncompleteCommit::PENALTY && rules_.incomplete_penalty_ms > 0)
        add_time(~turn_, rules_.incomplete_penalty_ms, "BC-A8",
                 std::string(team_name(~turn_)) + " receives " +
                     std::to_string(rules_.incomplete_penalty_ms / 1000) + " s: " + team +
                     " pressed with its move incomplete",
                 out);
}

// BC-A1 opponent_next_turn: a veto lasts until the other team's next move is complete.
void BusinessMatch::lapse_vetoes(std::vector<Decision>& out) {
    for (chess::Color c : {chess::WHITE, chess::BLACK})
        if (veto_by_[c] && veto_ends_[c] && turns_ >= veto_ends_[c]) {
            veto_by_[c] = false;
            veto_ends_[c] = 0;
            out.push_back({GameNews{config_.id, "veto_lapsed", {{"team", team_name(c)}}}, "BC-A1",
                           std::string(team_name(c)) + "'s veto has lapsed: " + team_name(~c) +
                               "'s next move is complete"});
        }
}

void BusinessMatch::commit_turn(std::optional<std::int64_t> remaining_ms,
                                std::vector<Decision>& out) {
    const chess::Color mover = turn_;
    if (remaining_ms) clock_.of(mover) = *remaining_ms;
    for (Branch& b : branches_)
        if (b.open && b.pending) play_on(b, *b.pending, remaining_ms, "BC-I.8e", out);
    for (Branch& b : branches_)
        if (b.open) close_if_over(b, out);
    ++turns_;
    record_ = {};
    before_keys_.clear();
    incomplete_flagged_ = false;
    turn_ = ~mover;
    sync_game();
    lapse_vetoes(out);
    if (open_branches() == 0) {
        finish("BC-A22", "no branch is left", out);
        return;
    }
    // BC-I.7 with BC-A12: once one branch remains (the others closed), 30 s per move from then
    // on; a game that never branched gets none.
    // Under overtime_after_flag, only a team whose main time is used up (BC-A12).
    const bool increment =
        rules_.single_branch_time == SingleBranchTime::INCREMENT_FROM_NOW || overtime_[mover];
    if (increment && branches_.size() > 1 && open_branches() == 1 &&
        rules_.single_branch_bonus_ms > 0)
        add_time(
            mover, rules_.single_branch_bonus_ms,
            rules_.single_branch_time == SingleBranchTime::INCREMENT_FROM_NOW ? "BC-I.7" : "BC-A12",
            std::string(team_name(mover)) + " receives " +
                std::to_string(rules_.single_branch_bonus_ms / 1000) + " s: one branch remains",
            out);
    clock_.running = ~mover;
    out.push_back({ClockSwitched{config_.id, ~mover}, "BC-I.8e",
                   std::string(team_name(~mover)) + "'s clock runs: the move is complete"});
}

// BC-A22: the game ends when no branch is open; BC-I.20: the final score is the sum.
void BusinessMatch::finish(const char* rule, const std::string& why, std::vector<Decision>& out) {
    phase_ = MatchPhase::FINISHED;
    outcome_ = score_.white > score_.black   ? win_for(chess::WHITE)
               : score_.white < score_.black ? win_for(chess::BLACK)
                                             : Match::draw();
    termination_ = "score " + points(score_.white) + ":" + points(score_.black);
    clock_.running.reset();
    out.push_back({GameEnded{config_.id, outcome_.text(), termination_}, rule,
                   why + "; final score " + points(score_.white) + " : " + points(score_.black) +
                       " (BC-I.20), return game rating " + std::to_string(return_rating()) +
                       " (BC-I.21)"});
    out.push_back({ScoreChanged{config_.id, score_.white, score_.black}, "BC-I.20",
                   "final score " + points(score_.white) + " : " + points(score_.black)});
    announced_ = score_;
    out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_PAUSE, chess::WHITE, 0}, rule,
                   "the game is over: stop the clock"});
}

int BusinessMatch::return_rating() const {
    if (phase_ != MatchPhase::FINISHED) return rules_.game_rating;
    return return_game_rating(score_, rules_.game_rating, rules_.return_rating_half_up);
}

// BC-A14: the flagged team loses every open branch, except where the other team cannot mate
// (drawn, FIDE-6.9).
void BusinessMatch::on(const FlagFell& e, std::vector<Decision>& out) {
    if (finished(out)) return;
    clock_.of(e.side) = 0;
    // BC-A12 overtime_after_flag: with one branch left, the first flag is the end of the main
    // time, not of the game: 30 s for this move and each one after it.
    if (rules_.single_branch_time == SingleBranchTime::OVERTIME_AFTER_FLAG && !overtime_[e.side] &&
        branches_.size() > 1 && open_branches() == 1 && rules_.single_branch_bonus_ms > 0) {
        overtime_[e.side] = true;
        add_time(e.side, rules_.single_branch_bonus_ms, "BC-A12",
                 std::string(team_name(e.side)) + "'s main time is used up: " +
                     std::to_string(rules_.single_branch_bonus_ms / 1000) +
                     " s per move from now (one branch remains)",
                 out);
        out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_RESUME, e.side, 0}, "BC-A12",
                       std::string(team_name(e.side)) + " plays on in overtime"});
        return;
    }
    for (Branch& b : branches_) {
        if (!b.open) continue;
        if (chess::could_checkmate(b.game.position(), ~e.side))
            close(b, win_for(~e.side).text(), "time forfeit", "BC-A14",
                  std::string(team_name(e.side)) + "'s flag fell", true, out);
        else
            close(b, "1/2-1/2", "time forfeit", "BC-A14",
                  std::string(team_name(e.side)) + "'s flag fell, but " + team_name(~e.side) +
                      " cannot mate here (FIDE-6.9)",
                  true, out);
    }
    finish("BC-A14", std::string(team_name(e.side)) + "'s flag fell", out);
}

void BusinessMatch::on(const DrawClaimed& /*e*/, std::vector<Decision>& out) {
    ignore("BC-A28",
           "a draw is claimed per branch: key change 'draw' with the branch and the claim", out);
}

// BC-I.10 with BC-A10/A11: one member of a team at a time beyond its red line. The sensor
// counts, it does not identify: the arbiter names the member (a card, BC-I.11).
void BusinessMatch::on(const BeamCrossed& e, std::vector<Decision>& out) {
    ChessMatch::on(e, out);
    if (e.inward && rules_.cross_only_on_own_turn && e.zone != turn_ &&
        phase_ != MatchPhase::FINISHED)
        flag(e.zone, "CROSSED_OUT_OF_TURN", "", "BC-A11",
             std::string("a member of ") + team_name(e.zone) + " crossed the red line while " +
                 team_name(turn_) + " is to move (cross_only_on_own_turn)",
             out);
    if (e.inward && zone_occupancy_[e.zone] >= 2)
        flag(e.zone, "SECOND_CROSSER", "", "BC-I.10",
             std::to_string(zone_occupancy_[e.zone]) + " members of " + team_name(e.zone) +
                 " are beyond the red line: the arbiter identifies the second one (BC-I.11)",
             out);
}

// X-3 across the tree: the arbiter takes the whole game back to the position after `ply` plies,
// on every open branch at once (each turn moves every branch, so a turn is taken back
// everywhere). Only while the tree is the same then and now: no branch born or closed and no
// rating changed after that ply (undoing those is the teams' `withdraw` during the turn, or a
// declared result); cards, vetoes, replacements and confirmations stand. The boards must show
// the positions again before play goes on.
void BusinessMatch::take_back(const ArbiterAction& e, std::vector<Decision>& out) {
    if (finished(out)) return;
    int now = -1;
    for (const Branch& b : branches_)
        if (b.open) now = std::max(now, b.ply());
    const int to = e.ply;
    if (to < 0 || to >= now) {
        ignore("X-3",
               "restore_position: ply " + std::to_string(to) + " is not before the game's ply " +
                   std::to_string(now),
               out);
        return;
    }
    for (const Branch& b : branches_) {
        const std::string which = "branch " + std::to_string(b.number);
        std::string why;
        if (b.parent && b.split_ply >= to)
            why = which + " split from branch " + std::to_string(b.parent) + " at ply " +
                  std::to_string(b.split_ply);
        else if (!b.setup_board.empty())
            why = which + " is being set up on board " + b.setup_board;
        // A step at ply `to` was made in the turn being taken back (a pass, a selection, a
        // resignation) unless it is the board's own end of the branch by its `to`-th move.
        for (const RatingStep& h : b.history) {
            const bool by_board =
                h.why == "checkmate" || h.why == "stalemate" || h.why == "dead position";
            if (why.empty() && h.why != "start" && (h.ply > to || (h.ply == to && !by_board)))
                why = which + ": " + h.why + " at ply " + std::to_string(h.ply);
        }
        if (!why.empty()) {
            ignore("X-3",
                   "restore_position to ply " + std::to_string(to) +
                       " would undo the tree: " + why +
                       "; take back no further than that, or correct it with "
                       "declare_result",
                   out);
            return;
        }
    }
    for (Branch& b : branches_) {
        if (!b.open) continue;
        while (b.ply() > to) b.game.undo();
        if (b.clocks.size() > std::size_t(to)) b.clocks.resize(std::size_t(to));
        b.pending.reset();
        b.mismatch.clear();
        b.touched.reset();
        out.push_back({RestoreRequired{config_.id, b.game.position().fen(), {}}, "X-3",
                       "board " + b.board + " (branch " + std::to_string(b.number) +
                           ") goes back to the position after ply " + std::to_string(to) + ": " +
                           e.note});
    }
    // Every open branch is at ply `to` now, so each has the same side to move.
    chess::Color side = turn_;
    for (const Branch& b : branches_)
        if (b.open) side = b.game.position().side_to_move();
    turn_ = side;
    clock_.running = side;
    out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_RUN, side, 0, 0}, "X-3",
                   std::string(team_name(side)) + " is to move again"});
}

void BusinessMatch::on(const ArbiterAction& e, std::vector<Decision>& out) {
    using K = ArbiterActionKind;
    if (e.note.empty()) {
        ignore("X-3", "an arbiter's action needs a note saying why", out);
        return;
    }
    switch (e.kind) {
        case K::WARN:
        case K::REMOVE:
            card(e, out);
            return;
        case K::RESUME:
            // BC-II.3: the arbiter's resume is the check of the clone with both captains.
            clone_to_confirm_ = 0;
            // BC-A19: the arbiter may resume without the board's confirmation (he checked it).
            for (Branch& b : branches_)
                if (b.open && !b.setup_board.empty()) {
                    b.board = b.setup_board;
                    if (b.board == rules_.control_board) on_board_c_ = true;
                    b.setup_board.clear();
                }
            ChessMatch::on(e, out);
            if (phase_ != MatchPhase::FINISHED)
                phase_ = turns_ ? MatchPhase::PLAYING : MatchPhase::WAITING;
            if (incomplete_flagged_ && phase_ != MatchPhase::FINISHED) {
                // BC-A8 flag: the clock ran on after the incomplete press; it is the team's again.
                incomplete_flagged_ = false;
                clock_.running = turn_;
                out.push_back(
                    {DeviceCommand{"hub", DeviceAction::CLOCK_RUN, turn_, 0}, "BC-A8",
                     std::string(team_name(turn_)) + "'s clock runs again: it completes its move"});
            }
            return;
        case K::CONFIRM_SCORE:
            // BC-II.5: the arbiter's notebook. The display follows the host's score at once;
            // his confirmation is the record that he checked it.
            if (confirmed_ == score_) {
                ignore("BC-II.5",
                       "the score " + points(score_.white) + " : " + points(score_.black) +
                           " is confirmed already",
                       out);
                return;
            }
            confirmed_ = score_;
            out.push_back({GameNews{config_.id,
                                    "score_confirmed",
                                    {{"white", points(score_.white)},
                                     {"black", points(score_.black)},
                                     {"arbiter", e.arbiter}}},
                           "BC-II.5",
                           "the arbiter confirms the score " + points(score_.white) + " : " +
                               points(score_.black) + ": " + e.note});
            return;
        case K::ENTER_MOVE: {
            if (finished(out)) return;
            Branch* b = find(e.ref);
            if (!b && open_branches() == 1)
                for (Branch& x : branches_)
                    if (x.open) b = &x;
            if (!b || !b->ready()) {
                ignore("X-3", "enter_move: ref must name an open branch", out);
                return;
            }
            on(MoveSensed{e.match, b->board, e.text}, out);
            return;
        }
        case K::DECLARE_RESULT: {
            if (finished(out)) return;
            Branch* b = find(e.ref);
            if (!b || !b->open) {
                ignore("X-3", "declare_result: ref must name an open branch", out);
                return;
            }
            if (e.result != "1-0" && e.result != "0-1" && e.result != "1/2-1/2") {
                ignore("X-3", "'" + e.result + "' is not a result", out);
                return;
            }
            close(*b, e.result, e.text.empty() ? "arbiter decision" : e.text, "X-3",
                  "arbiter: " + e.note, true, out);
            if (open_branches() == 0) finish("BC-A22", "no branch is left", out);
            return;
        }
        case K::RESTORE_POSITION:
            take_back(e, out);
            return;
        case K::ILLEGAL_MOVE_STANDS:
            // A branch is one game in a tree of them (its PGN names its parent and split ply);
            // a move outside the rules would need a new part of one branch. Not offered yet.
            ignore("X-3",
                   "an illegal move standing in a branch is not supported yet: restore the "
                   "branch's board, or end the branch with declare_result",
                   out);
            return;
        default:
            ChessMatch::on(e, out);
    }
}

}  // namespace venue::games::business
