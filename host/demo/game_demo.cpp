#include "demo/game_demo.h"

namespace venue::demo {

const GameDemo* find_demo(std::string_view id) {
    for (const GameDemo* d : registered_demos())
        if (d->game == id) return d;
    return nullptr;
}

const DemoScenario* find_scenario(const GameDemo& demo, std::string_view name) {
    if (demo.scenarios.empty()) return nullptr;
    if (name.empty()) return &demo.scenarios.front();
    for (const DemoScenario& s : demo.scenarios)
        if (s.name == name) return &s;
    return nullptr;
}

std::string in_words(const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i) out += i + 1 == names.size() ? " and " : ", ";
        out += names[i];
    }
    return out;
}

}  // namespace venue::demo
