// Business Chess: the representative's entries (event KeyChange). The key changes of BC-I.13
// (branching, selection, passing) and resignations, draws, the veto, board C and replacements.
// Each is accepted (KeyChangeAccepted plus its effects) or refused with a code; a refused entry
// changes nothing.
#include <algorithm>

#include "chess/uci.h"
#include "games/business/rules/business_match.h"

namespace venue::games::business {

using namespace venue::engine;

namespace {

const char* team_name(chess::Color c) {
    return c == chess::WHITE ? "White" : "Black";
}

std::string loss_for(chess::Color c) {
    return c == chess::WHITE ? "0-1" : "1-0";
}

std::string branch_name(int n) {
    return "branch " + std::to_string(n);
}

}  // namespace

void BusinessMatch::refuse(const KeyChange& e, const char* code, const char* rule,
                           const std::string& why, std::vector<Decision>& out) {
    out.push_back({KeyChangeRefused{config_.id, e.side, to_string(e.kind), code}, rule,
                   std::string(team_name(e.side)) + " " + to_string(e.kind) + ": " + why});
}

void BusinessMatch::accepted(const KeyChange& e, const char* rule, const std::string& why,
                             std::vector<Decision>& out) {
    out.push_back({KeyChangeAccepted{config_.id, e.side, to_string(e.kind), e.from_branch,
                                     e.to_branch, e.amount},
                   rule, std::string(team_name(e.side)) + ": " + why});
}

Branch* BusinessMatch::open_branch(const KeyChange& e, int number, std::vector<Decision>& out) {
    Branch* b = find(number);
    if (!b) {
        refuse(e, "NO_BRANCH", "BC-BR-1", "there is no " + branch_name(number), out);
        return nullptr;
    }
    if (!b->open) {
        // BC-I.16: nothing involves a mated branch; BC-I.17: nor any other closed one.
        const bool mated = b->termination == "checkmate";
        refuse(e, "BRANCH_CLOSED", mated ? "BC-I.16" : "BC-I.17",
               branch_name(number) + " is closed (" + b->result + ", " + b->termination + ")", out);
        return nullptr;
    }
    if (!b->setup_board.empty()) {
        refuse(e, "NOT_READY", "X-6",
               "board " + b->setup_board + " has not yet confirmed " + branch_name(number), out);
        return nullptr;
    }
    return b;
}

void BusinessMatch::on(const KeyChange& e, std::vector<Decision>& out) {
    if (finished(out)) return;
    // BC-A18: only the team to move, within its own turn (a draw or board C may be asked by
    // either team; a replacement needs the team's clock stopped instead).
    const bool either = e.kind == KeyChangeKind::DRAW || e.kind == KeyChangeKind::BOARD_C ||
                        e.kind == KeyChangeKind::REPLACE;
    if (!either && e.side != turn_) {
        refuse(e, "NOT_TEAM_TURN", e.kind == KeyChangeKind::VETO ? "BC-A29" : "BC-A18",
               std::string(team_name(turn_)) + " is to move", out);
        return;
    }
    if (not_the_representative(e, out)) return;
    const bool key = e.kind == KeyChangeKind::BRANCH || e.kind == KeyChangeKind::SELECT ||
                     e.kind == KeyChangeKind::PASS;
    if (key && on_board_c_) {
        refuse(e, "BOARD_C", "BC-A13", "play goes on on the control board: no key changes", out);
        return;
    }
    // BC-A30: the tree before the turn's first rating operation, for a withdrawal.
    const bool rating_operation = key || e.kind == KeyChangeKind::RESIGN;
    const TurnRecord before = record_;
    std::string snapshot = rating_operation && before_keys_.empty() ? extra_snapshot() : "";
    switch (e.kind) {
        case KeyChangeKind::BRANCH:
            branch_off(e, out);
            break;
        case KeyChangeKind::SELECT:
            select(e, out);
            break;
        case KeyChangeKind::PASS:
            pass(e, out);
            break;
        case KeyChangeKind::RESIGN:
            resign(e, out);
            break;
        case KeyChangeKind::DRAW:
            draw(e, out);
            return;
        case KeyChangeKind::VETO:
            veto(e, out);
            return;
        case KeyChangeKind::BOARD_C:
            board_c(e, out);
            return;
        case KeyChangeKind::REPLACE:
            replace(e, out);
            return;
        case KeyChangeKind::WITHDRAW:
            withdraw(e, out);
            return;
    }
    // A rating operation that took effect: the first of the turn keeps the tree before it.
    const bool took_effect =
        record_.key_changes != before.key_changes || record_.resigned != before.resigned;
    if (took_effect && before_keys_.empty() && phase_ != MatchPhase::FINISHED)
        before_keys_ = std::move(snapshot);
}

// BC-A30: "rating operations may be changed until the press". The tree, the ratings, the score
// and the table go back to the snapshot taken before the turn's first one; what else happened
// since stands (the moves sensed on the branches still there, cards, vetoes, replacements, the
// arbiter's confirmations). A clone being set up for a withdrawn branching is called off and the
// clock, stopped for it, runs again.
void BusinessMatch::withdraw(const KeyChange& e, std::vector<Decision>& out) {
    if (before_keys_.empty()) {
        refuse(e, "NOTHING_TO_WITHDRAW", "BC-A30",
               "no branching, selection, pass or resignation this move", out);
        return;
    }
    const std::vector<Branch> now = branches_;
    const Score score_now = score_;
    const auto members = members_;
    const auto veto_by = veto_by_;
    const auto vetoes = vetoes_;
    const auto veto_ends = veto_ends_;
    const Score confirmed = confirmed_;
    const auto overtime = overtime_;
    const bool incomplete_flagged = incomplete_flagged_;
    const auto designated = designated_;
    const auto replacements = replacements_;
    const bool was_setting_up =
        clone_to_confirm_ != 0 || std::any_of(now.begin(), now.end(), [](const Branch& b) {
            return b.open && !b.setup_board.empty();
        });
    if (!restore_extra(before_keys_)) {
        refuse(e, "NOTHING_TO_WITHDRAW", "BC-A30", "the earlier tree cannot be read back", out);
        return;
    }
    members_ = members;
    veto_by_ = veto_by;
    vetoes_ = vetoes;
    veto_ends_ = veto_ends;
    confirmed_ = confirmed;
    overtime_ = overtime;
    incomplete_flagged_ = incomplete_flagged;
    designated_ = designated;
    replacements_ = replacements;
    before_keys_.clear();
    accepted(e, "BC-A30", "withdraws its key changes of this move: the tree is as before them",
             out);
    for (Branch& b : branches_) {
        const auto was = std::find_if(now.begin(), now.end(),
                                      [&](const Branch& x) { return x.number == b.number; });
        if (was == now.end()) continue;
        if (b.open && was->open && was->pending) b.pending = was->pending;  // the move stands
        if (b.rating != was->rating || b.open != was->open)
            out.push_back({RatingChanged{config_.id, b.number, b.rating}, "BC-A30",
                           "branch " + std::to_string(b.number) + ": rating " +
                               std::to_string(b.rating) + " again" +
                               (b.open && !was->open ? ", open again" : "")});
    }
    for (const Branch& x : now)
        if (!branch(x.number))
            out.push_back(
                {GameNews{config_.id,
                          "branch_withdrawn",
                          {{"branch", std::to_string(x.number)},
                           {"board", x.setup_board.empty() ? x.board : x.setup_board}}},
                 "BC-A30",
                 "branch " + std::to_string(x.number) + " is withdrawn: its board is free again"});
    if (score_ != score_now)
        out.push_back({ScoreChanged{config_.id, score_.white, score_.black}, "BC-A30",
                       "the score is as before the withdrawn selection"});
    const bool setting_up = std::any_of(branches_.begin(), branches_.end(), [](const Branch& b) {
        return b.open && !b.setup_board.empty();
    });
    if (was_setting_up && !setting_up && phase_ == MatchPhase::PAUSED) {
        phase_ = turns_ || !branches_.front().game.moves().empty() ? MatchPhase::PLAYING
                                                                   : MatchPhase::WAITING;
        out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_RESUME, turn_, 0}, "BC-A30",
                       "no board is set up any more: the clock runs again"});
    }
}

