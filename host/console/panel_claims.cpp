// Claims: who holds the move, the proposed warnings waiting for the judge, and every claim press
// as judged: granted, late (with its margin in µs), ties, out of turn, refused.
#include "console/panels.h"

namespace venue::console {
namespace {

ImU32 colour(ClaimKind k) {
    switch (k) {
        case ClaimKind::GRANTED:
            return COLOR_GOOD;
        case ClaimKind::LATE:
            return COLOR_WARN;
        case ClaimKind::TIE:
            return COLOR_INFO;
        case ClaimKind::OUT_OF_TURN:
            return COLOR_BAD;
        case ClaimKind::REFUSED:
            return rgba(200, 200, 200);
        case ClaimKind::ENDED:
            return COLOR_DIM;
    }
    return COLOR_DIM;
}

const char* label(ClaimKind k) {
    switch (k) {
        case ClaimKind::GRANTED:
            return "granted";
        case ClaimKind::LATE:
            return "late";
        case ClaimKind::TIE:
            return "tie";
        case ClaimKind::OUT_OF_TURN:
            return "out of turn";
        case ClaimKind::REFUSED:
            return "refused";
        case ClaimKind::ENDED:
            return "ended";
    }
    return "";
}

}  // namespace

void draw_claims_panel(const ConsoleView& view, const MatchView* m, UiState& ui) {
    ImGui::PushFont(ui.fonts.large);
    if (m && !m->claim_holder.empty())
        ImGui::TextColored(color4(COLOR_GOOD), "\u2605 %s", m->claim_holder.c_str());
    else if (m && m->result != "*")
        ImGui::TextColored(color4(COLOR_DIM), "game over");
    else
        ImGui::TextColored(color4(COLOR_DIM), "no claim held");
    ImGui::PopFont();
    if (m && !m->proposals.empty()) {
        ImGui::Separator();
        for (const ProposalRow& p : m->proposals) {
            ImGui::PushID(p.ref);
            ImGui::TextColored(color4(COLOR_WARN), "Proposed warning %s", p.text.c_str());
            if (ImGui::Button("Confirm (Y)"))
                open_action(ui, *m, engine::ArbiterActionKind::CONFIRM_WARNING, p.ref);
            ImGui::SameLine();
            if (ImGui::Button("Reject (N)"))
                open_action(ui, *m, engine::ArbiterActionKind::REJECT_WARNING, p.ref);
            ImGui::PopID();
        }
    }
    ImGui::Separator();
    if (!ImGui::BeginTable(
            "claims", 3,
            ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp))
        return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("time", ImGuiTableColumnFlags_WidthFixed, ui.fonts.px(112));
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, ui.fonts.px(84));
    ImGui::TableSetupColumn("press", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    // Newest first: the last press is what the arbiter looks for.
    for (auto it = view.claims.rbegin(); it != view.claims.rend(); ++it) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%s", it->time.c_str());
        ImGui::TableNextColumn();
        ImGui::TextColored(color4(colour(it->kind)), "%s", label(it->kind));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(it->text.c_str());
    }
    ImGui::EndTable();
}

}  // namespace venue::console
