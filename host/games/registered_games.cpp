// The games this build runs: the one list of them (docs/adding-a-game.md). The order is the
// order the console and --help offer them in.
#include "games/business/rules/business_rules.h"
#include "games/chessball/rules/chessball_rules.h"
#include "games/eleven/rules/eleven_rules.h"
#include "games/fide/rules/fide_rules.h"

namespace venue::engine {

const std::vector<const GameRules*>& registered_games() {
    static const std::vector<const GameRules*> games = {
        &games::fide::rules(),
        &games::chessball::rules(),
        &games::business::rules(),
        &games::eleven::rules(),
    };
    return games;
}

}  // namespace venue::engine
