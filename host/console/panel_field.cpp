// A game played on a field of points (engine::FieldView), drawn to scale: the board's squares
// under the points, the field's lines, each piece and the ball on its point, and the points
// tapped so far joined as the path being entered. The arbiter's board panel and the players'
// touch panel both draw it; a tap picks the nearest point (UiState::picks), so a finger need not
// hit the point exactly: at 1080 pixels high a point is a target of about 60 pixels.
#include <algorithm>
#include <cmath>
#include <string>

#include "console/panels.h"

namespace venue::console {
namespace {

constexpr ImU32 GRASS_LIGHT = rgba(95, 174, 78);
constexpr ImU32 GRASS_DARK = rgba(75, 154, 61);
constexpr ImU32 POINT = rgba(255, 255, 255, 110);
constexpr ImU32 LINE = rgba(255, 255, 255, 230);
constexpr ImU32 PICK = rgba(255, 213, 74);
constexpr ImU32 WHITE_MAN = rgba(244, 244, 244);
constexpr ImU32 BLACK_MAN = rgba(29, 29, 29);

// The solid symbol of a token's piece letter.
const char* glyph(char piece) {
    for (int t = chess::PAWN; t <= chess::KING; ++t)
        if ("?PNBRQK"[t] == piece) return solid_glyph(chess::PieceType(t));
    return "";
}

// Where the field's points are on the screen, and back.
struct Layout {
    const engine::FieldView& f;
    ImVec2 origin;  // the top-left corner
    float side;
    bool flip;  // Black's edge at the bottom

    float square() const { return side / float(f.squares); }
    ImVec2 at(engine::FieldPoint p) const {
        const float x = float(f.squares_from_edge(p.x)) * square();
        const float y = float(f.squares_from_edge(p.y)) * square();
        return flip ? ImVec2(origin.x + side - x, origin.y + y)
                    : ImVec2(origin.x + x, origin.y + side - y);
    }
    // The point nearest to the screen position `s` (clamped to the field).
    engine::FieldPoint nearest(ImVec2 s) const {
        const float xs = (flip ? origin.x + side - s.x : s.x - origin.x) / square();
        const float ys = (flip ? s.y - origin.y : origin.y + side - s.y) / square();
        const float shift = f.edge_points ? 0.0f : 0.5f;
        const auto coordinate = [&](float squares) {
            const int p = int(std::lround(squares * float(f.points_per_square) - shift));
            return std::clamp(p, 0, f.points() - 1);
        };
        return {coordinate(xs), coordinate(ys)};
    }
};

void token(ImDrawList* dl, const engine::FieldToken& t, ImVec2 c, float r, const UiState& ui) {
    const bool white = t.side == 0;
    dl->AddCircleFilled(c, r, white ? WHITE_MAN : BLACK_MAN);
    dl->AddCircle(c, r, t.carrier ? PICK : (white ? BLACK_MAN : WHITE_MAN), 0,
                  t.carrier ? std::max(3.0f, r / 5) : std::max(1.5f, r / 12));
    const char text[2] = {t.piece, 0};
    const bool glyphs = ui.fonts.chess_glyphs && ui.fonts.pieces;
    ImFont* font = glyphs ? ui.fonts.pieces : (ui.fonts.large ? ui.fonts.large : ImGui::GetFont());
    const char* shown = glyphs ? glyph(t.piece) : text;
    const float size = r * (glyphs ? 1.55f : 1.1f);
    const ImVec2 ts = font->CalcTextSizeA(size, 4 * r, 0, shown);
    dl->AddText(font, size, ImVec2(c.x - ts.x / 2, c.y - ts.y / 2), white ? BLACK_MAN : WHITE_MAN,
                shown);
}

}  // namespace

void draw_field(const MatchView& m, UiState& ui, float side) {
    if (!m.field) return;
    const engine::FieldView& f = *m.field;
    if (ui.picks_match != m.id) {
        ui.picks.clear();
        ui.picks_match = m.id;
    }
    ui.field_points = f.points();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const Layout l{f, ImGui::GetCursorScreenPos(), std::floor(side), ui.flip_board};
    const float sq = l.square();
    for (int row = 0; row < f.squares; ++row)
        for (int col = 0; col < f.squares; ++col) {
            const ImVec2 p(l.origin.x + float(col) * sq, l.origin.y + float(row) * sq);
            dl->AddRectFilled(p, ImVec2(p.x + sq, p.y + sq),
                              (row + col) % 2 ? GRASS_LIGHT : GRASS_DARK);
        }
    for (int x = 0; x < f.points(); ++x)
        for (int y = 0; y < f.points(); ++y)
            dl->AddCircleFilled(l.at({x, y}), std::max(1.5f, sq / 40), POINT);
    for (const engine::FieldLine& line : f.lines)
        dl->AddLine(l.at(line.from), l.at(line.to), LINE,
                    line.kind == "goal" ? std::max(4.0f, sq / 9) : std::max(2.0f, sq / 30));
    // The path entered so far: joined, each point numbered in the order tapped.
    for (std::size_t i = 1; i < ui.picks.size(); ++i)
        dl->AddLine(l.at(ui.picks[i - 1]), l.at(ui.picks[i]), PICK, std::max(3.0f, sq / 14));
    const float r = sq / float(f.points_per_square) * 0.45f;
    for (const engine::FieldToken& t : f.tokens)
        if (!t.ball()) token(dl, t, l.at(t.at), r, ui);
    for (const engine::FieldToken& t : f.tokens)
        if (t.ball()) {
            const ImVec2 c = l.at(t.at);
            dl->AddCircleFilled(c, r * 0.42f, rgba(255, 255, 255));
            dl->AddCircle(c, r * 0.42f, rgba(20, 20, 20), 0, std::max(1.5f, r / 10));
        }
    for (std::size_t i = 0; i < ui.picks.size(); ++i) {
        const ImVec2 c = l.at(ui.picks[i]);
        dl->AddCircle(c, r * 0.7f, PICK, 0, std::max(3.0f, sq / 16));
        const std::string n = std::to_string(i + 1);
        dl->AddText(ImVec2(c.x + r * 0.6f, c.y - r * 1.2f), PICK, n.c_str());
    }

    ImGui::InvisibleButton("##field", ImVec2(l.side, l.side));
    // Taps act when the finger is lifted, so that a drag can be told from a tap.
    const engine::FieldPoint under = l.nearest(ImGui::GetIO().MousePos);
    if (ImGui::IsItemActivated()) ui.press = under;
    if (ImGui::IsItemActive() && ui.press && *ui.press != under)
        dl->AddLine(l.at(*ui.press), l.at(under), PICK, std::max(3.0f, sq / 14));
    if (ImGui::IsItemDeactivated() && ui.press) {
        const engine::FieldPoint down = *ui.press;
        ui.press.reset();
        if (down != under) {
            if (ui.picks.empty() || ui.picks.back() != down) ui.picks.push_back(down);
            ui.picks.push_back(under);
        } else if (!ui.picks.empty() && ui.picks.back() == down)
            ui.picks.pop_back();  // the last point tapped again: taken back
        else
            ui.picks.push_back(down);
    }
    if (ImGui::IsItemHovered()) {
        // The token under the finger in words (a mouse shows it; a finger sees the caption).
        for (const engine::FieldToken& t : f.tokens)
            if (t.at == under) ImGui::SetTooltip("%s", t.words.c_str());
    }
}

}  // namespace venue::console
