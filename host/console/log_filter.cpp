#include "console/log_filter.h"

#include <algorithm>
#include <cctype>

namespace venue::console {
namespace {

bool contains_nocase(const std::string& hay, const std::string& needle) {
    if (needle.empty()) return true;
    const auto it =
        std::search(hay.begin(), hay.end(), needle.begin(), needle.end(), [](char a, char b) {
            return std::tolower(static_cast<unsigned char>(a)) ==
                   std::tolower(static_cast<unsigned char>(b));
        });
    return it != hay.end();
}

}  // namespace

bool log_shows(const LogQuery& q, const LogRow& r) {
    if (!q.family[std::size_t(r.family)] || !(r.decision ? q.decisions : q.events)) return false;
    if (!q.match.empty() && r.match != q.match) return false;
    if (!q.player.empty() &&
        (r.match != q.player_match ||
         std::find(r.players.begin(), r.players.end(), q.player) == r.players.end()))
        return false;
    return contains_nocase(r.text, q.search) || contains_nocase(r.kind, q.search) ||
           contains_nocase(r.rule, q.search);
}

std::string log_query_key(const LogQuery& q) {
    std::string key;
    for (bool b : q.family) key += b ? '1' : '0';
    key += q.events ? 'e' : '-';
    key += q.decisions ? 'd' : '-';
    // Separated by a byte no id or search typed in a text field holds.
    for (const std::string* s : {&q.match, &q.player, &q.player_match, &q.search})
        key += '\x1f' + *s;
    return key;
}

std::vector<LogChoice> log_match_choices(const ConsoleView& view) {
    std::vector<LogChoice> out;
    for (const MatchView& m : view.matches) out.push_back({m.id, "", m.id + "  " + m.title});
    return out;
}

std::vector<LogChoice> log_player_choices(const ConsoleView& view, const std::string& match) {
    std::vector<LogChoice> out;
    for (const MatchView& m : view.matches) {
        if (!match.empty() && m.id != match) continue;
        for (const TeamView* t : {&m.white(), &m.black()})
            for (const PlayerRow& p : t->players)
                out.push_back({m.id, p.id,
                               (match.empty() ? m.id + ": " : std::string()) + p.id + " " + p.name +
                                   " (" + t->name + ")"});
    }
    return out;
}

}  // namespace venue::console
