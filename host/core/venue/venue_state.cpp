#include "venue/venue_state.h"

#include "venue/game_rules.h"

#include <cstdio>

namespace venue::engine {

const Match* VenueState::match(const std::string& id) const {
    auto it = matches_.find(id);
    return it == matches_.end() ? nullptr : it->second.get();
}

VenueState::VenueState()
    : make_([](const MatchConfig& config, std::string* why) { return make_match(config, why); }) {}

std::vector<Decision> VenueState::apply(const Event& event) {
    ++events_applied_;
    std::vector<Decision> out;
    std::visit(
        [&](const auto& body) {
            using T = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<T, MatchCreated>) {
                const std::string& id = body.config.id;
                if (id.empty()) {
                    out.push_back({EventIgnored{id}, "X-5", "a match needs an id"});
                } else if (matches_.count(id)) {
                    out.push_back({EventIgnored{id}, "X-5",
                                   "match " + id + " exists: its configuration is frozen"});
                } else if (auto fen = chess::Position::from_fen(body.config.start_fen.empty()
                                                                    ? chess::Position::START_FEN
                                                                    : body.config.start_fen);
                           !fen) {
                    out.push_back({EventIgnored{id}, "X-5",
                                   "match " + id + ": start position: " + fen.error().to_string()});
                } else {
                    std::string why;
                    auto m = make_(body.config, &why);
                    if (m)
                        matches_.emplace(id, std::move(m));
                    else
                        out.push_back({EventIgnored{id}, "X-1", why});
                }
            } else if constexpr (requires { body.match; }) {
                auto it = matches_.find(body.match);
                if (it == matches_.end())
                    out.push_back(
                        {EventIgnored{body.match}, "X-2", "no match '" + body.match + "'"});
                else
                    it->second->apply(event, out);
            }
            // System events (host started, devices) change no match.
        },
        event.body);
    return out;
}

std::string VenueState::canonical() const {
    std::string s;
    for (const auto& [id, m] : matches_) s += m->canonical();
    return s;
}

std::string VenueState::state_hash() const {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : canonical()) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

}  // namespace venue::engine
