// Grassi's ChessBall in the window. The players enter their moves on the touch panel: they tap
// points of the field (UiState::picks) and choose what the taps are; the draft input goes to the
// engine's preview (the path's cost and the MP left, or the refusal and its clause) and Confirm
// sends it. The arbiter corrects a position (tap the points, then Correct) and enters the faces of
// physical dice, each with a note, in the actions' confirmation dialog.
//
// The stage is read from the match's facts (GrassiMatch::facts): "Kick-off" while the sides
// place their pieces, "Dice due" while the game waits for physical dice.
#include "games/grassi/console/grassi_panels.h"

#include <algorithm>
#include <string>

#include "console/panels.h"

namespace venue::games::grassi {

using namespace console;

namespace {

bool has_fact(const MatchView& m, const char* name) {
    return std::any_of(m.facts.begin(), m.facts.end(),
                       [&](const auto& fact) { return fact.first == name; });
}

std::string point_text(engine::FieldPoint p) {
    return std::to_string(p.x) + "," + std::to_string(p.y);
}

std::string path_text(const std::vector<engine::FieldPoint>& points, std::size_t from = 0) {
    std::string s;
    for (std::size_t i = from; i < points.size(); ++i)
        s += (s.empty() ? "" : " ") + point_text(points[i]);
    return s;
}

// What the taps are, on the touch panel.
struct TouchAction {
    const char* kind;   // the input's kind (grassi_match.h)
    const char* label;  // the button
    const char* how;    // what to tap
};
constexpr TouchAction PLAY_ACTIONS[] = {
    {"move", "Move piece", "Tap the piece, then each point of its path (a carrier dribbles)."},
    {"ball", "Move ball",
     "Tap the ball, then each point of its path: round the carrier, a pass, "
     "a throw, a shot."},
    {"contest", "Tackle",
     "Tap your tackling piece, then the piece you tackle (the carrier when "
     "the ball is carried)."},
    {"substitute", "Substitute", "Tap the piece going out, then choose the piece coming in."},
    {"pass_move", "Spend the move", "Nothing to tap: the move is spent doing nothing."},
};
constexpr TouchAction PLACE = {"place", "Place",
                               "Tap the three points: bishop, knight, rook (the kicker's first "
                               "next to the ball has it)."};

// The side the input is for: the side on move while playing; the side chosen while placing.
int side_of(const MatchView& m, const UiState& ui, bool placing) {
    if (placing) return ui.touch_side;
    for (const TeamView& t : m.sides)
        if (t.on_move) return t.side;
    return -1;
}

// The draft the picks make under `action`, or none while it lacks a tap.
std::optional<engine::GameInput> draft_of(const MatchView& m, const UiState& ui,
                                          const std::string& action, int side) {
    if (side < 0 || std::size_t(side) >= m.sides.size()) return std::nullopt;
    engine::GameInput in;
    in.match = m.id;
    in.kind = action;
    in.side = side;
    const TeamView& team = m.sides[std::size_t(side)];
    if (!team.players.empty()) in.player = team.players.front().id;
    const auto& p = ui.picks;
    if (action == "place") {
        if (p.size() != 3) return std::nullopt;
        in.args["points"] = path_text(p);
    } else if (action == "move" || action == "ball") {
        if (p.size() < 2) return std::nullopt;
        in.args["path"] = path_text(p);
    } else if (action == "contest") {
        if (p.empty() || p.size() > 2) return std::nullopt;
        in.args["at"] = point_text(p[0]);
        if (p.size() == 2) in.args["against"] = point_text(p[1]);
    } else if (action == "substitute") {
        if (p.size() != 1 || ui.touch_piece.empty()) return std::nullopt;
        in.args["at"] = point_text(p[0]);
        in.args["piece"] = ui.touch_piece;
    } else if (action != "pass_move") {
        return std::nullopt;
    }
    return in;
}

void draw_touch(const MatchView& m, UiState& ui) {
    if (m.result != "*") {
        ImGui::TextUnformatted("The match is over.");
        return;
    }
    if (has_fact(m, "Dice due")) {
        ImGui::TextWrapped("The dice are thrown: the arbiter enters their faces.");
        return;
    }
    const bool placing = has_fact(m, "Kick-off");
    const float w = ImGui::GetContentRegionAvail().x;
    const float gap = ImGui::GetStyle().ItemSpacing.x;
    const float half = (w - gap) / 2;
    const TouchAction* chosen = nullptr;
    if (placing) {
        chosen = &PLACE;
        ui.touch_action = PLACE.kind;
        for (const TeamView& t : m.sides) {
            if (t.side) ImGui::SameLine();
            const std::string label = t.label + " places";
            if (touch_button(ui, label.c_str(), half, true, ui.touch_side == t.side)) {
                ui.touch_side = t.side;
                ui.picks.clear();
            }
        }
    } else {
        int column = 0;
        for (const TouchAction& a : PLAY_ACTIONS) {
            if (column) ImGui::SameLine();
            if (touch_button(ui, a.label, half, true, ui.touch_action == a.kind)) {
                ui.touch_action = a.kind;
                if (ui.touch_action == "pass_move") ui.picks.clear();
            }
            if (ui.touch_action == a.kind) chosen = &a;
            column = (column + 1) % 2;
        }
    }
    if (!chosen) {
        ImGui::TextWrapped("Choose what to do, then tap the field.");
        return;
    }
    if (chosen->kind == std::string("substitute")) {
        const float fifth = (w - 4 * gap) / 5;
        for (const char* piece : {"queen", "rook", "bishop", "knight", "pawn"}) {
            if (piece != std::string("queen")) ImGui::SameLine();
            if (touch_button(ui, piece, fifth, true, ui.touch_piece == piece))
                ui.touch_piece = piece;
        }
    }
    ImGui::TextWrapped("%s", chosen->how);
    if (!ui.picks.empty()) {
        std::string tapped;
        for (std::size_t i = 0; i < ui.picks.size(); ++i)
            tapped += (i ? " \u2192 (" : "(") + std::to_string(ui.picks[i].x) + ", " +
                      std::to_string(ui.picks[i].y) + ")";
        ImGui::TextWrapped("Tapped: %s", tapped.c_str());
    }
    ui.draft = draft_of(m, ui, chosen->kind, side_of(m, ui, placing));
}

// The arbiter's own: a correction of what the taps name, the faces of physical dice.
void draw_actions(const MatchView& m, UiState& ui) {
    ImGui::Separator();
    ImGui::TextDisabled("Grassi's ChessBall: tap the field (board panel), then");
    const float w = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
    const auto& p = ui.picks;
    const bool playing = m.result == "*";
    ImGui::BeginDisabled(!playing || p.size() != 2);
    if (ImGui::Button("Correct piece (from, to)", ImVec2(w, 0)))
        open_game_input(ui, m,
                        {m.id,
                         "correct",
                         0,
                         "",
                         {{"from", point_text(p[0])}, {"to", point_text(p[1])}},
                         "",
                         ""});
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!playing || p.empty() || p.size() > 2);
    if (ImGui::Button("Correct ball (to, carrier)", ImVec2(w, 0))) {
        engine::GameInput in{m.id, "correct", 0, "", {{"ball", point_text(p[0])}}, "", ""};
        if (p.size() == 2) in.args["carrier"] = point_text(p[1]);
        open_game_input(ui, m, std::move(in));
    }
    ImGui::EndDisabled();
    ImGui::BeginDisabled(!playing);
    if (ImGui::Button("Enter dice", ImVec2(w, 0)))
        open_game_input(ui, m, {m.id, "dice", 0, "", {{"faces", ""}}, "", ""});
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("Touch panel (F2)", ImVec2(w, 0))) ui.touch_panel = true;
    for (const auto& [name, value] : m.facts)
        if (name == "Dice due")
            ImGui::TextColored(color4(COLOR_WARN), "Dice due: %s", value.c_str());
}

// The dialog's field of the dice's faces; a correction's points are the taps, shown in words.
void draw_entry_fields(const MatchView& /*m*/, ActionForm& form) {
    if (!form.intent.input) return;
    engine::GameInput& in = *form.intent.input;
    if (in.kind == "dice") {
        ImGui::InputText("faces (\"3 5 6\")", form.text, sizeof form.text);
        in.args["faces"] = form.text;
    }
}

GamePanels make() {
    GamePanels p;
    p.game = "grassi";
    p.draw_actions = &draw_actions;
    p.draw_entry_fields = &draw_entry_fields;
    p.draw_touch = &draw_touch;
    return p;
}

}  // namespace

const GamePanels& panels_entry() {
    static const GamePanels entry = make();
    return entry;
}

}  // namespace venue::games::grassi
