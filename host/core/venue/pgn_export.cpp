#include "venue/pgn_export.h"

namespace venue::engine {
namespace {

std::string player_names(const TeamConfig& team) {
    std::string names;
    for (const PlayerConfig& p : team.players) names += (names.empty() ? "" : " / ") + p.name;
    if (names.empty()) names = team.name;
    return names.empty() ? "?" : names;
}

}  // namespace

chess::PgnGame to_pgn(const Match& match) {
    const MatchConfig& c = match.config();
    chess::PgnGame g;
    g.set_tag("Event", c.event.empty() ? "?" : c.event);
    g.set_tag("Site", c.site.empty() ? "?" : c.site);
    g.set_tag("Date", "????.??.??");  // the core reads no clock; the CLI may set it
    g.set_tag("Round", c.round.empty() ? "?" : c.round);
    g.set_tag("White", player_names(c.white));
    g.set_tag("Black", player_names(c.black));
    g.set_tag("Result", match.result());
    g.set_tag("GameId", c.id);
    if (!c.white.name.empty()) g.set_tag("WhiteTeam", c.white.name);
    if (!c.black.name.empty()) g.set_tag("BlackTeam", c.black.name);
    g.set_tag("TimeControl", std::to_string(c.time.base_ms / 1000) + "+" +
                                 std::to_string(c.time.increment_ms / 1000));
    if (!match.termination().empty()) g.set_tag("Termination", match.termination());
    g.start = match.game().start_position();
    const auto& clocks = match.clock_after_move();
    for (std::size_t i = 0; i < match.game().moves().size(); ++i) {
        chess::PgnMove m;
        m.move = match.game().moves()[i];
        if (i < clocks.size()) m.clock_ms = clocks[i];
        g.moves.push_back(m);
    }
    g.result = match.result();
    return g;
}

}  // namespace venue::engine
