// The setup wizard's window: the steps on the left, the step's fields, its issues (each naming
// the field of the venue file), Back / Next; the review shows the file and saves it. Everything
// it edits is SetupWizard's draft; what a step allows and refuses is the model's, not the panel's.
#include <imgui.h>
#include <imgui_stdlib.h>  // after imgui.h: it uses IMGUI_API

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

#include "console/panels.h"
#include "venue/game_rules.h"

namespace venue::console {
namespace {

// The fonts' scale of the frame being drawn (set by draw_setup_panel), for the fixed widths
// below, written in pixels at scale 1: the steps' helpers stay free of the UI state.
float g_scale = 1.0f;
float px(float v) {
    return v * g_scale;
}

const char* const MODES[] = {"sudden_death", "fischer", "simple_delay", "bronstein"};
const engine::TimeMode MODE_VALUES[] = {engine::TimeMode::SUDDEN_DEATH, engine::TimeMode::FISCHER,
                                        engine::TimeMode::SIMPLE_DELAY,
                                        engine::TimeMode::BRONSTEIN};
const char* const ORIENTATIONS[] = {"auto", "normal", "rotated"};
const char* const CLOCKS[] = {"", "white-left", "white-right"};

// A duration edited in the file's unit (minutes or seconds), kept in milliseconds.
void duration_field(const char* label, std::int64_t& ms, double ms_per_unit) {
    double v = static_cast<double>(ms) / ms_per_unit;
    ImGui::SetNextItemWidth(px(160));
    if (ImGui::InputDouble(label, &v, 1.0, 10.0, "%.3g")) ms = std::llround(v * ms_per_unit);
}

void int_field(const char* label, int& value) {
    ImGui::SetNextItemWidth(px(160));
    ImGui::InputInt(label, &value);
}

// A combo over fixed strings; `value` keeps a string the list lacks (shown as it is).
bool string_combo(const char* label, std::string& value, const char* const* items, int count,
                  const char* empty_text = "") {
    bool changed = false;
    ImGui::SetNextItemWidth(px(220));
    const std::string shown = value.empty() ? empty_text : value;
    if (ImGui::BeginCombo(label, shown.c_str())) {
        for (int i = 0; i < count; ++i) {
            const std::string item = items[i];
            if (ImGui::Selectable(item.empty() ? empty_text : items[i], item == value)) {
                value = item;
                changed = true;
            }
        }
        ImGui::EndCombo();
    }
    return changed;
}

// A heading inside a step (ImGui 1.86 has no SeparatorText).
void section(const char* title) {
    ImGui::Separator();
    ImGui::TextColored(color4(COLOR_INFO), "%s", title);
}

void issue_lines(const std::vector<WizardIssue>& issues) {
    for (const WizardIssue& i : issues)
        ImGui::TextColored(color4(COLOR_BAD), "\u2717 %s", i.to_string().c_str());
}

void step_event(SetupWizard& w, SetupUi& ui) {
    config::VenueConfig& d = w.draft();
    ImGui::InputText("Event name", &d.event_name);
    ImGui::InputText("Site", &d.site);
    ImGui::InputText("Event log (SQLite)", &d.log_path);
    ImGui::Separator();
    ImGui::Checkbox("TV feed", &d.feed.enabled);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(px(220));
    ImGui::InputText("host", &d.feed.host);
    ImGui::SameLine();
    int_field("port", d.feed.port);
    ImGui::Separator();
    ImGui::TextUnformatted("The hub: its USB serial number (survives renumbering), or a port.");
    ImGui::InputText("Hub USB serial", &d.hub.serial);
    ImGui::InputText("Hub port", &d.hub.port);
    if (!ui.hub_status.empty()) ImGui::TextColored(color4(COLOR_INFO), "%s", ui.hub_status.c_str());
}

// Which of the file's matches the steps set up: one at a time, the others kept as they are.
void match_picker(SetupWizard& w) {
    const auto& matches = w.draft().matches;
    const std::string current = w.match().id + " (" + w.match().game + ")";
    if (ImGui::BeginCombo("Match to set up", current.c_str())) {
        for (std::size_t i = 0; i < matches.size(); ++i)
            if (ImGui::Selectable((matches[i].id + " (" + matches[i].game + ")").c_str(),
                                  i == w.match_index()))
                w.select_match(i);
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    if (ImGui::Button("Add a match")) w.add_match();
    ImGui::SameLine();
    ImGui::BeginDisabled(matches.size() < 2);
    if (ImGui::Button("Remove this match")) w.remove_match();
    ImGui::EndDisabled();
}

// The games of this build (the registry), each with its one-line summary as a tooltip.
void game_combo(SetupWizard& w) {
    const engine::GameRules* current = engine::find_game(w.match().game);
    ImGui::SetNextItemWidth(px(220));
    const std::string shown = current ? current->display_name : w.match().game;
    if (ImGui::BeginCombo("Game", shown.c_str())) {
        for (const engine::GameRules* g : engine::registered_games()) {
            if (ImGui::Selectable(g->display_name.c_str(), g == current) && g != current)
                w.set_game(g->id);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", g->summary.c_str());
        }
        ImGui::EndCombo();
    }
    if (current) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", current->summary.c_str());
    }
}

// A comma list ("1, 2, 3") edited as one line of text.
std::string joined(const std::vector<std::string>& list) {
    std::string s;
    for (const std::string& x : list) s += (s.empty() ? "" : ", ") + x;
    return s;
}
std::vector<std::string> split(const std::string& text) {
    std::vector<std::string> out;
    std::string item;
    auto flush = [&] {
        const auto a = item.find_first_not_of(' ');
        const auto b = item.find_last_not_of(' ');
        if (a != std::string::npos) out.push_back(item.substr(a, b - a + 1));
        item.clear();
    };
    for (char c : text) {
        if (c == ',')
            flush();
        else
            item += c;
    }
    flush();
    return out;
}

// The unit a duration is edited in: "seconds" (1000 ms), "minutes" (60000 ms), else ms.
const char* unit_name(std::int64_t unit_ms) {
    return unit_ms == 60000 ? "minutes" : unit_ms == 1000 ? "seconds" : "ms";
}

// One of the game's settings, drawn as its kind says; its help and the clause it settles as a
// tooltip, and what is wrong with its value under it.
void option_field(const engine::GameOption& o, engine::GameOptions& options) {
    ImGui::PushID(o.key.c_str());
    const std::string label = o.file_key + (o.kind == engine::OptionKind::DURATION
                                                ? std::string(" (") + unit_name(o.unit_ms) + ")"
                                                : std::string());
    engine::OptionValue value = o.default_value;
    if (auto it = options.values().find(o.key); it != options.values().end()) value = it->second;
    bool changed = false;
    switch (o.kind) {
        case engine::OptionKind::FLAG: {
            bool* v = std::get_if<bool>(&value);
            bool b = v && *v;
            if (ImGui::Checkbox(label.c_str(), &b)) {
                value = b;
                changed = true;
            }
            break;
        }
        case engine::OptionKind::COUNT: {
            const std::int64_t* v = std::get_if<std::int64_t>(&value);
            int n = v ? int(*v) : 0;
            ImGui::SetNextItemWidth(px(160));
            if (ImGui::InputInt(label.c_str(), &n)) {
                value = std::int64_t(n);
                changed = true;
            }
            break;
        }
        case engine::OptionKind::DURATION: {
            const std::int64_t* v = std::get_if<std::int64_t>(&value);
            std::int64_t ms = v ? *v : 0;
            const std::int64_t before = ms;
            duration_field(label.c_str(), ms, double(o.unit_ms > 0 ? o.unit_ms : 1));
            if (ms != before) {
                value = ms;
                changed = true;
            }
            break;
        }
        case engine::OptionKind::CHOICE: {
            const std::string* v = std::get_if<std::string>(&value);
            std::string c = v ? *v : "";
            ImGui::SetNextItemWidth(px(220));
            if (ImGui::BeginCombo(label.c_str(), c.c_str())) {
                for (const std::string& choice : o.choices)
                    if (ImGui::Selectable(choice.c_str(), choice == c)) {
                        value = choice;
                        changed = true;
                    }
                ImGui::EndCombo();
            }
            break;
        }
        case engine::OptionKind::TEXT: {
            const std::string* v = std::get_if<std::string>(&value);
            std::string t = v ? *v : "";
            ImGui::SetNextItemWidth(px(220));
            if (ImGui::InputText(label.c_str(), &t)) {
                value = t;
                changed = true;
            }
            break;
        }
        case engine::OptionKind::TEXT_LIST: {
            // The text as typed while it still says the value (a trailing comma stays).
            static std::map<std::string, std::string> typed;
            const auto* v = std::get_if<std::vector<std::string>>(&value);
            const std::vector<std::string> list = v ? *v : std::vector<std::string>{};
            std::string& t = typed[o.key];
            if (split(t) != list) t = joined(list);
            ImGui::SetNextItemWidth(px(220));
            if (ImGui::InputText(label.c_str(), &t)) {
                value = split(t);
                changed = true;
            }
            break;
        }
    }
    if (ImGui::IsItemHovered() && !o.help.empty())
        ImGui::SetTooltip("%s%s", o.help.c_str(),
                          o.rule.empty() ? "" : (" (" + o.rule + ")").c_str());
    if (changed) options.set(o.key, value);
    if (std::string bad = engine::option_value_problem(o, value); !bad.empty())
        ImGui::TextColored(color4(COLOR_BAD), "%s", bad.c_str());
    ImGui::PopID();
}

void step_game(SetupWizard& w) {
    match_picker(w);
    engine::MatchConfig& m = w.match();
    std::string id = m.id;
    if (ImGui::InputText("Match id", &id)) w.set_match_id(id);
    game_combo(w);
    const engine::GameRules* game = engine::find_game(m.game);
    ImGui::InputText("Round (round.board)", &m.round);
    // A game of several boards names them in its settings.
    if (!game || !game->boards) ImGui::InputText("Board (DGT serial number)", &m.board);
    section("Time control");
    duration_field("Base (minutes)", m.time.base_ms, 60000);
    duration_field("Increment (seconds)", m.time.increment_ms, 1000);
    int mode = 0;
    for (int i = 0; i < 4; ++i)
        if (MODE_VALUES[i] == m.time.mode) mode = i;
    ImGui::SetNextItemWidth(px(220));
    if (ImGui::Combo("Mode", &mode, MODES, 4)) m.time.mode = MODE_VALUES[mode];
    if (game && !game->options.empty()) {
        section((game->display_name + " (" + game->rules_doc + ")").c_str());
        for (const engine::GameOption& o : game->options) option_field(o, m.options);
    } else {
        section("Penalties (the Laws of Chess)");
        duration_field("Illegal move bonus (seconds)", m.penalties.illegal_move_bonus_ms, 1000);
        int_field("Illegal moves to lose", m.penalties.illegal_moves_to_lose);
        duration_field("Incorrect claim bonus (seconds)", m.penalties.incorrect_claim_bonus_ms,
                       1000);
    }
}

// The sides in columns: two side by side, four to a row in a game of more.
bool begin_sides_table(const char* id, const SetupWizard& w) {
    return ImGui::BeginTable(id, std::min(w.side_count(), 4), ImGuiTableFlags_BordersInnerV);
}

void step_teams(SetupWizard& w) {
    // A game of more sides: how many play (the game's fewest to most).
    if (const engine::GameRules* game = engine::find_game(w.match().game);
        game && game->sides.min_sides != game->sides.max_sides) {
        int n = w.side_count();
        ImGui::SetNextItemWidth(px(160));
        const std::string label = "Number of " + engine::side_words(game->sides) + " (" +
                                  std::to_string(game->sides.min_sides) + " to " +
                                  std::to_string(game->sides.max_sides) + ")";
        if (ImGui::InputInt(label.c_str(), &n)) w.set_side_count(n);
    }
    if (!begin_sides_table("teams", w)) return;
    for (int side = 0; side < w.side_count(); ++side) {
        ImGui::TableNextColumn();
        ImGui::PushID(side);
        engine::TeamConfig& t = w.team(side);
        ImGui::TextUnformatted(w.side_name(side).c_str());
        ImGui::SetNextItemWidth(px(200));
        ImGui::InputText("Name", &t.name);
        int n = int(t.players.size());
        ImGui::SetNextItemWidth(px(160));
        if (ImGui::InputInt("Players", &n)) w.set_player_count(side, n);
        for (std::size_t i = 0; i < t.players.size(); ++i) {
            ImGui::PushID(int(i));
            ImGui::SetNextItemWidth(px(80));
            ImGui::InputText("##id", &t.players[i].id);
            ImGui::SameLine();
            ImGui::SetNextItemWidth(px(260));
            ImGui::InputText("name", &t.players[i].name);
            ImGui::PopID();
        }
        ImGui::PopID();
    }
    ImGui::EndTable();
}

void step_files(SetupWizard& w) {
    const GameConsole& game = game_console(w.match().game);
    std::string rules = game.files_rule;
    if (!game.file_owner_rule.empty()) rules += (rules.empty() ? "" : ", ") + game.file_owner_rule;
    ImGui::TextWrapped(
        "Every file a-h has exactly one owner in each team%s. Deal them out in order, or type "
        "each player's files.",
        rules.empty() ? "" : (" (" + rules + ")").c_str());
    if (!begin_sides_table("files", w)) return;
    for (int side = 0; side < w.side_count(); ++side) {
        ImGui::TableNextColumn();
        ImGui::PushID(side);
        engine::TeamConfig& t = w.team(side);
        std::string deal = "Deal out:";
        for (const std::string& f : SetupWizard::dealt_files(int(t.players.size())))
            deal += " " + f;
        ImGui::Text("%s (%s)", w.side_name(side).c_str(), t.name.c_str());
        if (ImGui::Button(deal.c_str())) w.deal_files(side);
        for (std::size_t i = 0; i < t.players.size(); ++i) {
            ImGui::PushID(int(i));
            ImGui::SetNextItemWidth(px(120));
            ImGui::InputText(w.player_label({side, i}).c_str(), &t.players[i].files);
            ImGui::PopID();
        }
        ImGui::PopID();
    }
    ImGui::EndTable();
}

void step_buttons(SetupWizard& w, SetupUi& ui) {
    const std::string& word = game_console(w.match().game).button_word;
    ImGui::TextWrapped("%s",
                       ui.hub_status.empty()
                           ? ("No hub (venue-console --setup FILE --hub PORT feeds its presses): "
                              "type the number of the selected player's " +
                              word + " and Assign.")
                                 .c_str()
                           : ("Ask the selected player (\u25B6) to press his " + word +
                              ": it becomes his, and the next player without one is selected. "
                              "Or type a number and Assign.")
                                 .c_str());
    if (!ui.hub_status.empty()) ImGui::TextColored(color4(COLOR_INFO), "%s", ui.hub_status.c_str());
    ImGui::SetNextItemWidth(px(80));
    const bool enter = ImGui::InputText("button 0-15", ui.press, sizeof ui.press,
                                        ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if ((ImGui::Button("Assign") || enter) && ui.press[0]) {
        w.on_claim_press(std::atoi(ui.press));
        ui.press[0] = 0;
    }
    if (!begin_sides_table("buttons", w)) return;
    const auto target = w.claim_target();
    for (int side = 0; side < w.side_count(); ++side) {
        ImGui::TableNextColumn();
        ImGui::PushID(side);
        const engine::TeamConfig& t = w.team(side);
        ImGui::Text("%s (%s)", w.side_name(side).c_str(), t.name.c_str());
        for (std::size_t i = 0; i < t.players.size(); ++i) {
            const PlayerRef p{side, i};
            ImGui::PushID(int(i));
            std::string buttons;
            for (int b : t.players[i].buttons)
                buttons += (buttons.empty() ? "" : ", ") + std::to_string(b);
            const bool selected = target && *target == p;
            const std::string row = std::string(selected ? "\u25B6 " : "   ") + w.player_label(p) +
                                    ": " + (buttons.empty() ? std::string("no button") : buttons);
            if (ImGui::Selectable(row.c_str(), selected, 0, ImVec2(px(320), 0)))
                w.select_for_claim(p);
            ImGui::SameLine();
            if (ImGui::SmallButton("Clear")) w.clear_buttons(p);
            ImGui::PopID();
        }
        ImGui::PopID();
    }
    ImGui::EndTable();
}

void step_boards(SetupWizard& w) {
    ImGui::TextWrapped(
        "Each DGT board: its serial number (the id the match names), where it is plugged in (a "
        "port, or the USB serial number of its cable), which way round it lies (auto: from the "
        "first start position it reads) and whether a DGT 3000 on it keeps the clock.");
    // A game of several boards says which (its settings, in the Game step).
    if (const GameConsole& game = game_console(w.match().game); game.boards_note) {
        const std::string note = game.boards_note(w.match());
        if (!note.empty()) ImGui::TextWrapped("%s", note.c_str());
    }
    auto& boards = w.draft().boards;
    for (std::size_t i = 0; i < boards.size(); ++i) {
        config::BoardPortConfig& b = boards[i];
        ImGui::PushID(int(i));
        ImGui::Separator();
        ImGui::SetNextItemWidth(px(160));
        ImGui::InputText("serial number", &b.id);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(px(220));
        ImGui::InputText("port", &b.port);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(px(220));
        ImGui::InputText("or USB serial", &b.usb_serial);
        string_combo("orientation", b.orientation, ORIENTATIONS, 3);
        ImGui::SameLine();
        string_combo("DGT 3000 clock", b.clock, CLOCKS, 3, "none (the hub's)");
        ImGui::SameLine();
        const bool remove = ImGui::Button("Remove");
        ImGui::PopID();
        if (remove) {
            w.remove_board(i);
            break;
        }
    }
    if (ImGui::Button("Add a board")) w.add_board();
}

void step_review(SetupWizard& w, SetupUi& ui) {
    const auto issues = w.check_all();
    if (issues.empty())
        ImGui::TextColored(color4(COLOR_GOOD), "\u2713 the file reads as `venue run` reads it");
    issue_lines(issues);
    ImGui::Checkbox("overwrite", &ui.overwrite);
    ImGui::SameLine();
    ImGui::BeginDisabled(!issues.empty());
    if (ImGui::Button("Save")) w.save(ui.overwrite);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::Text("to %s", w.path().c_str());
    std::string text = w.toml();
    ImGui::InputTextMultiline("##toml", &text, ImVec2(-1, -1), ImGuiInputTextFlags_ReadOnly);
}

}  // namespace

void draw_setup_panel(SetupWizard& w, SetupUi& ui) {
    g_scale = ui.fonts.scale;
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::Begin("Setup wizard", nullptr,
                 ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                     ImGuiWindowFlags_NoBringToFrontOnFocus);
    if (ui.fonts.large) ImGui::PushFont(ui.fonts.large);
    ImGui::Text("Setup wizard: %s", w.path().c_str());
    if (ui.fonts.large) ImGui::PopFont();

    // The steps, each with a tick or the number of its issues.
    ImGui::BeginChild("steps", ImVec2(px(300), 0), true);
    for (int s = 0; s < WIZARD_STEPS; ++s) {
        const WizardStep step = WizardStep(s);
        if (!w.applies(step)) continue;
        const std::size_t n = step == WizardStep::REVIEW ? 0 : w.check(step).size();
        const std::string label = std::string(n ? "\u2717 " : "\u2713 ") + w.title(step) +
                                  (n ? " (" + std::to_string(n) + ")" : "");
        ImGui::PushStyleColor(ImGuiCol_Text, color4(n ? COLOR_WARN : rgba(230, 230, 230)));
        if (ImGui::Selectable(label.c_str(), w.step() == step)) w.go_to(step);
        ImGui::PopStyleColor();
    }
    ImGui::EndChild();
    ImGui::SameLine();

    ImGui::BeginChild("step", ImVec2(0, 0), true);
    if (ui.fonts.large) ImGui::PushFont(ui.fonts.large);
    ImGui::TextUnformatted(w.title(w.step()).c_str());
    if (ui.fonts.large) ImGui::PopFont();
    if (!w.message().empty())
        ImGui::TextColored(color4(w.message_is_error() ? COLOR_BAD : COLOR_INFO), "%s",
                           w.message().c_str());
    if (w.step() != WizardStep::REVIEW) {
        ImGui::BeginDisabled(w.step() == WizardStep::EVENT);
        if (ImGui::Button("< Back")) w.back();
        ImGui::EndDisabled();
        ImGui::SameLine();
        if (ImGui::Button("Next >")) w.next();
        issue_lines(w.check(w.step()));
    } else if (ImGui::Button("< Back")) {
        w.back();
    }
    ImGui::Separator();
    switch (w.step()) {
        case WizardStep::EVENT:
            step_event(w, ui);
            break;
        case WizardStep::GAME:
            step_game(w);
            break;
        case WizardStep::TEAMS:
            step_teams(w);
            break;
        case WizardStep::FILES:
            step_files(w);
            break;
        case WizardStep::BUTTONS:
            step_buttons(w, ui);
            break;
        case WizardStep::BOARDS:
            step_boards(w);
            break;
        case WizardStep::REVIEW:
            step_review(w, ui);
            break;
    }
    ImGui::EndChild();
    ImGui::End();
}

}  // namespace venue::console
