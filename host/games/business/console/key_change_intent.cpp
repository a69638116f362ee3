#include "games/business/console/key_change_intent.h"

namespace venue::games::business {

using console::ArbiterIntent;
using engine::KeyChangeKind;

namespace {

const char* team(chess::Color c) {
    return c == chess::WHITE ? "White" : "Black";
}

std::string branch(int n) {
    return "branch " + std::to_string(n);
}

std::string chips(int n) {
    return std::to_string(n) + (n == 1 ? " chip" : " chips");
}

}  // namespace

const char* key_change_label(KeyChangeKind kind) {
    switch (kind) {
        case KeyChangeKind::BRANCH:
            return "Branch";
        case KeyChangeKind::SELECT:
            return "Select";
        case KeyChangeKind::PASS:
            return "Pass";
        case KeyChangeKind::RESIGN:
            return "Resign";
        case KeyChangeKind::DRAW:
            return "Draw";
        case KeyChangeKind::VETO:
            return "Veto";
        case KeyChangeKind::BOARD_C:
            return "Board C";
        case KeyChangeKind::REPLACE:
            return "Replace";
        case KeyChangeKind::WITHDRAW:
            return "Withdraw";
    }
    return "?";
}

Result<engine::Event, std::string> key_change_event(const ArbiterIntent& in,
                                                    io::HostNanos host_ns) {
    if (!in.key) return unexpected(std::string("not a Business Chess entry"));
    engine::KeyChange k = console::key_change_of(in);
    auto need = [](const char* what) { return unexpected(std::string(what)); };
    switch (k.kind) {
        case KeyChangeKind::BRANCH:
            if (k.from_branch <= 0) return need("choose the mother branch");
            if (k.amount < 1) return need("the new branch needs at least 1 chip of its mother");
            k.to_branch = 0;
            k.shares.clear();
            break;
        case KeyChangeKind::SELECT:
            if (k.from_branch <= 0) return need("choose the branch to resign");
            if (k.shares.empty()) {
                if (k.to_branch <= 0) return need("choose the branch that receives the rating");
                if (k.to_branch == k.from_branch) return need("the rating goes to another branch");
            } else {
                k.to_branch = 0;
                for (const engine::RatingShare& s : k.shares) {
                    if (s.branch == k.from_branch)
                        return need("the rating goes to the other branches");
                    if (s.amount < 1) return need("every recipient gets at least 1 chip");
                }
            }
            k.board.clear();
            k.amount = 0;
            break;
        case KeyChangeKind::PASS:
            if (k.from_branch <= 0 || k.to_branch <= 0)
                return need("choose the branch that gives and the one that receives");
            if (k.from_branch == k.to_branch) return need("a pass goes to another branch");
            k.amount = 1;  // BC-PASS-1: exactly one unit
            k.shares.clear();
            k.board.clear();
            break;
        case KeyChangeKind::RESIGN:
        case KeyChangeKind::DRAW:
            if (k.from_branch <= 0) return need("choose the branch");
            if (k.kind == KeyChangeKind::DRAW && !k.claim.empty() && k.claim != "threefold" &&
                k.claim != "fifty_moves")
                return need("a draw is by agreement, threefold or fifty_moves");
            k.to_branch = 0;
            k.amount = 0;
            k.shares.clear();
            k.board.clear();
            break;
        case KeyChangeKind::VETO:
        case KeyChangeKind::BOARD_C:
        case KeyChangeKind::WITHDRAW:
            k.from_branch = k.to_branch = k.amount = 0;
            k.shares.clear();
            k.board.clear();
            break;
        case KeyChangeKind::REPLACE:
            if (k.player.empty()) return need("choose the player going out");
            if (k.in_player.empty()) return need("choose the reserve coming in");
            if (k.player == k.in_player) return need("a player cannot replace himself");
            break;
    }
    if (k.kind != KeyChangeKind::DRAW) k.claim.clear();
    if (k.kind != KeyChangeKind::REPLACE) k.in_player.clear();
    return engine::Event{host_ns, std::nullopt, std::move(k)};
}

std::string key_change_words(const engine::KeyChange& k,
                             const std::function<std::string(const std::string&)>& who) {
    const std::string t = team(k.side);
    switch (k.kind) {
        case KeyChangeKind::BRANCH:
            return t + ": " + branch(k.from_branch) + " splits, " + chips(k.amount) +
                   " to a new branch on " +
                   (k.board.empty() ? std::string("the next free board") : "board " + k.board);
        case KeyChangeKind::SELECT: {
            std::string s = t + " resigns " + branch(k.from_branch) + " and selects its rating ";
            if (k.shares.empty()) return s + "into " + branch(k.to_branch);
            s += "into ";
            for (std::size_t i = 0; i < k.shares.size(); ++i)
                s += (i ? ", " : "") + branch(k.shares[i].branch) + " (" +
                     std::to_string(k.shares[i].amount) + ")";
            return s;
        }
        case KeyChangeKind::PASS:
            return t + " passes 1 chip from " + branch(k.from_branch) + " to " +
                   branch(k.to_branch);
        case KeyChangeKind::RESIGN:
            return t + " resigns " + branch(k.from_branch) +
                   " without selection (its chips go to the arbiters' table)";
        case KeyChangeKind::DRAW:
            if (k.claim.empty())
                return branch(k.from_branch) + " drawn by agreement (for " + t + ")";
            return t + " claims a draw in " + branch(k.from_branch) + " (" +
                   (k.claim == "threefold" ? "threefold repetition" : "50-move rule") + ")";
        case KeyChangeKind::VETO:
            return t + " vetoes branching: " + team(~k.side) + " may not branch any more";
        case KeyChangeKind::BOARD_C:
            return t + " asks for board C: the last branch goes on on the control board";
        case KeyChangeKind::REPLACE:
            return t + ": " + who(k.in_player) + " comes in for " + who(k.player);
        case KeyChangeKind::WITHDRAW:
            return t + " withdraws its key changes of this move (before the press)";
    }
    return t;
}

}  // namespace venue::games::business
