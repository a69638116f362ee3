// Looking up the games' console entries (the list is the registration's,
// host/games/registered_console.cpp).
#include "console/game_console.h"

namespace venue::console {

const GameConsole* find_game_console(std::string_view id) {
    for (const GameConsole* g : registered_game_consoles())
        if (g->game == id) return g;
    return nullptr;
}

const GameConsole& game_console(std::string_view id) {
    static const GameConsole plain;
    const GameConsole* g = find_game_console(id);
    return g ? *g : plain;
}

const GameConsole* entry_console(std::string_view id) {
    if (const GameConsole* g = find_game_console(id); g && g->entry_event) return g;
    for (const GameConsole* g : registered_game_consoles())
        if (g->entry_event) return g;
    return nullptr;
}

}  // namespace venue::console
