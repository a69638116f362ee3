#include "sim/hub/hub_action.h"

#include <cctype>
#include <charconv>
#include <optional>

#include "venue_wire.h"

namespace venue::sim {

namespace {

std::vector<std::string_view> split_words(std::string_view line) {
    std::vector<std::string_view> words;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
        if (i >= line.size() || line[i] == '#') break;
        const size_t start = i;
        while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
        words.push_back(line.substr(start, i - start));
    }
    return words;
}

// "12", "12.5", "0.0625": µs to cycles; the fraction is rounded to the nearest 1/16 µs.
std::optional<uint64_t> parse_micros(std::string_view s) {
    const size_t dot = s.find('.');
    const std::string_view whole = s.substr(0, dot);
    uint64_t us = 0;
    if (whole.empty()) return std::nullopt;
    auto [p, ec] = std::from_chars(whole.data(), whole.data() + whole.size(), us);
    if (ec != std::errc{} || p != whole.data() + whole.size()) return std::nullopt;
    if (us > UINT64_MAX / HUB_CYCLES_PER_US / 2) return std::nullopt;
    uint64_t cycles = us * HUB_CYCLES_PER_US;
    if (dot != std::string_view::npos) {
        const std::string_view frac = s.substr(dot + 1);
        if (frac.empty() || frac.size() > 9) return std::nullopt;
        double f = 0;
        double scale = 0.1;
        for (const char c : frac) {
            if (c < '0' || c > '9') return std::nullopt;
            f += (c - '0') * scale;
            scale /= 10;
        }
        cycles += static_cast<uint64_t>(f * HUB_CYCLES_PER_US + 0.5);
    }
    return cycles;
}

std::optional<uint8_t> parse_index(std::string_view s, uint8_t count) {
    unsigned v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || p != s.data() + s.size() || v >= count) return std::nullopt;
    return static_cast<uint8_t>(v);
}

std::optional<uint8_t> parse_side(std::string_view s) {
    if (s == "a" || s == "left" || s == "white" || s == "A") return 0;
    if (s == "b" || s == "right" || s == "black" || s == "B") return 1;
    return std::nullopt;
}

HubScriptError error(std::string text) {
    return HubScriptError{std::move(text)};
}

}  // namespace

HubActionKind release_of(HubActionKind press) {
    switch (press) {
        case HubActionKind::PRESS:
            return HubActionKind::RELEASE;
        case HubActionKind::PADDLE_PRESS:
            return HubActionKind::PADDLE_RELEASE;
        case HubActionKind::PAUSE_PRESS:
            return HubActionKind::PAUSE_RELEASE;
        default:
            return HubActionKind::REPORT;
    }
}

std::variant<std::vector<HubAction>, HubScriptError> parse_hub_action_line(std::string_view line) {
    std::vector<std::string_view> w = split_words(line);
    if (w.empty()) return std::vector<HubAction>{};
    HubAction a;
    size_t i = 0;
    if (w[0] == "at" || w[0] == "after") {
        if (w.size() < 3) return error("'" + std::string(w[0]) + "' needs a time and an action");
        const auto t = parse_micros(w[1]);
        if (!t) return error("bad time '" + std::string(w[1]) + "' (µs, e.g. 1000000 or 12.5)");
        a.when = w[0] == "at" ? HubWhen::AT : HubWhen::AFTER;
        a.cycles = *t;
        i = 2;
    }
    const std::string_view verb = w[i];
    const size_t args = w.size() - i - 1;
    auto arg = [&](size_t k) { return w[i + 1 + k]; };
    // Optional hold time of a tap, default DEFAULT_HOLD_US.
    auto hold = [&](size_t k) -> std::optional<uint64_t> {
        if (args <= k) return DEFAULT_HOLD_US * HUB_CYCLES_PER_US;
        const auto h = parse_micros(arg(k));
        if (!h || *h == 0) return std::nullopt;
        return h;
    };
    const auto bad = [&](const char* usage) { return error(std::string("usage: ") + usage); };

    if (verb == "press" || verb == "release" || verb == "tap") {
        const auto n = args >= 1 ? parse_index(arg(0), wire::BUTTON_COUNT) : std::nullopt;
        if (!n || args > (verb == "tap" ? 2u : 1u)) return bad("press|release N | tap N [HOLD]");
        a.kind = verb == "release" ? HubActionKind::RELEASE : HubActionKind::PRESS;
        a.index = *n;
        if (verb == "tap") {
            const auto h = hold(1);
            if (!h) return bad("tap N [HOLD µs > 0]");
            a.hold_cycles = *h;
        }
    } else if (verb == "paddle" || verb == "paddle-press" || verb == "paddle-release") {
        const auto s = args >= 1 ? parse_side(arg(0)) : std::nullopt;
        if (!s || args > (verb == "paddle" ? 2u : 1u)) return bad("paddle SIDE [HOLD]");
        a.kind =
            verb == "paddle-release" ? HubActionKind::PADDLE_RELEASE : HubActionKind::PADDLE_PRESS;
        a.index = *s;
        if (verb == "paddle") {
            const auto h = hold(1);
            if (!h) return bad("paddle SIDE [HOLD µs > 0]");
            a.hold_cycles = *h;
        }
    } else if (verb == "beam") {
        const auto b = args == 2 ? parse_index(arg(0), wire::BEAM_COUNT) : std::nullopt;
        if (!b || (arg(1) != "break" && arg(1) != "restore")) return bad("beam 0..3 break|restore");
        a.kind = arg(1) == "break" ? HubActionKind::BEAM_BREAK : HubActionKind::BEAM_RESTORE;
        a.index = *b;
    } else if (verb == "pause" || verb == "pause-press" || verb == "pause-release") {
        if (args > (verb == "pause" ? 1u : 0u)) return bad("pause [HOLD] | pause-press | ...");
        a.kind =
            verb == "pause-release" ? HubActionKind::PAUSE_RELEASE : HubActionKind::PAUSE_PRESS;
        if (verb == "pause") {
            const auto h = hold(0);
            if (!h) return bad("pause [HOLD µs > 0]");
            a.hold_cycles = *h;
        }
    } else {
        static constexpr std::pair<std::string_view, HubActionKind> SIMPLE[] = {
            {"power-cycle", HubActionKind::POWER_CYCLE},
            {"reset", HubActionKind::RESET},
            {"stall", HubActionKind::STALL},
            {"report", HubActionKind::REPORT},
            {"quit", HubActionKind::QUIT},
        };
        bool found = false;
        for (const auto& [name, kind] : SIMPLE) {
            if (verb == name) {
                if (args != 0) return error(std::string(name) + " takes no argument");
                a.kind = kind;
                found = true;
            }
        }
        if (!found) return error("unknown action '" + std::string(verb) + "'");
    }
    return std::vector<HubAction>{a};
}

std::variant<std::vector<HubAction>, HubScriptError> parse_hub_script(std::string_view text) {
    std::vector<HubAction> all;
    size_t line_no = 0;
    while (!text.empty()) {
        ++line_no;
        const size_t nl = text.find('\n');
        const std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
        auto parsed = parse_hub_action_line(line);
        if (auto* e = std::get_if<HubScriptError>(&parsed)) {
            return HubScriptError{"line " + std::to_string(line_no) + ": " + e->message};
        }
        for (const HubAction& a : std::get<std::vector<HubAction>>(parsed)) all.push_back(a);
    }
    return all;
}

}  // namespace venue::sim