// BC-BR-3, BC-DEF-1: the mother's position is cloned onto a free board and its rating split.
void BusinessMatch::branch_off(const KeyChange& e, std::vector<Decision>& out) {
    for (chess::Color c : {~e.side, e.side}) {
        // BC-A1: a veto forbids the other team's branching, or under ban_all_branching anyone's.
        if (!veto_by_[c] || (c == e.side && rules_.veto_effect != VetoEffect::BAN_ALL)) continue;
        refuse(e, "VETOED", "BC-A1",
               std::string(team_name(c)) + " has vetoed " +
                   (c == e.side ? "all branching" : "branching") +
                   (veto_ends_[c] ? " until " + std::string(team_name(~c)) + "'s next move"
                                  : std::string()),
               out);
        return;
    }
    if (record_.key_changes > 0) {
        refuse(e, "ONE_KEY_CHANGE", "BC-I.13", "one key change per move (BC-BR-5)", out);
        return;
    }
    if (record_.resigned) {
        refuse(e, "RESIGN_PLUS_BRANCH", "BC-A6",
               "a resignation may come with a pass, not with a branching", out);
        return;
    }
    Branch* mother = open_branch(e, e.from_branch, out);
    if (!mother) return;
    if (mother->rating < 2) {
        refuse(e, "RATING_ONE", "BC-A2", "a branch of rating 1 cannot be split", out);
        return;
    }
    if (e.amount < 1 || e.amount >= mother->rating) {
        refuse(e, "BAD_SPLIT", "BC-A2",
               "each daughter needs at least 1 of the mother's " + std::to_string(mother->rating),
               out);
        return;
    }
    if (open_branches() >= rules_.max_branches) {
        refuse(e, "NO_FREE_BOARD", "BC-I.1",
               std::to_string(rules_.max_branches) + " branches are open already", out);
        return;
    }
    auto board = free_board(e.board);
    if (!board) {
        refuse(e, "NO_FREE_BOARD", "BC-BR-4",
               e.board.empty() ? "no demonstration board is free"
                               : "board " + e.board + " is not a free demonstration board",
               out);
        return;
    }
    Branch d;
    d.number = next_branch_++;
    d.parent = mother->number;
    d.split_ply = mother->ply();
    d.game = mother->game;  // BC-A28: the whole history, for the draw rules
    d.clocks = mother->clocks;
    d.rating = e.amount;
    d.history.push_back({d.split_ply, d.rating, "split from " + branch_name(mother->number)});
    const int mother_number = mother->number;
    const int mother_rating = mother->rating - e.amount;
    record_.key_changes++;
    record_.new_branch = d.number;
    record_.mother = mother_number;
    accepted(e, "BC-BR-3",
             branch_name(mother_number) + " splits; " + branch_name(d.number) + " on board " +
                 *board + " takes " + std::to_string(e.amount),
             out);
    out.push_back({BranchOpened{config_.id, d.number, mother_number, *board, d.split_ply, d.rating},
                   "BC-BR-3",
                   branch_name(d.number) + " opens on board " + *board + " from " +
                       branch_name(mother_number) + " after ply " + std::to_string(d.split_ply)});
    branches_.push_back(std::move(d));
    Branch& daughter = branches_.back();
    set_rating(*find(mother_number), mother_rating, "split, " + branch_name(daughter.number), out);
    setup(daughter, *board, "BC-II.3",
          "set " + branch_name(mother_number) + "'s position on board " + *board +
              " (the clone, checked with the captains)",
          out);
}

