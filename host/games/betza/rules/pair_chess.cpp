#include "games/betza/rules/pair_chess.h"

#include <cstdlib>

namespace venue::games::betza {

namespace {

using chess::Move;
using chess::MoveKind;
using chess::PieceType;
using chess::Square;

constexpr int KNIGHT_JUMPS[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                    {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int KING_STEPS[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                  {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
constexpr int ROOK_RAYS[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
constexpr int BISHOP_RAYS[4][2] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};

bool on_board(int file, int rank) {
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

bool is_foe(const ArmyPosition& position, const Man& m, int defender_controller) {
    return !m.empty() && position.controller[std::size_t(m.army)] != defender_controller;
}

// Whether a pawn of `army` arriving on joined square `to` promotes (BETZA-A4): the outer edge of
// a half-board that is not its home, or of any half-board under any_outer_edge.
bool promotes_on(const BetzaRules& rules, int army, const Pair& pair, Square to) {
    const int rank = chess::rank_of(to);
    if (rank != 0 && rank != 7) return false;
    return board_of(pair, to) != army || rules.promotion_zone == PromotionZone::ANY_OUTER_EDGE;
}

class Generator {
  public:
    Generator(const ArmyPosition& position, const BetzaRules& rules, const JoinedBoard& board,
              int army, const std::optional<PassingChance>& passing)
        : position_(position), rules_(rules), board_(board), army_(army), passing_(passing) {}

    std::vector<Move> pseudo_legal() {
        for (int s = 0; s < 64; ++s) {
            const Man& m = board_.at(Square(s));
            if (m.empty() || m.army != army_) continue;
            switch (m.type) {
                case chess::PAWN:
                    pawn(Square(s));
                    break;
                case chess::KNIGHT:
                    steps(Square(s), KNIGHT_JUMPS);
                    break;
                case chess::BISHOP:
                    rays(Square(s), BISHOP_RAYS);
                    break;
                case chess::ROOK:
                    rays(Square(s), ROOK_RAYS);
                    break;
                case chess::QUEEN:
                    rays(Square(s), BISHOP_RAYS);
                    rays(Square(s), ROOK_RAYS);
                    break;
                case chess::KING:
                    steps(Square(s), KING_STEPS);
                    castlings(Square(s), m);
                    break;
                default:
                    break;
            }
        }
        return std::move(moves_);
    }

  private:
    bool enterable(Square to) const {
        const Man& t = board_.at(to);
        return t.empty() || may_capture(position_, rules_, army_, t);
    }

    void steps(Square from, const int (&offsets)[8][2]) {
        for (const auto& o : offsets) {
            const int f = chess::file_of(from) + o[0], r = chess::rank_of(from) + o[1];
            if (on_board(f, r) && enterable(chess::make_square(f, r)))
                moves_.push_back(Move(from, chess::make_square(f, r)));
        }
    }

    void rays(Square from, const int (&directions)[4][2]) {
        for (const auto& d : directions) {
            int f = chess::file_of(from) + d[0], r = chess::rank_of(from) + d[1];
            for (; on_board(f, r); f += d[0], r += d[1]) {
                const Square to = chess::make_square(f, r);
                if (board_.at(to).empty()) {
                    moves_.push_back(Move(from, to));
                    continue;
                }
                if (enterable(to)) moves_.push_back(Move(from, to));
                break;
            }
        }
    }

    void pawn_to(Square from, Square to, MoveKind kind) {
        if (kind == MoveKind::NORMAL && promotes_on(rules_, army_, board_.pair, to)) {
            for (PieceType pt : {chess::QUEEN, chess::ROOK, chess::BISHOP, chess::KNIGHT})
                moves_.push_back(Move::make(from, to, MoveKind::PROMOTION, pt));
            return;
        }
        moves_.push_back(kind == MoveKind::NORMAL ? Move(from, to) : Move::make(from, to, kind));
    }

    void pawn(Square from) {
        const int step = pawn_step(rules_, army_, board_.pair, from);
        const int file = chess::file_of(from), rank = chess::rank_of(from) + step;
        if (!on_board(file, rank)) return;
        const Square one = chess::make_square(file, rank);
        if (board_.at(one).empty()) {
            pawn_to(from, one, MoveKind::NORMAL);
            // BETZA-A4: the double step only from the starting rank of the home board.
            const HalfSquare here = half_square(board_.pair, from);
            const bool home_start = here.board == army_ && here.rank == 1;
            if (home_start && step == toward_join_step(from) && on_board(file, rank + step)) {
                const Square two = chess::make_square(file, rank + step);
                if (board_.at(two).empty()) moves_.push_back(Move(from, two));
            }
        }
        for (int df : {-1, 1}) {
            if (!on_board(file + df, rank)) continue;
            const Square to = chess::make_square(file + df, rank);
            const Man& target = board_.at(to);
            if (!target.empty()) {
                if (may_capture(position_, rules_, army_, target))
                    pawn_to(from, to, MoveKind::NORMAL);
            } else if (passing_ && joined_square(board_.pair, passing_->skipped) == to) {
                const Man& victim = board_.at(joined_square(board_.pair, passing_->pawn));
                if (victim.type == chess::PAWN && may_capture(position_, rules_, army_, victim))
                    pawn_to(from, to, MoveKind::EN_PASSANT);
            }
        }
    }

    // BETZA-A6: FIDE castling on the home board; the king goes two squares toward a rook that
    // never moved, the rook to the square the king crossed. Attacks are judged on this pair.
    void castlings(Square from, const Man& king) {
        if (!rules_.castling || king.moved) return;
        const HalfSquare here = half_square(board_.pair, from);
        if (here.board != army_ || here.rank != OUTER_RANK ||
            here.file != king_start_file(position_.layout[std::size_t(army_)]))
            return;
        const int controller = position_.controller[std::size_t(army_)];
        for (int d : {-1, 1}) {
            int f = chess::file_of(from) + d;
            const int rank = chess::rank_of(from);
            while (on_board(f, rank) && board_.at(chess::make_square(f, rank)).empty()) f += d;
            if (f != 0 && f != 7) continue;  // something stands between king and corner
            const Man& rook = board_.at(chess::make_square(f, rank));
            if (rook.type != chess::ROOK || rook.army != army_ || rook.moved) continue;
            const Square crossed = chess::make_square(chess::file_of(from) + d, rank);
            const Square to = chess::make_square(chess::file_of(from) + 2 * d, rank);
            bool safe = true;
            for (Square s : {from, crossed, to})
                safe = safe && foe_attackers(position_, rules_, board_, s, controller).empty();
            if (safe) moves_.push_back(Move::make(from, to, MoveKind::CASTLING));
        }
    }

    const ArmyPosition& position_;
    const BetzaRules& rules_;
    const JoinedBoard& board_;
    int army_;
    const std::optional<PassingChance>& passing_;
    std::vector<Move> moves_;
};

// Plays a move on the mailbox; returns what it captured.
Man apply(JoinedBoard& board, Move move, std::uint32_t stamp,
          const std::optional<PassingChance>& passing) {
    auto& sq = board.squares;
    Man mover = sq[move.from()];
    mover.moved = true;
    mover.moved_at = stamp;
    Man captured = sq[move.to()];
    switch (move.kind()) {
        case MoveKind::PROMOTION:
            mover.type = move.promotion();
            break;
        case MoveKind::EN_PASSANT: {
            const Square victim = joined_square(board.pair, passing->pawn);
            captured = sq[victim];
            sq[victim] = Man{};
            break;
        }
        case MoveKind::CASTLING: {
            const int d = chess::file_of(move.to()) > chess::file_of(move.from()) ? 1 : -1;
            const int rank = chess::rank_of(move.from());
            const Square corner = chess::make_square(d > 0 ? 7 : 0, rank);
            Man rook = sq[corner];
            rook.moved = true;
            rook.moved_at = stamp;
            sq[corner] = Man{};
            sq[chess::make_square(chess::file_of(move.from()) + d, rank)] = rook;
            break;
        }
        case MoveKind::NORMAL:
            break;
    }
    sq[move.from()] = Man{};
    sq[move.to()] = mover;
    return captured;
}

std::optional<Square> king_square(const JoinedBoard& board, int army) {
    for (int s = 0; s < 64; ++s) {
        const Man& m = board.at(Square(s));
        if (m.type == chess::KING && m.army == army) return Square(s);
    }
    return std::nullopt;
}

}  // namespace

JoinedBoard JoinedBoard::of(const ArmyPosition& position, const Pair& pair) {
    JoinedBoard b;
    b.pair = pair;
    for (int s = 0; s < 64; ++s)
        b.squares[std::size_t(s)] = position.at(half_square(pair, Square(s)));
    return b;
}

void JoinedBoard::write_back(ArmyPosition& position) const {
    for (int s = 0; s < 64; ++s)
        position.at(half_square(pair, Square(s))) = squares[std::size_t(s)];
}

bool may_capture(const ArmyPosition& position, const BetzaRules& rules, int army,
                 const Man& target) {
    if (target.empty() || target.type == chess::KING || target.army == army) return false;
    return !position.co_controlled(army, target.army) || rules.capture_own_controlled;
}

int pawn_step(const BetzaRules& rules, int army, const Pair& pair, Square sq) {
    const bool toward =
        rules.pawn_forward == PawnForward::ALWAYS_TOWARD_JOIN || board_of(pair, sq) == army;
    return toward ? toward_join_step(sq) : -toward_join_step(sq);
}

std::vector<Square> foe_attackers(const ArmyPosition& position, const BetzaRules& rules,
                                  const JoinedBoard& board, Square sq, int defender_controller) {
    std::vector<Square> found;
    const int file = chess::file_of(sq), rank = chess::rank_of(sq);
    auto foe_at = [&](int f, int r) -> const Man* {
        if (!on_board(f, r)) return nullptr;
        const Man& m = board.at(chess::make_square(f, r));
        return is_foe(position, m, defender_controller) ? &m : nullptr;
    };
    for (const auto& o : KNIGHT_JUMPS)
        if (const Man* m = foe_at(file + o[0], rank + o[1]); m && m->type == chess::KNIGHT)
            found.push_back(chess::make_square(file + o[0], rank + o[1]));
    for (const auto& o : KING_STEPS) {
        const int f = file + o[0], r = rank + o[1];
        const Man* m = foe_at(f, r);
        if (!m) continue;
        if (m->type == chess::KING) found.push_back(chess::make_square(f, r));
        // A pawn attacks the two squares diagonally ahead of it, ahead as it moves where it stands.
        if (m->type == chess::PAWN && o[0] != 0 && o[1] != 0 &&
            rank == r + pawn_step(rules, m->army, board.pair, chess::make_square(f, r)))
            found.push_back(chess::make_square(f, r));
    }
    auto slide = [&](const int(&directions)[4][2], PieceType kind) {
        for (const auto& d : directions) {
            int f = file + d[0], r = rank + d[1];
            while (on_board(f, r) && board.at(chess::make_square(f, r)).empty()) {
                f += d[0];
                r += d[1];
            }
            const Man* m = foe_at(f, r);
            if (m && (m->type == kind || m->type == chess::QUEEN))
                found.push_back(chess::make_square(f, r));
        }
    };
    slide(ROOK_RAYS, chess::ROOK);
    slide(BISHOP_RAYS, chess::BISHOP);
    return found;
}

std::vector<Square> checkers(const ArmyPosition& position, const BetzaRules& rules, int army,
                             const Pair& pair) {
    const JoinedBoard board = JoinedBoard::of(position, pair);
    const std::optional<Square> king = king_square(board, army);
    if (!king) return {};
    return foe_attackers(position, rules, board, *king, position.controller[std::size_t(army)]);
}

bool in_check(const ArmyPosition& position, const BetzaRules& rules, int army, const Pair& pair) {
    return !checkers(position, rules, army, pair).empty();
}

std::vector<Move> legal_moves(const ArmyPosition& position, const BetzaRules& rules, int army,
                              const Pair& pair, const std::optional<PassingChance>& passing) {
    const JoinedBoard board = JoinedBoard::of(position, pair);
    std::vector<Move> legal;
    const int controller = position.controller[std::size_t(army)];
    for (Move m : Generator(position, rules, board, army, passing).pseudo_legal()) {
        JoinedBoard after = board;
        apply(after, m, 0, passing);
        const std::optional<Square> king = king_square(after, army);
        if (!king || foe_attackers(position, rules, after, *king, controller).empty())
            legal.push_back(m);
    }
    return legal;
}

bool is_mated(const ArmyPosition& position, const BetzaRules& rules, int army, const Pair& pair,
              const std::optional<PassingChance>& passing) {
    return in_check(position, rules, army, pair) &&
           legal_moves(position, rules, army, pair, passing).empty();
}

PlayedMove play_on_pair(ArmyPosition& position, const Pair& pair, Move move,
                        const std::optional<PassingChance>& passing) {
    JoinedBoard board = JoinedBoard::of(position, pair);
    const Man mover = board.at(move.from());
    PlayedMove played;
    played.captured = apply(board, move, ++position.moves_played, passing);
    board.write_back(position);
    const int advance = chess::rank_of(move.to()) - chess::rank_of(move.from());
    if (mover.type == chess::PAWN && std::abs(advance) == 2) {
        PassingChance chance;
        chance.pair = pair;
        chance.pawn = half_square(pair, move.to());
        chance.skipped =
            half_square(pair, chess::make_square(chess::file_of(move.from()),
                                                 chess::rank_of(move.from()) + advance / 2));
        played.double_step = chance;
    }
    return played;
}

}  // namespace venue::games::betza
