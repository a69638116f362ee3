// Boards between positions: is the board on its way somewhere (InProgress), or does nothing
// explain it (NoMatch, with the legal moves that come closest)?
#include <algorithm>

#include "chess/bitboard.h"
#include "sensing/matcher.h"
#include "sensing/successors.h"

namespace venue::sensing {

using namespace chess;

namespace {

// The additions (squares where the board shows a piece the current position does not have
// there) that a move's result explains: the same piece, for a promotion the pawn itself set on
// the promotion square before the swap, or the moving piece stopped on a square it slides over.
Bitboard explained_by(const Placement& sensed, Bitboard additions, const Footprint& f,
                      const Position& before, Move m) {
    Bitboard out = 0;
    const Piece mover = before.piece_on(m.from());
    if (line_bb(m.from(), m.to())) {
        Bitboard path = between_bb(m.from(), m.to()) & additions;
        while (path) {
            const Square s = pop_lsb(path);
            if (sensed[s] == mover) out |= square_bb(s);
        }
    }
    for (int i = 0; i < f.count; ++i) {
        const Square s = f.square[i];
        if (!(additions & square_bb(s))) continue;
        const bool promoted_pawn = m.kind() == MoveKind::PROMOTION && s == m.to() &&
                                   sensed[s] == make_piece(before.side_to_move(), PAWN);
        if (sensed[s] == f.after[i] || promoted_pawn) out |= square_bb(s);
    }
    return out;
}

bool all_of_color(const Placement& sensed, Bitboard squares, Color c) {
    while (squares)
        if (color_of(sensed[pop_lsb(squares)]) != c) return false;
    return true;
}

// Whether the board lies on the way from base to one of its successors (one move, or a move and
// the reply under way), the first move taking a piece off one of `first_vacates`.
bool on_the_way_from(const Position& base, const MoveList& legal, const Placement& sensed,
                     Bitboard first_vacates) {
    const Bitboard diff = differing_squares(sensed, base);
    Bitboard additions = 0;
    for (Bitboard b = diff; b;) {
        const Square s = pop_lsb(b);
        if (sensed[s] != NO_PIECE) additions |= square_bb(s);
    }
    // Only pieces in the air (lifted, captured and not yet replaced, knocked over).
    if (additions == 0) return true;

    for (Move m : legal) {
        const Footprint f = footprint(base, m);
        if (!(vacated_by(f, base) & first_vacates)) continue;
        const Bitboard rest = additions & ~explained_by(sensed, additions, f, base, m);
        if (rest == 0) return true;
        // The rest could be the reply under way, once this move has been made.
        if (!(diff & square_bb(m.from())) || !all_of_color(sensed, rest, ~base.side_to_move()))
            continue;
        Position after = base;
        after.do_move(m);
        for (Move r : legal_moves(after)) {
            const Footprint f2 = footprint(after, r);
            if ((rest & ~explained_by(sensed, rest, f2, after, r)) == 0) return true;
        }
    }
    return false;
}

bool on_the_way(const Placement& sensed, const Game& game, const MoveList& legal) {
    if (on_the_way_from(game.position(), legal, sensed, ~Bitboard(0))) return true;
    const std::size_t n = game.ply_count();
    if (n == 0) return false;
    // A correction under way: the last move's piece moving on.
    const Position& prev = game.position_at(n - 1);
    const Bitboard last_vacated = vacated_by(footprint(prev, game.moves().back()), prev);
    if (on_the_way_from(prev, legal_moves(prev), sensed, last_vacated)) return true;
    // A take-back under way: every piece set down stands where an earlier position has it.
    Bitboard additions = 0;
    for (Bitboard b = differing_squares(sensed, game.position()); b;) {
        const Square s = pop_lsb(b);
        if (sensed[s] != NO_PIECE) additions |= square_bb(s);
    }
    for (std::size_t k = n; k-- > 0;) {
        const Position& p = game.position_at(k);
        bool all = true;
        for (Bitboard b = additions; b && all;) {
            const Square s = pop_lsb(b);
            all = sensed[s] == p.piece_on(s);
        }
        if (all) return true;
    }
    return false;
}

}  // namespace

Move made_under_reply(const Placement& sensed, Bitboard diff, const Position& now,
                      const MoveList& legal) {
    const Color replier = ~now.side_to_move();
    Move found = Move::none();
    for (Move m : legal) {
        const Footprint f = footprint(now, m);
        if ((diff & f.squares) != f.squares) continue;  // cheap: the move's squares all changed
        bool shows = true;
        for (int i = 0; i < f.count && shows; ++i) shows = sensed[f.square[i]] == f.after[i];
        if (!shows) continue;
        // Beyond the move, only pieces lifted: the replier's own, or one the reply takes.
        const Bitboard rest = diff & ~f.squares;
        if (rest == 0) continue;  // the move itself, exactly: a Recognised, not this
        Bitboard mover_lifted = 0;
        bool lifts_only = true;
        for (Bitboard b = rest; b && lifts_only;) {
            const Square s = pop_lsb(b);
            const Piece p = now.piece_on(s);
            lifts_only = sensed[s] == NO_PIECE && p != NO_PIECE &&
                         (color_of(p) == replier || type_of(p) != KING);
            if (lifts_only && color_of(p) != replier) mover_lifted |= square_bb(s);
        }
        if (!lifts_only) continue;
        if (mover_lifted) {
            // One of the mover's pieces off the board: the reply begun by taking it (a legal
            // reply captures on its square), not the mover still at work (a rook set down
            // before the king in castling, the king then lifted, is not that).
            if (popcount(mover_lifted) > 1) continue;
            Position after = now;
            after.do_move(m);
            const MoveList replies = legal_moves(after);
            const Square lifted = lsb(mover_lifted);
            if (std::none_of(replies.begin(), replies.end(),
                             [lifted](Move r) { return r.to() == lifted; }))
                continue;
        }
        if (!found.is_none()) return Move::none();  // two fit: say none
        found = m;
    }
    return found;
}

Recognition explain_partial(const Placement& sensed, Bitboard diff, const Game& game,
                            const MoveList& legal) {
    if (on_the_way(sensed, game, legal)) return InProgress{diff};

    NoMatch out;
    out.squares = diff;
    const Position& now = game.position();
    for (Move m : legal) {
        const Candidate c{m,
                          std::uint8_t(popcount(differing_after(sensed, diff, footprint(now, m))))};
        // Insertion into a short sorted list; earlier moves win ties (generation order).
        int i = out.closest_count;
        if (i == NoMatch::MAX_CLOSEST) {
            if (c.distance >= out.closest[i - 1].distance) continue;
            --i;
        } else {
            ++out.closest_count;
        }
        while (i > 0 && out.closest[i - 1].distance > c.distance) {
            out.closest[i] = out.closest[i - 1];
            --i;
        }
        out.closest[i] = c;
    }
    return out;
}

}  // namespace venue::sensing
