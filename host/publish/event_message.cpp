#include "publish/event_message.h"

#include <nlohmann/json.hpp>

namespace venue::publish {

using nlohmann::json;

std::optional<store::Hash> parse_hash_hex(std::string_view text) {
    if (text.size() != store::HASH_SIZE * 2) return std::nullopt;
    auto nibble = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    store::Hash h{};
    for (std::size_t i = 0; i < h.size(); ++i) {
        const int hi = nibble(text[2 * i]), lo = nibble(text[2 * i + 1]);
        if (hi < 0 || lo < 0) return std::nullopt;
        h[i] = std::uint8_t(hi << 4 | lo);
    }
    return h;
}

std::string encode_event_message(const store::EventRecord& e,
                                 std::span<const store::DecisionRecord> decisions) {
    json d = json::array();
    for (const store::DecisionRecord& r : decisions)
        d.push_back({{"index", r.index},
                     {"kind", r.kind},
                     {"rule", r.rule_id},
                     {"reason", r.reason},
                     {"payload", r.payload}});
    json m = {{"v", EVENT_MESSAGE_VERSION},
              {"seq", e.seq},
              {"hub_time_us", e.hub_time_us ? json(*e.hub_time_us) : json(nullptr)},
              {"host_time_ns", e.host_time_ns},
              {"source", e.source},
              {"kind", e.kind},
              {"payload", e.payload},
              {"prev_hash", hash_hex(e.prev_hash)},
              {"hash", hash_hex(e.hash)},
              {"decisions", std::move(d)}};
    return m.dump();
}

namespace {

struct Bad {
    std::string why;
};

const json& field(const json& o, const char* name, const std::string& where) {
    auto it = o.find(name);
    if (it == o.end()) throw Bad{where + name + ": missing"};
    return *it;
}
std::int64_t integer(const json& o, const char* name, const std::string& where = "") {
    const json& v = field(o, name, where);
    if (!v.is_number_integer()) throw Bad{where + name + ": not an integer"};
    return v.get<std::int64_t>();
}
std::string text(const json& o, const char* name, const std::string& where = "") {
    const json& v = field(o, name, where);
    if (!v.is_string()) throw Bad{where + name + ": not a string"};
    return v.get<std::string>();
}
store::Hash hash(const json& o, const char* name) {
    auto h = parse_hash_hex(text(o, name));
    if (!h) throw Bad{std::string(name) + ": not 64 hexadecimal digits"};
    return *h;
}

}  // namespace

Result<EventMessage, std::string> decode_event_message(std::string_view raw) {
    json m = json::parse(raw, nullptr, false);
    if (m.is_discarded()) return unexpected(std::string("not JSON"));
    if (!m.is_object()) return unexpected(std::string("not a JSON object"));
    try {
        if (integer(m, "v") != EVENT_MESSAGE_VERSION)
            throw Bad{"v: version " + std::to_string(integer(m, "v")) + ", this build reads " +
                      std::to_string(EVENT_MESSAGE_VERSION)};
        EventMessage out;
        store::EventRecord& e = out.event;
        e.seq = integer(m, "seq");
        if (e.seq < 1) throw Bad{"seq: " + std::to_string(e.seq) + " (sequences start at 1)"};
        const json& hub = field(m, "hub_time_us", "");
        if (!hub.is_null()) e.hub_time_us = integer(m, "hub_time_us");
        e.host_time_ns = integer(m, "host_time_ns");
        e.source = text(m, "source");
        e.kind = text(m, "kind");
        e.payload = text(m, "payload");
        e.prev_hash = hash(m, "prev_hash");
        e.hash = hash(m, "hash");
        const json& decisions = field(m, "decisions", "");
        if (!decisions.is_array()) throw Bad{"decisions: not an array"};
        for (std::size_t i = 0; i < decisions.size(); ++i) {
            const json& d = decisions[i];
            const std::string where = "decisions[" + std::to_string(i) + "].";
            if (!d.is_object()) throw Bad{where.substr(0, where.size() - 1) + ": not an object"};
            store::DecisionRecord r;
            r.event_seq = e.seq;
            r.index = std::int32_t(integer(d, "index", where));
            r.kind = text(d, "kind", where);
            r.rule_id = text(d, "rule", where);
            r.reason = text(d, "reason", where);
            r.payload = text(d, "payload", where);
            out.decisions.push_back(std::move(r));
        }
        return out;
    } catch (const Bad& bad) {
        return unexpected(bad.why);
    }
}

}  // namespace venue::publish
