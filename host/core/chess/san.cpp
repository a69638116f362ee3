#include "chess/san.h"

#include "chess/movegen.h"
#include "chess/uci.h"

namespace venue::chess {
namespace {

constexpr char PIECE_LETTER[] = " PNBRQK";

PieceType piece_from_letter(char c) {
    switch (c) {
        case 'N':
            return KNIGHT;
        case 'B':
            return BISHOP;
        case 'R':
            return ROOK;
        case 'Q':
            return QUEEN;
        case 'K':
            return KING;
        default:
            return NO_PIECE_TYPE;
    }
}

PieceType promotion_from_letter(char c) {
    switch (c) {
        case 'N':
        case 'n':
            return KNIGHT;
        case 'B':
        case 'b':
            return BISHOP;
        case 'R':
        case 'r':
            return ROOK;
        case 'Q':
        case 'q':
            return QUEEN;
        default:
            return NO_PIECE_TYPE;
    }
}

std::string check_suffix(const Position& pos, Move m) {
    Position next = pos;
    next.do_move(m);
    if (!next.in_check()) return "";
    return legal_moves(next).empty() ? "#" : "+";
}

}  // namespace

std::string to_san(const Position& pos, Move m) {
    std::string s;
    const Square from = m.from(), to = m.to();
    const PieceType pt = type_of(pos.piece_on(from));
    if (m.kind() == MoveKind::CASTLING) {
        s = to > from ? "O-O" : "O-O-O";
    } else if (pt == PAWN) {
        if (pos.is_capture(m)) {
            s += char('a' + file_of(from));
            s += 'x';
        }
        s += square_to_string(to);
        if (m.kind() == MoveKind::PROMOTION) {
            s += '=';
            s += PIECE_LETTER[m.promotion()];
        }
    } else {
        s += PIECE_LETTER[pt];
        // Other pieces of the same type that could also go to `to`.
        bool ambiguous = false, same_file = false, same_rank = false;
        for (Move o : legal_moves(pos)) {
            if (o == m || o.to() != to || type_of(pos.piece_on(o.from())) != pt) continue;
            ambiguous = true;
            same_file |= file_of(o.from()) == file_of(from);
            same_rank |= rank_of(o.from()) == rank_of(from);
        }
        if (ambiguous) {
            if (!same_file)
                s += char('a' + file_of(from));
            else if (!same_rank)
                s += char('1' + rank_of(from));
            else
                s += square_to_string(from);
        }
        if (pos.is_capture(m)) s += 'x';
        s += square_to_string(to);
    }
    return s + check_suffix(pos, m);
}

Result<Move, std::string> parse_san(const Position& pos, std::string_view text) {
    const std::string original(text);
    std::string t(text);
    // Trailing annotation and check marks; "e.p." and "ep".
    while (!t.empty() && (t.back() == '+' || t.back() == '#' || t.back() == '!' ||
                          t.back() == '?' || t.back() == ' '))
        t.pop_back();
    for (std::string_view suffix : {"e.p.", "ep"})
        if (t.size() > suffix.size() && t.ends_with(suffix)) t.resize(t.size() - suffix.size());

    if (t == "O-O" || t == "0-0" || t == "O-O-O" || t == "0-0-0") {
        bool king_side = t.size() == 3;
        for (Move m : legal_moves(pos))
            if (m.kind() == MoveKind::CASTLING && (m.to() > m.from()) == king_side) return m;
        return unexpected("'" + original + "': castling is not legal here");
    }

    // Promotion piece at the end: "=Q", "Q", "(Q)", "/Q".
    PieceType promo = NO_PIECE_TYPE;
    if (!t.empty() && t.back() == ')' && t.size() >= 3 && t[t.size() - 3] == '(') {
        promo = promotion_from_letter(t[t.size() - 2]);
        t.resize(t.size() - 3);
    } else if (t.size() >= 3 && promotion_from_letter(t.back()) != NO_PIECE_TYPE &&
               (t[t.size() - 2] == '=' || t[t.size() - 2] == '/' ||
                (t[t.size() - 2] >= '1' && t[t.size() - 2] <= '8'))) {
        promo = promotion_from_letter(t.back());
        t.pop_back();
        if (t.back() == '=' || t.back() == '/') t.pop_back();
    }

    PieceType pt = PAWN;
    size_t i = 0;
    if (!t.empty() && piece_from_letter(t[0]) != NO_PIECE_TYPE) {
        pt = piece_from_letter(t[0]);
        i = 1;
    }
    // The rest is [from-file][from-rank][x|-|:]to-square.
    if (t.size() < i + 2) return unexpected("'" + original + "' is not a move");
    Square to = parse_square(std::string_view(t).substr(t.size() - 2));
    if (to == SQ_NONE) return unexpected("'" + original + "' does not end in a square");
    int from_file = -1, from_rank = -1;
    for (size_t k = i; k < t.size() - 2; ++k) {
        char c = t[k];
        if (c >= 'a' && c <= 'h' && from_file < 0)
            from_file = c - 'a';
        else if (c >= '1' && c <= '8' && from_rank < 0)
            from_rank = c - '1';
        else if (c != 'x' && c != 'X' && c != '-' && c != ':')
            return unexpected("'" + original + "': unexpected '" + std::string(1, c) + "'");
    }

    // Long algebraic without a piece letter (e1g1, g1-f3): the piece is on the from square.
    if (i == 0 && from_file >= 0 && from_rank >= 0) {
        Piece p = pos.piece_on(make_square(from_file, from_rank));
        if (p != NO_PIECE) pt = type_of(p);
    }

    Move found;
    int matches = 0;
    std::string candidates;
    for (Move m : legal_moves(pos)) {
        if (m.to() != to || m.kind() == MoveKind::CASTLING) {
            // A king's two-square move written as "Kg1" or "e1g1" is castling too.
            if (!(m.kind() == MoveKind::CASTLING && m.to() == to && pt == KING)) continue;
        }
        if (type_of(pos.piece_on(m.from())) != pt) continue;
        if (from_file >= 0 && file_of(m.from()) != from_file) continue;
        if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
        PieceType mp = m.kind() == MoveKind::PROMOTION ? m.promotion() : NO_PIECE_TYPE;
        if (mp != promo) continue;
        found = m;
        ++matches;
        candidates += (candidates.empty() ? "" : ", ") + to_uci(m);
    }
    if (matches == 1) return found;
    if (matches > 1) return unexpected("'" + original + "' is ambiguous: " + candidates);
    // A pawn reaching the last rank without a promotion piece is a common slip.
    if (pt == PAWN && promo == NO_PIECE_TYPE && (rank_of(to) == 0 || rank_of(to) == 7))
        return unexpected("'" + original + "' reaches the last rank but names no promotion piece");
    return unexpected("'" + original + "' is not a legal move in " + pos.fen());
}

}  // namespace venue::chess
