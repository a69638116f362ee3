// PGN game helpers and clock text.
#include <charconv>

#include "chess/pgn.h"

#include "common/clock_text.h"

namespace venue::chess {

std::string PgnGame::tag(std::string_view name) const {
    for (const auto& [n, v] : tags)
        if (n == name) return v;
    return "";
}

void PgnGame::set_tag(std::string_view name, std::string value) {
    for (auto& [n, v] : tags)
        if (n == name) {
            v = std::move(value);
            return;
        }
    tags.emplace_back(std::string(name), std::move(value));
}

Game PgnGame::main_line() const {
    Game g(start);
    for (const PgnMove& m : moves) g.play(m.move);
    return g;
}

std::string format_clock(std::int64_t ms) {
    return clock_text(ms, ClockStyle::PGN);
}

std::optional<std::int64_t> parse_clock(std::string_view text) {
    // h:mm:ss[.f] or mm:ss[.f]
    std::int64_t parts[3] = {0, 0, 0};
    int count = 0;
    std::int64_t fraction_ms = 0;
    size_t i = 0;
    while (i <= text.size() && count < 3) {
        size_t j = i;
        while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
        if (j == i) return std::nullopt;
        // Out-of-range digit strings are refused rather than wrapped: a
        // malformed clock comment must never produce a plausible time.
        if (std::from_chars(text.data() + i, text.data() + j, parts[count++]).ec != std::errc())
            return std::nullopt;
        if (j == text.size()) break;
        if (text[j] == '.') {
            std::int64_t scale = 100;
            for (size_t k = j + 1; k < text.size(); ++k) {
                if (text[k] < '0' || text[k] > '9') return std::nullopt;
                fraction_ms += (text[k] - '0') * scale;
                scale /= 10;
            }
            break;
        }
        if (text[j] != ':') return std::nullopt;
        i = j + 1;
    }
    if (count < 2) return std::nullopt;
    std::int64_t h = count == 3 ? parts[0] : 0;
    std::int64_t m = count == 3 ? parts[1] : parts[0];
    std::int64_t s = count == 3 ? parts[2] : parts[1];
    // No clock shows more than 999 hours; the bound also keeps the sum below
    // overflow for any hour count that parsed.
    if (h > 999 || m >= 60 || s >= 60) return std::nullopt;
    return ((h * 60 + m) * 60 + s) * 1000 + fraction_ms;
}

}  // namespace venue::chess
