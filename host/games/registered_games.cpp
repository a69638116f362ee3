// The games this build runs: the one list of them (docs/adding-a-game.md). The order is the
// order the console and --help offer them in.
#include "games/betza/rules/betza_entry.h"
#include "games/business/rules/business_rules.h"
#include "games/chessball/rules/chessball_rules.h"
#include "games/eleven/rules/eleven_rules.h"
#include "games/fide/rules/fide_rules.h"
#include "games/grassi/rules/grassi_entry.h"

namespace venue::engine {

const std::vector<const GameRules*>& registered_games() {
    // One line per game, so that adding a game is one line (clang-format would pack them).
    // clang-format off
    static const std::vector<const GameRules*> games = {
        &games::fide::rules(),
        &games::chessball::rules(),
        &games::business::rules(),
        &games::eleven::rules(),
        &games::betza::rules(),
        &games::grassi::rules(),
    };
    // clang-format on
    return games;
}

}  // namespace venue::engine
