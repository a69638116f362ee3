// The games' demos this build runs: the one list of them (docs/adding-a-game.md). The first is
// what `venue demo` plays without --game; the order is the order --help lists them in.
#include "demo/game_demo.h"
#include "games/betza/demo/betza_demo.h"
#include "games/business/demo/business_demo.h"
#include "games/chessball/demo/chessball_demo.h"
#include "games/eleven/demo/eleven_demo.h"
#include "games/grassi/demo/grassi_demo.h"

namespace venue::demo {

const std::vector<const GameDemo*>& registered_demos() {
    static const std::vector<const GameDemo*> demos = {
        &games::chessball::demo(), &games::business::demo(), &games::eleven::demo(),
        &games::grassi::demo(),    &games::betza::demo(),
    };
    return demos;
}

}  // namespace venue::demo
