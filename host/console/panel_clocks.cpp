// Clocks: large digits readable at three metres; the running side lit, so that it is obvious
// from ten; the time added by penalties under each.
#include <algorithm>
#include <cfloat>

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
    const Fonts& u = ui.fonts;
    dl->AddRectFilled(p, q, bg, u.px(10));
    if (c.running) dl->AddRect(p, q, rgba(150, 255, 160), u.px(10), 0, u.px(5));

    // Team and colour (or what the face counts, in a game that keeps other times on it), then
    // the digits centred, then the time added.
    const std::string head = std::string(c.running ? "\u25B6 " : "") +
                             (c.label.empty() ? team.name + " (" + colour + ")" : c.label);
    dl->AddText(ui.fonts.large, ui.fonts.large->FontSize, ImVec2(p.x + u.px(14), p.y + u.px(8)),
                c.running ? rgba(255, 255, 255) : rgba(190, 190, 190), head.c_str());
    ImFont* f = ui.fonts.clock;
    const float fs = std::min(f->FontSize, size.y - u.px(80));
    // Measured unclipped (FLT_MAX), so that "1:30:00" wider than the box is scaled down to fit
    // rather than cut off at its edge.
    const ImVec2 ts = f->CalcTextSizeA(fs, FLT_MAX, 0, c.text.c_str());
    const float fit = ts.x > size.x - u.px(20) ? (size.x - u.px(20)) / ts.x : 1.0f;
    const ImVec2 at(p.x + (size.x - ts.x * fit) / 2,
                    p.y + u.px(44) + (size.y - u.px(80) - ts.y * fit) / 2);
    dl->AddText(f, fs * fit, at, c.running ? rgba(255, 255, 255) : rgba(150, 150, 150),
                c.text.c_str());
    if (!c.added.empty())
        dl->AddText(ui.fonts.body, ui.fonts.body->FontSize, ImVec2(p.x + u.px(14), q.y - u.px(28)),
                    COLOR_WARN, c.added.c_str());
    ImGui::Dummy(size);
}

}  // namespace

void draw_clocks_panel(const MatchView* m, UiState& ui) {
    if (!m) {
        ImGui::TextDisabled("no match");
        return;
    }
    if (m->army_clock) {
        ImGui::TextDisabled("the hub's army clock: every army's time is in the match panel");
        return;
    }
    if (m->sides.size() != 2) {
        // The hub's clock has two sides; a game of more keeps its own clocks in its panels.
        ImGui::TextDisabled("%zu sides: the game's own panels show their clocks", m->sides.size());
        return;
    }
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float gap = ui.fonts.px(10);
    const ImVec2 size((avail.x - gap) / 2, std::max(avail.y - ui.fonts.px(26), ui.fonts.px(60)));
    // White's clock on the left as the hub's side A.
    side(m->clock.white, m->white(), "White", size, ui);
    ImGui::SameLine(0, gap);
    side(m->clock.black, m->black(), "Black", size, ui);
    ImGui::TextDisabled("clock %s, from the %s", m->clock.state.c_str(), m->clock.source.c_str());
}

}  // namespace venue::console
