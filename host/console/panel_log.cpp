// Event log: every event and its decisions with time, rule and reason; filtered by family and
// searched (ImGui's own ExampleAppLog: filter once, then draw only the visible rows).
#include <algorithm>
#include <cctype>
#include <cstring>

#include "console/panels.h"

namespace venue::console {
namespace {

bool contains_nocase(const std::string& hay, const char* needle) {
    if (!*needle) return true;
    const auto it = std::search(hay.begin(), hay.end(), needle, needle + std::strlen(needle),
                                [](char a, char b) {
                                    return std::tolower(static_cast<unsigned char>(a)) ==
                                           std::tolower(static_cast<unsigned char>(b));
                                });
    return it != hay.end();
}

void refilter(const std::vector<LogRow>& log, LogFilter& f) {
    std::string key(f.search);
    for (bool b : f.family) key += b ? '1' : '0';
    key += f.events ? 'e' : '-';
    key += f.decisions ? 'd' : '-';
    if (key == f.shown_for_key && f.shown_for_rows <= log.size()) {
        // Same filter: only the rows added since are looked at.
        for (std::size_t i = f.shown_for_rows; i < log.size(); ++i) {
            const LogRow& r = log[i];
            if (f.family[std::size_t(r.family)] && (r.decision ? f.decisions : f.events) &&
                (contains_nocase(r.text, f.search) || contains_nocase(r.kind, f.search) ||
                 contains_nocase(r.rule, f.search)))
                f.shown.push_back(std::uint32_t(i));
        }
        f.shown_for_rows = log.size();
        return;
    }
    f.shown.clear();
    f.shown_for_key = key;
    f.shown_for_rows = 0;
    refilter(log, f);
}

ImU32 colour(const LogRow& r) {
    switch (r.family) {
        case LogFamily::PENALTY:
            return COLOR_WARN;
        case LogFamily::ARBITER:
            return COLOR_INFO;
        case LogFamily::RESULT:
            return COLOR_GOOD;
        case LogFamily::DEVICE:
            return rgba(180, 160, 220);
        default:
            return r.decision ? rgba(230, 230, 230) : rgba(175, 175, 175);
    }
}

}  // namespace

void draw_log_panel(const std::vector<LogRow>& log, UiState& ui) {
    LogFilter& f = ui.log;
    for (std::size_t i = 0; i < std::size_t(LogFamily::COUNT_); ++i) {
        if (i) ImGui::SameLine();
        ImGui::Checkbox(family_name(LogFamily(i)), &f.family[i]);
    }
    ImGui::Checkbox("events", &f.events);
    ImGui::SameLine();
    ImGui::Checkbox("decisions", &f.decisions);
    ImGui::SameLine();
    ImGui::Checkbox("follow", &f.follow);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(320);
    if (f.focus_search) {
        ImGui::SetKeyboardFocusHere();
        f.focus_search = false;
    }
    ImGui::InputTextWithHint("##search", "search (Ctrl+F): text, kind or rule", f.search,
                             sizeof f.search);
    if (f.shown_for_rows > log.size()) f.shown_for_rows = SIZE_MAX;  // the log was replaced
    refilter(log, f);
    ImGui::SameLine();
    ImGui::TextDisabled("%zu of %zu rows", f.shown.size(), log.size());

    if (!ImGui::BeginTable("log", 6,
                           ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                               ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable |
                               ImGuiTableFlags_SizingStretchProp))
        return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("seq", ImGuiTableColumnFlags_WidthFixed, 56);
    ImGui::TableSetupColumn("time", ImGuiTableColumnFlags_WidthFixed, 104);
    ImGui::TableSetupColumn("kind", ImGuiTableColumnFlags_WidthFixed, 190);
    ImGui::TableSetupColumn("rule", ImGuiTableColumnFlags_WidthFixed, 100);
    ImGui::TableSetupColumn("reason", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, 56);
    ImGui::TableHeadersRow();
    ImGuiListClipper clipper;
    clipper.Begin(int(f.shown.size()));
    while (clipper.Step())
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const LogRow& r = log[f.shown[std::size_t(i)]];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            if (!r.decision) ImGui::TextDisabled("%lld", static_cast<long long>(r.seq));
            ImGui::TableNextColumn();
            if (!r.decision) ImGui::TextDisabled("%s", r.time.c_str());
            ImGui::TableNextColumn();
            ImGui::TextColored(color4(colour(r)), "%s%s", r.decision ? "  \u2192 " : "",
                               r.kind.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(r.rule.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(r.text.c_str());
            ImGui::TableNextColumn();
            if (r.undo) {
                ImGui::PushID(i);
                if (ImGui::SmallButton("undo")) open_intent(ui, *r.undo);
                ImGui::PopID();
            }
        }
    // Follow: stay at the newest row while the view is at the bottom (scrolling up stops it).
    if (f.follow && ImGui::GetScrollY() >= ImGui::GetScrollMaxY()) ImGui::SetScrollHereY(1.0f);
    ImGui::EndTable();
}

}  // namespace venue::console
