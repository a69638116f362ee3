// What the games draw in the arbiter's window themselves (host/console/game_panels.h): the one
// list of them. A game that draws nothing of its own has no entry.
#include "games/betza/console/betza_panels.h"
#include "games/business/console/business_panels.h"
#include "games/chessball/console/chessball_panels.h"
#include "games/eleven/console/eleven_panels.h"
#include "games/grassi/console/grassi_panels.h"

namespace venue::console {

const std::vector<const GamePanels*>& registered_game_panels() {
    static const std::vector<const GamePanels*> panels = {
        &games::business::panels_entry(), &games::chessball::panels_entry(),
        &games::grassi::panels_entry(),   &games::eleven::panels_entry(),
        &games::betza::panels_entry(),
    };
    return panels;
}

}  // namespace venue::console
