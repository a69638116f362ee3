#include "console/game_panels.h"

namespace venue::console {

const GamePanels* find_game_panels(std::string_view id) {
    for (const GamePanels* p : registered_game_panels())
        if (p->game == id) return p;
    return nullptr;
}

}  // namespace venue::console
