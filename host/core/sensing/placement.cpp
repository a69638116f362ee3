#include "sensing/placement.h"

#include "chess/bitboard.h"
#include "chess/uci.h"

namespace venue::sensing {

using namespace chess;

namespace {

constexpr std::string_view PIECE_CHARS = " PNBRQK  pnbrqk";

}  // namespace

Placement placement_of(const Position& pos) {
    Placement p;
    for (int s = 0; s < SQUARE_NB; ++s) p[s] = pos.piece_on(Square(s));
    return p;
}

Bitboard differing_squares(const Placement& a, const Placement& b) {
    Bitboard diff = 0;
    for (int s = 0; s < SQUARE_NB; ++s)
        if (a[s] != b[s]) diff |= square_bb(Square(s));
    return diff;
}

Bitboard differing_squares(const Placement& a, const Position& b) {
    Bitboard diff = 0;
    for (int s = 0; s < SQUARE_NB; ++s)
        if (a[s] != b.piece_on(Square(s))) diff |= square_bb(Square(s));
    return diff;
}

bool same_placement(const Placement& a, const Position& b, Bitboard first) {
    while (first) {
        const Square s = pop_lsb(first);
        if (a[s] != b.piece_on(s)) return false;
    }
    for (int s = 0; s < SQUARE_NB; ++s)
        if (a[s] != b.piece_on(Square(s))) return false;
    return true;
}

Footprint footprint(const Position& pos, Move m) {
    Footprint f;
    auto add = [&f](Square s, Piece after) {
        f.squares |= square_bb(s);
        f.square[f.count] = s;
        f.after[f.count] = after;
        ++f.count;
    };
    const Square from = m.from();
    const Square to = m.to();
    const Piece mover = pos.piece_on(from);
    add(from, NO_PIECE);
    switch (m.kind()) {
        case MoveKind::NORMAL:
            add(to, mover);
            break;
        case MoveKind::PROMOTION:
            add(to, make_piece(color_of(mover), m.promotion()));
            break;
        case MoveKind::EN_PASSANT:
            add(to, mover);
            // The captured pawn stands beside the mover's start, on the mover's rank.
            add(make_square(file_of(to), rank_of(from)), NO_PIECE);
            break;
        case MoveKind::CASTLING: {
            // Standard chess only: the king goes two squares, the rook jumps over it.
            const bool king_side = to > from;
            const Square rook_from = Square(king_side ? from + 3 : from - 4);
            const Square rook_to = Square(king_side ? from + 1 : from - 1);
            add(to, mover);
            add(rook_from, NO_PIECE);
            add(rook_to, pos.piece_on(rook_from));
            break;
        }
    }
    return f;
}

Bitboard differing_after(const Placement& sensed, Bitboard diff, const Footprint& f) {
    Bitboard out = diff & ~f.squares;
    for (int i = 0; i < f.count; ++i)
        if (sensed[f.square[i]] != f.after[i]) out |= square_bb(f.square[i]);
    return out;
}

Bitboard path_of(const Position& before, Move m) {
    const Footprint f = footprint(before, m);
    Bitboard out = f.squares;
    for (int i = 0; i + 1 < f.count; i += 2)  // (from, to) pairs: mover, then castling rook
        if (line_bb(f.square[i], f.square[i + 1])) out |= between_bb(f.square[i], f.square[i + 1]);
    return out;
}

std::string to_string(const Placement& p) {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const Piece pc = p[make_square(file, rank)];
            if (pc == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) out += char('0' + empty);
            empty = 0;
            out += pc < PIECE_CHARS.size() ? PIECE_CHARS[pc] : '?';
        }
        if (empty) out += char('0' + empty);
        if (rank) out += '/';
    }
    return out;
}

std::optional<Placement> parse_placement(std::string_view text) {
    Placement p{};
    int rank = 7, file = 0;
    for (char c : text) {
        if (c == '/') {
            if (file != 8 || rank == 0) return std::nullopt;
            --rank;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8) return std::nullopt;
        } else {
            const auto code = PIECE_CHARS.find(c);
            if (c == ' ' || code == std::string_view::npos || file >= 8) return std::nullopt;
            p[make_square(file, rank)] = Piece(code);
            ++file;
        }
    }
    if (rank != 0 || file != 8) return std::nullopt;
    return p;
}

std::string squares_to_string(Bitboard squares) {
    std::string out;
    while (squares) {
        if (!out.empty()) out += ' ';
        out += square_to_string(pop_lsb(squares));
    }
    return out;
}

}  // namespace venue::sensing
