#include "venue/transcript.h"

#include <nlohmann/json.hpp>

#include "venue/event_json.h"

namespace venue::engine {

std::vector<TranscriptDecision> transcript_decisions(const std::vector<Decision>& decisions) {
    std::vector<TranscriptDecision> out;
    out.reserve(decisions.size());
    for (const Decision& d : decisions) out.push_back({kind_name(d.body), decision_payload(d)});
    return out;
}

std::string transcript_line(std::int64_t seq, const Event& event,
                            const std::vector<Decision>& decisions, const std::string& state_hash) {
    nlohmann::ordered_json j;
    j["seq"] = seq;
    j["host_ns"] = event.host_ns;
    j["hub_us"] = event.hub_us ? nlohmann::ordered_json(*event.hub_us) : nullptr;
    j["kind"] = kind_name(event.body);
    j["event"] = nlohmann::ordered_json::parse(event_payload(event.body));
    j["decisions"] = nlohmann::ordered_json::array();
    for (const TranscriptDecision& d : transcript_decisions(decisions)) {
        j["decisions"].push_back(
            {{"kind", d.kind}, {"decision", nlohmann::ordered_json::parse(d.payload)}});
    }
    j["state_hash"] = state_hash;
    return j.dump();
}

Result<TranscriptLine, std::string> parse_transcript_line(std::string_view line) {
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(line);
    } catch (const nlohmann::json::exception& e) {
        return unexpected(std::string("not JSON: ") + e.what());
    }
    std::string field = "seq";
    try {
        TranscriptLine t;
        t.seq = j.at("seq").get<std::int64_t>();
        field = "host_ns";
        t.event.host_ns = j.at("host_ns").get<std::int64_t>();
        field = "hub_us";
        if (!j.at("hub_us").is_null()) t.event.hub_us = j.at("hub_us").get<std::int64_t>();
        field = "event";
        auto body = parse_event(j.at("kind").get<std::string>(), j.at("event").dump());
        if (!body) return unexpected("seq " + std::to_string(t.seq) + ": event: " + body.error());
        t.event.body = std::move(*body);
        field = "decisions";
        for (const auto& d : j.at("decisions")) {
            // Normalised through the parser, so that a line written by hand compares equal.
            const std::string kind = d.at("kind").get<std::string>();
            auto decision = parse_decision(kind, d.at("decision").dump());
            if (!decision) {
                return unexpected("seq " + std::to_string(t.seq) +
                                  ": decision: " + decision.error());
            }
            t.decisions.push_back({kind, decision_payload(*decision)});
        }
        field = "state_hash";
        t.state_hash = j.at("state_hash").get<std::string>();
        return t;
    } catch (const nlohmann::json::exception& e) {
        return unexpected("field '" + field + "': " + e.what());
    }
}

}  // namespace venue::engine
