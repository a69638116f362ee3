#include "chess/movegen.h"

namespace venue::chess {
namespace {

template <Color Us>
struct Gen {
    static constexpr Color Them = Us == WHITE ? BLACK : WHITE;
    static constexpr int Up = Us == WHITE ? NORTH : SOUTH;
    static constexpr Bitboard Rank3 = Us == WHITE ? rank_bb(2) : rank_bb(5);
    static constexpr Bitboard Rank7 = Us == WHITE ? RANK_7_BB : rank_bb(1);

    const Position& pos;
    MoveList& list;
    Square ksq;
    Bitboard occupied, us, them;

    Gen(const Position& p, MoveList& l)
        : pos(p),
          list(l),
          ksq(p.king_square(Us)),
          occupied(p.pieces()),
          us(p.pieces(Us)),
          them(p.pieces(Them)) {}

    static constexpr Bitboard up(Bitboard b) {
        return Us == WHITE ? shift<NORTH>(b) : shift<SOUTH>(b);
    }
    static constexpr Bitboard up_left(Bitboard b) {
        return Us == WHITE ? shift<NORTH + WEST>(b) : shift<SOUTH + WEST>(b);
    }
    static constexpr Bitboard up_right(Bitboard b) {
        return Us == WHITE ? shift<NORTH + EAST>(b) : shift<SOUTH + EAST>(b);
    }

    bool attacked(Square s, Bitboard occ) const {
        return (pawn_attacks(Us, s) & pos.pieces(Them, PAWN)) ||
               (knight_attacks(s) & pos.pieces(Them, KNIGHT)) ||
               (king_attacks(s) & pos.pieces(Them, KING)) ||
               (rook_attacks(s, occ) & them & pos.pieces(ROOK, QUEEN)) ||
               (bishop_attacks(s, occ) & them & pos.pieces(BISHOP, QUEEN));
    }

    void add_promotions(Square from, Square to) {
        list.push(Move::make(from, to, MoveKind::PROMOTION, QUEEN));
        list.push(Move::make(from, to, MoveKind::PROMOTION, ROOK));
        list.push(Move::make(from, to, MoveKind::PROMOTION, BISHOP));
        list.push(Move::make(from, to, MoveKind::PROMOTION, KNIGHT));
    }

    // Pawn moves whose destination lies in `target` (block or capture the checker),
    // with pinned pawns restricted to the line through their king.
    void pawn_moves(Bitboard target, Bitboard pinned) {
        const Bitboard pawns = pos.pieces(Us, PAWN);
        const Bitboard empty = ~occupied;
        // Pinned pawns can only move along the pin line; handle them one by one.
        const Bitboard free_pawns = pawns & ~pinned;

        // Pushes.
        Bitboard single = up(free_pawns & ~Rank7) & empty;
        Bitboard dbl = up(single & Rank3) & empty & target;
        single &= target;
        while (single) {
            Square to = pop_lsb(single);
            list.push(Move(Square(to - Up), to));
        }
        while (dbl) {
            Square to = pop_lsb(dbl);
            list.push(Move(Square(to - 2 * Up), to));
        }
        // Captures.
        Bitboard caps = them & target;
        Bitboard left = up_left(free_pawns & ~Rank7) & caps;
        Bitboard right = up_right(free_pawns & ~Rank7) & caps;
        constexpr int LeftDelta = Up - 1, RightDelta = Up + 1;
        while (left) {
            Square to = pop_lsb(left);
            list.push(Move(Square(to - LeftDelta), to));
        }
        while (right) {
            Square to = pop_lsb(right);
            list.push(Move(Square(to - RightDelta), to));
        }
        // Promotions.
        Bitboard promoters = free_pawns & Rank7;
        if (promoters) {
            Bitboard push = up(promoters) & empty & target;
            Bitboard pl = up_left(promoters) & caps;
            Bitboard pr = up_right(promoters) & caps;
            while (push) {
                Square to = pop_lsb(push);
                add_promotions(Square(to - Up), to);
            }
            while (pl) {
                Square to = pop_lsb(pl);
                add_promotions(Square(to - LeftDelta), to);
            }
            while (pr) {
                Square to = pop_lsb(pr);
                add_promotions(Square(to - RightDelta), to);
            }
        }
        // Pinned pawns (never when in check: a pinned piece cannot resolve a check).
        Bitboard pinned_pawns = pawns & pinned;
        while (pinned_pawns) {
            Square from = pop_lsb(pinned_pawns);
            Bitboard line = line_bb(ksq, from);
            Bitboard from_bb = square_bb(from);
            Bitboard dests = 0;
            Bitboard one = up(from_bb) & empty;
            dests |= one;
            if (one & Rank3) dests |= up(one) & empty;
            dests |= (up_left(from_bb) | up_right(from_bb)) & them;
            dests &= line & target;
            while (dests) {
                Square to = pop_lsb(dests);
                if (from_bb & Rank7)
                    add_promotions(from, to);
                else
                    list.push(Move(from, to));
            }
        }
    }

