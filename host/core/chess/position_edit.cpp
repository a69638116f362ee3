#include "chess/position_edit.h"

#include "chess/uci.h"

namespace venue::chess {

PositionEdit edit_of(const Position& pos) {
    PositionEdit e;
    for (int s = 0; s < SQUARE_NB; ++s) e.board[std::size_t(s)] = pos.piece_on(Square(s));
    e.side_to_move = pos.side_to_move();
    e.castling = pos.castling_rights();
    e.halfmove_clock = pos.halfmove_clock();
    e.fullmove_number = pos.fullmove_number();
    return e;
}

Result<Position, std::string> position_of(const PositionEdit& e) {
    std::string fen = fen_placement(e.board.data());
    const auto has = [&](Square s, Piece p) { return e.board[std::size_t(s)] == p; };
    std::string castling;
    if ((e.castling & WHITE_OO) && has(SQ_E1, W_KING) && has(SQ_H1, W_ROOK)) castling += 'K';
    if ((e.castling & WHITE_OOO) && has(SQ_E1, W_KING) && has(SQ_A1, W_ROOK)) castling += 'Q';
    if ((e.castling & BLACK_OO) && has(SQ_E8, B_KING) && has(SQ_H8, B_ROOK)) castling += 'k';
    if ((e.castling & BLACK_OOO) && has(SQ_E8, B_KING) && has(SQ_A8, B_ROOK)) castling += 'q';
    fen += e.side_to_move == WHITE ? " w " : " b ";
    fen += (castling.empty() ? "-" : castling) + " - " + std::to_string(e.halfmove_clock) + " " +
           std::to_string(e.fullmove_number);
    auto pos = Position::from_fen(fen);
    if (!pos) return unexpected(pos.error().message + " (" + fen + ")");
    return *pos;
}

Result<PhysicalMove, std::string> parse_physical_move(std::string_view text) {
    PhysicalMove m;
    if (text.size() != 4 && text.size() != 5)
        return unexpected("'" + std::string(text) +
                          "' is not a move as from and to squares (e1g3, or e7e8q)");
    m.from = parse_square(text.substr(0, 2));
    m.to = parse_square(text.substr(2, 2));
    if (m.from == SQ_NONE || m.to == SQ_NONE)
        return unexpected("'" + std::string(text) + "' does not name two squares");
    if (m.from == m.to) return unexpected("a piece must go from one square to another");
    if (text.size() == 5) {
        switch (text[4]) {
            case 'q':
                m.promotion = QUEEN;
                break;
            case 'r':
                m.promotion = ROOK;
                break;
            case 'b':
                m.promotion = BISHOP;
                break;
            case 'n':
                m.promotion = KNIGHT;
                break;
            default:
                return unexpected("'" + std::string(1, text[4]) +
                                  "' is not a piece a pawn becomes (q, r, b, n)");
        }
    }
    return m;
}

std::string to_string(const PhysicalMove& m) {
    std::string s = square_to_string(m.from) + square_to_string(m.to);
    if (m.promotion != NO_PIECE_TYPE) s += " pnbrqk"[m.promotion];
    return s;
}

Result<Position, std::string> after_illegal_move(const Position& pos, const PhysicalMove& m) {
    const Color us = pos.side_to_move();
    const Piece piece = pos.piece_on(m.from);
    const Piece target = pos.piece_on(m.to);
    const std::string from = square_to_string(m.from), to = square_to_string(m.to);
    if (piece == NO_PIECE || color_of(piece) != us)
        return unexpected("no " + std::string(color_name(us)) + " piece stands on " + from + " (" +
                          color_name(us) + std::string(" is to move)"));
    if (target != NO_PIECE && color_of(target) == us)
        return unexpected(std::string(color_name(us)) + "'s own piece stands on " + to);
    if (type_of(target) == KING) return unexpected("a king cannot be captured (" + to + ")");
    const int last_rank = us == WHITE ? 7 : 0;
    const bool pawn_promotes = type_of(piece) == PAWN && rank_of(m.to) == last_rank;
    if (pawn_promotes && m.promotion == NO_PIECE_TYPE)
        return unexpected("a pawn reaching " + to + " becomes a piece: add q, r, b or n");
    if (!pawn_promotes && m.promotion != NO_PIECE_TYPE)
        return unexpected("only a pawn reaching the last rank becomes another piece");

    PositionEdit e = edit_of(pos);
    e.board[m.from] = NO_PIECE;
    e.board[m.to] = pawn_promotes ? make_piece(us, m.promotion) : piece;
    e.side_to_move = ~us;
    // position_of drops the rights of a king or rook no longer on its square; a rook that left
    // and came back has lost them too.
    if (type_of(piece) == KING)
        e.castling &= us == WHITE ? ~(WHITE_OO | WHITE_OOO) : ~(BLACK_OO | BLACK_OOO);
    for (Square s : {m.from, m.to}) {
        if (s == SQ_H1) e.castling &= ~WHITE_OO;
        if (s == SQ_A1) e.castling &= ~WHITE_OOO;
        if (s == SQ_H8) e.castling &= ~BLACK_OO;
        if (s == SQ_A8) e.castling &= ~BLACK_OOO;
    }
    e.halfmove_clock = target != NO_PIECE || type_of(piece) == PAWN ? 0 : pos.halfmove_clock() + 1;
    e.fullmove_number = pos.fullmove_number() + (us == BLACK ? 1 : 0);
    auto after = position_of(e);
    if (!after) {
        if (after.error().rfind("the side not to move is in check", 0) == 0)
            return unexpected(std::string(color_name(us)) + "'s king would stand in check after " +
                              to_string(m) + ": chess cannot go on from there; restore instead");
        return unexpected(after.error());
    }
    return *after;
}

}  // namespace venue::chess
