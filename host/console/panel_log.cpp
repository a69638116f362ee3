// Event log: every event and its decisions with time, rule and reason; filtered by family, match
// and player and searched (log_filter.h decides; as ImGui's own ExampleAppLog, the filter runs
// once over the rows, then again only over new ones, and only the visible rows are drawn).
#include "console/panels.h"

namespace venue::console {
namespace {

void refilter(const std::vector<LogRow>& log, LogFilter& f) {
    const std::string key = log_query_key(f.query);
    if (key != f.shown_for_key || f.shown_for_rows > log.size()) {
        f.shown.clear();
        f.shown_for_key = key;
        f.shown_for_rows = 0;
    }
    // Same filter: only the rows added since are looked at.
    for (std::size_t i = f.shown_for_rows; i < log.size(); ++i)
        if (log_shows(f.query, log[i])) f.shown.push_back(std::uint32_t(i));
    f.shown_for_rows = log.size();
}

// The match and player filters: "all", or one of the view's matches and players.
void match_and_player_combos(const ConsoleView& view, LogQuery& q, const Fonts& fonts) {
    const std::vector<LogChoice> matches = log_match_choices(view);
    ImGui::SetNextItemWidth(fonts.px(200));
    if (ImGui::BeginCombo("##log_match", q.match.empty() ? "all matches" : q.match.c_str())) {
        if (ImGui::Selectable("all matches", q.match.empty())) q.match.clear();
        for (const LogChoice& c : matches)
            if (ImGui::Selectable(c.label.c_str(), c.match == q.match)) q.match = c.match;
        ImGui::EndCombo();
    }
    // A player of another match than the one now chosen would show nothing.
    if (!q.match.empty() && q.player_match != q.match) q.player.clear();
    ImGui::SameLine();
    const std::vector<LogChoice> players = log_player_choices(view, q.match);
    std::string preview = "all players";
    for (const LogChoice& c : players)
        if (c.id == q.player && c.match == q.player_match) preview = c.label;
    if (!q.player.empty() && preview == "all players") preview = q.player;  // not on the view
    ImGui::SetNextItemWidth(fonts.px(260));
    if (ImGui::BeginCombo("##log_player", preview.c_str())) {
        if (ImGui::Selectable("all players", q.player.empty())) q.player.clear();
        for (const LogChoice& c : players)
            if (ImGui::Selectable(c.label.c_str(), c.id == q.player && c.match == q.player_match)) {
                q.player = c.id;
                q.player_match = c.match;
            }
        ImGui::EndCombo();
    }
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

void draw_log_panel(const ConsoleView& view, const std::vector<LogRow>& log, UiState& ui) {
    LogFilter& f = ui.log;
    LogQuery& q = f.query;
    for (std::size_t i = 0; i < std::size_t(LogFamily::COUNT_); ++i) {
        if (i) ImGui::SameLine();
        ImGui::Checkbox(family_name(LogFamily(i)), &q.family[i]);
    }
    match_and_player_combos(view, q, ui.fonts);
    ImGui::SameLine();
    ImGui::Checkbox("events", &q.events);
    ImGui::SameLine();
    ImGui::Checkbox("decisions", &q.decisions);
    ImGui::SameLine();
    ImGui::Checkbox("follow", &f.follow);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ui.fonts.px(300));
    if (f.focus_search) {
        ImGui::SetKeyboardFocusHere();
        f.focus_search = false;
    }
    ImGui::InputTextWithHint("##search", "search (Ctrl+F): text, kind or rule", f.search,
                             sizeof f.search);
    q.search = f.search;
    refilter(log, f);
    ImGui::SameLine();
    ImGui::TextDisabled("%zu of %zu rows", f.shown.size(), log.size());

    if (!ImGui::BeginTable("log", 6,
                           ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                               ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable |
                               ImGuiTableFlags_SizingStretchProp))
        return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("seq", ImGuiTableColumnFlags_WidthFixed, ui.fonts.px(56));
    ImGui::TableSetupColumn("time", ImGuiTableColumnFlags_WidthFixed, ui.fonts.px(104));
    ImGui::TableSetupColumn("kind", ImGuiTableColumnFlags_WidthFixed, ui.fonts.px(190));
    ImGui::TableSetupColumn("rule", ImGuiTableColumnFlags_WidthFixed, ui.fonts.px(100));
    ImGui::TableSetupColumn("reason", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, ui.fonts.px(56));
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
