#include "venue/snapshot.h"

#include <nlohmann/json.hpp>

#include "venue/event_json.h"
#include "venue/game_rules.h"

namespace venue::engine {

// Friends of Match and VenueState: the only code that reads and writes their
// private fields directly.
struct SnapshotAccess {
    static nlohmann::json save(const Match& m) {
        nlohmann::json j;
        j["config"] = nlohmann::json::parse(event_payload(MatchCreated{m.config_}))["config"];
        j["phase"] = int(m.phase_);
        j["result"] = m.outcome_.text();
        j["termination"] = m.termination_;
        j["clock"] = {m.clock_.white_ms, m.clock_.black_ms,
                      m.clock_.running ? int(*m.clock_.running) : -1};
        j["zones"] = {m.zone_occupancy_[0], m.zone_occupancy_[1]};
        if (!m.army_clock_.remaining_ms.empty())
            j["army_clock"] = {{"remaining_ms", m.army_clock_.remaining_ms},
                               {"running", m.army_clock_.running ? *m.army_clock_.running : -1}};
        j.update(nlohmann::json::parse(m.board_snapshot()));
        const std::string extra = m.extra_snapshot();
        if (!extra.empty()) j["extra"] = nlohmann::json::parse(extra);
        return j;
    }

    static Result<std::unique_ptr<Match>, std::string> load(const nlohmann::json& j) {
        auto created =
            parse_event("match_created", nlohmann::json{{"config", j.at("config")}}.dump());
        if (!created) return unexpected(created.error());
        std::string why;
        std::unique_ptr<Match> owner = make_match(std::get<MatchCreated>(*created).config, &why);
        if (!owner) return unexpected(why);
        Match& m = *owner;
        if (std::string wrong = m.restore_board(j.dump()); !wrong.empty())
            return unexpected("match " + m.config_.id + ": " + wrong);
        m.phase_ = MatchPhase(j.at("phase").get<int>());
        const std::string result = j.at("result").get<std::string>();
        const std::optional<Outcome> outcome = Outcome::parse(result, m.side_count());
        if (!outcome)
            return unexpected("match " + m.config_.id + ": '" + result + "' is not a result");
        m.outcome_ = *outcome;
        m.termination_ = j.at("termination").get<std::string>();
        m.clock_.white_ms = j.at("clock")[0].get<std::int64_t>();
        m.clock_.black_ms = j.at("clock")[1].get<std::int64_t>();
        const int running = j.at("clock")[2].get<int>();
        if (running >= 0) m.clock_.running = chess::Color(running);
        if (j.contains("zones"))
            m.zone_occupancy_ = {j["zones"][0].get<int>(), j["zones"][1].get<int>()};
        if (j.contains("army_clock")) {
            m.army_clock_.remaining_ms =
                j["army_clock"].at("remaining_ms").get<std::vector<std::int64_t>>();
            const int army_running = j["army_clock"].at("running").get<int>();
            if (army_running >= 0) m.army_clock_.running = army_running;
        }
        if (j.contains("extra") && !m.restore_extra(j.at("extra").dump()))
            return unexpected("match " + m.config_.id + ": its game's own state is unreadable");
        return owner;
    }

    static std::string save(const VenueState& s) {
        nlohmann::json j;
        j["format"] = 1;
        j["events_applied"] = s.events_applied_;
        j["matches"] = nlohmann::json::array();
        for (const auto& [id, m] : s.matches_) j["matches"].push_back(save(*m));
        return j.dump();
    }

    static Result<VenueState, std::string> load(std::string_view text) {
        try {
            auto j = nlohmann::json::parse(text);
            if (j.at("format").get<int>() != 1)
                return unexpected("snapshot format " + j.at("format").dump() + " is not 1");
            VenueState s;
            s.events_applied_ = j.at("events_applied").get<std::int64_t>();
            for (const auto& mj : j.at("matches")) {
                auto m = load(mj);
                if (!m) return unexpected(m.error());
                std::string id = (*m)->config().id;
                s.matches_.emplace(id, std::move(*m));
            }
            return s;
        } catch (const std::exception& ex) {
            return unexpected(std::string("snapshot: ") + ex.what());
        }
    }
};

std::string snapshot_state(const VenueState& state) {
    return SnapshotAccess::save(state);
}

Result<VenueState, std::string> restore_state(std::string_view snapshot) {
    return SnapshotAccess::load(snapshot);
}

}  // namespace venue::engine
