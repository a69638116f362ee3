// The plain records the log stores. They do not depend on the engine: the engine (or whatever
// writes to the log) turns its typed events and decisions into these, with the payload as JSON.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace venue::store {

constexpr size_t HASH_SIZE = 32;  // SHA-256
using Hash = std::array<uint8_t, HASH_SIZE>;

// The prev_hash of the first event (seq 1): 32 zero bytes.
constexpr Hash GENESIS_HASH{};

// An event as handed to the log; the log assigns seq and the hashes.
struct NewEvent {
    std::optional<int64_t> hub_time_us;  // hub microseconds since boot, when a hub saw it
    int64_t host_time_ns = 0;            // host monotonic nanoseconds
    std::string source;                  // who produced it: "hub:3", "dgt:12345", "arbiter", "host"
    std::string kind;                    // event type name, e.g. "claim_pressed"
    std::string payload;                 // JSON text
};

// An event as stored: hash = SHA-256(prev_hash || canonical encoding), see event_hash.h.
struct EventRecord {
    int64_t seq = 0;  // 1, 2, 3 ... with no gaps
    std::optional<int64_t> hub_time_us;
    int64_t host_time_ns = 0;
    std::string source;
    std::string kind;
    std::string payload;
    Hash prev_hash{};
    Hash hash{};

    bool operator==(const EventRecord&) const = default;
};

// One decision the engine derived from the event `event_seq`. Decisions are not part of the hash
// chain: they are a pure function of the events and can be recomputed by replay; they are stored
// so that the console and the incident export can show the rule id and reason of each.
struct DecisionRecord {
    int64_t event_seq = 0;
    int32_t index = 0;    // position among the decisions of that event, from 0
    std::string kind;     // "penalty", "claim_granted", "time_added", ...
    std::string rule_id;  // e.g. "FIDE 7.5.5"
    std::string reason;   // human-readable explanation
    std::string payload;  // JSON text

    bool operator==(const DecisionRecord&) const = default;
};

// Engine state serialised by the caller at `seq` (after applying event seq).
struct Snapshot {
    int64_t seq = 0;
    Hash event_hash{};  // hash of event `seq` when the snapshot was written: anchors tail checks
    std::vector<uint8_t> state;
    Hash state_hash{};  // SHA-256(state)

    bool operator==(const Snapshot&) const = default;
};

}  // namespace venue::store
