// Betza's drawing entry: the buttons open the actions' confirmation dialog with the game's input
// (betza_match.h), whose arguments are typed in its one text field and whose note the dialog asks
// for. The army an input is for is chosen in the dialog, above the field.
#include "games/betza/console/betza_panels.h"

#include <sstream>
#include <string>
#include <vector>

#include "console/panels.h"

namespace venue::games::betza {

using namespace console;

namespace {

// The buttons: the input's kind, the label, what the text field holds ("" none) and the
// arguments its words fill, in order.
struct ArbiterInput {
    const char* kind;
    const char* label;
    const char* field;
    const char* first;
    const char* second;
};
constexpr ArbiterInput INPUTS[] = {
    {"select_pair", "Push pair", "the two half-boards, the one keeping its squares first (0 1)",
     "board_a", "board_b"},
    {"move", "Move", "the move on the joined board (f2f3, e7e8q)", "uci", ""},
    {"end_turn", "End turn", "", "", ""},
    {"add_time", "Army time", "the army and the time in seconds (2 60; -30 takes time)", "army",
     "ms"},
    {"reassign", "Reassign", "the army and the player who takes it (2 b)", "army", "player"},
    {"rule_self_mate", "Self-mate ruling", "the army and the player who takes it (2 b)", "army",
     "player"},
    {"alliance", "Alliance", "the two players (a c)", "player_a", "player_b"},
    {"agree_draw", "Shared draw", "", "", ""},
};

void draw_actions(const MatchView& m, UiState& ui) {
    static const std::vector<GameInputButton> buttons = [] {
        std::vector<GameInputButton> b;
        for (const ArbiterInput& a : INPUTS) b.push_back({a.kind, a.label});
        return b;
    }();
    game_input_buttons(
        m, ui, "Betza: what the boards and buttons would say, and the arbiter's rulings", buttons);
}

// The dialog's text field, read into the input's arguments (seconds into ms for the time).
void draw_entry_fields(const MatchView& /*m*/, ActionForm& form) {
    if (!form.intent.input) return;
    engine::GameInput& in = *form.intent.input;
    for (const ArbiterInput& a : INPUTS) {
        if (in.kind != a.kind || !*a.field) continue;
        ImGui::InputText(a.field, form.text, sizeof form.text);
        std::istringstream words(form.text);
        std::string first, second;
        words >> first >> second;
        if (in.kind == "add_time" && !second.empty()) {
            try {
                second = std::to_string(std::stoll(second) * 1000);
            } catch (const std::exception&) {
                // left as typed: the match refuses it with its reason
            }
        }
        in.args[a.first] = first;
        if (*a.second) in.args[a.second] = second;
    }
}

GamePanels make() {
    GamePanels p;
    p.game = "betza";
    p.draw_actions = &draw_actions;
    p.draw_entry_fields = &draw_entry_fields;
    return p;
}

}  // namespace

const GamePanels& panels_entry() {
    static const GamePanels entry = make();
    return entry;
}

}  // namespace venue::games::betza
