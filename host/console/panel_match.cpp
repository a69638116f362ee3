// Match: the game, the teams and their players (files, claim, warnings or cards, removed), whose
// move, the score and the result. The columns follow what the game is like: files where players
// own them, buttons where they claim the move, cards where the game shows its penalties so.
#include "console/panels.h"

namespace venue::console {
namespace {

void team(const TeamView& t, const MatchView& m, const UiState& ui) {
    ImGui::PushFont(ui.fonts.large);
    if (t.on_move)
        ImGui::TextColored(color4(COLOR_GOOD), "\u25B6 %s", t.name.c_str());
    else
        ImGui::TextUnformatted(t.name.c_str());
    ImGui::PopFont();
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    // White and Black are the sides of a game of two; a game of more names its sides itself.
    const char* colour = m.sides.size() > 2 ? "" : t.side == chess::WHITE ? "White" : "Black";
    ImGui::TextDisabled("%s%s%s", colour,
                        t.score.empty() ? ""
                        : *colour       ? ", score "
                                        : "score ",
                        t.score.c_str());
    const GameConsole& game = game_console(m.game);
    const bool files = game.players_own_files;
    const bool buttons = m.claims_the_move;
    const bool cards = game.penalties.cards;
    const bool warnings = m.team_game && !cards;
    const int cols = 2 + int(files) + int(buttons) + int(warnings) + int(cards);
    const std::string id = "team" + std::to_string(int(t.side));
    if (!ImGui::BeginTable(id.c_str(), cols,
                           ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                               ImGuiTableFlags_SizingStretchProp))
        return;
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, ui.fonts.px(24));
    ImGui::TableSetupColumn("player", ImGuiTableColumnFlags_WidthStretch);
    if (files) ImGui::TableSetupColumn("files", ImGuiTableColumnFlags_WidthFixed, ui.fonts.px(60));
    if (buttons)
        ImGui::TableSetupColumn("button", ImGuiTableColumnFlags_WidthFixed, ui.fonts.px(56));
    if (warnings)
        ImGui::TableSetupColumn("warnings", ImGuiTableColumnFlags_WidthFixed, ui.fonts.px(76));
    if (cards) ImGui::TableSetupColumn("cards", ImGuiTableColumnFlags_WidthFixed, ui.fonts.px(90));
    for (const PlayerRow& p : t.players) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (p.holds_claim) ImGui::TextColored(color4(COLOR_GOOD), "\u2605");
        ImGui::TableNextColumn();
        if (p.removed)
            ImGui::TextColored(color4(COLOR_DIM), "%s (%s) %s", p.name.c_str(), p.id.c_str(),
                               game.penalties.removed.c_str());
        else if (p.reserve)
            ImGui::TextColored(color4(COLOR_DIM), "%s (%s) reserve", p.name.c_str(), p.id.c_str());
        else if (p.holds_claim)
            ImGui::TextColored(color4(COLOR_GOOD), "%s (%s)", p.name.c_str(), p.id.c_str());
        else
            ImGui::Text("%s (%s)", p.name.c_str(), p.id.c_str());
        if (cards) {
            // Yellow cards for the warnings, red for a removal.
            ImGui::TableNextColumn();
            for (int i = 0; i < p.warnings; ++i) {
                ImGui::TextColored(color4(COLOR_WARN), "\u25AE");
                ImGui::SameLine(0, 2);
            }
            if (p.removed) ImGui::TextColored(color4(COLOR_BAD), "\u25AE");
            if (!p.removed && !p.warnings) ImGui::TextUnformatted("");
            continue;
        }
        if (files) {
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(p.files.empty() ? "\u2014" : p.files.c_str());
        }
        if (buttons) {
            ImGui::TableNextColumn();
            std::string list;
            for (int b : p.buttons) list += (list.empty() ? "" : ",") + std::to_string(b);
            ImGui::TextUnformatted(list.c_str());
        }
        if (!warnings) continue;
        ImGui::TableNextColumn();
        if (p.warnings) {
            std::string w;
            for (int i = 0; i < p.warnings; ++i) w += "\u26A0";
            ImGui::TextColored(color4(p.warnings >= 2 ? COLOR_BAD : COLOR_WARN), "%s %d", w.c_str(),
                               p.warnings);
        }
    }
    ImGui::EndTable();
}

}  // namespace

void draw_match_panel(const MatchView* m, UiState& ui) {
    if (!m) {
        ImGui::TextDisabled("no match in the log yet");
        return;
    }
    ImGui::Text("%s \u00B7 %s \u00B7 ply %d \u00B7 %s", m->id.c_str(), m->game.c_str(), m->ply,
                m->phase.c_str());
    ImGui::PushFont(ui.fonts.large);
    const bool over = m->result != "*";
    ImGui::TextColored(color4(over ? COLOR_WARN : COLOR_INFO), "%s", m->to_move.c_str());
    ImGui::PopFont();
    for (const auto& [name, value] : m->facts) {
        ImGui::TextDisabled("%s:", name.c_str());
        ImGui::SameLine();
        ImGui::TextWrapped("%s", value.c_str());
    }
    ImGui::Separator();
    if (m->plays_a_tree) {
        ImGui::Text("Score: %s", m->tree_score.c_str());
        int open = 0;
        for (const BranchView& b : m->branches) open += b.open ? 1 : 0;
        ImGui::SameLine();
        ImGui::TextDisabled("  %d branch%s open", open, open == 1 ? "" : "es");
    }
    // The red line: members beyond it now, per team zone (more than one is a violation).
    if (m->plays_a_tree || m->beyond_red_line[0] || m->beyond_red_line[1]) {
        ImGui::Text("Beyond the red line:");
        for (chess::Color side : {chess::WHITE, chess::BLACK}) {
            const int n = m->beyond_red_line[side];
            ImGui::SameLine();
            ImGui::TextColored(color4(n >= 2 ? COLOR_BAD
                                      : n    ? COLOR_GOOD
                                             : COLOR_DIM),
                               "%s %d%s", m->side(side).name.c_str(), n,
                               n >= 2 ? " (violation)" : "");
        }
    }
    for (const TeamView& side : m->sides) {
        if (&side != &m->sides.front()) ImGui::Spacing();
        team(side, *m, ui);
    }
    if (!m->proposals.empty()) {
        ImGui::Spacing();
        ImGui::TextColored(color4(COLOR_WARN), "Waiting for the judge:");
        for (const ProposalRow& p : m->proposals) ImGui::BulletText("%s", p.text.c_str());
    }
}

}  // namespace venue::console
