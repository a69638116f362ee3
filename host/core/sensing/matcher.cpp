#include "sensing/matcher.h"

#include <algorithm>

#include "chess/bitboard.h"
#include "sensing/successors.h"
#include "sensing/tie_break.h"

namespace venue::sensing {

using namespace chess;

namespace {

bool allowed(const RecogniserConfig& config, const Position& before, Move m) {
    return !config.may_move || config.may_move(before, m);
}

// A move sequence from `base` as a reading: MOVES, or WRONG_MOVER naming the first refused move.
Reading moves_reading(const MoveSeq& seq, const Position& base, const RecogniserConfig& config) {
    Reading r{ReadingKind::MOVES, seq, 0, -1};
    if (!config.may_move) return r;
    Position pos = base;
    for (int i = 0; i < seq.size(); ++i) {
        if (!allowed(config, pos, seq[i])) {
            r.kind = ReadingKind::WRONG_MOVER;
            r.refused = std::int8_t(i);
            return r;
        }
        if (i + 1 < seq.size()) pos.do_move(seq[i]);
    }
    return r;
}

void push_all(ReadingList& out, const SequenceList& seqs, const Position& base,
              const RecogniserConfig& config) {
    for (int i = 0; i < seqs.size; ++i) out.push(moves_reading(seqs.items[i], base, config));
    out.dropped = std::uint16_t(out.dropped + seqs.dropped);
}

void find_take_backs(const Placement& sensed, Bitboard diff, const Game& game,
                     const RecogniserConfig& config, const Evidence* evidence, ReadingList& out) {
    const std::size_t n = game.ply_count();
    // Plain take-backs: the board shows an earlier position. Nearest first.
    for (std::size_t k = n; k-- > 0;)
        if (same_placement(sensed, game.position_at(k), diff))
            out.push(Reading{ReadingKind::TAKE_BACK, {}, std::uint16_t(n - k), -1});
    if (n == 0) return;

    // Corrections: the piece(s) of the last move moved on from the position before it.
    // (A pause on the way, read as a move; see the check below.)
    const Position& prev = game.position_at(n - 1);
    const Move last = game.moves().back();
    const Bitboard last_vacated = vacated_by(footprint(prev, last), prev);
    SequenceList one, two;
    find_sequences(prev, legal_moves(prev), sensed, differing_squares(sensed, prev),
                   SequenceSearch{true, true, last_vacated}, evidence, one, two);
    for (const SequenceList* list : {&one, &two}) {
        for (int i = 0; i < list->size; ++i) {
            const MoveSeq& seq = list->items[i];
            if (seq[0] == last) continue;  // that is a plain move from the current position
            // The last move must have been a stop on the way of the corrected one: a square
            // slid over, the promotion square (another piece set down), or the rook's square
            // when castling rook first.
            if (!(path_of(prev, seq[0]) & square_bb(last.to()))) continue;
            // A correction the filter refuses is not offered (the piece was allowed to move
            // once already, so the filter changed its mind: leave it to the arbiter).
            if (moves_reading(seq, prev, config).kind != ReadingKind::MOVES) continue;
            out.push(Reading{ReadingKind::TAKE_BACK, seq, 1, -1});
        }
        out.dropped = std::uint16_t(out.dropped + list->dropped);
    }
}

Recognition to_recognition(const Reading& r, std::int64_t at_us) {
    switch (r.kind) {
        case ReadingKind::MOVES:
            return Recognised{r.moves, at_us, 0};
        case ReadingKind::WRONG_MOVER:
            return WrongMover{r.moves, r.refused, false, at_us};
        case ReadingKind::TAKE_BACK:
            return TakeBack{r.plies_back, r.moves, at_us};
        case ReadingKind::WRONG_SIDE:
            return WrongMover{r.moves, 0, true, at_us};
    }
    return Unchanged{};
}

}  // namespace

Readings find_readings(const Placement& sensed, Bitboard diff, const Game& game,
                       const MoveList& legal, const RecogniserConfig& config,
                       const Evidence* evidence) {
    Readings out;
    const Position& now = game.position();
    SequenceList one, two;
    find_sequences(now, legal, sensed, diff, SequenceSearch{}, evidence, one, two);
    push_all(out.moves, one, now, config);
    push_all(out.moves, two, now, config);
    find_take_backs(sensed, diff, game, config, evidence, out.take_backs);

    if (config.detect_wrong_side && out.moves.total() + out.take_backs.total() == 0 &&
        !now.in_check()) {
        // A null move is only defined when the side to move is not in check; a move out of turn
        // while in check is left to NoMatch.
        Position other = now;
        other.do_null_move();
        SequenceList wrong, unused;
        find_sequences(other, legal_moves(other), sensed, diff, SequenceSearch{true, false},
                       nullptr, wrong, unused);
        // The piece the last move moved, moving on, is not a move out of turn but that move
        // still under way (a king sliding e1-f1-g1 read at f1 before the rook follows): left to
        // explain_partial, which sees it on the way to a correction.
        const Square last_to = game.ply_count() ? game.moves().back().to() : SQ_NONE;
        for (int i = 0; i < wrong.size; ++i)
            if (wrong.items[i][0].from() != last_to)
                out.wrong_side.push(Reading{ReadingKind::WRONG_SIDE, wrong.items[i], 0, 0});
    }
    return out;
}

Recognition read_board(const Placement& sensed, std::int64_t at_us, const Game& game,
                       const RecogniserConfig& config, const Evidence* evidence) {
    const Position& now = game.position();
    const Bitboard diff = differing_squares(sensed, now);
    if (diff == 0) return Unchanged{};

    const MoveList legal = legal_moves(now);
    const Readings found = find_readings(sensed, diff, game, legal, config, evidence);

    ReadingList all = found.moves;
    for (int i = 0; i < found.take_backs.size; ++i) all.push(found.take_backs.items[i]);
    all.dropped = std::uint16_t(all.dropped + found.take_backs.dropped);
    if (all.total() == 0) {
        if (found.wrong_side.total() == 1) return to_recognition(found.wrong_side.items[0], at_us);
        if (found.wrong_side.total() > 1) return Ambiguous{found.wrong_side};
        Recognition partial = explain_partial(sensed, diff, game, legal);
        if (auto* p = std::get_if<InProgress>(&partial)) {
            const Move made = made_under_reply(sensed, diff, now, legal);
            if (!made.is_none() && allowed(config, now, made)) p->made = made;
        }
        return partial;
    }
    std::uint16_t also_take_back = 0;
    // A reading with moves (a move, or a correction) beats a plain take-back to the same board.
    const auto has_moves = [](const Reading& r) { return !r.moves.empty(); };
    if (all.total() > 1 && config.move_beats_take_back &&
        std::any_of(all.items.begin(), all.items.begin() + all.size, has_moves)) {
        for (int i = 0; i < all.size && !also_take_back; ++i)
            if (all.items[i].kind == ReadingKind::TAKE_BACK && all.items[i].moves.empty())
                also_take_back = all.items[i].plies_back;
        all = all.filtered(
            [](const Reading& r) { return r.kind != ReadingKind::TAKE_BACK || !r.moves.empty(); });
    }
    if (all.total() > 1 && all.dropped == 0 && evidence) all = break_ties(all, game, *evidence);
    if (all.total() > 1) return Ambiguous{all};
    Recognition out = to_recognition(all.items[0], at_us);
    if (auto* rec = std::get_if<Recognised>(&out)) rec->also_take_back = also_take_back;
    return out;
}

}  // namespace venue::sensing
