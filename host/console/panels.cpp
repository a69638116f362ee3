// The console's layout over the whole display, the top strip and the keyboard shortcuts.
//
//   ┌ strip: event, match, status ─────────────────────────────────────────────────────┐
//   │ Clocks           │ Match          │ Claims         │ Actions                      │
//   │──────────────────│                │                │──────────────────────────────│
//   │ Board            │                │                │ Devices                      │
//   │                  │────────────────┴────────────────┴──────────────────────────────│
//   │                  │ Log                                                            │
//   └──────────────────┴────────────────────────────────────────────────────────────────┘
#include <algorithm>
#include <cmath>

#include "console/game_panels.h"
#include "console/panels.h"

namespace venue::console {
namespace {

constexpr ImGuiWindowFlags PANEL_FLAGS =
    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

bool begin_panel(const char* name, ImVec2 pos, ImVec2 size, ImGuiWindowFlags extra = 0) {
    ImGui::SetNextWindowPos(pos, ImGuiCond_Always);
    ImGui::SetNextWindowSize(size, ImGuiCond_Always);
    return ImGui::Begin(name, nullptr, PANEL_FLAGS | extra);
}

void shortcuts(const MatchView* m, UiState& ui) {
    const ImGuiIO& io = ImGui::GetIO();
    if (ImGui::IsKeyPressed(KEY_F1, false)) ui.show_help = !ui.show_help;
    // Letters act only when no text field has the keyboard and no dialog is open.
    if (io.WantTextInput || ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) return;
    if (io.KeyCtrl && ImGui::IsKeyPressed('F', false)) {
        ui.log.focus_search = true;
        return;
    }
    if (io.KeyCtrl || io.KeyAlt || io.KeySuper) return;
    if (ImGui::IsKeyPressed('F', false)) ui.flip_board = !ui.flip_board;
    if (!m) return;
    using K = engine::ArbiterActionKind;
    struct Key {
        int key;
        K kind;
    };
    static const Key keys[] = {
        {'W', K::WARN},          {'X', K::REMOVE},         {'T', K::ADD_TIME},
        {'P', K::PAUSE},         {'R', K::RESUME},         {'B', K::RESTORE_POSITION},
        {'C', K::RELEASE_CLAIM}, {'D', K::DECLARE_RESULT}, {'M', K::ENTER_MOVE}};
    for (const Key& k : keys)
        if (ImGui::IsKeyPressed(k.key, false)) open_action(ui, *m, k.kind);
    const GameConsole& game = game_console(m->game);
    if (game.illegal_move_stands && ImGui::IsKeyPressed('I', false))
        open_action(ui, *m, K::ILLEGAL_MOVE_STANDS);
    // The game's own: letters the other actions leave free (docs/console.md).
    if (const GamePanels* own = find_game_panels(m->game); own && own->shortcuts)
        own->shortcuts(*m, ui);
    if (!m->proposals.empty()) {
        if (ImGui::IsKeyPressed('Y', false))
            open_action(ui, *m, K::CONFIRM_WARNING, m->proposals.front().ref);
        if (ImGui::IsKeyPressed('N', false))
            open_action(ui, *m, K::REJECT_WARNING, m->proposals.front().ref);
    }
}

void strip(const ConsoleView& view, const MatchView* m, UiState& ui) {
    ImGui::PushFont(ui.fonts.large);
    ImGui::TextUnformatted(view.title.empty() ? "Venue console" : view.title.c_str());
    ImGui::PopFont();
    if (view.matches.size() > 1) {
        ImGui::SameLine(0, ui.fonts.px(30));
        ImGui::SetNextItemWidth(ui.fonts.px(260));
        if (ImGui::BeginCombo("##match", m ? (m->id + "  " + m->title).c_str() : "")) {
            for (std::size_t i = 0; i < view.matches.size(); ++i) {
                const MatchView& x = view.matches[i];
                if (ImGui::Selectable((x.id + "  " + x.title).c_str(), i == ui.match)) ui.match = i;
            }
            ImGui::EndCombo();
        }
    }
    ImGui::SameLine(0, ui.fonts.px(30));
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", view.status.c_str());
    ImGui::SameLine(ImGui::GetWindowWidth() - ui.fonts.px(110));
    if (ImGui::Button("Help (F1)")) ui.show_help = !ui.show_help;
}

void help(const MatchView* m, UiState& ui) {
    if (!ui.show_help) return;
    const ImVec2 d = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    if (ImGui::Begin("Shortcuts", &ui.show_help,
                     ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
        static const char* lines[][2] = {
            {"W", "warn a player (reason, note)"},
            {"X", "remove a player"},
            {"T", "add or take time"},
            {"P / R", "pause / resume the clocks"},
            {"B", "restore the position after a ply"},
            {"C", "release the claim"},
            {"Y / N", "confirm / reject the oldest proposed warning"},
            {"D", "declare the result"},
            {"M", "enter a move the board could not read"},
            {"I", "let an illegal move stand (the game goes on from it)"},
            {"F", "flip the board"},
            {"Ctrl+F", "search the log"},
            {"Enter / Esc", "in a dialog: confirm (a note is required) / cancel"},
            {"F1", "this help"},
        };
        if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg)) {
            auto line = [](const char* key, const char* what) {
                ImGui::TableNextColumn();
                ImGui::TextColored(color4(COLOR_INFO), "%s", key);
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(what);
            };
            for (const auto& l : lines) line(l[0], l[1]);
            // The game's own (its penalties' words, its entries), for the match shown.
            if (m) {
                const GameConsole& game = game_console(m->game);
                if (game.penalties.warn != "Warn" || game.penalties.remove != "Remove")
                    line("W / X", (game.penalties.warn + " / " + game.penalties.remove).c_str());
                for (const auto& [key, what] : game.help) line(key.c_str(), what.c_str());
            }
            ImGui::EndTable();
        }
        ImGui::TextDisabled("Every action asks for confirmation and a note, and is logged.");
        ImGui::TextDisabled("An undo is a new action (the log is never edited).");
    }
    ImGui::End();
}

}  // namespace