    void en_passant(Bitboard target) {
        Square ep = pos.en_passant_square();
        if (ep == SQ_NONE || !pos.en_passant_possible()) return;
        Square captured = Square(ep - Up);
        // When in check, the capture must take the checker or block on ep.
        if (!(target & (square_bb(ep) | square_bb(captured)))) return;
        Bitboard candidates = pawn_attacks(Them, ep) & pos.pieces(Us, PAWN);
        while (candidates) {
            Square from = pop_lsb(candidates);
            Bitboard occ = (occupied ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
            // Any attack on the king after the two pawns leave (rank pin, diagonal pin,
            // or an existing check the capture does not resolve) makes it illegal.
            Bitboard attackers =
                (rook_attacks(ksq, occ) & them & pos.pieces(ROOK, QUEEN)) |
                (bishop_attacks(ksq, occ) & them & pos.pieces(BISHOP, QUEEN)) |
                (knight_attacks(ksq) & pos.pieces(Them, KNIGHT)) |
                (pawn_attacks(Us, ksq) & pos.pieces(Them, PAWN) & ~square_bb(captured));
            if (!attackers) list.push(Move::make(from, ep, MoveKind::EN_PASSANT));
        }
    }

    template <PieceType Pt>
    void piece_moves(Bitboard target, Bitboard pinned) {
        Bitboard bb = pos.pieces(Us, Pt);
        if constexpr (Pt == KNIGHT) bb &= ~pinned;  // a pinned knight never moves
        while (bb) {
            Square from = pop_lsb(bb);
            Bitboard att;
            if constexpr (Pt == KNIGHT) att = knight_attacks(from);
            if constexpr (Pt == BISHOP) att = bishop_attacks(from, occupied);
            if constexpr (Pt == ROOK) att = rook_attacks(from, occupied);
            if constexpr (Pt == QUEEN) att = queen_attacks(from, occupied);
            att &= target;
            if (square_bb(from) & pinned) att &= line_bb(ksq, from);
            while (att) list.push(Move(from, pop_lsb(att)));
        }
    }

    void king_moves() {
        Bitboard occ_without_king = occupied ^ square_bb(ksq);
        Bitboard att = king_attacks(ksq) & ~us;
        while (att) {
            Square to = pop_lsb(att);
            if (!attacked(to, occ_without_king)) list.push(Move(ksq, to));
        }
    }

    void castling() {
        constexpr CastlingRights OO = Us == WHITE ? WHITE_OO : BLACK_OO;
        constexpr CastlingRights OOO = Us == WHITE ? WHITE_OOO : BLACK_OOO;
        constexpr Square E = Us == WHITE ? SQ_E1 : SQ_E8;
        if (pos.can_castle(OO)) {
            constexpr Square F = Square(E + 1), G = Square(E + 2);
            if (!(occupied & (square_bb(F) | square_bb(G))) && !attacked(F, occupied) &&
                !attacked(G, occupied))
                list.push(Move::make(E, G, MoveKind::CASTLING));
        }
        if (pos.can_castle(OOO)) {
            constexpr Square D = Square(E - 1), C = Square(E - 2), B = Square(E - 3);
            if (!(occupied & (square_bb(D) | square_bb(C) | square_bb(B))) &&
                !attacked(D, occupied) && !attacked(C, occupied))
                list.push(Move::make(E, C, MoveKind::CASTLING));
        }
    }

    void run() {
        Bitboard checkers = pos.checkers();
        king_moves();
        if (more_than_one(checkers)) return;  // double check: only the king moves
        Bitboard target = ~us;
        if (checkers) target = between_bb(ksq, lsb(checkers));
        Bitboard pinned = pos.pinned(Us);
        pawn_moves(target, pinned);
        en_passant(checkers ? between_bb(ksq, lsb(checkers)) : ~Bitboard(0));
        piece_moves<KNIGHT>(target, pinned);
        piece_moves<BISHOP>(target, pinned);
        piece_moves<ROOK>(target, pinned);
        piece_moves<QUEEN>(target, pinned);
        if (!checkers) castling();
    }
};

}  // namespace

bool MoveList::contains(Move m) const {
    for (Move x : *this)
        if (x == m) return true;
    return false;
}

void generate_legal(const Position& pos, MoveList& list) {
    if (pos.side_to_move() == WHITE)
        Gen<WHITE>(pos, list).run();
    else
        Gen<BLACK>(pos, list).run();
}

bool is_legal(const Position& pos, Move m) {
    return legal_moves(pos).contains(m);
}

}  // namespace venue::chess
