// Chessball's own buttons: the captains' signatures of the conditions before the start (CB-6.1),
// a captain's time-out (CB-A15), a substitution (CB-A25), draw offers and their answers (CB-A14),
// a captain's 50-move claim (CB-A12). Each exists only when the match's conditions agree to it;
// the match says so in its facts (ChessballMatch::facts), which is what the buttons look for.
// Each opens the actions' confirmation dialog as an ArbiterIntent with `input` set; the engine's
// decision (or its refusal with the clause) shows in the log.
#include "games/chessball/console/chessball_panels.h"

#include <algorithm>

#include "console/panels.h"

namespace venue::games::chessball {

using namespace console;

namespace {

bool has_fact(const MatchView& m, const char* name) {
    return std::any_of(m.facts.begin(), m.facts.end(),
                       [&](const auto& fact) { return fact.first == name; });
}

void open_input(UiState& ui, const MatchView& m, const char* kind, int side) {
    engine::GameInput g;
    g.kind = kind;
    g.side = side;
    open_game_input(ui, m, std::move(g));
}

// CB-A25: who goes off (a player on the team) and who comes on (a reserve waiting), for the side
// chosen in the dialog; written into the input's args "out" and "in".
void player_combo(const char* label, const TeamView& team, bool reserves, std::string& id) {
    if (ImGui::BeginCombo(label, id.empty() ? "choose" : id.c_str())) {
        for (const PlayerRow& p : team.players) {
            const bool waiting = p.reserve && !p.removed;
            const bool on = !p.reserve && !p.removed;
            if (reserves ? !waiting : !on) continue;
            const std::string row = p.name + " (" + p.id + ")" + (on ? " " + p.files : "");
            if (ImGui::Selectable(row.c_str(), p.id == id)) id = p.id;
        }
        ImGui::EndCombo();
    }
}

void draw_input_fields(const MatchView& m, ActionForm& form) {
    if (!form.intent.input || form.intent.input->kind != "substitute") return;
    engine::GameInput& in = *form.intent.input;
    if (in.side < 0 || std::size_t(in.side) >= m.sides.size()) return;
    const TeamView& team = m.sides[std::size_t(in.side)];
    player_combo("goes off", team, false, in.args["out"]);
    player_combo("comes on", team, true, in.args["in"]);
    ImGui::TextDisabled(
        "only while the team's clock is stopped; he takes the seat's files and button");
}

void draw_buttons(const MatchView& m, UiState& ui) {
    const bool timeouts = has_fact(m, "Time-outs left");
    const bool offers = has_fact(m, "Draw offer");
    const bool fifty = has_fact(m, "50-move count");
    const bool unsigned_ = m.ply == 0 && has_fact(m, "Conditions");  // CB-6.1, before the start
    const bool reserves = has_fact(m, "Reserves");
    if (!timeouts && !offers && !fifty && !unsigned_ && !reserves) return;
    ImGui::Separator();
    ImGui::TextDisabled("Chessball: the captains' entries");
    const int on_move = m.sides.empty() || m.sides[0].on_move ? 0 : 1;
    const float w = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
    ImGui::BeginDisabled(m.result != "*");
    int column = 0;
    auto button = [&](const char* label, const char* kind, int side) {
        if (column) ImGui::SameLine();
        if (ImGui::Button(label, ImVec2(w, 0))) open_input(ui, m, kind, side);
        column = (column + 1) % 2;
    };
    if (unsigned_) {
        button("White signs conditions", "confirm_conditions", 0);
        button("Black signs conditions", "confirm_conditions", 1);
    }
    if (timeouts) button("Captain's time-out", "captain_timeout", on_move);
    if (reserves) button("Substitute", "substitute", 1 - on_move);
    if (fifty) button("50-move claim", "fifty_move_claim", on_move);
    if (offers) {
        button("Draw offer", "draw_offer", on_move);
        button("Accept draw", "draw_accept", 1 - on_move);
        button("Decline draw", "draw_decline", 1 - on_move);
    }
    ImGui::EndDisabled();
}

GamePanels make() {
    GamePanels p;
    p.game = "chessball";
    p.draw_actions = &draw_buttons;
    p.draw_entry_fields = &draw_input_fields;
    return p;
}

}  // namespace

const GamePanels& panels_entry() {
    static const GamePanels entry = make();
    return entry;
}

}  // namespace venue::games::chessball
