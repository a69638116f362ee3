#include "random_games.h"

#include <random>

namespace venue::sensing::testing {

using namespace chess;

std::vector<Move> random_game(std::uint64_t seed, RandomGameOptions options) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> coin(0.0, 1.0);
    Game game;
    while (int(game.ply_count()) < options.max_plies && game.status() == GameStatus::ONGOING) {
        const MoveList legal = legal_moves(game.position());
        if (legal.empty()) break;
        std::vector<Move> special, pawn;
        for (Move m : legal) {
            if (m.kind() != MoveKind::NORMAL)
                special.push_back(m);
            else if (type_of(game.position().piece_on(m.from())) == PAWN)
                pawn.push_back(m);
        }
        auto pick = [&rng](const auto& list) {
            return list[std::uniform_int_distribution<std::size_t>(0, list.size() - 1)(rng)];
        };
        Move m;
        if (!special.empty() && coin(rng) < options.special_bias)
            m = pick(special);
        else if (!pawn.empty() && coin(rng) < options.pawn_bias)
            m = pick(pawn);
        else
            m = pick(legal);
        game.play(m);
    }
    return game.moves();
}

void SpecialMoveCounts::add(const Position& before, Move m) {
    const Color us = before.side_to_move();
    if (before.is_capture(m)) ++captures;
    switch (m.kind()) {
        case MoveKind::CASTLING:
            if (m.to() > m.from())
                ++(us == WHITE ? white_oo : black_oo);
            else
                ++(us == WHITE ? white_ooo : black_ooo);
            break;
        case MoveKind::EN_PASSANT:
            ++en_passant;
            break;
        case MoveKind::PROMOTION:
            ++promotions[m.promotion()];
            break;
        case MoveKind::NORMAL:
            break;
    }
}

std::string SpecialMoveCounts::to_string() const {
    return "O-O w" + std::to_string(white_oo) + " b" + std::to_string(black_oo) + ", O-O-O w" +
           std::to_string(white_ooo) + " b" + std::to_string(black_ooo) + ", e.p. " +
           std::to_string(en_passant) + ", =Q " + std::to_string(promotions[QUEEN]) + " =R " +
           std::to_string(promotions[ROOK]) + " =B " + std::to_string(promotions[BISHOP]) + " =N " +
           std::to_string(promotions[KNIGHT]) + ", captures " + std::to_string(captures);
}

}  // namespace venue::sensing::testing
