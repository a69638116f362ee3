// The players' touch panel: a game played on a field of points is entered, not sensed, so its
// players tap their moves on a screen facing them (1920x1080, a finger, no hover). The field fills
// the height on the left; on the right, the score and the game's facts in large type, the game's
// own controls (GamePanels::draw_touch: what the taps become), what the draft would do as the
// engine says (MatchView::draft_preview: the path's cost and the MP left, or the refusal with its
// clause), and Confirm, which sends it. Nothing is sent without Confirm; the preview is the
// confirmation, as the arbiter's dialog is for his actions.
#include <algorithm>
#include <cmath>
#include <string>

#include "console/game_panels.h"
#include "console/panels.h"

namespace venue::console {
namespace {

// The draft in the log's words (the note says where it came from).
ArbiterIntent touch_intent(const MatchView& m, const engine::GameInput& draft) {
    ArbiterIntent in;
    in.match = m.id;
    in.input = draft;
    in.arbiter = "touch panel";
    in.note = "entered at the players' touch panel";
    return in;
}

void preview(const MatchView& m, const UiState& ui) {
    if (!ui.draft) {
        ImGui::TextDisabled("Tap a piece, then the points of its path.");
        return;
    }
    // The model previews the draft it was given at the frame before: until it catches up
    // (one frame), say nothing rather than a stale verdict.
    if (!m.draft || m.draft->kind != ui.draft->kind || m.draft->args != ui.draft->args ||
        m.draft->side != ui.draft->side) {
        ImGui::TextDisabled("...");
        return;
    }
    if (!m.draft_preview) {
        ImGui::TextDisabled("the game cannot say before it is made");
        return;
    }
    const engine::InputPreview& p = *m.draft_preview;
    if (!p.accepted) {
        ImGui::PushStyleColor(ImGuiCol_Text, color4(COLOR_BAD));
        ImGui::TextWrapped("Refused (%s): %s", p.rule.c_str(), p.reason.c_str());
        ImGui::PopStyleColor();
        return;
    }
    ImGui::PushStyleColor(ImGuiCol_Text, color4(COLOR_GOOD));
    for (const engine::Decision& d : p.decisions)
        ImGui::TextWrapped("%s (%s)", d.reason.c_str(), d.rule.c_str());
    ImGui::PopStyleColor();
}

}  // namespace

bool touch_button(UiState& ui, const char* label, float width, bool enabled, bool selected) {
    ImGui::BeginDisabled(!enabled);
    if (selected) ImGui::PushStyleColor(ImGuiCol_Button, color4(rgba(40, 110, 200)));
    const bool pressed = ImGui::Button(label, ImVec2(width, ImGui::GetFontSize() * 2.2f));
    if (selected) ImGui::PopStyleColor();
    ImGui::EndDisabled();
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ui.touch_targets.push_back({label, a.x, a.y, b.x, b.y, enabled});
    return pressed;
}

void draw_touch_panel(const ConsoleView& view, const MatchView& m, UiState& ui) {
    const ImVec2 d = ImGui::GetIO().DisplaySize;
    // Around the field, half a point's spacing more than the padding: a keeper on its goal line
    // is drawn whole, and a finger on the edge still lands in the field.
    const float pad0 = ui.fonts.px(12);
    const float span = std::min(d.y - 2 * pad0, d.x * 0.6f);
    const float points = m.field ? float(std::max(2, m.field->points())) : 17.0f;
    const float margin = span / (points - 1) / 2;
    const float pad = pad0 + margin;
    const float field = std::floor(span - 2 * margin);
    constexpr ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                       ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                       ImGuiWindowFlags_NoSavedSettings |
                                       ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::SetNextWindowPos({0, 0}, ImGuiCond_Always);
    ImGui::SetNextWindowSize({field + 2 * pad, d.y}, ImGuiCond_Always);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(pad, pad));
    ui.touch_targets.clear();
    if (ImGui::Begin("##touch field", nullptr, flags)) {
        const ImVec2 o = ImGui::GetCursorScreenPos();
        draw_field(m, ui, field);
        ui.touch_targets.push_back({"field", o.x, o.y, o.x + field, o.y + field});
    }
    ImGui::End();
    ImGui::PopStyleVar();

    ImGui::SetNextWindowPos({field + 2 * pad, 0}, ImGuiCond_Always);
    ImGui::SetNextWindowSize({d.x - field - 2 * pad, d.y}, ImGuiCond_Always);
    if (ImGui::Begin("##touch controls", nullptr, flags)) {
        if (ui.fonts.large) ImGui::PushFont(ui.fonts.large);
        const float w = ImGui::GetContentRegionAvail().x;
        ImGui::TextUnformatted(m.title.c_str());
        ImGui::TextColored(color4(COLOR_INFO), "%s", m.to_move.c_str());
        // The facts are read, not touched: in the body font, so that a game's long ones (its
        // recent rolls) leave the buttons their room.
        if (ui.fonts.large) ImGui::PopFont();
        for (const auto& [name, value] : m.facts) {
            ImGui::TextDisabled("%s:", name.c_str());
            ImGui::SameLine();
            ImGui::TextWrapped("%s", value.c_str());
        }
        if (ui.fonts.large) ImGui::PushFont(ui.fonts.large);
        ImGui::Separator();
        const GamePanels* own = find_game_panels(m.game);
        ui.draft.reset();
        if (own && own->draw_touch) own->draw_touch(m, ui);
        if (ui.draft) ui.draft->match = m.id;
        ImGui::Separator();
        preview(m, ui);
        // Confirm and Clear stay where the finger expects them, at the foot of the column,
        // whatever the lines above say.
        const float row = ImGui::GetFontSize() * 2.2f + ImGui::GetStyle().ItemSpacing.y;
        const float foot = ImGui::GetWindowHeight() - ImGui::GetStyle().WindowPadding.y - 3 * row;
        if (ImGui::GetCursorPosY() < foot) ImGui::SetCursorPosY(foot);
        const bool ready = ui.draft && m.draft_preview && m.draft_preview->accepted && m.draft &&
                           m.draft->args == ui.draft->args && m.draft->kind == ui.draft->kind &&
                           m.draft->side == ui.draft->side;
        const float half = (w - ImGui::GetStyle().ItemSpacing.x) / 2;
        if (touch_button(ui, "Confirm", half, ready)) {
            ui.outbox.push_back(touch_intent(m, *ui.draft));
            ui.picks.clear();
        }
        ImGui::SameLine();
        if (touch_button(ui, "Clear", half, !ui.picks.empty())) ui.picks.clear();
        // Said from the log, as for the arbiter's actions: sent only once its event is durable.
        if (!view.action_status.empty()) {
            ImGui::PushStyleColor(ImGuiCol_Text,
                                  color4(view.action_pending ? COLOR_WARN : COLOR_DIM));
            ImGui::TextWrapped("%s", view.action_status.c_str());
            ImGui::PopStyleColor();
        }
        if (touch_button(ui, "Arbiter's console (F2)", w)) ui.touch_panel = false;
        if (ui.fonts.large) ImGui::PopFont();
    }
    ImGui::End();
}

}  // namespace venue::console
