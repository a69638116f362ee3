#include "venue/input_history.h"

#include <nlohmann/json.hpp>

namespace venue::engine {

std::string InputHistory::to_json(const char* side_key) const {
    nlohmann::json j;
    j["seed"] = {{"value", seed}, {"set", seeded}};
    nlohmann::json list = nlohmann::json::array();
    for (const AcceptedInput& in : inputs)
        list.push_back({{"kind", in.kind}, {side_key, in.side}, {"args", in.args}});
    j["inputs"] = list;
    return j.dump();
}

std::optional<InputHistory> InputHistory::from_json(std::string_view text, const char* side_key) {
    try {
        const auto j = nlohmann::json::parse(text);
        InputHistory h;
        h.seed = j.at("seed").at("value").get<std::uint64_t>();
        h.seeded = j.at("seed").at("set").get<bool>();
        for (const auto& x : j.at("inputs"))
            h.inputs.push_back({x.at("kind").get<std::string>(), x.at(side_key).get<int>(),
                                x.at("args").get<std::map<std::string, std::string>>()});
        return h;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

}  // namespace venue::engine
