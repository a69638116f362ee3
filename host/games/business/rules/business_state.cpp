// Business Chess: the tree's invariants, its canonical text (state hash) and its snapshot.
#include <nlohmann/json.hpp>

#include "chess/uci.h"
#include "games/business/rules/business_match.h"

namespace venue::games::business {

using namespace venue::engine;

std::string BusinessMatch::check() const {
    int chips = table_chips_;
    int open = 0;
    for (const Branch& b : branches_) {
        const std::string n = "branch " + std::to_string(b.number);
        if (b.open) {
            ++open;
            chips += b.rating;
            if (b.rating < 1) return n + " is open with rating " + std::to_string(b.rating);
        } else if (b.rating != 0) {
            return n + " is closed but keeps " + std::to_string(b.rating) + " chips";
        }
        for (const Branch& o : branches_)
            if (&o != &b && o.open && b.open && !o.board.empty() && o.board == b.board)
                return n + " shares board " + b.board + " with branch " + std::to_string(o.number);
    }
    // BC-TREE-1 / BC-I.1: never more open branches than boards.
    if (open > rules_.max_branches) return "too many open branches";
    // Chips are only created at the start and only leave for the arbiters' table (BC-I.17).
    if (chips != rules_.game_rating)
        return "chips in play and on the table are " + std::to_string(chips) + ", not " +
               std::to_string(rules_.game_rating);
    // Every open branch has had the same number of moves (one per turn, BC-CLK-1).
    int plies = -1;
    for (const Branch& b : branches_)
        if (b.open) {
            if (plies >= 0 && b.ply() != plies) return "open branches differ in length";
            plies = b.ply();
        }
    return "";
}

std::string BusinessMatch::canonical_extra() const {
    std::string s = "business turn " + std::string(turn_ == chess::WHITE ? "w" : "b") + " " +
                    std::to_string(turns_) + " keys " + std::to_string(record_.key_changes) +
                    (record_.resigned ? "r" : "-") + std::to_string(record_.new_branch) + "/" +
                    std::to_string(record_.mother) + " score " + std::to_string(score_.white) +
                    ":" + std::to_string(score_.black) + " announced " +
                    std::to_string(announced_.white) + ":" + std::to_string(announced_.black) +
                    " table " + std::to_string(table_chips_) + " veto " +
                    (veto_by_[0] ? "w" : "-") + (veto_by_[1] ? "b" : "-") + " c " +
                    (on_board_c_ ? "yes" : "no") + " next " + std::to_string(next_branch_);
    // What the options of BC-A1, A8, A10, A12, A20 and the confirmations of BC-II.3 and II.5
    // add to the state, written only when it differs from a game without them, so that the
    // logs of such games keep their state hashes.
    const auto pair = [](const auto& a) {
        return std::to_string(int(a[0])) + ":" + std::to_string(int(a[1]));
    };
    if (vetoes_[0] != int(veto_by_[0]) || vetoes_[1] != int(veto_by_[1]) || veto_ends_[0] ||
        veto_ends_[1])
        s += " vetoes " + pair(vetoes_) + " ends " + pair(veto_ends_);
    if (clone_to_confirm_) s += " confirm " + std::to_string(clone_to_confirm_);
    if (confirmed_ != Score{})
        s += " confirmed " + std::to_string(confirmed_.white) + ":" +
             std::to_string(confirmed_.black);
    if (overtime_[0] || overtime_[1]) s += " overtime " + pair(overtime_);
    if (incomplete_flagged_) s += " incomplete";
    if (designated_[0] || designated_[1]) s += " representative " + pair(designated_);
    if (rules_.max_replacements) s += " replacements " + pair(replacements_);
    // BC-A30: the tree a withdrawal goes back to, while the turn has one.
    if (!before_keys_.empty()) s += "\nbefore keys " + before_keys_;
    for (chess::Color c : {chess::WHITE, chess::BLACK}) {
        s += c == chess::WHITE ? "\nmembers w" : "\nmembers b";
        for (const Member& m : members_[c])
            s += " " + std::to_string(m.offences) + (m.active ? "a" : "") +
                 (m.expelled ? "x" : "") + (m.replaced ? "r" : "");
    }
    for (const Branch& b : branches_) {
        s += "\nbranch " + std::to_string(b.number) + " parent " + std::to_string(b.parent) +
             " split " + std::to_string(b.split_ply) + " board " + b.board + " setup " +
             (b.setup_board.empty() ? "-" : b.setup_board) + " rating " + std::to_string(b.rating) +
             " stake " + std::to_string(b.stake) + " " + (b.open ? "open" : "closed") + " " +
             b.result + " " + b.termination + " pending " +
             (b.pending ? chess::to_uci(*b.pending) : "-") + " mismatch";
        for (chess::Square sq : b.mismatch) s += " " + chess::square_to_string(sq);
        // BC-A30, written only while a lift binds, so that other logs keep their state hashes.
        if (b.touched && b.touched_ply == b.ply())
            s += " touched " + chess::square_to_string(*b.touched);
        s += "\n history";
        for (const RatingStep& h : b.history)
            s += " " + std::to_string(h.ply) + ":" + std::to_string(h.rating) + ":" + h.why;
        s += "\n from " + b.game.start_position().fen() + " moves";
        for (chess::Move m : b.game.moves()) s += " " + chess::to_uci(m);
        s += "\n clocks";
        for (const auto& c : b.clocks) s += " " + (c ? std::to_string(*c) : std::string("-"));
    }
    return s + "\n";
}

std::string BusinessMatch::extra_snapshot() const {
    nlohmann::json j;
    j["turn"] = int(turn_);
    j["turns"] = turns_;
    j["record"] = {record_.key_changes, record_.resigned, record_.new_branch, record_.mother};
    j["score"] = {score_.white, score_.black, announced_.white, announced_.black};
    j["table"] = table_chips_;
    j["veto"] = {veto_by_[0], veto_by_[1]};
    j["board_c"] = on_board_c_;
    j["next"] = next_branch_;
    j["vetoes"] = vetoes_;
    j["veto_ends"] = veto_ends_;
    j["confirm"] = clone_to_confirm_;
    j["confirmed"] = {confirmed_.white, confirmed_.black};
    j["overtime"] = overtime_;
    j["incomplete"] = incomplete_flagged_;
    j["representative"] = designated_;
    j["replacements"] = replacements_;
    j["before_keys"] = before_keys_;
    for (chess::Color c : {chess::WHITE, chess::BLACK}) {
        nlohmann::json ms = nlohmann::json::array();
        for (const Member& m : members_[c])
            ms.push_back({m.active, m.expelled, m.replaced, m.offences});
        j[c == chess::WHITE ? "white" : "black"] = ms;
    }
    nlohmann::json bs = nlohmann::json::array();
    for (const Branch& b : branches_) {
        nlohmann::json bj;
        bj["number"] = b.number;
        bj["parent"] = b.parent;
        bj["split_ply"] = b.split_ply;
        bj["board"] = b.board;
        bj["setup_board"] = b.setup_board;
        bj["rating"] = b.rating;
        bj["stake"] = b.stake;
        nlohmann::json hs = nlohmann::json::array();
        for (const RatingStep& h : b.history) hs.push_back({h.ply, h.rating, h.why});
        bj["history"] = hs;
        bj["start"] = b.game.start_position().fen();
        std::vector<std::string> moves;
        for (chess::Move m : b.game.moves()) moves.push_back(chess::to_uci(m));
        bj["moves"] = moves;
        nlohmann::json clocks = nlohmann::json::array();
        for (const auto& c : b.clocks) clocks.push_back(c ? nlohmann::json(*c) : nullptr);
        bj["clocks"] = clocks;
        bj["open"] = b.open;
        bj["result"] = b.result;
        bj["termination"] = b.termination;
        bj["pending"] = b.pending ? chess::to_uci(*b.pending) : "";
        std::vector<int> mismatch(b.mismatch.begin(), b.mismatch.end());
        bj["mismatch"] = mismatch;
        bj["touched"] = b.touched ? int(*b.touched) : -1;
        bj["touched_ply"] = b.touched_ply;
        bs.push_back(bj);
    }
    j["branches"] = bs;
    return j.dump();
}

bool BusinessMatch::restore_extra(std::string_view text) {
    try {
        auto j = nlohmann::json::parse(text);
        turn_ = chess::Color(j.at("turn").get<int>());
        turns_ = j.at("turns").get<int>();
        const auto& r = j.at("record");
        record_ = {r[0].get<int>(), r[1].get<bool>(), r[2].get<int>(), r[3].get<int>()};
        const auto& sc = j.at("score");
        score_ = {sc[0].get<int>(), sc[1].get<int>()};
        announced_ = {sc[2].get<int>(), sc[3].get<int>()};
        table_chips_ = j.at("table").get<int>();
        veto_by_ = {j.at("veto")[0].get<bool>(), j.at("veto")[1].get<bool>()};
        on_board_c_ = j.at("board_c").get<bool>();
        next_branch_ = j.at("next").get<int>();
        // Snapshots written before these existed hold none of them: a game without them.
        vetoes_ = j.value("vetoes", std::array<int, 2>{int(veto_by_[0]), int(veto_by_[1])});
        veto_ends_ = j.value("veto_ends", std::array<int, 2>{0, 0});
        clone_to_confirm_ = j.value("confirm", 0);
        const auto confirmed = j.value("confirmed", std::array<int, 2>{0, 0});
        confirmed_ = {confirmed[0], confirmed[1]};
        overtime_ = j.value("overtime", std::array<bool, 2>{false, false});
        incomplete_flagged_ = j.value("incomplete", false);
        designated_ = j.value("representative", std::array<int, 2>{0, 0});
        replacements_ = j.value("replacements", std::array<int, 2>{0, 0});
        before_keys_ = j.value("before_keys", std::string());
        for (chess::Color c : {chess::WHITE, chess::BLACK}) {
            members_[c].clear();
            for (const auto& m : j.at(c == chess::WHITE ? "white" : "black"))
                members_[c].push_back(
                    {m[0].get<bool>(), m[1].get<bool>(), m[2].get<bool>(), m[3].get<int>()});
        }
        branches_.clear();
        for (const auto& bj : j.at("branches")) {
            Branch b;
            b.number = bj.at("number").get<int>();
            b.parent = bj.at("parent").get<int>();
            b.split_ply = bj.at("split_ply").get<int>();
            b.board = bj.at("board").get<std::string>();
            b.setup_board = bj.at("setup_board").get<std::string>();
            b.rating = bj.at("rating").get<int>();
            b.stake = bj.at("stake").get<int>();
            for (const auto& h : bj.at("history"))
                b.history.push_back({h[0].get<int>(), h[1].get<int>(), h[2].get<std::string>()});
            auto start = chess::Position::from_fen(bj.at("start").get<std::string>());
            if (!start) return false;
            b.game = chess::Game(*start);
            for (const auto& u : bj.at("moves")) {
                auto m = chess::parse_uci(b.game.position(), u.get<std::string>());
                if (!m) return false;
                b.game.play(*m);
            }
            for (const auto& c : bj.at("clocks"))
                b.clocks.push_back(c.is_null() ? std::nullopt
                                               : std::optional(c.get<std::int64_t>()));
            b.open = bj.at("open").get<bool>();
            b.result = bj.at("result").get<std::string>();
            b.termination = bj.at("termination").get<std::string>();
            const std::string pending = bj.at("pending").get<std::string>();
            if (!pending.empty()) {
                auto m = chess::parse_uci(b.game.position(), pending);
                if (!m) return false;
                b.pending = *m;
            }
            for (int sq : bj.at("mismatch")) b.mismatch.push_back(chess::Square(sq));
            if (const int t = bj.value("touched", -1); t >= 0) b.touched = chess::Square(t);
            b.touched_ply = bj.value("touched_ply", 0);
            branches_.push_back(std::move(b));
        }
        return !branches_.empty();
    } catch (const std::exception&) {
        return false;
    }
}

bool BusinessMatch::is_ok(std::string* why) const {
    if (!ChessMatch::is_ok(why)) return false;
    std::string bad = check();
    for (const Branch& b : branches_)
        if (std::string p; bad.empty() && !b.game.position().is_ok(&p))
            bad = "branch " + std::to_string(b.number) + ": " + p;
    if (!bad.empty() && why) *why = bad;
    return bad.empty();
}

}  // namespace venue::games::business
