#include "venue/outcome.h"

#include <algorithm>
#include <charconv>

namespace venue::engine {

Outcome Outcome::win(int side, int sides) {
    std::vector<int> points(std::size_t(std::max(sides, 0)), 0);
    if (side >= 0 && side < sides) points[std::size_t(side)] = 2;
    return Outcome(std::move(points));
}

Outcome Outcome::draw(int sides) {
    return Outcome(std::vector<int>(std::size_t(std::max(sides, 0)), 1));
}

bool Outcome::is_draw() const {
    return decided() && std::all_of(half_points_.begin(), half_points_.end(),
                                    [&](int h) { return h == half_points_.front(); });
}

namespace {

// "2" -> 4, "1/2" -> 1, "3/2" -> 3: a side's points as half points; nullopt if not a number.
std::optional<int> half_points_of(std::string_view token) {
    const bool half = token.size() > 2 && token.substr(token.size() - 2) == "/2";
    const std::string_view digits = half ? token.substr(0, token.size() - 2) : token;
    int n = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size() || n < 0)
        return std::nullopt;
    return half ? n : 2 * n;
}

std::string points_text(int half_points) {
    return half_points % 2 == 0 ? std::to_string(half_points / 2)
                                : std::to_string(half_points) + "/2";
}

}  // namespace

std::optional<Outcome> Outcome::parse(std::string_view text, int sides) {
    if (text == "*") return Outcome();
    if (sides == 2) {
        if (text == "1-0") return win(0, 2);
        if (text == "0-1") return win(1, 2);
        if (text == "1/2-1/2") return draw(2);
        return std::nullopt;
    }
    std::vector<int> points;
    std::size_t from = 0;
    while (from <= text.size()) {
        const std::size_t dash = std::min(text.find('-', from), text.size());
        const auto h = half_points_of(text.substr(from, dash - from));
        if (!h) return std::nullopt;
        points.push_back(*h);
        from = dash + 1;
    }
    if (int(points.size()) != sides) return std::nullopt;
    return Outcome(std::move(points));
}

std::string Outcome::text() const {
    if (!decided()) return "*";
    std::string s;
    for (std::size_t i = 0; i < half_points_.size(); ++i)
        s += (i ? "-" : "") + points_text(half_points_[i]);
    return s;
}

}  // namespace venue::engine
