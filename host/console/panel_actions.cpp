// Arbiter actions: a button (and a shortcut) per action; each opens a dialog that asks for what
// the action needs and a note, shows the question in words, and only on Confirm leaves an
// ArbiterIntent in the outbox. The engine judges it; its decisions appear in the log.
#include <cmath>
#include <cstring>

#include "console/game_panels.h"
#include "console/panels.h"
#include "venue/game_rules.h"

namespace venue::console {
namespace {

using K = engine::ArbiterActionKind;
constexpr const char* RESULTS[] = {"1-0", "0-1", "1/2-1/2"};
constexpr const char* DRAW_CLAIMS[] = {"", "threefold", "fifty_moves"};
constexpr const char* DIALOG = "Confirm arbiter action";

std::vector<const PlayerRow*> players(const MatchView* m) {
    std::vector<const PlayerRow*> out;
    if (!m) return out;
    for (const TeamView& t : m->sides)
        for (const PlayerRow& p : t.players) out.push_back(&p);
    return out;
}

void copy(char* to, std::size_t size, const std::string& from) {
    std::strncpy(to, from.c_str(), size - 1);
    to[size - 1] = 0;
}

// The grounds the game lists for a warning or a removal (empty: it asks for none).
std::vector<const engine::PenaltyGround*> grounds_for(const MatchView* m, K kind) {
    const engine::GameRules* game = m ? engine::find_game(m->game) : nullptr;
    if (!game) return {};
    return engine::penalty_grounds(*game, kind == K::REMOVE);
}

bool needs_player(const ArbiterIntent& in) {
    return !in.key && !in.input && (in.kind == K::WARN || in.kind == K::REMOVE);
}

void dialog(const MatchView* m, UiState& ui) {
    ActionForm& f = ui.form;
    if (f.request_open) {
        ImGui::OpenPopup(DIALOG);
        f.request_open = false;
    }
    const ImVec2 d = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.4f), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(ui.fonts.px(620), 0), ImGuiCond_Appearing);
    if (!ImGui::BeginPopupModal(DIALOG, nullptr, ImGuiWindowFlags_NoSavedSettings)) return;
    // An entry or a game's input asks for its own fields.
    const K kind = f.intent.key || f.intent.input ? K::PAUSE : f.intent.kind;
    bool enter = false;
    const auto list = players(m);
    const GameConsole& game = game_console(m ? m->game : "");
    if ((f.intent.key || f.intent.input) && m) {
        if (const GamePanels* g = find_game_panels(m->game); g && g->draw_entry_fields)
            g->draw_entry_fields(*m, f);
    }
    if (f.intent.input && m) {  // a game's input: for which side
        int side = f.intent.input->side;
        for (const TeamView& t : m->sides) {
            if (t.side) ImGui::SameLine();
            const std::string label = t.name.empty() ? t.label : t.name + " (" + t.label + ")";
            ImGui::RadioButton(label.c_str(), &side, t.side);
        }
        f.intent.input->side = side;
    }
    if (needs_player(f.intent)) {
        if (f.player >= int(list.size())) f.player = 0;
        const std::string current = list.empty() ? ""
                                                 : list[std::size_t(f.player)]->name + " (" +
                                                       list[std::size_t(f.player)]->id + ")";
        if (ImGui::BeginCombo("player", current.c_str())) {
            for (std::size_t i = 0; i < list.size(); ++i) {
                const std::string label =
                    list[i]->name + " (" + list[i]->id + ")" +
                    (list[i]->removed ? " \u2014 " + game.penalties.removed : "");
                if (ImGui::Selectable(label.c_str(), int(i) == f.player)) f.player = int(i);
            }
            ImGui::EndCombo();
        }
        // The ground, as the game's rules list them: the rule the decision cites.
        const auto grounds = grounds_for(m, f.intent.kind);
        if (!grounds.empty()) {
            if (f.ground >= int(grounds.size())) f.ground = 0;
            const engine::PenaltyGround& now = *grounds[std::size_t(f.ground)];
            if (ImGui::BeginCombo("ground", (now.clause + "  " + now.words).c_str())) {
                for (std::size_t i = 0; i < grounds.size(); ++i)
                    if (ImGui::Selectable((grounds[i]->clause + "  " + grounds[i]->words).c_str(),
                                          int(i) == f.ground))
                        f.ground = int(i);
                ImGui::EndCombo();
            }
        }
        ImGui::InputTextWithHint("reason", game.penalties.reason_hint.c_str(), f.text,
                                 sizeof f.text);
    }
    if (kind == K::ADD_TIME) {
        int side = int(f.intent.side);
        ImGui::RadioButton("White", &side, 0);
        ImGui::SameLine();
        ImGui::RadioButton("Black", &side, 1);
        f.intent.side = chess::Color(side);
        ImGui::InputFloat("minutes (negative takes away)", &f.minutes, 0.5f, 1.0f, "%.2f");
    }
    if (kind == K::RESTORE_POSITION) {
        ImGui::InputInt("after ply", &f.intent.ply);
        ImGui::TextDisabled("the game goes back to the position after this many moves");
    }
    if (kind == K::DECLARE_RESULT) {
        ImGui::Combo("result", &f.result, RESULTS, 3);
        ImGui::InputTextWithHint("termination", "adjudication, agreement, ...", f.text,
                                 sizeof f.text);
    }
    if (kind == K::ENTER_MOVE)
        ImGui::InputTextWithHint("move (UCI)", "e2e4", f.text, sizeof f.text);
    if (kind == K::ILLEGAL_MOVE_STANDS) {
        ImGui::InputTextWithHint("move as made", "e1g3 (e7e8q for a pawn)", f.text, sizeof f.text);
        ImGui::TextDisabled(
            "the piece goes from the first square to the second, whatever the "
            "rules say; the game goes on from there in a new part");
    }
    ImGui::InputText("arbiter", ui.arbiter, sizeof ui.arbiter);
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    enter = ImGui::InputTextWithHint("note", "why (required, goes into the log)", f.note,
                                     sizeof f.note, ImGuiInputTextFlags_EnterReturnsTrue);