// BC-SEL-1, BC-DEF-2 with BC-A4: resign a branch and move its rating to one or more others; the
// opponent scores that rating.
void BusinessMatch::select(const KeyChange& e, std::vector<Decision>& out) {
    if (record_.resigned) {
        refuse(e, "ONE_RESIGNATION", "BC-I.14", "one resignation per move", out);
        return;
    }
    if (record_.key_changes > 0) {
        refuse(e, "ONE_KEY_CHANGE", "BC-I.13", "one key change per move (BC-SEL-3)", out);
        return;
    }
    Branch* from = open_branch(e, e.from_branch, out);
    if (!from) return;
    std::vector<RatingShare> shares = e.shares;
    if (shares.empty()) shares.push_back({e.to_branch, from->rating});
    int total = 0;
    for (const RatingShare& s : shares) {
        if (s.branch == from->number) {
            refuse(e, "SAME_BRANCH", "BC-DEF-2", "the rating goes to the remaining branches", out);
            return;
        }
        if (!open_branch(e, s.branch, out)) return;
        if (s.amount < 1) {
            refuse(e, "BAD_SPLIT", "BC-A4", "every recipient gets at least 1", out);
            return;
        }
        total += s.amount;
    }
    if (total != from->rating) {
        refuse(e, "BAD_SPLIT", "BC-A4",
               "the shares (" + std::to_string(total) + ") must make up the rating " +
                   std::to_string(from->rating),
               out);
        return;
    }
    record_.key_changes++;
    record_.resigned = true;
    accepted(e, "BC-SEL-1",
             "resigns " + branch_name(from->number) + " and selects its " +
                 std::to_string(from->rating) + " into " + std::to_string(shares.size()) +
                 " branch(es)",
             out);
    close(*from, loss_for(e.side), "selection", "BC-SEL-1",
          std::string(team_name(~e.side)) + " scores the rating", false, out);
    for (const RatingShare& s : shares) {
        Branch& to = *find(s.branch);
        set_rating(
            to, to.rating + s.amount,
            "selection of " + std::to_string(s.amount) + " from " + branch_name(e.from_branch),
            out);
    }
    if (open_branches() == 0) finish("BC-A22", "no branch is left", out);
}

