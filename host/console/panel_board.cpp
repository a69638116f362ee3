// Board: the engine's position (not the sensed one), with the last move, a king in check, the
// squares that must be set back (restore) and a removed player's men that come off. A game that
// branches: a smaller board for every game of its tree, with its rating.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "console/panels.h"

namespace venue::console {
namespace {

constexpr ImU32 LIGHT = rgba(238, 216, 181);
constexpr ImU32 DARK = rgba(181, 136, 99);
constexpr ImU32 LAST_MOVE = rgba(245, 230, 60, 120);
constexpr ImU32 CHECK = rgba(235, 40, 40, 200);
constexpr ImU32 RESTORE = rgba(255, 120, 0);
constexpr ImU32 REMOVED = rgba(210, 40, 210);
constexpr ImU32 MOVE_TO = rgba(40, 150, 60, 200);
constexpr ImU32 PASS_TO = rgba(40, 110, 220, 230);
constexpr ImU32 SHOT_AT = rgba(220, 40, 40, 230);

// A white man is the filled (black) symbol painted white under the outlined (white) symbol in
// black: the outline alone would let the square show through.
const char* filled(chess::Piece p) {
    return solid_glyph(chess::type_of(p));
}

void piece(ImDrawList* dl, const SquareView& s, ImVec2 p, float cell, const UiState& ui) {
    if (s.piece == chess::NO_PIECE) return;
    const bool white = chess::color_of(s.piece) == chess::WHITE;
    if (!ui.fonts.chess_glyphs) {
        const char text[2] = {s.letter, 0};
        ImFont* f = ui.fonts.large;
        const float fs = cell * 0.6f;
        const ImVec2 ts = f->CalcTextSizeA(fs, cell, 0, text);
        dl->AddText(f, fs, ImVec2(p.x + (cell - ts.x) / 2, p.y + (cell - ts.y) / 2),
                    white ? rgba(255, 255, 255) : rgba(0, 0, 0), text);
        return;
    }
    ImFont* f = ui.fonts.pieces;
    const float fs = cell * 0.92f;
    const ImVec2 ts = f->CalcTextSizeA(fs, cell, 0, filled(s.piece));
    const ImVec2 at(p.x + (cell - ts.x) / 2, p.y + (cell - ts.y) / 2);
    if (white) {
        dl->AddText(f, fs, at, rgba(255, 255, 255), filled(s.piece));
        dl->AddText(f, fs, at, rgba(0, 0, 0), s.glyph);
    } else {
        dl->AddText(f, fs, at, rgba(0, 0, 0), s.glyph);
    }
}

// The 64 squares at `o` (the top-left corner of a1's file column, rank 8's row), with the
// coordinates to the left and below when there is room for them.
void squares(const BoardView& b, ImVec2 o, float cell, bool coords, const UiState& ui) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const Fonts& u = ui.fonts;
    const float margin = coords ? u.px(22) : 0;
    const ImVec2 origin(o.x + margin, o.y);
    for (int row = 0; row < 8; ++row)
        for (int col = 0; col < 8; ++col) {
            const int file = ui.flip_board ? 7 - col : col;
            const int rank = ui.flip_board ? row : 7 - row;
            const SquareView& s = b.squares[std::size_t(rank * 8 + file)];
            const ImVec2 p(origin.x + col * cell, origin.y + row * cell);
            const ImVec2 q(p.x + cell, p.y + cell);
            dl->AddRectFilled(p, q, s.light ? LIGHT : DARK);
            if (s.marks & (MARK_LAST_FROM | MARK_LAST_TO)) dl->AddRectFilled(p, q, LAST_MOVE);
            if (s.marks & MARK_CHECK)
                dl->AddCircleFilled(ImVec2(p.x + cell / 2, p.y + cell / 2), cell * 0.48f, CHECK);
            piece(dl, s, p, cell, ui);
            const float inset = std::max(1.0f, cell / 20);
            if (s.marks & MARK_RESTORE)
                dl->AddRect(ImVec2(p.x + inset, p.y + inset), ImVec2(q.x - inset, q.y - inset),
                            RESTORE, 0, 0, std::max(2.0f, cell / 12));
            // A selected piece's choices (C11-PASS-3): a dot where it may move, a blue ring on a
            // teammate it may pass to, a red ring on a goal square it may shoot at.
            if (s.marks & MARK_MOVE_TO)
                dl->AddCircleFilled(ImVec2(p.x + cell / 2, p.y + cell / 2), cell * 0.14f, MOVE_TO);
            if (s.marks & (MARK_PASS_TO | MARK_SHOT_AT))
                dl->AddCircle(ImVec2(p.x + cell / 2, p.y + cell / 2), cell * 0.44f,
                              s.marks & MARK_SHOT_AT ? SHOT_AT : PASS_TO, 0,
                              std::max(3.0f, cell / 14));
            if (s.marks & MARK_BALL) {
                // The ball: a white disc with a dark rim in the square's lower right corner.
                const ImVec2 c(q.x - cell * 0.2f, q.y - cell * 0.2f);
                dl->AddCircleFilled(c, cell * 0.15f, rgba(255, 255, 255));
                dl->AddCircle(c, cell * 0.15f, rgba(20, 20, 20), 0, std::max(1.5f, cell / 30));
            }
            if (s.marks & MARK_REMOVED) {
                const float e = u.px(6);
                dl->AddLine(ImVec2(p.x + e, p.y + e), ImVec2(q.x - e, q.y - e), REMOVED, u.px(5));
                dl->AddLine(ImVec2(q.x - e, p.y + e), ImVec2(p.x + e, q.y - e), REMOVED, u.px(5));
            }
            if (coords && col == 0) {
                const char r[2] = {char('1' + rank), 0};
                dl->AddText(ImVec2(o.x + u.px(4), p.y + (cell - ImGui::GetFontSize()) / 2),
                            COLOR_DIM, r);
            }
            if (coords && row == 7) {
                const char f[2] = {char('a' + file), 0};
                dl->AddText(ImVec2(p.x + cell / 2 - u.px(4), q.y + u.px(2)), COLOR_DIM, f);
            }
        }
    ImGui::Dummy(ImVec2(margin + 8 * cell, 8 * cell + margin));
}

// Boards in a grid, each under its caption in its colour, as large as the panel allows.
struct Captioned {
    const std::string& caption;
    const BoardView& view;
    ImU32 colour;
};
void board_grid(const std::vector<Captioned>& boards, int cols, UiState& ui) {
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const int n = int(boards.size());
    const int rows = (n + cols - 1) / cols;
    const float caption_h = 2 * ImGui::GetTextLineHeightWithSpacing();
    const float cell =
        std::floor(std::max(6.0f, std::min((avail.x / float(cols) - ui.fonts.px(12)) / 8,
                                           (avail.y / float(rows) - caption_h) / 8)));
    for (int i = 0; i < n; ++i) {
        const Captioned& b = boards[std::size_t(i)];
        if (i % cols) ImGui::SameLine();
        ImGui::BeginGroup();
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 8 * cell);
        ImGui::TextColored(color4(b.colour), "%s", b.caption.c_str());
        ImGui::PopTextWrapPos();
        squares(b.view, ImGui::GetCursorScreenPos(), cell, false, ui);
        ImGui::EndGroup();
    }
}

