// A game's own settings: the keys of its `[match.<game>]` table in the venue file.
//
// Each game declares its keys once, as a list of GameOption (name, kind, default, unit, the
// catalogue clause it settles, one line of help). From that one list the venue file is read and
// written, errors name the key, the console's setup wizard draws its fields and the game's doc
// lists them, without any of those knowing the game. The values travel in MatchConfig::options
// (and so in the MatchCreated event); the game turns them into its own typed rules when its
// match is made.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace venue::engine {

// FLAG: bool. COUNT: a whole number. DURATION: milliseconds (written in the venue file in the
// option's unit). CHOICE: one of `choices`. TEXT: a string. TEXT_LIST: a list of strings.
enum class OptionKind : std::uint8_t {
    FLAG,
    COUNT,
    DURATION,
    CHOICE,
    TEXT,
    TEXT_LIST
};

// FLAG: bool; COUNT and DURATION (ms): int64; CHOICE and TEXT: string; TEXT_LIST: strings.
using OptionValue = std::variant<bool, std::int64_t, std::string, std::vector<std::string>>;

struct GameOption {
    std::string key;       // in MatchConfig::options and the event JSON, e.g. "warning_bonus_ms"
    std::string file_key;  // in the venue file's [match.<game>], e.g. "warning_bonus_seconds"
    OptionKind kind = OptionKind::FLAG;
    OptionValue default_value;
    std::int64_t unit_ms = 1;          // DURATION: milliseconds per unit of file_key
    std::int64_t min = 0, max = 0;     // COUNT and DURATION (ms): the range; max 0 = none
    std::vector<std::string> choices;  // CHOICE
    std::string rule;                  // the catalogue clause the option settles, e.g. "CB-A1"
    std::string help;                  // one line for the wizard, --help and the docs
};

// A game's option values by key. A key that is absent has its default (game_option_default).
class GameOptions {
  public:
    bool flag(const std::string& key, bool fallback) const;
    std::int64_t number(const std::string& key, std::int64_t fallback) const;
    std::string text(const std::string& key, const std::string& fallback) const;
    std::vector<std::string> list(const std::string& key,
                                  const std::vector<std::string>& fallback) const;

    void set(const std::string& key, OptionValue value) { values_[key] = std::move(value); }
    const std::map<std::string, OptionValue>& values() const { return values_; }
    bool empty() const { return values_.empty(); }
    bool operator==(const GameOptions&) const = default;

  private:
    std::map<std::string, OptionValue> values_;
};

// The options with every key of `spec` at its default.
GameOptions default_options(const std::vector<GameOption>& spec);

// Why `value` is not a valid value of `option` ("" when it is), in words naming the range or
// the choices.
std::string option_value_problem(const GameOption& option, const OptionValue& value);

// The value in the venue file's unit for display ("120" for 120000 ms in seconds).
std::string option_value_text(const GameOption& option, const OptionValue& value);

}  // namespace venue::engine
