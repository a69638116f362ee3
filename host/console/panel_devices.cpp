// Devices: the hub and each board: link state, last frame's age, the hub's clock fit (offset,
// drift, error), firmware, error counts; then the device messages.
#include "console/panels.h"

namespace venue::console {

void draw_devices_panel(const ConsoleView& view, UiState& ui) {
    if (view.devices.empty()) ImGui::TextDisabled("no devices attached (events come from input)");
    for (const DeviceRow& d : view.devices) {
        ImGui::PushID(d.name.c_str());
        const ImVec2 p = ImGui::GetCursorScreenPos();
        const float r = ui.fonts.px(7);
        ImGui::GetWindowDrawList()->AddCircleFilled(
            ImVec2(p.x + r, p.y + ImGui::GetTextLineHeight() / 2 + ui.fonts.px(1)), r,
            d.ok                     ? COLOR_GOOD
            : d.state == "connected" ? COLOR_WARN
                                     : COLOR_BAD);
        ImGui::Dummy(ImVec2(2 * r + ui.fonts.px(4), ImGui::GetTextLineHeight()));
        ImGui::SameLine();
        ImGui::Text("%s", d.name.c_str());
        ImGui::SameLine();
        ImGui::TextColored(color4(d.ok ? COLOR_GOOD : COLOR_WARN), "%s", d.state.c_str());
        ImGui::SameLine();
        ImGui::TextDisabled("last frame %s ago", d.frame_age.c_str());
        ImGui::Indent(2 * r + ui.fonts.px(8));
        ImGui::TextWrapped("%s", d.clock.c_str());
        ImGui::TextWrapped("%s", d.firmware.c_str());
        ImGui::PushStyleColor(ImGuiCol_Text, color4(COLOR_DIM));
        ImGui::TextWrapped("errors: %s", d.errors.c_str());
        ImGui::TextWrapped("%s", d.detail.c_str());
        ImGui::PopStyleColor();
        ImGui::Unindent(2 * r + ui.fonts.px(8));
        ImGui::Spacing();
        ImGui::PopID();
    }
    if (!view.messages.empty()) {
        ImGui::Separator();
        ImGui::TextDisabled("Messages");
        for (auto it = view.messages.rbegin(); it != view.messages.rend(); ++it)
            ImGui::TextWrapped("%s", it->c_str());
    }
}

}  // namespace venue::console