// A game that branches: a small board per game of the tree, each under its caption: rating,
// board, where it split, its result once closed.
void branch_boards(const MatchView& m, UiState& ui) {
    ImGui::TextColored(color4(COLOR_INFO), "%s", m.tree_score.c_str());
    std::vector<Captioned> boards;
    for (const BranchView& b : m.branches) {
        const ImU32 colour = !b.open                   ? COLOR_DIM
                             : !b.setup_board.empty()  ? COLOR_WARN
                             : b.view.restore_required ? COLOR_BAD
                                                       : COLOR_GOOD;
        boards.push_back({b.caption, b.view, colour});
    }
    board_grid(boards, boards.size() <= 1 ? 1 : 2, ui);
}

// A game's own pictures of its boards (a joined board and half-boards, say): green where play
// is now, dim when out of play for now.
void picture_boards(const MatchView& m, UiState& ui) {
    std::vector<Captioned> boards;
    for (const PictureView& p : m.pictures)
        boards.push_back({p.caption, p.view,
                          p.active ? COLOR_GOOD
                          : p.dim  ? COLOR_DIM
                                   : COLOR_INFO});
    const std::size_t n = boards.size();
    board_grid(boards, n <= 1 ? 1 : n <= 4 ? 2 : 3, ui);
}

}  // namespace

const char* solid_glyph(chess::PieceType type) {
    switch (type) {
        case chess::KING:
            return "\u265A";
        case chess::QUEEN:
            return "\u265B";
        case chess::ROOK:
            return "\u265C";
        case chess::BISHOP:
            return "\u265D";
        case chess::KNIGHT:
            return "\u265E";
        case chess::PAWN:
            return "\u265F";
        default:
            return "";
    }
}

void draw_board_panel(const MatchView* m, UiState& ui) {
    if (!m) {
        ImGui::TextDisabled("no match");
        return;
    }
    if (m->plays_a_tree && !m->branches.empty()) {
        branch_boards(*m, ui);
        return;
    }
    if (!m->chess_board && m->field) {
        // A field of points: the arbiter taps the points of a correction here (the game's own
        // actions say what they become); the players enter their moves on the touch panel.
        const ImVec2 avail = ImGui::GetContentRegionAvail();
        const float text_h = 2 * ImGui::GetTextLineHeightWithSpacing();
        draw_field(*m, ui, std::max(ui.fonts.px(80), std::min(avail.x, avail.y - text_h)));
        ImGui::TextDisabled("Tapped: %zu point%s.  F2: the players' touch panel", ui.picks.size(),
                            ui.picks.size() == 1 ? "" : "s");
        return;
    }
    if (!m->chess_board && !m->pictures.empty()) {
        picture_boards(*m, ui);
        return;
    }
    if (!m->chess_board) {
        ImGui::TextDisabled("%s is not played on a chess board: see its own panels",
                            m->game.c_str());
        return;
    }
    const BoardView& b = m->board;
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float margin = ui.fonts.px(22);  // the coordinates
    const float text_h = 3 * ImGui::GetTextLineHeightWithSpacing();
    const float side =
        std::max(ui.fonts.px(80), std::min(avail.x - margin, avail.y - margin - text_h));
    squares(b, ImGui::GetCursorScreenPos(), std::floor(side / 8), true, ui);
    if (b.restore_required)
        ImGui::TextColored(color4(RESTORE), "\u26A0 %s", b.restore_text.c_str());
    else if (!b.last_move.empty())
        ImGui::Text("Last move: %s", b.last_move.c_str());
    else
        ImGui::TextDisabled("No move yet");
    ImGui::SameLine();
    ImGui::TextDisabled("  (F flips the board)");
    ImGui::TextDisabled("%s", b.fen.c_str());
}

}  // namespace venue::console
