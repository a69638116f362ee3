#include "games/betza/rules/fide_bridge.h"

#include <array>

namespace venue::games::betza {

using namespace chess;

ArmyPosition army_position_of(const Position& position) {
    ArmyPosition p = ArmyPosition::start({Layout::WHITE, Layout::BLACK});
    for (auto& board : p.boards) board.fill(Man{});
    const auto rook_unmoved = [&](Square s) {
        if (s == SQ_A1) return position.can_castle(WHITE_OOO);
        if (s == SQ_H1) return position.can_castle(WHITE_OO);
        if (s == SQ_A8) return position.can_castle(BLACK_OOO);
        if (s == SQ_H8) return position.can_castle(BLACK_OO);
        return false;
    };
    for (int s = 0; s < 64; ++s) {
        const Piece piece = position.piece_on(Square(s));
        if (piece == NO_PIECE) continue;
        Man m;
        m.type = type_of(piece);
        m.army = std::int8_t(color_of(piece) == WHITE ? 0 : 1);
        if (m.type == KING) {
            const std::uint8_t rights =
                color_of(piece) == WHITE ? (WHITE_OO | WHITE_OOO) : (BLACK_OO | BLACK_OOO);
            m.moved = (position.castling_rights() & rights) == 0;
        } else {
            m.moved = m.type == ROOK ? !rook_unmoved(Square(s)) : true;
        }
        p.at(half_square(CHESS_PAIR, Square(s))) = m;
    }
    return p;
}

BetzaGame two_army_game(const Position& position, const BetzaRules& rules) {
    std::vector<PassingChance> chances;
    const Square ep = position.en_passant_square();
    if (ep != SQ_NONE) {
        // The pawn stands one rank past the square it skipped, as seen from its side.
        const int beyond = rank_of(ep) == 2 ? 3 : 4;
        PassingChance c;
        c.pair = CHESS_PAIR;
        c.skipped = half_square(CHESS_PAIR, ep);
        c.pawn = half_square(CHESS_PAIR, make_square(file_of(ep), beyond));
        c.for_army = position.side_to_move() == WHITE ? 0 : 1;
        chances.push_back(c);
    }
    return BetzaGame(army_position_of(position), rules, {0, 1},
                     position.side_to_move() == WHITE ? 0 : 1, chances);
}

std::string placement_of(const ArmyPosition& position, const Pair& pair) {
    std::array<Piece, 64> board{};
    const JoinedBoard joined = JoinedBoard::of(position, pair);
    for (int s = 0; s < 64; ++s) {
        const Man& m = joined.at(Square(s));
        if (m.empty()) continue;
        board[std::size_t(s)] = make_piece(colour_of(position.layout[std::size_t(m.army)]), m.type);
    }
    return fen_placement(board.data());
}

}  // namespace venue::games::betza
