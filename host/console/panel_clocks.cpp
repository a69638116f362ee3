// Clocks: large digits readable at three metres; the running side lit, so that it is obvious
// from ten; the time added by penalties under each.
#include <algorithm>

#include "console/panels.h"

namespace venue::console {
namespace {

void side(const ClockSide& c, const TeamView& team, const char* colour, ImVec2 size,
          const UiState& ui) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const ImVec2 q(p.x + size.x, p.y + size.y);
    const ImU32 bg = c.flagged   ? rgba(150, 30, 30)
                     : c.running ? rgba(30, 120, 50)
                                 : rgba(38, 40, 44);
    dl->AddRectFilled(p, q, bg, 10.0f);
    if (c.running) dl->AddRect(p, q, rgba(150, 255, 160), 10.0f, 0, 5.0f);

    // Team and colour, then the digits centred, then the time added.
    const std::string head =
        std::string(c.running ? "\u25B6 " : "") + team.name + " (" + colour + ")";
    dl->AddText(ui.fonts.large, ui.fonts.large->FontSize, ImVec2(p.x + 14, p.y + 8),
                c.running ? rgba(255, 255, 255) : rgba(190, 190, 190), head.c_str());
    ImFont* f = ui.fonts.clock;
    const float fs = std::min(f->FontSize, size.y - 80);
    const ImVec2 ts = f->CalcTextSizeA(fs, size.x, 0, c.text.c_str());
    const float scale = ts.x > size.x - 20 ? (size.x - 20) / ts.x : 1.0f;
    const ImVec2 at(p.x + (size.x - ts.x * scale) / 2, p.y + 44 + (size.y - 80 - ts.y * scale) / 2);
    dl->AddText(f, fs * scale, at, c.running ? rgba(255, 255, 255) : rgba(150, 150, 150),
                c.text.c_str());
    if (!c.added.empty())
        dl->AddText(ui.fonts.body, ui.fonts.body->FontSize, ImVec2(p.x + 14, q.y - 28), COLOR_WARN,
                    c.added.c_str());
    ImGui::Dummy(size);
}

}  // namespace

void draw_clocks_panel(const MatchView* m, UiState& ui) {
    if (!m) {
        ImGui::TextDisabled("no match");
        return;
    }
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float gap = 10;
    const ImVec2 size((avail.x - gap) / 2, std::max(avail.y - 26, 60.0f));
    // White's clock on the left as the hub's side A.
    side(m->clock.white, m->white, "White", size, ui);
    ImGui::SameLine(0, gap);
    side(m->clock.black, m->black, "Black", size, ui);
    ImGui::TextDisabled("clock %s, from the %s", m->clock.state.c_str(), m->clock.source.c_str());
}

}  // namespace venue::console
