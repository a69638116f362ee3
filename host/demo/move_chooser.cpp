#include "demo/move_chooser.h"

#include <limits>

#include "chess/bitboard.h"
#include "chess/movegen.h"

namespace venue::demo {

namespace {

// Centipawns of c's men on the board (the king counts nothing: it is never taken).
int material(const chess::Position& pos, chess::Color c) {
    constexpr int value[] = {0, 100, 300, 310, 500, 900, 0};
    int sum = 0;
    for (int pt = chess::PAWN; pt <= chess::QUEEN; ++pt)
        sum += value[pt] * chess::popcount(pos.pieces(c, chess::PieceType(pt)));
    return sum;
}

// The mover's material minus the opponent's after the opponent's best capture (or quiet reply)
// in `after`; the lowest when the opponent mates at once.
int worst_reply(const chess::Position& after, chess::Color mover) {
    const chess::MoveList replies = chess::legal_moves(after);
    int worst = material(after, mover) - material(after, ~mover);
    for (chess::Move r : replies) {
        if (!after.is_capture(r) && r.kind() != chess::MoveKind::PROMOTION) {
            chess::Position p = after;
            p.do_move(r);
            if (p.in_check() && chess::legal_moves(p).size() == 0)
                return std::numeric_limits<int>::min() / 2;
            continue;
        }
        chess::Position p = after;
        p.do_move(r);
        if (p.in_check() && chess::legal_moves(p).size() == 0)
            return std::numeric_limits<int>::min() / 2;
        worst = std::min(worst, material(p, mover) - material(p, ~mover));
    }
    return worst;
}

std::uint64_t mix(std::uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

}  // namespace

std::optional<chess::Move> choose_move(const chess::Game& game, std::uint64_t seed,
                                       std::optional<chess::Move> avoid) {
    const chess::Position& pos = game.position();
    const chess::Color mover = pos.side_to_move();
    std::optional<chess::Move> best, fallback;
    int best_score = std::numeric_limits<int>::min();
    std::uint64_t best_tie = 0;
    for (chess::Move m : chess::legal_moves(pos)) {
        chess::Game g = game;
        g.play(m);
        if (g.status() != chess::GameStatus::ONGOING || g.repetition_count() >= 3) continue;
        if (avoid && m == *avoid) {
            fallback = m;
            continue;
        }
        const int score = worst_reply(g.position(), mover);
        const std::uint64_t tie =
            mix(seed ^ mix(game.ply_count() * 0x9e3779b97f4a7c15ULL + m.raw()));
        if (!best || score > best_score || (score == best_score && tie > best_tie)) {
            best = m;
            best_score = score;
            best_tie = tie;
        }
    }
    return best ? best : fallback;
}

}  // namespace venue::demo
