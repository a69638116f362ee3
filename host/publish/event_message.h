// One durable event as it travels on venue/<event>/<hall>/events: every field the hash chain
// covers, the chain's hashes, and the decisions the engine derived from it (with their rule ids
// and reasons), as one JSON object:
//
//   {"v": 1, "seq": 42, "hub_time_us": 1234567 | null, "host_time_ns": 98765, "source": "hub",
//    "kind": "claim_pressed", "payload": "<the event's JSON text, exactly as logged>",
//    "prev_hash": "<64 hex>", "hash": "<64 hex>",
//    "decisions": [{"index": 0, "kind": "claim_granted", "rule": "CB-6.4.2", "reason": "...",
//                   "payload": "<JSON text>"}]}
//
// The payload is carried as the logged text, not re-encoded, so that a receiver hashes the very
// bytes the hall hashed (store/event_hash.h) and can check the chain itself.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "store/event_hash.h"
#include "store/event_record.h"

namespace venue::publish {

inline constexpr int EVENT_MESSAGE_VERSION = 1;

struct EventMessage {
    store::EventRecord event;
    std::vector<store::DecisionRecord> decisions;  // event_seq = event.seq
};

std::string encode_event_message(const store::EventRecord& event,
                                 std::span<const store::DecisionRecord> decisions);

// An error names the field that is missing or wrong ("seq: not an integer").
Result<EventMessage, std::string> decode_event_message(std::string_view text);

using store::hash_hex;  // store/event_hash.h
std::optional<store::Hash> parse_hash_hex(std::string_view text);

}  // namespace venue::publish
