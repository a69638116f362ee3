#include "venue/snapshot.h"

#include <nlohmann/json.hpp>

#include "chess/uci.h"
#include "venue/event_json.h"
#include "venue/game_rules.h"

namespace venue::engine {

// Friends of Match and VenueState: the only code that reads and writes their
// private fields directly.
struct SnapshotAccess {
    static nlohmann::json save(const Match& m) {
        nlohmann::json j;
        j["config"] = nlohmann::json::parse(event_payload(MatchCreated{m.config_}))["config"];
        // The game may have been restarted from an edited position (a removed player's men taken
        // off).
        j["start_fen"] = m.game_.start_position().fen();
        std::vector<std::string> moves;
        for (chess::Move mv : m.game_.moves()) moves.push_back(chess::to_uci(mv));
        j["moves"] = moves;
        j["phase"] = int(m.phase_);
        j["result"] = m.result_;
        j["termination"] = m.termination_;
        j["clock"] = {m.clock_.white_ms, m.clock_.black_ms,
                      m.clock_.running ? int(*m.clock_.running) : -1};
        j["illegal"] = {m.illegal_moves_[0], m.illegal_moves_[1]};
        j["pending"] = m.pending_ ? chess::to_uci(*m.pending_) : "";
        std::vector<int> squares(m.restore_squares_.begin(), m.restore_squares_.end());
        j["restore_squares"] = squares;
        j["restore_required"] = m.restore_required_;
        j["zones"] = {m.zone_occupancy_[0], m.zone_occupancy_[1]};
        nlohmann::json clocks = nlohmann::json::array();
        for (const auto& c : m.clock_after_move_)
            clocks.push_back(c ? nlohmann::json(*c) : nullptr);
        j["clock_after_move"] = clocks;
        nlohmann::json parts = nlohmann::json::array();
        for (const GamePart& p : m.parts_) parts.push_back({p.line, p.edit, p.by_move});
        j["parts"] = parts;
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
        if (j.contains("start_fen")) {
            auto start = chess::Position::from_fen(j.at("start_fen").get<std::string>());
            if (!start) return unexpected("snapshot start position: " + start.error().to_string());
            m.game_ = chess::Game(*start);
        }
        for (const auto& text : j.at("moves")) {
            auto mv = chess::parse_uci(m.game_.position(), text.get<std::string>());
            if (!mv) return unexpected("match " + m.config_.id + ": " + mv.error());
            m.game_.play(*mv);
        }
        m.phase_ = MatchPhase(j.at("phase").get<int>());
        m.result_ = j.at("result").get<std::string>();
        m.termination_ = j.at("termination").get<std::string>();
        m.clock_.white_ms = j.at("clock")[0].get<std::int64_t>();
        m.clock_.black_ms = j.at("clock")[1].get<std::int64_t>();
        const int running = j.at("clock")[2].get<int>();
        if (running >= 0) m.clock_.running = chess::Color(running);
        m.illegal_moves_ = {j.at("illegal")[0].get<int>(), j.at("illegal")[1].get<int>()};
        const std::string pending = j.at("pending").get<std::string>();
        if (!pending.empty()) {
            auto mv = chess::parse_uci(m.game_.position(), pending);
            if (!mv) return unexpected("match " + m.config_.id + ": pending " + mv.error());
            m.pending_ = *mv;
        }
        for (int sq : j.at("restore_squares")) m.restore_squares_.push_back(chess::Square(sq));
        m.restore_required_ = j.at("restore_required").get<bool>();
        if (j.contains("zones"))
            m.zone_occupancy_ = {j["zones"][0].get<int>(), j["zones"][1].get<int>()};
        for (const auto& c : j.at("clock_after_move"))
            m.clock_after_move_.push_back(c.is_null() ? std::nullopt
                                                      : std::optional(c.get<std::int64_t>()));
        if (j.contains("parts"))
            for (const auto& p : j.at("parts"))
                m.parts_.push_back(
                    {p.at(0).get<std::string>(), p.at(1).get<std::string>(), p.at(2).get<bool>()});
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
