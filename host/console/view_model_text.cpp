// The view model's words and numbers: clock and duration texts, ages, square lists, the log's
// families, and the names of sides, actions and players that the other files share.
#include <string_view>

#include "chess/uci.h"
#include "console/view_model_internal.h"

namespace venue::console {

using namespace engine;

namespace detail {

const char* side_name(Color c) {
    return c == chess::WHITE ? "White" : "Black";
}

std::string player_label(const MatchConfig& c, const std::string& id) {
    for (const TeamConfig* t : {&c.white(), &c.black()})
        for (const PlayerConfig& p : t->players)
            if (p.id == id) return p.name + " (" + t->name + ")";
    return id;
}

std::string button_label(const MatchConfig& c, int button) {
    for (const TeamConfig* t : {&c.white(), &c.black()})
        for (const PlayerConfig& p : t->players)
            for (int b : p.buttons)
                if (b == button)
                    return p.name + " (" + t->name + ", button " + std::to_string(button) + ")";
    return "button " + std::to_string(button);
}

std::string half_points(int h) {
    std::string s = h / 2 || h % 2 == 0 ? std::to_string(h / 2) : "";
    if (h % 2) s += "\u00BD";
    return s;
}

}  // namespace detail

using detail::fmt;

const char* family_name(LogFamily f) {
    switch (f) {
        case LogFamily::CLAIM:
            return "claims";
        case LogFamily::MOVE:
            return "moves";
        case LogFamily::CLOCK:
            return "clock";
        case LogFamily::PENALTY:
            return "penalties";
        case LogFamily::ARBITER:
            return "arbiter";
        case LogFamily::DEVICE:
            return "devices";
        case LogFamily::BOARD:
            return "board";
        case LogFamily::RESULT:
            return "results";
        case LogFamily::OTHER:
            return "other";
        case LogFamily::COUNT_:
            break;
    }
    return "?";
}

std::string age_text(std::int64_t ns) {
    if (ns < 0) return "\u2014";
    if (ns < 10'000'000'000) return fmt("%d ms", int(ns / 1'000'000));
    return fmt("%.1f s", double(ns) / 1e9);
}

std::string square_list(const std::vector<chess::Square>& squares) {
    std::string s;
    for (chess::Square q : squares) s += (s.empty() ? "" : ", ") + chess::square_to_string(q);
    return s;
}

}  // namespace venue::console
