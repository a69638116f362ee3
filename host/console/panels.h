// The console's panels: each draws part of a ConsoleView with Dear ImGui, one file per panel
// (panel_*.cpp). They read values only; what the arbiter decides leaves as ArbiterIntents in
// UiState::outbox, which the app turns into events (to_event) and posts to the daemon. No GL, no
// GLFW here: the unit test draws every panel with an ImGui context and no renderer.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "console/game_console.h"
#include "console/log_filter.h"
#include "console/setup_wizard.h"
#include "console/view_model.h"

namespace venue::console {

// The sizes are at scale 1; a high-DPI screen multiplies them (ui_scale.h).
struct Fonts {
    ImFont* body = nullptr;     // DejaVu Sans 18 px, with the chess and symbol glyphs
    ImFont* large = nullptr;    // DejaVu Sans Bold 30 px: names, whose move, the claim holder
    ImFont* clock = nullptr;    // DejaVu Sans Mono Bold 128 px, digits only: readable at 3 m
    ImFont* pieces = nullptr;   // DejaVu Sans 96 px, U+2654..265F only
    bool chess_glyphs = false;  // the DejaVu files were found (else letters stand for pieces)
    float scale = 1.0f;         // what the fonts were built at
    // A size of the layout, written in pixels at scale 1, at the fonts' scale.
    float px(float v) const { return v * scale; }
};

// Replaces the current context's fonts with the console's at `scale` (and builds the atlas).
// Falls back to ImGui's own font when /usr/share/fonts/truetype/dejavu is missing
// (fonts-dejavu-core). A renderer must then upload the atlas again.
Fonts load_fonts(float scale = 1.0f);

// The confirmation dialog of one arbiter action: filled by a button, a shortcut or an undo.
struct ActionForm {
    bool request_open = false;  // open the modal at the next frame
    ArbiterIntent intent;
    char note[256] = "";
    char text[256] = "";   // reason, termination or UCI, as the action needs
    float minutes = 2.0f;  // ADD_TIME, with intent.side; negative takes time away
    int player = 0;        // index into the dialog's player list (WARN, REMOVE)
    int ground = 0;        // index into the game's grounds for the action (WARN, REMOVE)
    int result = 0;        // DECLARE_RESULT: 0 "1-0", 1 "0-1", 2 "1/2-1/2"
    std::string error;     // why Confirm was refused (to_event's answer)
    // A team's entry (intent.key, in games that take them): branches, board, players and amounts
    // are the intent's own fields; these are what the dialog keeps apart.
    bool split = false;         // SELECT: over several branches (shares) instead of all to one
    std::map<int, int> shares;  // SELECT split: branch number -> chips
    int claim = 0;              // DRAW: 0 agreement, 1 threefold, 2 fifty moves
};

struct LogFilter {
    LogQuery query;      // what is shown (log_filter.h); its search is `search`'s text
    bool follow = true;  // keep the newest row in view
    char search[128] = "";
    bool focus_search = false;
    // The rows shown, cached while neither the log nor the filter changes.
    std::vector<std::uint32_t> shown;
    std::size_t shown_for_rows = SIZE_MAX;
    std::string shown_for_key;
};

// What the UI keeps between frames (never engine state).
struct UiState {
    Fonts fonts;
    std::size_t match = 0;  // the match shown (index into ConsoleView::matches)
    bool flip_board = false;
    bool show_help = false;
    char arbiter[64] = "Chief arbiter";
    ActionForm form;
    LogFilter log;
    std::vector<ArbiterIntent> outbox;  // confirmed, for the app to post
    std::string last_posted;            // the last confirmed action, in words
    // The last action as the log has it (ConsoleView::action_status), shown in the actions panel.
    std::string action_status;
    bool action_pending = false;
    // A game played on a field of points: the points tapped on its field (oldest first) and the
    // match they are on; the game's touch controls turn them into an input.
    std::string picks_match;
    std::vector<engine::FieldPoint> picks;
    // Where the finger went down on the field, while it is down (a drag ends where it is lifted).
    std::optional<engine::FieldPoint> press;
    // The players' touch panel fills the window (F2, --touch-panel): the field and the game's
    // controls with large targets. What its controls chose (the game's words: an input's kind,
    // the side, a piece) and the input they would send now, which the model previews
    // (ViewModel::set_draft, MatchView::draft_preview) before the player confirms.
    bool touch_panel = false;
    std::string touch_action;
    int touch_side = -1;
    std::string touch_piece;
    std::optional<engine::GameInput> draft;
    // Where the touch panel's targets were drawn in the last frame (its buttons by label, and the
    // field), for --ui-map: a UI test clicks them through the window system as a finger would.
    struct Target {
        std::string name;
        float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
        bool enabled = true;
    };
    std::vector<Target> touch_targets;
    int field_points = 0;  // points on each axis of the field drawn (0: none)
};

// Every panel, laid out over the whole display (io.DisplaySize), plus the shortcuts.
void draw_console(const ConsoleView& view, const std::vector<LogRow>& log, UiState& ui);

// One panel each, inside a window the caller began (or none: they begin their own child).
void draw_match_panel(const MatchView* match, UiState& ui);
void draw_board_panel(const MatchView* match, UiState& ui);
void draw_clocks_panel(const MatchView* match, UiState& ui);
void draw_claims_panel(const ConsoleView& view, const MatchView* match, UiState& ui);
void draw_devices_panel(const ConsoleView& view, UiState& ui);
// The log: the view gives the matches and players its filter offers.
void draw_log_panel(const ConsoleView& view, const std::vector<LogRow>& log, UiState& ui);
void draw_actions_panel(const MatchView* match, UiState& ui);
// The solid chess symbol of a piece type (U+265A..265F), "" for none: drawn in either colour.
const char* solid_glyph(chess::PieceType type);
// A game played on a field of points (MatchView::field): the field to scale in a square of
// `side` pixels at the cursor, the squares under the points, its lines, the pieces and the ball,
// and the points tapped so far joined as a path. A tap (a click) picks the nearest point into
// UiState::picks; tapping the last one again takes it back. A drag is the two taps it joins:
// where the finger went down, then where it was lifted (a piece dragged to its new point).
void draw_field(const MatchView& match, UiState& ui, float side);
// The players' touch panel over the whole display: the field as large as the height allows, the
// score and the game's facts, the game's touch controls (GamePanels::draw_touch) and what the
// draft would do; Confirm sends it. "Arbiter's console (F2)" goes back.
void draw_touch_panel(const ConsoleView& view, const MatchView& match, UiState& ui);
// A button of the touch panel, as wide as `width` and 2.2 lines high (66 pixels in the large
// font at scale 1), kept in UiState::touch_targets under its label.
bool touch_button(UiState& ui, const char* label, float width, bool enabled = true,
                  bool selected = false);

// Opens the confirmation dialog for `kind` on `match` (a shortcut, a button, an undo).
void open_action(UiState& ui, const MatchView& match, engine::ArbiterActionKind kind, int ref = 0);
void open_intent(UiState& ui, const ArbiterIntent& intent);
// Opens the confirmation dialog for a game's own input on `match` (a game's button); the dialog
// asks for the side, the game's fields (GamePanels::draw_entry_fields) and the note.
void open_game_input(UiState& ui, const MatchView& match, engine::GameInput input);
// A game's buttons for its own inputs (GamePanels::draw_actions), two to a row under `heading`,
// each opening open_game_input with its kind; none works once the match has a result.
struct GameInputButton {
    const char* kind;
    const char* label;
};
void game_input_buttons(const MatchView& match, UiState& ui, const char* heading,
                        const std::vector<GameInputButton>& buttons);
// The intent the dialog describes now (its fields read back), for Confirm and the tests.
ArbiterIntent form_intent(const ActionForm& form, const MatchView* match, const char* arbiter);

// The setup wizard's window (venue-console --setup FILE): what it keeps between frames.
struct SetupUi {
    Fonts fonts;
    bool overwrite = false;  // Save may replace an existing file
    char press[8] = "";      // a button number typed for the selected player (no hub needed)
    std::string hub_status;  // the hub whose presses are fed to the wizard; "" without one
};
// The whole setup window over the display: the steps, the current step's fields and issues,
// Back / Next, and on the review the file and Save.
void draw_setup_panel(SetupWizard& wizard, SetupUi& ui);

// Colours (ImGui's packing: 0xAABBGGRR).
constexpr ImU32 rgba(unsigned r, unsigned g, unsigned b, unsigned a = 255) {
    return ImU32(r) | ImU32(g) << 8 | ImU32(b) << 16 | ImU32(a) << 24;
}
inline ImVec4 color4(ImU32 c) {
    return ImGui::ColorConvertU32ToFloat4(c);
}
constexpr ImU32 COLOR_GOOD = rgba(90, 220, 110);
constexpr ImU32 COLOR_WARN = rgba(255, 170, 40);
constexpr ImU32 COLOR_BAD = rgba(240, 80, 70);
constexpr ImU32 COLOR_DIM = rgba(140, 140, 140);
constexpr ImU32 COLOR_INFO = rgba(110, 190, 255);

// GLFW's key codes, which Dear ImGui 1.86's GLFW backend writes into io.KeysDown (letters are
// their ASCII capitals).
constexpr int KEY_F1 = 290;
constexpr int KEY_F2 = 291;
constexpr int KEY_ESCAPE = 256;

}  // namespace venue::console
