#include "venue/game_options.h"

namespace venue::engine {

namespace {

template <typename T>
const T* value_of(const std::map<std::string, OptionValue>& values, const std::string& key) {
    auto it = values.find(key);
    return it == values.end() ? nullptr : std::get_if<T>(&it->second);
}

std::string number_text(std::int64_t v, std::int64_t unit) {
    if (unit <= 1 || v % unit == 0) return std::to_string(unit <= 1 ? v : v / unit);
    // A duration that is not a whole number of units (1500 ms in seconds): one decimal at most
    // is what the venue file offers.
    const std::int64_t tenths = v * 10 / unit;
    return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10);
}

}  // namespace

bool GameOptions::flag(const std::string& key, bool fallback) const {
    const bool* v = value_of<bool>(values_, key);
    return v ? *v : fallback;
}

std::int64_t GameOptions::number(const std::string& key, std::int64_t fallback) const {
    const std::int64_t* v = value_of<std::int64_t>(values_, key);
    return v ? *v : fallback;
}

std::string GameOptions::text(const std::string& key, const std::string& fallback) const {
    const std::string* v = value_of<std::string>(values_, key);
    return v ? *v : fallback;
}

std::vector<std::string> GameOptions::list(const std::string& key,
                                           const std::vector<std::string>& fallback) const {
    const auto* v = value_of<std::vector<std::string>>(values_, key);
    return v ? *v : fallback;
}

GameOptions default_options(const std::vector<GameOption>& spec) {
    GameOptions o;
    for (const GameOption& option : spec) o.set(option.key, option.default_value);
    return o;
}

std::string option_value_problem(const GameOption& option, const OptionValue& value) {
    switch (option.kind) {
        case OptionKind::FLAG:
            return std::holds_alternative<bool>(value) ? "" : "must be true or false";
        case OptionKind::COUNT:
        case OptionKind::DURATION: {
            const std::int64_t* v = std::get_if<std::int64_t>(&value);
            const bool count = option.kind == OptionKind::COUNT;
            if (!v) return count ? "must be a whole number" : "must be a number";
            const std::int64_t unit = count ? 1 : option.unit_ms;
            if (*v < option.min || (option.max > 0 && *v > option.max)) {
                std::string range = "must be at least " + number_text(option.min, unit);
                if (option.max > 0)
                    range = "must be " + number_text(option.min, unit) + " to " +
                            number_text(option.max, unit);
                return range;
            }
            return "";
        }
        case OptionKind::CHOICE: {
            const std::string* v = std::get_if<std::string>(&value);
            if (v)
                for (const std::string& c : option.choices)
                    if (*v == c) return "";
            std::string use = "use ";
            for (std::size_t i = 0; i < option.choices.size(); ++i) {
                if (i > 0) use += i + 1 == option.choices.size() ? " or " : ", ";
                use += option.choices[i];
            }
            return (v ? "'" + *v + "': " : std::string()) + use;
        }
        case OptionKind::TEXT:
            return std::holds_alternative<std::string>(value) ? "" : "must be a string";
        case OptionKind::TEXT_LIST: {
            const auto* v = std::get_if<std::vector<std::string>>(&value);
            if (!v) return "must be an array of strings";
            if (option.min > 0 && std::int64_t(v->size()) < option.min)
                return "must name at least " + std::to_string(option.min);
            return "";
        }
    }
    return "";
}

std::string option_value_text(const GameOption& option, const OptionValue& value) {
    if (const bool* b = std::get_if<bool>(&value)) return *b ? "true" : "false";
    if (const std::int64_t* n = std::get_if<std::int64_t>(&value))
        return number_text(*n, option.kind == OptionKind::DURATION ? option.unit_ms : 1);
    if (const std::string* s = std::get_if<std::string>(&value)) return *s;
    std::string out;
    for (const std::string& s : std::get<std::vector<std::string>>(value))
        out += (out.empty() ? "" : ", ") + s;
    return out;
}

}  // namespace venue::engine
