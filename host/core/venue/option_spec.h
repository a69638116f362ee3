// How a game declares the keys of its [match.<game>] table (GameOption) without writing each
// field by hand: a CHOICE from the words of an enum, a FLAG, a COUNT. The words of a choice are
// listed once, in the enum's order, and the same list reads the venue file's word back.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "venue/game_options.h"

namespace venue::engine {

// The words of a CHOICE option, in the order of the enum E they name: E's value indexes its word.
template <class E>
class ChoiceWords {
  public:
    ChoiceWords(std::initializer_list<const char*> words) : words_(words.begin(), words.end()) {}

    const std::vector<std::string>& words() const { return words_; }
    // The word of `value`.
    const std::string& of(E value) const { return words_.at(static_cast<std::size_t>(value)); }
    // The value `word` names, or `fallback` when it names none.
    E parse(const std::string& word, E fallback) const {
        for (std::size_t i = 0; i < words_.size(); ++i)
            if (words_[i] == word) return static_cast<E>(i);
        return fallback;
    }
    // The value `key` has in `options` (absent: `fallback`).
    E read(const GameOptions& options, const std::string& key, E fallback) const {
        return parse(options.text(key, of(fallback)), fallback);
    }
    // The option `key`, a choice of these words with `value` as its default.
    GameOption option(std::string key, E value, std::string rule, std::string help) const {
        GameOption o;
        o.key = key;
        o.file_key = std::move(key);
        o.kind = OptionKind::CHOICE;
        o.default_value = of(value);
        o.choices = words_;
        o.rule = std::move(rule);
        o.help = std::move(help);
        return o;
    }

  private:
    std::vector<std::string> words_;
};

// A FLAG option `key` with `value` as its default.
inline GameOption flag_option(std::string key, bool value, std::string rule, std::string help) {
    GameOption o;
    o.key = key;
    o.file_key = std::move(key);
    o.kind = OptionKind::FLAG;
    o.default_value = value;
    o.rule = std::move(rule);
    o.help = std::move(help);
    return o;
}

// A COUNT option `key` from `min` to `max` (max 0: no upper bound) with `value` as its default.
inline GameOption count_option(std::string key, std::int64_t value, std::int64_t min,
                               std::int64_t max, std::string rule, std::string help) {
    GameOption o;
    o.key = key;
    o.file_key = std::move(key);
    o.kind = OptionKind::COUNT;
    o.default_value = value;
    o.min = min;
    o.max = max;
    o.rule = std::move(rule);
    o.help = std::move(help);
    return o;
}

}  // namespace venue::engine
