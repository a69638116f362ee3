// Finding decisions in what the engine returned, for rule tests of every game.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "venue/decision.h"

namespace venue::engine::testing {

// The first decision of type T (and, through `with`, the whole decision), or null.
template <class T>
const T* find(const std::vector<Decision>& ds, const Decision** with = nullptr) {
    for (const auto& d : ds)
        if (auto p = std::get_if<T>(&d.body)) {
            if (with) *with = &d;
            return p;
        }
    return nullptr;
}

template <class T>
int count(const std::vector<Decision>& ds) {
    return int(std::count_if(ds.begin(), ds.end(),
                             [](const Decision& d) { return std::holds_alternative<T>(d.body); }));
}

// The first command for a device with this name ("clock.add_time", "claim.release"), or null.
inline const DeviceCommand* command(const std::vector<Decision>& ds, const std::string& name) {
    for (const auto& d : ds)
        if (auto p = std::get_if<DeviceCommand>(&d.body); p && to_string(p->command) == name)
            return p;
    return nullptr;
}

// The first GameNews of `kind` (a game's own decision: "ball_passed", "army_captured"), or null.
inline const GameNews* news(const std::vector<Decision>& ds, const std::string& kind) {
    for (const auto& d : ds)
        if (auto p = std::get_if<GameNews>(&d.body); p && p->kind == kind) return p;
    return nullptr;
}

}  // namespace venue::engine::testing