// BC-PASS-1, BC-I.15 with BC-A7: one unit of rating from one open branch to another.
void BusinessMatch::pass(const KeyChange& e, std::vector<Decision>& out) {
    if (record_.key_changes > 0) {
        refuse(e, "ONE_KEY_CHANGE", "BC-I.13", "one key change per move", out);
        return;
    }
    if (e.amount != 1 && e.amount != 0) {
        refuse(e, "PASS_ONE_UNIT", "BC-PASS-1", "a pass moves exactly one unit of rating", out);
        return;
    }
    if (e.from_branch == e.to_branch) {
        refuse(e, "SAME_BRANCH", "BC-A7", "a pass goes to another branch", out);
        return;
    }
    Branch* from = open_branch(e, e.from_branch, out);
    if (!from || !open_branch(e, e.to_branch, out)) return;
    if (from->rating < 2) {
        refuse(e, "RATING_ONE", "BC-I.15", branch_name(from->number) + " has rating 1", out);
        return;
    }
    record_.key_changes++;
    accepted(e, "BC-PASS-1",
             "passes 1 from " + branch_name(e.from_branch) + " to " + branch_name(e.to_branch),
             out);
    set_rating(*from, from->rating - 1, "pass to " + branch_name(e.to_branch), out);
    Branch& to = *find(e.to_branch);
    set_rating(to, to.rating + 1, "pass from " + branch_name(e.from_branch), out);
}

// BC-I.14: a resignation without selection (its chips to the arbiters' table, BC-I.17); a pass
// may follow in the same move, a branching may not (BC-A6).
void BusinessMatch::resign(const KeyChange& e, std::vector<Decision>& out) {
    if (record_.resigned) {
        refuse(e, "ONE_RESIGNATION", "BC-I.14", "one resignation per move", out);
        return;
    }
    if (record_.new_branch) {
        refuse(e, "RESIGN_PLUS_BRANCH", "BC-A6", "no resignation in a move with a branching", out);
        return;
    }
    Branch* b = open_branch(e, e.from_branch, out);
    if (!b) return;
    record_.resigned = true;
    accepted(e, "BC-I.14", "resigns " + branch_name(b->number), out);
    close(*b, loss_for(e.side), "resignation", "BC-I.17", "its chips go to the arbiters' table",
          true, out);
    if (open_branches() == 0) finish("BC-A22", "no branch is left", out);
}

// BC-A15 (agreement, recorded by the arbiter) and BC-A28 (the Laws' claims, per branch).
void BusinessMatch::draw(const KeyChange& e, std::vector<Decision>& out) {
    Branch* b = open_branch(e, e.from_branch, out);
    if (!b) return;
    if (!e.claim.empty() && e.claim != "threefold" && e.claim != "fifty_moves") {
        refuse(e, "BAD_CLAIM", "BC-A28", "'" + e.claim + "' is not a draw claim", out);
        return;
    }
    const char* rule = "BC-A15";
    std::string termination = "agreement";
    if (e.claim == "threefold" || e.claim == "fifty_moves") {
        const bool three = e.claim == "threefold";
        const bool valid = three ? (b->pending ? b->game.can_claim_threefold_with(*b->pending)
                                               : b->game.can_claim_threefold())
                                 : (b->pending ? b->game.can_claim_fifty_moves_with(*b->pending)
                                               : b->game.can_claim_fifty_moves());
        if (!valid) {
            refuse(e, "INCORRECT_CLAIM", "FIDE-9.5.3",
                   "the claim in " + branch_name(b->number) + " is incorrect", out);
            add_time(~e.side, config_.penalties.incorrect_claim_bonus_ms, "FIDE-9.5.3",
                     std::string(team_name(~e.side)) + " receives time for the incorrect claim",
                     out);
            return;
        }
        rule = "BC-A28";
        termination = three ? "threefold repetition" : "50-move rule";
    }
    accepted(e, rule, branch_name(b->number) + " drawn (" + termination + ")", out);
    close(*b, "1/2-1/2", termination, "BC-I.17", "its chips go to the arbiters' table", true, out);
    if (open_branches() == 0) finish("BC-A22", "no branch is left", out);
}

