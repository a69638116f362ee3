#include "venue/match_record.h"

#include <nlohmann/json.hpp>

#include "venue/event_json.h"
#include "venue/game_rules.h"
#include "venue/match_of.h"

namespace venue::engine {

using nlohmann::json;

void MatchRecords::add(std::int64_t seq, const Event& event,
                       const std::vector<Decision>& decisions) {
    for (const Decision& d : decisions) {
        // Commands to the hub and the boards concern the devices, not the game.
        if (std::holds_alternative<DeviceCommand>(d.body)) continue;
        const std::string match = match_of(d.body);
        if (match.empty()) continue;
        json fields = json::parse(decision_payload(d));
        fields.erase("match");
        fields.erase("rule");
        fields.erase("reason");
        entries_[match].push_back(json{
            {"seq", seq},
            {"host_ns", event.host_ns},
            {"cause", kind_name(event.body)},
            {"decision", kind_name(d.body)},
            {"fields", std::move(fields)},
            {"rule", d.rule},
            {"reason", d.reason}}.dump());
    }
}

std::string MatchRecords::document(const VenueState& state, const std::string& match) const {
    json matches = json::array();
    for (const auto& [id, m] : state.matches()) {
        if (!match.empty() && id != match) continue;
        const MatchConfig& c = m->config();
        const GameRules* game = find_game(c.game);
        json sides = json::array();
        for (int s = 0; s < m->side_count(); ++s) {
            json players = json::array();
            for (const PlayerConfig& p : c.side(s).players)
                players.push_back({{"id", p.id}, {"name", p.name}});
            sides.push_back({{"label", m->side_label(s)},
                             {"name", c.side(s).name},
                             {"players", std::move(players)}});
        }
        // Every option of the game as the match plays it: its defaults, then what was set.
        json options = json::object();
        const auto put = [&](const GameOptions& o) {
            // A named pair, not a structured binding: clang (the fuzz build) cannot capture one.
            for (const auto& entry : o.values())
                std::visit([&](const auto& v) { options[entry.first] = v; }, entry.second);
        };
        if (game) put(default_options(game->options));
        put(c.options);
        json entries = json::array();
        if (auto it = entries_.find(id); it != entries_.end())
            for (const std::string& e : it->second) entries.push_back(json::parse(e));
        matches.push_back({{"id", id},
                           {"game", c.game},
                           {"game_name", game ? game->display_name : c.game},
                           {"round", c.round},
                           {"board", c.board},
                           {"sides", std::move(sides)},
                           {"options", std::move(options)},
                           {"result", m->result()},
                           {"termination", m->termination()},
                           {"entries", std::move(entries)}});
    }
    std::string name, site;
    for (const auto& [id, m] : state.matches()) {
        if (name.empty()) name = m->config().event;
        if (site.empty()) site = m->config().site;
    }
    const json doc = {{"format", "venue-record"},
                      {"version", RECORD_VERSION},
                      {"event", {{"name", name}, {"site", site}}},
                      {"matches", std::move(matches)}};
    return doc.dump(1) + "\n";
}

}  // namespace venue::engine