void draw_console(const ConsoleView& view, const std::vector<LogRow>& log, UiState& ui) {
    if (ui.match >= view.matches.size()) ui.match = 0;
    const MatchView* m = view.matches.empty() ? nullptr : &view.matches[ui.match];
    ui.action_status = view.action_status;
    ui.action_pending = view.action_pending;
    if (ui.fonts.body) ImGui::PushFont(ui.fonts.body);
    // A game played on a field of points has the players' touch panel (F2 in and out).
    const bool touch = m && m->field;
    if (touch && ImGui::IsKeyPressed(KEY_F2, false)) ui.touch_panel = !ui.touch_panel;
    if (touch && ui.touch_panel) {
        draw_touch_panel(view, *m, ui);
        if (ui.fonts.body) ImGui::PopFont();
        return;
    }
    ui.draft.reset();  // the arbiter's window sends no draft: nothing to preview
    ui.touch_targets.clear();
    shortcuts(m, ui);

    const ImVec2 d = ImGui::GetIO().DisplaySize;
    const float strip_h = ui.fonts.px(52);
    const float left_w = std::floor(d.x * 0.34f);
    const float clocks_h = ui.fonts.px(250);
    const float body_h = d.y - strip_h;
    const float right_x = left_w;
    const float right_w = d.x - left_w;
    const float top_h = std::floor(body_h * 0.56f);
    const float col1 = std::floor(right_w * 0.34f), col2 = std::floor(right_w * 0.36f);
    const float col3 = right_w - col1 - col2;
    // A game may add a block of its own to the actions (the devices panel scrolls instead).
    const float actions_h =
        std::floor(top_h * (m ? game_console(m->game).actions_share : GameConsole{}.actions_share));

    if (begin_panel("##strip", {0, 0}, {d.x, strip_h}, ImGuiWindowFlags_NoTitleBar))
        strip(view, m, ui);
    ImGui::End();
    if (begin_panel("Clocks", {0, strip_h}, {left_w, clocks_h})) draw_clocks_panel(m, ui);
    ImGui::End();
    if (begin_panel("Board", {0, strip_h + clocks_h}, {left_w, body_h - clocks_h}))
        draw_board_panel(m, ui);
    ImGui::End();
    if (begin_panel("Match", {right_x, strip_h}, {col1, top_h})) draw_match_panel(m, ui);
    ImGui::End();
    if (begin_panel("Claims", {right_x + col1, strip_h}, {col2, top_h}))
        draw_claims_panel(view, m, ui);
    ImGui::End();
    if (begin_panel("Arbiter actions", {right_x + col1 + col2, strip_h}, {col3, actions_h}))
        draw_actions_panel(m, ui);
    ImGui::End();
    if (begin_panel("Devices", {right_x + col1 + col2, strip_h + actions_h},
                    {col3, top_h - actions_h}))
        draw_devices_panel(view, ui);
    ImGui::End();
    if (begin_panel("Event log", {right_x, strip_h + top_h}, {right_w, body_h - top_h}))
        draw_log_panel(view, log, ui);
    ImGui::End();
    help(m, ui);
    if (ui.fonts.body) ImGui::PopFont();
}

}  // namespace venue::console