// BC-I.6, BC-I.18 with BC-A1 and BC-A29: while its own clock runs with less than the window
// left, a team may forbid the other team to branch for the rest of the game, once.
void BusinessMatch::veto(const KeyChange& e, std::vector<Decision>& out) {
    if (rules_.veto_count > 0 && vetoes_[e.side] >= rules_.veto_count) {
        refuse(e, "VETO_USED", "BC-A1",
               rules_.veto_count == 1
                   ? std::string("a team has one veto")
                   : "a team has " + std::to_string(rules_.veto_count) + " vetoes",
               out);
        return;
    }
    if (veto_by_[e.side]) {
        refuse(e, "VETO_IN_FORCE", "BC-A1", "the team's veto is in force already", out);
        return;
    }
    if (clock_.running != e.side || phase_ == MatchPhase::PAUSED) {
        refuse(e, "VETO_NOT_ALLOWED", "BC-I.18",
               std::string(team_name(e.side)) + "'s clock is not running", out);
        return;
    }
    if (clock_.of(e.side) >= rules_.veto_window_ms) {
        refuse(e, "VETO_NOT_ALLOWED", "BC-I.18",
               std::string(team_name(e.side)) + " has " + std::to_string(clock_.of(e.side) / 1000) +
                   " s left, not less than " + std::to_string(rules_.veto_window_ms / 1000),
               out);
        return;
    }
    veto_by_[e.side] = true;
    ++vetoes_[e.side];
    // opponent_next_turn: it lapses when the other team's next move is complete, two presses on.
    const bool next_turn = rules_.veto_scope == VetoScope::OPPONENT_NEXT_TURN;
    veto_ends_[e.side] = next_turn ? turns_ + 2 : 0;
    const std::string who = rules_.veto_effect == VetoEffect::BAN_ALL
                                ? std::string("neither team may branch")
                                : std::string(team_name(~e.side)) + " may not branch";
    accepted(
        e, "BC-I.18",
        "vetoes branching: " + who + " " +
            (next_turn ? "until " + std::string(team_name(~e.side)) + "'s next move is complete"
                       : std::string("for the rest of the game")) +
            " (BC-A1)",
        out);
}

// BC-I.7, BC-II.4 with BC-A13: at either team's request the last branch moves to board C.
// "The last": one branch left in the endgame, after the game has branched (BC-I.7, BC-II.4 and
// BC-III.6 speak of the endgame of the last remaining branch). A game that never branched has no
// last branch: board C then would be a veto on all branching for the rest of the game (BC-A13
// ends the key changes), which either team could impose at any time, without BC-I.18's
// conditions.
void BusinessMatch::board_c(const KeyChange& e, std::vector<Decision>& out) {
    if (on_board_c_) {
        refuse(e, "BOARD_C_DONE", "BC-II.4", "play is on the control board already", out);
        return;
    }
    if (branches_.size() < 2) {
        refuse(e, "NEVER_BRANCHED", "BC-I.7",
               "board C is for the last branch left after branching; this game has not branched "
               "(to forbid branching, a team uses its veto: BC-I.18)",
               out);
        return;
    }
    if (open_branches() != 1) {
        refuse(e, "NOT_ONE_BRANCH", "BC-I.7",
               std::to_string(open_branches()) + " branches are open; board C is for the last one",
               out);
        return;
    }
    Branch* b = nullptr;
    for (Branch& x : branches_)
        if (x.open) b = &x;
    if (!b->setup_board.empty()) {
        refuse(e, "NOT_READY", "X-6", "board " + b->setup_board + " is being set up", out);
        return;
    }
    b->pending.reset();
    accepted(e, "BC-I.7", "the game goes on on the control board", out);
    setup(*b, rules_.control_board, "BC-II.4",
          "set " + branch_name(b->number) + "'s position on the control board " +
              rules_.control_board,
          out);
}

}  // namespace venue::games::business
