#include "sensing/tie_break.h"

#include <algorithm>
#include <array>

#include "chess/bitboard.h"

namespace venue::sensing {

using namespace chess;

namespace {

// When the last of these squares took the content it holds (flickers ignored).
std::int64_t settled_at(Bitboard squares, const Evidence& ev) {
    std::int64_t t = Evidence::NEVER;
    while (squares) t = std::max(t, ev.held_since_us(pop_lsb(squares)));
    return t;
}

// Whether the board's history allows the reading's steps in its order: for two steps, the
// squares only the first step touches settled no later than those only the second touches.
// (A take-back and the move replacing it count as one step.)
bool in_order(const Reading& r, const Game& game, const Evidence& ev) {
    const Position* base = &game.position();
    Bitboard first = 0;
    Position after;
    int i = 0;
    if (r.kind == ReadingKind::TAKE_BACK) {
        if (r.moves.size() < 2) return true;
        const std::size_t n = game.ply_count();
        base = &game.position_at(n - 1);
        first = footprint(*base, game.moves().back()).squares;
    } else if (r.moves.size() < 2) {
        return true;
    }
    first |= footprint(*base, r.moves[i]).squares;
    after = *base;
    after.do_move(r.moves[i]);
    const Bitboard second = footprint(after, r.moves[i + 1]).squares;
    const Bitboard only_first = first & ~second, only_second = second & ~first;
    if (!only_first || !only_second) return true;
    return settled_at(only_first, ev) <= settled_at(only_second, ev);
}

// The squares the reading needs changed on a real board: for moves, their footprints and the
// squares a sliding piece passes over; for a plain take-back, the squares that differ between
// now and then (not every square the undone moves ever touched: a long take-back would then
// explain any flicker); for a correction, the last move's squares and the corrected move's way.
Bitboard covered_by(const Reading& r, const Game& game) {
    Bitboard out = 0;
    Position pos = game.position();
    if (r.kind == ReadingKind::TAKE_BACK) {
        const std::size_t n = game.ply_count();
        pos = game.position_at(n - r.plies_back);
        out |= differing_squares(placement_of(game.position()), pos);
    }
    for (Move m : r.moves) {
        out |= path_of(pos, m);
        pos.do_move(m);
    }
    return out;
}

// What a reading leaves unexplained of what the sensors saw since the board last agreed with the
// game: squares that changed but that none of its moves (or the moves it takes back) touch, and
// pieces seen on changed squares that it never puts there (in a position along the way, the
// positions taken back included, as a sliding piece passing over, or as a pawn set on its
// promotion square).
struct Unexplained {
    Bitboard squares = 0;
    std::array<std::uint16_t, SQUARE_NB> pieces{};  // bit p: piece p seen on the square
};

Unexplained unexplained_by(const Reading& r, const Game& game, const Evidence& ev) {
    Unexplained out;
    const Bitboard touched = ev.touched();
    out.squares = touched & ~covered_by(r, game);

    constexpr std::size_t MAX_ALONG = MoveSeq::CAPACITY + 2;
    std::array<Position, MAX_ALONG> along;
    std::array<Bitboard, MAX_ALONG> path_mask{};
    std::array<Piece, MAX_ALONG> path_piece{};
    std::size_t count = 0;
    const std::size_t n = game.ply_count();
    std::size_t first = n;
    auto add_move = [&](const Position& before, Move m) {
        path_mask[count] = path_of(before, m);
        if (m.kind() == MoveKind::PROMOTION) path_mask[count] |= square_bb(m.to());
        path_piece[count] = before.piece_on(m.from());
    };
    // Positions along the way: now, then for a take-back the position returned to (for a
    // correction with the last move's own way, as it is the same physical move going on).
    along[count++] = game.position();
    if (r.kind == ReadingKind::TAKE_BACK) {
        first = n - r.plies_back;
        along[count] = game.position_at(first);
        if (!r.moves.empty()) add_move(along[count], game.moves()[first]);
        ++count;
    }
    Position pos = game.position_at(first);
    for (Move m : r.moves) {
        add_move(pos, m);
        pos.do_move(m);
        along[count++] = pos;
    }
    for (Bitboard b = touched; b;) {
        const Square s = pop_lsb(b);
        for (int p = W_PAWN; p <= B_KING; ++p) {
            if (type_of(Piece(p)) == NO_PIECE_TYPE || !ev.was_placed(s, Piece(p))) continue;
            bool explained = false;
            for (std::size_t i = 0; i < count && !explained; ++i)
                explained = along[i].piece_on(s) == Piece(p) ||
                            ((path_mask[i] & square_bb(s)) && path_piece[i] == Piece(p));
            if (!explained) out.pieces[s] |= std::uint16_t(1u << p);
        }
    }
    return out;
}

// Keeps the readings that explain everything some other reading explains. What no reading
// explains (a flicker, a knocked-over piece elsewhere) is noise and decides nothing.
ReadingList best_explained(const ReadingList& in, const Game& game, const Evidence& ev) {
    std::array<Unexplained, ReadingList::CAPACITY> un;
    Unexplained noise;
    noise.squares = ~Bitboard(0);
    noise.pieces.fill(0xFFFF);
    for (int i = 0; i < in.size; ++i) {
        un[i] = unexplained_by(in.items[i], game, ev);
        noise.squares &= un[i].squares;
        for (int s = 0; s < SQUARE_NB; ++s) noise.pieces[s] &= un[i].pieces[s];
    }
    ReadingList out;
    for (int i = 0; i < in.size; ++i) {
        bool all = (un[i].squares & ~noise.squares) == 0;
        for (int s = 0; s < SQUARE_NB && all; ++s) all = (un[i].pieces[s] & ~noise.pieces[s]) == 0;
        if (all) out.push(in.items[i]);
    }
    return out;
}

}  // namespace

ReadingList break_ties(const ReadingList& readings, const Game& game, const Evidence& ev) {
    ReadingList all = readings;
    const ReadingList ordered =
        all.filtered([&](const Reading& r) { return in_order(r, game, ev); });
    if (ordered.total() > 0) all = ordered;
    const ReadingList explained = best_explained(all, game, ev);
    if (explained.total() > 0) all = explained;
    return all;
}

}  // namespace venue::sensing
