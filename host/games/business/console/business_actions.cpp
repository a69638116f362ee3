// Business Chess entries in the actions panel: what a team's representative enters at the
// terminal beside the demonstration boards (branch, select, pass, resign, draw, veto, board C,
// replace), entered by the arbiter for a team. Each opens the actions' confirmation dialog with
// the fields of its kind; on Confirm it leaves as an ArbiterIntent with `key` set, becomes an
// engine::KeyChange, and the engine's KeyChangeAccepted or KeyChangeRefused shows in the log.
#include <algorithm>

#include "console/panels.h"
#include "games/business/console/business_panels.h"
#include "games/business/console/key_change_intent.h"

namespace venue::games::business {

using namespace console;

namespace {

using KC = engine::KeyChangeKind;

constexpr const char* CLAIM_NAMES[] = {"by agreement (BC-A15)", "threefold repetition (claim)",
                                       "50-move rule (claim)"};

// The entries in the panel's order, with their shortcuts (docs/console.md).
struct Entry {
    KC kind;
    const char* label;
};
constexpr Entry ENTRIES[] = {
    {KC::BRANCH, "Branch (S)"},   {KC::SELECT, "Select (L)"},   {KC::PASS, "Pass (A)"},
    {KC::RESIGN, "Resign (G)"},   {KC::DRAW, "Draw (E)"},       {KC::VETO, "Veto (V)"},
    {KC::BOARD_C, "Board C (O)"}, {KC::REPLACE, "Replace (U)"}, {KC::WITHDRAW, "Withdraw (Z)"},
};

// Open branches whose board is set up: the ones an entry can name.
std::vector<const BranchView*> open_branches(const MatchView& m) {
    std::vector<const BranchView*> out;
    for (const BranchView& b : m.branches)
        if (b.open) out.push_back(&b);
    return out;
}

const BranchView* find_branch(const MatchView& m, int number) {
    for (const BranchView& b : m.branches)
        if (b.number == number) return &b;
    return nullptr;
}

std::string branch_label(const BranchView& b) {
    std::string s = "Branch " + std::to_string(b.number) + " \u00b7 " + std::to_string(b.rating) +
                    (b.rating == 1 ? " chip" : " chips");
    if (!b.setup_board.empty())
        s += " \u00b7 setting up on board " + b.setup_board;
    else if (!b.board.empty())
        s += " \u00b7 board " + b.board;
    return s;
}

// A combo of the open branches (but `exclude`); returns true when the choice changed.
bool branch_combo(const char* label, int& number, const MatchView& m, int exclude = 0) {
    const BranchView* current = find_branch(m, number);
    const std::string shown = current ? branch_label(*current) : std::string("choose");
    bool changed = false;
    if (ImGui::BeginCombo(label, shown.c_str())) {
        for (const BranchView* b : open_branches(m)) {
            if (b->number == exclude) continue;
            if (ImGui::Selectable(branch_label(*b).c_str(), b->number == number)) {
                number = b->number;
                changed = true;
            }
        }
        ImGui::EndCombo();
    }
    return changed;
}

const TeamView& team_of(const MatchView& m, chess::Color side) {
    return m.side(side);
}

// REPLACE: who may leave (on the team, or expelled: his place may be taken once) and who may come
// in (a reserve never expelled).
std::vector<const PlayerRow*> leaving_candidates(const TeamView& t) {
    std::vector<const PlayerRow*> out;
    for (const PlayerRow& p : t.players)
        if (!p.reserve || p.removed) out.push_back(&p);
    return out;
}
std::vector<const PlayerRow*> reserve_candidates(const TeamView& t) {
    std::vector<const PlayerRow*> out;
    for (const PlayerRow& p : t.players)
        if (p.reserve && !p.removed) out.push_back(&p);
    return out;
}

void player_combo(const char* label, std::string& id, const std::vector<const PlayerRow*>& list) {
    std::string shown = "choose";
    for (const PlayerRow* p : list)
        if (p->id == id) shown = p->name + " (" + p->id + ")";
    if (ImGui::BeginCombo(label, shown.c_str())) {
        for (const PlayerRow* p : list) {
            const std::string text =
                p->name + " (" + p->id + ")" + (p->removed ? " \u2014 expelled" : "");
            if (ImGui::Selectable(text.c_str(), p->id == id)) id = p->id;
        }
        ImGui::EndCombo();
    }
}

// The REPLACE defaults for a team: its first member who may leave and its first reserve.
void replace_defaults(const MatchView& m, ArbiterIntent& in) {
    const TeamView& t = team_of(m, in.side);
    auto has = [](const std::vector<const PlayerRow*>& l, const std::string& id) {
        return std::any_of(l.begin(), l.end(), [&](const PlayerRow* p) { return p->id == id; });
    };
    const auto out = leaving_candidates(t);
    const auto in_list = reserve_candidates(t);
    if (!has(out, in.player)) in.player = out.empty() ? "" : out.front()->id;
    if (!has(in_list, in.in_player)) in.in_player = in_list.empty() ? "" : in_list.front()->id;
}

}  // namespace

void open_key_change(UiState& ui, const MatchView& m, KC kind) {
    ArbiterIntent in;
    in.match = m.id;
    in.key = kind;
    // The team on move makes key changes (BC-A18); a replacement is made while the team's clock
    // is stopped, so it starts on the other team.
    in.side = m.white().on_move ? chess::WHITE : chess::BLACK;
    if (kind == KC::REPLACE) in.side = ~in.side;
    const auto open = open_branches(m);
    if (!open.empty()) in.from_branch = open.front()->number;
    if (open.size() > 1) in.to_branch = open[1]->number;
    if (kind == KC::BRANCH && !open.empty()) in.amount = std::max(1, open.front()->rating / 2);
    if (kind == KC::REPLACE) replace_defaults(m, in);
    open_intent(ui, in);
}

void draw_key_change_fields(const MatchView& m, ActionForm& f) {
    ArbiterIntent& in = f.intent;
    const KC kind = *in.key;
    ImGui::TextColored(color4(COLOR_INFO), "Business Chess: %s", key_change_label(kind));
    int side = int(in.side);
    ImGui::TextUnformatted("entered for");
    ImGui::SameLine();
    ImGui::RadioButton((m.white().name + " (White)").c_str(), &side, 0);
    ImGui::SameLine();
    ImGui::RadioButton((m.black().name + " (Black)").c_str(), &side, 1);
    if (side != int(in.side)) {
        in.side = chess::Color(side);
        if (kind == KC::REPLACE) replace_defaults(m, in);
    }
    switch (kind) {
        case KC::BRANCH: {
            branch_combo("mother branch", in.from_branch, m);
            const BranchView* mother = find_branch(m, in.from_branch);
            ImGui::InputInt("chips to the new branch", &in.amount);
            in.amount = std::max(in.amount, 1);
            if (mother)
                ImGui::TextDisabled("the mother keeps %d of its %d (each at least 1, BC-A2)",
                                    mother->rating - in.amount, mother->rating);
            const std::string shown =
                in.board.empty() ? "the next free board" +
                                       (m.free_boards.empty() ? std::string(" (none is free)")
                                                              : " (" + m.free_boards.front() + ")")
                                 : "board " + in.board;
            if (ImGui::BeginCombo("board", shown.c_str())) {
                if (ImGui::Selectable("the next free board", in.board.empty())) in.board.clear();
                for (const std::string& b : m.free_boards)
                    if (ImGui::Selectable(("board " + b).c_str(), b == in.board)) in.board = b;
                ImGui::EndCombo();
            }
            ImGui::TextDisabled("the clock pauses until the new board shows the mother's position");
            break;
        }
        case KC::SELECT: {
            branch_combo("branch resigned", in.from_branch, m);
            int mode = f.split ? 1 : 0;
            ImGui::RadioButton("all to one branch", &mode, 0);
            ImGui::SameLine();
            ImGui::RadioButton("split over several", &mode, 1);
            f.split = mode == 1;
            const BranchView* from = find_branch(m, in.from_branch);
            if (!f.split) {
                branch_combo("to branch", in.to_branch, m, in.from_branch);
            } else {
                int total = 0;
                for (const BranchView* b : open_branches(m)) {
                    if (b->number == in.from_branch) continue;
                    int& chips = f.shares[b->number];
                    ImGui::PushID(b->number);
                    ImGui::SetNextItemWidth(7.8f * ImGui::GetFontSize());  // 140 px at 18 px
                    ImGui::InputInt(branch_label(*b).c_str(), &chips);
                    chips = std::max(chips, 0);
                    total += chips;
                    ImGui::PopID();
                }
                if (from)
                    ImGui::TextColored(color4(total == from->rating ? COLOR_GOOD : COLOR_WARN),
                                       "%d of the %d chips given", total, from->rating);
            }
            ImGui::TextDisabled("the other team scores the resigned branch's rating now");
            break;
        }
        case KC::PASS:
            branch_combo("from branch", in.from_branch, m);
            branch_combo("to branch", in.to_branch, m, in.from_branch);
            ImGui::TextDisabled("one chip; a branch of rating 1 cannot pass (BC-I.15)");
            break;
        case KC::RESIGN:
            branch_combo("branch", in.from_branch, m);
            ImGui::TextDisabled("without selection: its chips go to the arbiters' table");
            break;
        case KC::DRAW:
            branch_combo("branch", in.from_branch, m);
            ImGui::Combo("how", &f.claim, CLAIM_NAMES, 3);
            ImGui::TextDisabled("an incorrect claim gives the opponent time (FIDE-9.5.3)");
            break;
        case KC::VETO:
            ImGui::TextWrapped(
                "Forbids the other team to branch for the rest of the game: in the team's own "
                "turn, its clock running under the agreed time (BC-I.18), once per team.");
            break;
        case KC::WITHDRAW:
            ImGui::TextWrapped(
                "Takes back the team's rating operations of this move (branch, select, pass, "
                "resign) before the clock press: the branches and ratings are as they were "
                "(BC-A30). Moves on the boards, cards and vetoes stand.");
            break;
        case KC::BOARD_C:
            ImGui::TextWrapped(
                "The last open branch goes on on the control board: the clock pauses until the "
                "board shows its position; no key changes after it (BC-A13).");
            break;
        case KC::REPLACE: {
            const TeamView& t = team_of(m, in.side);
            player_combo("going out", in.player, leaving_candidates(t));
            player_combo("coming in", in.in_player, reserve_candidates(t));
            ImGui::TextDisabled("only while the team's clock is stopped (BC-I.12)");
            break;
        }
    }
    if (kind != KC::SELECT) f.split = false;
}

void draw_entry_buttons(const MatchView& m, UiState& ui) {
    ImGui::Separator();
    ImGui::TextDisabled("Business Chess: entries for a team");
    const bool playing = m.result == "*";
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const float w = (ImGui::GetContentRegionAvail().x - 2 * spacing) / 3;
    int column = 0;
    for (const Entry& e : ENTRIES) {
        if (column) ImGui::SameLine();
        ImGui::BeginDisabled(!playing);
        if (ImGui::Button(e.label, ImVec2(w, 0))) open_key_change(ui, m, e.kind);
        ImGui::EndDisabled();
        column = (column + 1) % 3;
    }
    // BC-II.5: the arbiter confirms each change of the score (his notebook); the facts say
    // whether the score shown is confirmed. Also after the game: the final score.
    if (ImGui::Button("Confirm score (K)", ImVec2(w, 0)))
        open_action(ui, m, engine::ArbiterActionKind::CONFIRM_SCORE);
}

namespace {

// The entries' shortcuts: letters the common actions leave free (docs/console.md).
void shortcuts(const MatchView& m, UiState& ui) {
    struct Shortcut {
        int key;
        KC kind;
    };
    static const Shortcut keys[] = {{'S', KC::BRANCH},  {'L', KC::SELECT},  {'A', KC::PASS},
                                    {'G', KC::RESIGN},  {'E', KC::DRAW},    {'V', KC::VETO},
                                    {'O', KC::BOARD_C}, {'U', KC::REPLACE}, {'Z', KC::WITHDRAW}};
    if (ImGui::IsKeyPressed('K', false))
        open_action(ui, m, engine::ArbiterActionKind::CONFIRM_SCORE);
    if (m.result != "*") return;
    for (const Shortcut& k : keys)
        if (ImGui::IsKeyPressed(k.key, false)) open_key_change(ui, m, k.kind);
}

GamePanels make() {
    GamePanels p;
    p.game = "business";
    p.draw_actions = &draw_entry_buttons;
    p.draw_entry_fields = &draw_key_change_fields;
    p.shortcuts = &shortcuts;
    return p;
}

}  // namespace

const GamePanels& panels_entry() {
    static const GamePanels entry = make();
    return entry;
}

}  // namespace venue::games::business
