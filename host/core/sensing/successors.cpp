#include "sensing/successors.h"

#include "chess/bitboard.h"

namespace venue::sensing {

using namespace chess;

namespace {

// A single opponent move changes two to four squares, and leaves on them only its own pieces or
// nothing. Boards failing this cannot be one reply away.
bool one_reply_away(const Placement& sensed, Bitboard diff, Color replier) {
    const int n = popcount(diff);
    if (n < 2 || n > Footprint::MAX_SQUARES) return false;
    while (diff) {
        const Piece pc = sensed[pop_lsb(diff)];
        if (pc != NO_PIECE && color_of(pc) != replier) return false;
    }
    return true;
}

}  // namespace

Bitboard vacated_by(const Footprint& f, const Position& before) {
    const Color us = before.side_to_move();
    Bitboard out = 0;
    for (int i = 0; i < f.count; ++i) {
        const Piece was = before.piece_on(f.square[i]);
        if (f.after[i] == NO_PIECE && was != NO_PIECE && color_of(was) == us)
            out |= square_bb(f.square[i]);
    }
    return out;
}

void find_sequences(const Position& base, const MoveList& legal, const Placement& sensed,
                    Bitboard diff, const SequenceSearch& search, const Evidence* evidence,
                    SequenceList& one_ply_out, SequenceList& two_ply_out) {
    const bool constrained = search.first_vacates != ~Bitboard(0);
    // At most four squares per move: more differences than two moves can make mean no sequence.
    if (diff == 0 || popcount(diff) > 2 * Footprint::MAX_SQUARES) return;
    const Color them = ~base.side_to_move();
    for (Move m : legal) {
        // Whatever the reply, the mover's from-square ends empty or holding an opponent piece,
        // so it differs from base: a cheap filter for both depths.
        if (!(diff & square_bb(m.from()))) continue;
        const Footprint f = footprint(base, m);
        if (constrained && !(vacated_by(f, base) & search.first_vacates)) continue;
        if (search.one_ply && shows_after(sensed, diff, f)) {
            one_ply_out.push(MoveSeq{m});
            continue;  // the reply would have to change nothing: no second ply
        }
        if (!search.two_ply) continue;
        const Bitboard rest = differing_after(sensed, diff, f);
        if (!one_reply_away(sensed, rest, them)) continue;
        // Footprint slot 1 is always the landing square (see footprint()).
        const Piece landed = f.after[1];
        const bool landing_visible = sensed[m.to()] == landed;
        if (!landing_visible && !(evidence && evidence->was_seen(m.to(), landed))) continue;
        Position after = base;
        after.do_move(m);
        const MoveList replies = legal_moves(after);
        for (Move r : replies) {
            if (!(rest & square_bb(r.from()))) continue;
            if (shows_after(sensed, rest, footprint(after, r))) two_ply_out.push(MoveSeq{m, r});
        }
    }
}

}  // namespace venue::sensing
