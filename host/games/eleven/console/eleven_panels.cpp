// Chess Eleven's drawing entry: the arbiter's buttons open the actions' confirmation dialog with
// the game's input (eleven_match.h), whose squares are typed in its one text field ("Ball": the
// carrier's square, or "centre") and whose note the dialog asks for. The side of a declaration is
// chosen in the dialog, above the fields.
#include "games/eleven/console/eleven_panels.h"

#include <sstream>
#include <string>
#include <vector>

#include "console/panels.h"

namespace venue::games::eleven {

using namespace console;

namespace {

// The buttons: the input's kind, the label, what the text field holds ("" for none).
struct ArbiterInput {
    const char* kind;
    const char* label;
    const char* field;
};
constexpr ArbiterInput INPUTS[] = {
    {"ball", "Ball", "the square of the piece that has it (d7), or centre"},
    {"pass", "Pass", "from and to (a8 b7)"},
    {"shot", "Shot", "the goal square aimed at (d8)"},
    {"end_turn", "End turn", ""},
    {"ready", "Ready", ""},
    // C11-A26 touchscreen_then_place: a side's hidden formation, its own pieces only.
    {"formation", "Formation",
     "the side's pieces as a FEN's first field (8/8/8/8/8/4R3/2PPPP2/RNBK1BN1)"},
    {"formation_time_up", "Formation time up", ""},
    {"half_time", "Half time", ""},
    {"full_time", "Full time", ""},
};

void draw_actions(const MatchView& m, UiState& ui) {
    static const std::vector<GameInputButton> buttons = [] {
        std::vector<GameInputButton> b;
        for (const ArbiterInput& a : INPUTS) b.push_back({a.kind, a.label});
        return b;
    }();
    game_input_buttons(m, ui, "Chess Eleven: the ball, and what the board or the hub would declare",
                       buttons);
}

// The dialog's text field, read into the input's arguments.
void draw_entry_fields(const MatchView& /*m*/, ActionForm& form) {
    if (!form.intent.input) return;
    engine::GameInput& in = *form.intent.input;
    for (const ArbiterInput& a : INPUTS) {
        if (in.kind != a.kind || !*a.field) continue;
        ImGui::InputText(a.field, form.text, sizeof form.text);
        std::istringstream words(form.text);
        std::string first, second;
        words >> first >> second;
        if (in.kind == "ball") in.args["to"] = first;
        if (in.kind == "shot") in.args["target"] = first;
        if (in.kind == "formation") in.args["placement"] = first;
        if (in.kind == "pass") {
            in.args["from"] = first;
            in.args["to"] = second;
        }
    }
}

GamePanels make() {
    GamePanels p;
    p.game = "eleven";
    p.draw_actions = &draw_actions;
    p.draw_entry_fields = &draw_entry_fields;
    return p;
}

}  // namespace

const GamePanels& panels_entry() {
    static const GamePanels entry = make();
    return entry;
}

}  // namespace venue::games::eleven
