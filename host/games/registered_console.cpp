// The games' console entries (host/console/game_console.h): the one list of them. A game without
// console specifics (plain chess) has none.
#include "games/betza/console/betza_console.h"
#include "games/business/console/business_console.h"
#include "games/chessball/console/chessball_console.h"
#include "games/eleven/console/eleven_console.h"
#include "games/grassi/console/grassi_console.h"

namespace venue::console {

const std::vector<const GameConsole*>& registered_game_consoles() {
    static const std::vector<const GameConsole*> consoles = {
        &games::chessball::console_entry(), &games::business::console_entry(),
        &games::grassi::console_entry(),    &games::eleven::console_entry(),
        &games::betza::console_entry(),
    };
    return consoles;
}

}  // namespace venue::console
