#include "demo/board_lines.h"

#include "chess/uci.h"

namespace venue::demo {

namespace {

char piece_letter(chess::Piece p) {
    const char letters[] = " PNBRQK";
    const char c = letters[chess::type_of(p)];
    return chess::color_of(p) == chess::WHITE ? c : char(c - 'A' + 'a');
}

std::string sq(chess::Square s) {
    return chess::square_to_string(s);
}

std::string put(chess::Square s, chess::Piece p) {
    return "put " + sq(s) + " " + piece_letter(p);
}

}  // namespace

std::vector<std::string> move_lines(const chess::Position& pos, chess::Move m) {
    const chess::Piece piece = pos.piece_on(m.from());
    switch (m.kind()) {
        case chess::MoveKind::CASTLING: {
            // The king's move names the castling (king from -> king to); the rook follows.
            const int rank = chess::rank_of(m.from());
            const bool king_side = chess::file_of(m.to()) == 6;
            const chess::Square rook_from = chess::make_square(king_side ? 7 : 0, rank);
            const chess::Square rook_to = chess::make_square(king_side ? 5 : 3, rank);
            return {"lift " + sq(m.from()), put(m.to(), piece), "lift " + sq(rook_from),
                    put(rook_to, pos.piece_on(rook_from))};
        }
        case chess::MoveKind::EN_PASSANT: {
            const chess::Square taken =
                chess::make_square(chess::file_of(m.to()), chess::rank_of(m.from()));
            return {"lift " + sq(m.from()), put(m.to(), piece), "lift " + sq(taken)};
        }
        case chess::MoveKind::PROMOTION: {
            std::vector<std::string> out;
            if (pos.is_capture(m)) out.push_back("lift " + sq(m.to()));
            out.push_back("lift " + sq(m.from()));
            out.push_back(put(m.to(), chess::make_piece(pos.side_to_move(), m.promotion())));
            return out;
        }
        case chess::MoveKind::NORMAL:
            break;
    }
    if (pos.is_capture(m))
        return {"lift " + sq(m.to()), "lift " + sq(m.from()), put(m.to(), piece)};
    return {"lift " + sq(m.from()), put(m.to(), piece)};
}

std::vector<std::string> undo_lines(const chess::Position& pos, chess::Move m) {
    return {"lift " + sq(m.to()), put(m.from(), pos.piece_on(m.from()))};
}

std::vector<std::string> setup_lines(const chess::Position& pos) {
    std::vector<std::string> out{"clear"};
    for (chess::Color c : {chess::WHITE, chess::BLACK})
        for (int s = 0; s < 64; ++s) {
            const chess::Piece p = pos.piece_on(chess::Square(s));
            if (p != chess::NO_PIECE && chess::color_of(p) == c)
                out.push_back(put(chess::Square(s), p));
        }
    return out;
}

}  // namespace venue::demo
