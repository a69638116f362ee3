// The state of a match whose board is the fold of a pure rules core (armies on half-boards, a
// field of points): the seed the core draws from and the inputs it accepted, in the log's order. A
// snapshot keeps them; restoring replays them into a fresh core, which takes each again (each was
// taken once). Kept here once so that every such game snapshots the same way.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace venue::engine {

// One input the core accepted, as the log gave it (GameInput's kind, side and args).
struct AcceptedInput {
    std::string kind;
    int side = 0;
    std::map<std::string, std::string> args;
};

struct InputHistory {
    std::uint64_t seed = 0;
    bool seeded = false;
    std::vector<AcceptedInput> inputs;

    // {"seed": {"value", "set"}, "inputs": [{"kind", <side_key>, "args"}]}. `side_key` is the
    // name the game's snapshots have always given the side ("side", or a game's own: "army").
    std::string to_json(const char* side_key) const;
    // The history of a snapshot's text, or nullopt when it is not one.
    static std::optional<InputHistory> from_json(std::string_view text, const char* side_key);
};

}  // namespace venue::engine
