#include "chess/uci.h"

#include "chess/movegen.h"

namespace venue::chess {

std::string square_to_string(Square s) {
    if (!is_valid(s)) return "-";
    return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

Square parse_square(std::string_view t) {
    if (t.size() != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8') return SQ_NONE;
    return make_square(t[0] - 'a', t[1] - '1');
}

std::string to_uci(Move m) {
    if (m.is_none()) return "0000";
    std::string s = square_to_string(m.from()) + square_to_string(m.to());
    if (m.kind() == MoveKind::PROMOTION) s += " nbrq"[m.promotion() - KNIGHT + 1];
    return s;
}

Result<Move, std::string> parse_uci(const Position& pos, std::string_view text) {
    if (text.size() != 4 && text.size() != 5)
        return unexpected("'" + std::string(text) + "' is not a UCI move (like e2e4 or e7e8q)");
    Square from = parse_square(text.substr(0, 2)), to = parse_square(text.substr(2, 2));
    if (from == SQ_NONE || to == SQ_NONE)
        return unexpected("'" + std::string(text) + "' does not name two squares");
    PieceType promo = NO_PIECE_TYPE;
    if (text.size() == 5) {
        switch (text[4]) {
            case 'n':
            case 'N':
                promo = KNIGHT;
                break;
            case 'b':
            case 'B':
                promo = BISHOP;
                break;
            case 'r':
            case 'R':
                promo = ROOK;
                break;
            case 'q':
            case 'Q':
                promo = QUEEN;
                break;
            default:
                return unexpected("'" + std::string(text) + "': unknown promotion piece");
        }
    }
    for (Move m : legal_moves(pos)) {
        if (m.from() != from || m.to() != to) continue;
        if (m.kind() == MoveKind::PROMOTION ? m.promotion() == promo : promo == NO_PIECE_TYPE)
            return m;
    }
    return unexpected("'" + std::string(text) + "' is not legal in " + pos.fen());
}

}  // namespace venue::chess
