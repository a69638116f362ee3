#include "games/betza/rules/army_position.h"

namespace venue::games::betza {

ArmyPosition ArmyPosition::start(const std::vector<Layout>& layouts) {
    ArmyPosition p;
    p.armies = int(layouts.size());
    for (int army = 0; army < p.armies; ++army) {
        const auto a = std::size_t(army);
        p.controller[a] = army;
        p.layout[a] = layouts[a];
        for (int rank = 0; rank < HALF_RANKS; ++rank)
            for (int file = 0; file < HALF_FILES; ++file) {
                Man& m = p.at(HalfSquare{army, file, rank});
                m.type = start_piece(layouts[a], file, rank);
                m.army = std::int8_t(m.empty() ? NO_ARMY : army);
            }
    }
    return p;
}

std::optional<HalfSquare> ArmyPosition::king_of(int army) const {
    for (int board = 0; board < armies; ++board)
        for (int i = 0; i < HALF_SQUARES; ++i) {
            const Man& m = boards[std::size_t(board)][std::size_t(i)];
            if (m.type == chess::KING && m.army == army)
                return HalfSquare{board, i % HALF_FILES, i / HALF_FILES};
        }
    return std::nullopt;
}

bool ArmyPosition::has_piece_on(int army, int board) const {
    for (const Man& m : boards[std::size_t(board)])
        if (!m.empty() && m.army == army) return true;
    return false;
}

std::vector<int> ArmyPosition::armies_of(int player) const {
    std::vector<int> out;
    for (int army = 0; army < armies; ++army)
        if (!retired[std::size_t(army)] && controller[std::size_t(army)] == player)
            out.push_back(army);
    return out;
}

}  // namespace venue::games::betza