    const ArbiterIntent intent = form_intent(f, m, ui.arbiter);
    ImGui::Separator();
    ImGui::PushFont(ui.fonts.large);
    ImGui::TextWrapped("%s?", (m ? describe(intent, *m) : describe(intent)).c_str());
    ImGui::PopFont();
    const auto event = to_event(intent, 0);
    if (!event) ImGui::TextColored(color4(COLOR_WARN), "%s", event.error().c_str());
    ImGui::BeginDisabled(!event);
    const bool confirm =
        ImGui::Button("Confirm (Enter)", ImVec2(ui.fonts.px(200), 0)) || (enter && event);
    ImGui::EndDisabled();
    ImGui::SameLine();
    const bool cancel = ImGui::Button("Cancel (Esc)", ImVec2(ui.fonts.px(160), 0)) ||
                        ImGui::IsKeyPressed(KEY_ESCAPE, false);
    if (confirm && event) {
        ui.outbox.push_back(intent);
        ui.last_posted = m ? describe(intent, *m) : describe(intent);
        ImGui::CloseCurrentPopup();
    } else if (cancel) {
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

// Two buttons a row, each half the panel's width.
float g_button_w = 100;
bool action_button(const char* label, bool enabled = true) {
    ImGui::BeginDisabled(!enabled);
    const bool pressed = ImGui::Button(label, ImVec2(g_button_w, 0));
    ImGui::EndDisabled();
    return pressed;
}

}  // namespace

void open_intent(UiState& ui, const ArbiterIntent& intent) {
    ActionForm& f = ui.form;
    f = ActionForm{};
    f.intent = intent;
    f.request_open = true;
    f.minutes = float(double(intent.amount_ms) / 60000.0);
    copy(f.note, sizeof f.note, intent.note);
    copy(f.text, sizeof f.text, intent.text);
}

void open_game_input(UiState& ui, const MatchView& m, engine::GameInput input) {
    ArbiterIntent intent;
    intent.match = m.id;
    input.match = m.id;
    intent.input = std::move(input);
    open_intent(ui, intent);
}

void game_input_buttons(const MatchView& m, UiState& ui, const char* heading,
                        const std::vector<GameInputButton>& buttons) {
    ImGui::Separator();
    ImGui::TextDisabled("%s", heading);
    const float w = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
    ImGui::BeginDisabled(m.result != "*");
    int n = 0;
    for (const GameInputButton& b : buttons) {
        if (n++ % 2) ImGui::SameLine();
        if (ImGui::Button(b.label, ImVec2(w, 0)))
            open_game_input(ui, m, {m.id, b.kind, 0, "", {}, "", ""});
    }
    ImGui::EndDisabled();
}

void open_action(UiState& ui, const MatchView& m, engine::ArbiterActionKind kind, int ref) {
    ArbiterIntent in;
    in.match = m.id;
    in.kind = kind;
    in.ref = ref;
    in.ply = m.segment_ply;
    in.side = m.white().on_move ? chess::WHITE : chess::BLACK;
    in.amount_ms = 120000;
    open_intent(ui, in);
    // A warning or removal starts on the claim holder, or on the player of the proposal.
    const auto list = players(&m);
    for (std::size_t i = 0; i < list.size(); ++i)
        if (list[i]->holds_claim) ui.form.player = int(i);
}

ArbiterIntent form_intent(const ActionForm& f, const MatchView* m, const char* arbiter) {
    ArbiterIntent in = f.intent;
    in.note = f.note;
    in.arbiter = arbiter ? arbiter : "";
    if (in.key) {
        if (*in.key == engine::KeyChangeKind::SELECT) {
            in.shares.clear();
            if (f.split) {
                in.to_branch = 0;
                for (const auto& [branch, chips] : f.shares)
                    if (chips > 0 && branch != in.from_branch) in.shares.push_back({branch, chips});
            }
        }
        if (*in.key == engine::KeyChangeKind::DRAW)
            in.claim = DRAW_CLAIMS[f.claim >= 0 && f.claim < 3 ? f.claim : 0];
        return in;
    }
    if (in.input) return in;
    switch (in.kind) {
        case K::WARN:
        case K::REMOVE: {
            const auto list = players(m);
            in.player = f.player >= 0 && std::size_t(f.player) < list.size()
                            ? list[std::size_t(f.player)]->id
                            : "";
            in.text = f.text;
            const auto grounds = grounds_for(m, in.kind);
            const std::size_t g =
                f.ground >= 0 && std::size_t(f.ground) < grounds.size() ? std::size_t(f.ground) : 0;
            in.clause = grounds.empty() ? "" : grounds[g]->clause;
            break;
        }
        case K::ADD_TIME:
            in.amount_ms = std::llround(double(f.minutes) * 60000.0);
            break;
        case K::DECLARE_RESULT:
            in.result = RESULTS[f.result >= 0 && f.result < 3 ? f.result : 0];
            in.text = f.text;
            break;
        case K::ENTER_MOVE:
        case K::ILLEGAL_MOVE_STANDS:
            in.text = f.text;
            break;
        default:
            break;
    }
    return in;
}

void draw_actions_panel(const MatchView* m, UiState& ui) {
    if (!m) {
        ImGui::TextDisabled("no match");
        dialog(m, ui);
        return;
    }
    g_button_w = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
    const bool playing = m->result == "*";
    const bool paused = m->phase == std::string("paused");
    ImGui::TextDisabled("match %s: each action asks for a note", m->id.c_str());
    // Penalties in team games, in the game's words (a yellow card, a red card).
    const GameConsole& game = game_console(m->game);
    if (action_button((game.penalties.warn + " (W)").c_str(), playing && m->team_game))
        open_action(ui, *m, K::WARN);
    ImGui::SameLine();
    if (action_button((game.penalties.remove + " (X)").c_str(), playing && m->team_game))
        open_action(ui, *m, K::REMOVE);
    if (action_button("Time (T)", playing)) open_action(ui, *m, K::ADD_TIME);
    ImGui::SameLine();
    if (action_button(paused ? "Resume (R)" : "Pause (P)", playing))
        open_action(ui, *m, paused ? K::RESUME : K::PAUSE);
    if (action_button("Restore (B)", playing)) open_action(ui, *m, K::RESTORE_POSITION);
    ImGui::SameLine();
    if (action_button("Release claim (C)", playing && !m->claim_holder.empty()))
        open_action(ui, *m, K::RELEASE_CLAIM);
    if (action_button("Result (D)", playing)) open_action(ui, *m, K::DECLARE_RESULT);
    ImGui::SameLine();
    if (action_button("Enter move (M)", playing)) open_action(ui, *m, K::ENTER_MOVE);
    // A game may refuse it (a new part of one game of a tree): no button there.
    if (game.illegal_move_stands && action_button("Illegal move stands (I)", playing))
        open_action(ui, *m, K::ILLEGAL_MOVE_STANDS);
    for (const ProposalRow& p : m->proposals) {
        ImGui::PushID(p.ref);
        ImGui::TextColored(color4(COLOR_WARN), "Proposed warning #%d", p.ref);
        if (action_button("Confirm (Y)")) open_action(ui, *m, K::CONFIRM_WARNING, p.ref);
        ImGui::SameLine();
        if (action_button("Reject (N)")) open_action(ui, *m, K::REJECT_WARNING, p.ref);
        ImGui::PopID();
    }
    if (const GamePanels* own = find_game_panels(m->game); own && own->draw_actions)
        own->draw_actions(*m, ui);
    ImGui::SetNextItemWidth(ui.fonts.px(200));
    ImGui::InputText("arbiter##name", ui.arbiter, sizeof ui.arbiter);
    // Said from the log: an action is done only once its event is durable (ViewModel::expect).
    if (!ui.action_status.empty()) {
        if (ui.action_pending)
            ImGui::TextColored(color4(COLOR_WARN), "%s", ui.action_status.c_str());
        else
            ImGui::TextWrapped("%s (its decisions are in the log)", ui.action_status.c_str());
    }
    ImGui::TextDisabled("Undo: the log's \"undo\" buttons (a new action).");
    dialog(m, ui);
}

}  // namespace venue::console
