#include "sim/dgt/dgt_action.h"

#include <charconv>

namespace venue::sim::dgt {

namespace {

std::vector<std::string_view> split(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
        if (i > start) words.push_back(line.substr(start, i - start));
    }
    return words;
}

std::string quote(std::string_view w) {
    return "'" + std::string(w) + "'";
}

std::optional<int> number(std::string_view w) {
    int v = 0;
    const auto r = std::from_chars(w.data(), w.data() + w.size(), v);
    if (r.ec != std::errc{} || r.ptr != w.data() + w.size() || v < 0) return std::nullopt;
    return v;
}

// Parses words[first..] as squares into a.squares.
std::optional<ActionError> squares(const std::vector<std::string_view>& words, std::size_t first,
                                   std::size_t last, Action& a) {
    for (std::size_t i = first; i < last; ++i) {
        const auto sq = io::dgt::parse_square(words[i]);
        if (!sq) return ActionError{"not a square: " + quote(words[i])};
        a.squares.push_back(*sq);
    }
    return std::nullopt;
}

struct Verb {
    std::string_view name;
    ActionKind kind;
    std::size_t min_words;  // including the verb
    std::size_t max_words;
};

constexpr Verb VERBS[] = {
    {"lift", ActionKind::LIFT, 2, 2},       {"put", ActionKind::PUT, 3, 3},
    {"move", ActionKind::MOVE, 3, 3},       {"slide", ActionKind::SLIDE, 3, 66},
    {"overlap", ActionKind::OVERLAP, 3, 3}, {"knock", ActionKind::KNOCK, 2, 3},
    {"restore", ActionKind::RESTORE, 2, 2}, {"flicker", ActionKind::FLICKER, 2, 3},
    {"setup", ActionKind::SETUP, 2, 2},     {"clear", ActionKind::CLEAR, 1, 1},
    {"wait", ActionKind::WAIT, 2, 2},       {"lever", ActionKind::LEVER, 1, 1},
    {"button", ActionKind::BUTTON, 2, 2},   {"unplug", ActionKind::UNPLUG, 2, 2},
    {"quit", ActionKind::QUIT, 1, 1},
};

}  // namespace

ParsedLine parse_action(std::string_view line) {
    const auto words = split(line);
    if (words.empty() || words[0].front() == '#') return std::monostate{};
    const Verb* verb = nullptr;
    for (const auto& v : VERBS) {
        if (v.name == words[0]) verb = &v;
    }
    if (!verb) return ActionError{"unknown action " + quote(words[0])};
    if (words.size() < verb->min_words || words.size() > verb->max_words) {
        return ActionError{quote(words[0]) + ": wrong number of arguments (" +
                           std::to_string(words.size() - 1) + ")"};
    }

    Action a;
    a.kind = verb->kind;
    switch (a.kind) {
        case ActionKind::PUT: {
            if (auto e = squares(words, 1, 2, a)) return *e;
            const auto p =
                words[2].size() == 1 ? io::dgt::piece_from_char(words[2][0]) : std::nullopt;
            if (!p || *p == io::dgt::Piece::EMPTY) {
                return ActionError{"not a piece letter (PNBRQK pnbrqk): " + quote(words[2])};
            }
            a.piece = *p;
            return a;
        }
        case ActionKind::FLICKER: {
            if (auto e = squares(words, 1, 2, a)) return *e;
            a.count = 1;
            if (words.size() == 3) {
                const auto n = number(words[2]);
                if (!n || *n == 0 || *n > 1000) {
                    return ActionError{"flicker count must be 1..1000: " + quote(words[2])};
                }
                a.count = *n;
            }
            return a;
        }
        case ActionKind::SETUP: {
            const auto b = words[1] == "start" ? std::optional(io::dgt::start_position())
                                               : io::dgt::from_placement(words[1]);
            if (!b) return ActionError{"not 'start' or a FEN placement: " + quote(words[1])};
            a.board = *b;
            return a;
        }
        case ActionKind::WAIT:
        case ActionKind::UNPLUG: {
            const auto n = number(words[1]);
            if (!n) return ActionError{"not a number of milliseconds: " + quote(words[1])};
            a.count = *n;
            return a;
        }
        case ActionKind::BUTTON: {
            constexpr std::pair<std::string_view, io::dgt::ClockButton> BUTTONS[] = {
                {"back", io::dgt::ClockButton::BACK}, {"plus", io::dgt::ClockButton::PLUS},
                {"run", io::dgt::ClockButton::RUN},   {"minus", io::dgt::ClockButton::MINUS},
                {"ok", io::dgt::ClockButton::OK},
            };
            for (const auto& [name, b] : BUTTONS) {
                if (name == words[1]) {
                    a.button = b;
                    return a;
                }
            }
            return ActionError{"not a clock button (back plus run minus ok): " + quote(words[1])};
        }
        case ActionKind::CLEAR:
        case ActionKind::LEVER:
        case ActionKind::QUIT:
            return a;
        case ActionKind::LIFT:
        case ActionKind::MOVE:
        case ActionKind::SLIDE:
        case ActionKind::OVERLAP:
        case ActionKind::KNOCK:
        case ActionKind::RESTORE:
            if (auto e = squares(words, 1, words.size(), a)) return *e;
            return a;
    }
    return ActionError{"unhandled action " + quote(words[0])};
}

}  // namespace venue::sim::dgt
