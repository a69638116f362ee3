#include "games/betza/rules/half_boards.h"

#include "chess/uci.h"

namespace venue::games::betza {

namespace {

using chess::Piece;
using Kind = HalfBoardReading::Kind;

// Local squares of `board` where `seen` differs from `want`.
void differing(int board, const HalfView& seen, const HalfView& want,
               std::vector<HalfSquare>& out) {
    for (int i = 0; i < HALF_SQUARES; ++i)
        if (seen.near[std::size_t(i)] != want.near[std::size_t(i)])
            out.push_back({board, i % HALF_FILES, i / HALF_FILES});
}

// Whether every square where `seen` differs from `want` is empty in `seen`: men lifted only.
// Whether every square of `seen` shows what `before` or `after` has there: a move from one to the
// other partly seen (a man set down on the partner's board before its own board settled).
bool between(const HalfView& seen, const HalfView& before, const HalfView& after) {
    for (int i = 0; i < HALF_SQUARES; ++i) {
        const Piece s = seen.near[std::size_t(i)];
        if (s != before.near[std::size_t(i)] && s != after.near[std::size_t(i)]) return false;
    }
    return true;
}

bool lifted_only(const HalfView& seen, const HalfView& want) {
    for (int i = 0; i < HALF_SQUARES; ++i) {
        const Piece s = seen.near[std::size_t(i)];
        if (s != want.near[std::size_t(i)] && s != chess::NO_PIECE) return false;
    }
    return true;
}

HalfBoardReading unexplained(std::vector<HalfSquare> squares, std::vector<int> far) {
    HalfBoardReading r;
    r.kind = Kind::UNEXPLAINED;
    r.squares = std::move(squares);
    r.far_boards = std::move(far);
    return r;
}

}  // namespace

HalfView expected_view(const ArmyPosition& position, int board) {
    HalfView v;
    for (int i = 0; i < HALF_SQUARES; ++i) {
        const Man& m = position.boards[std::size_t(board)][std::size_t(i)];
        if (m.empty()) continue;
        v.near[std::size_t(i)] =
            chess::make_piece(colour_of(position.layout[std::size_t(m.army)]), m.type);
    }
    return v;
}

HalfView sensed_view(const sensing::Placement& placement) {
    HalfView v;
    for (int s = 0; s < chess::SQUARE_NB; ++s) {
        const Piece p = placement[std::size_t(s)];
        const int rank = chess::rank_of(chess::Square(s)), file = chess::file_of(chess::Square(s));
        if (rank < HALF_RANKS)
            v.near[std::size_t(rank * HALF_FILES + file)] = p;
        else if (p != chess::NO_PIECE)
            v.far.push_back(chess::Square(s));
    }
    return v;
}

sensing::Placement placement_of(const HalfView& view) {
    sensing::Placement p{};
    for (int i = 0; i < HALF_SQUARES; ++i)
        p[std::size_t(chess::make_square(i % HALF_FILES, i / HALF_FILES))] =
            view.near[std::size_t(i)];
    return p;
}

HalfBoardReading read_pair(const BetzaGame& game, const Pair& pair, const HalfView& first,
                           const HalfView& second) {
    const ArmyPosition& now = game.position();
    const HalfView want_first = expected_view(now, pair.first);
    const HalfView want_second = expected_view(now, pair.second);
    std::vector<int> far;
    if (!first.far.empty()) far.push_back(pair.first);
    if (!second.far.empty()) far.push_back(pair.second);
    auto differences = [&](const HalfView& wf, const HalfView& ws) {
        std::vector<HalfSquare> d;
        differing(pair.first, first, wf, d);
        differing(pair.second, second, ws, d);
        return d;
    };
    if (!far.empty()) return unexplained(differences(want_first, want_second), far);
    if (first.near == want_first.near && second.near == want_second.near) return {};
    // The legal moves whose result both boards show; one is the move, several wait for more.
    std::optional<chess::Move> found;
    int matches = 0;
    bool under_way = false;  // some legal move is partly seen
    for (chess::Move m : game.legal_moves_on(pair)) {
        BetzaGame after = game;
        if (!after.move(game.army_on_move(), m)) continue;
        const ArmyPosition& p = after.position();
        const HalfView after_first = expected_view(p, pair.first);
        const HalfView after_second = expected_view(p, pair.second);
        if (after_first.near == first.near && after_second.near == second.near) {
            found = m;
            ++matches;
        }
        under_way = under_way || (between(first, want_first, after_first) &&
                                  between(second, want_second, after_second));
    }
    if (matches == 1) {
        HalfBoardReading r;
        r.kind = Kind::MOVE;
        r.move = *found;
        return r;
    }
    if (matches > 1 || under_way ||
        (lifted_only(first, want_first) && lifted_only(second, want_second))) {
        HalfBoardReading r;
        r.kind = Kind::IN_PROGRESS;
        return r;
    }
    return unexplained(differences(want_first, want_second), {});
}

HalfBoardReading read_idle(const BetzaGame& game, int board, const HalfView& view) {
    const HalfView want = expected_view(game.position(), board);
    std::vector<HalfSquare> d;
    differing(board, view, want, d);
    if (!view.far.empty()) return unexplained(std::move(d), {board});
    if (d.empty()) return {};
    if (lifted_only(view, want)) {
        HalfBoardReading r;
        r.kind = Kind::IN_PROGRESS;
        return r;
    }
    return unexplained(std::move(d), {});
}

HalfView without_leaving(const HalfView& seen, const HalfView& want, const HalfView& leaving) {
    HalfView v = seen;
    for (int i = 0; i < HALF_SQUARES; ++i) {
        const Piece l = leaving.near[std::size_t(i)];
        if (l != chess::NO_PIECE && v.near[std::size_t(i)] == l)
            v.near[std::size_t(i)] = want.near[std::size_t(i)];
    }
    return v;
}

bool holds_any(const HalfView& seen, const HalfView& leaving) {
    for (int i = 0; i < HALF_SQUARES; ++i)
        if (leaving.near[std::size_t(i)] != chess::NO_PIECE &&
            seen.near[std::size_t(i)] == leaving.near[std::size_t(i)])
            return true;
    return false;
}

std::string local_words(const HalfSquare& s) {
    return chess::square_to_string(chess::make_square(s.file, s.rank));
}

}  // namespace venue::games::betza
