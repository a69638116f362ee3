#include "games/eleven/rules/eleven_field.h"

#include <algorithm>

namespace venue::games::eleven {

using namespace chess;

std::array<Square, 2> goal_squares(Color side) {
    return side == WHITE ? std::array<Square, 2>{SQ_D1, SQ_E1}
                         : std::array<Square, 2>{SQ_D8, SQ_E8};
}

bool is_goal_square(Color side, Square s) {
    const auto g = goal_squares(side);
    return s == g[0] || s == g[1];
}

Square king_home(Color side, const ElevenRules& rules) {
    if (rules.king_square == KingSquare::E_FILE) return side == WHITE ? SQ_E1 : SQ_E8;
    // a1 is dark: d1 is light (White's colour), d8 dark (Black's). Both are on the d-file.
    return side == WHITE ? SQ_D1 : SQ_D8;
}

Square corner_square(Square aimed) {
    const int rank = rank_of(aimed);
    return make_square(file_of(aimed) <= 3 ? 0 : 7, rank);
}

bool in_centre(Square s, const ElevenRules& rules) {
    return std::find(rules.centre.begin(), rules.centre.end(), s) != rules.centre.end();
}

}  // namespace venue::games::eleven
