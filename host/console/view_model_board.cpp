// A board as the console draws it: each square's piece (a glyph, or a letter for a font
// without chess symbols), the last move, check, and the squares to set back.
#include "chess/san.h"
#include "console/view_model_internal.h"

namespace venue::console::detail {

namespace {

const char* glyph_of(chess::Piece p) {
    // The Unicode chess symbols: white U+2654..2659, black U+265A..265F (K Q R B N P).
    switch (p) {
        case chess::W_KING:
            return "\u2654";
        case chess::W_QUEEN:
            return "\u2655";
        case chess::W_ROOK:
            return "\u2656";
        case chess::W_BISHOP:
            return "\u2657";
        case chess::W_KNIGHT:
            return "\u2658";
        case chess::W_PAWN:
            return "\u2659";
        case chess::B_KING:
            return "\u265A";
        case chess::B_QUEEN:
            return "\u265B";
        case chess::B_ROOK:
            return "\u265C";
        case chess::B_BISHOP:
            return "\u265D";
        case chess::B_KNIGHT:
            return "\u265E";
        case chess::B_PAWN:
            return "\u265F";
        default:
            return "";
    }
}

}  // namespace

namespace {

void set_square(SquareView& q, chess::Square sq, chess::Piece p) {
    q.piece = p;
    q.glyph = glyph_of(p);
    q.letter = " PNBRQK  pnbrqk "[p];
    q.light = (chess::file_of(sq) + chess::rank_of(sq)) % 2 == 1;
}

}  // namespace

BoardView board_view(const engine::BoardPicture& picture) {
    BoardView b;
    for (int s = 0; s < 64; ++s)
        set_square(b.squares[std::size_t(s)], chess::Square(s), picture.squares[std::size_t(s)]);
    for (chess::Square s : picture.marked) b.squares[s].marks |= MARK_RESTORE;
    return b;
}

BoardView board_view(const chess::Game& game, const std::vector<chess::Square>& restore) {
    const chess::Position& pos = game.position();
    BoardView b;
    b.fen = pos.fen();
    for (int s = 0; s < 64; ++s) {
        const auto sq = chess::Square(s);
        set_square(b.squares[std::size_t(s)], sq, pos.piece_on(sq));
    }
    if (!game.moves().empty()) {
        const chess::Move last = game.moves().back();
        b.squares[last.from()].marks |= MARK_LAST_FROM;
        b.squares[last.to()].marks |= MARK_LAST_TO;
        const std::size_t ply = game.ply_count();
        const chess::Position& before = game.position_at(ply - 1);
        const int move_no = before.fullmove_number();
        b.last_move = std::to_string(move_no) +
                      (before.side_to_move() == chess::WHITE ? ". " : "... ") +
                      chess::to_san(before, last);
    }
    if (pos.in_check()) b.squares[pos.king_square(pos.side_to_move())].marks |= MARK_CHECK;
    for (chess::Square s : restore) b.squares[s].marks |= MARK_RESTORE;
    b.restore_required = !restore.empty();
    if (b.restore_required) b.restore_text = "restore " + square_list(restore);
    return b;
}

}  // namespace venue::console::detail
