// The match an event or a decision concerns, for the adapters that route them (the daemon to its
// devices, the feed and the console to their matches).
#pragma once

#include <string>
#include <type_traits>
#include <variant>

#include "venue/decision.h"
#include "venue/event.h"

namespace venue::engine {

// "" for events of the host and its devices, which concern no match.
inline std::string match_of(const EventBody& body) {
    return std::visit(
        [](const auto& b) -> std::string {
            using T = std::decay_t<decltype(b)>;
            if constexpr (std::is_same_v<T, MatchCreated>)
                return b.config.id;
            else if constexpr (requires { b.match; })
                return b.match;
            else
                return "";
        },
        body);
}

inline std::string match_of(const DecisionBody& body) {
    return std::visit(
        [](const auto& b) -> std::string {
            if constexpr (requires { b.match; })
                return b.match;
            else
                return "";
        },
        body);
}

}  // namespace venue::engine
