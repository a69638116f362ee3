// What a hash-chain walk found. A break names the first bad sequence number and what was wrong
// with it; SQLite failures during the walk are reported separately, as an Error.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace venue::store {

enum class ChainProblem : uint8_t {
    SEQ_GAP,             // an event is missing: seq is the first missing number
    PREV_HASH_MISMATCH,  // prev_hash differs from the hash of the event before (seq rewritten?)
    HASH_MISMATCH,       // the stored hash differs from the hash of the stored fields: edited row
    SNAPSHOT_MISMATCH,   // the event a snapshot was taken at no longer has the recorded hash
    COUNT_
};

const char* to_string(ChainProblem problem);

struct ChainBreak {
    int64_t seq = 0;  // first bad sequence number
    ChainProblem problem = ChainProblem::HASH_MISMATCH;
    std::string detail;  // e.g. "stored hash 3fa1.. but fields hash to 9c02.."

    // "seq 42: hash mismatch: stored hash ..."
    std::string to_string() const;
};

struct VerifyReport {
    int64_t first_seq = 0;       // where the walk started
    int64_t last_seq = 0;        // last seq checked (0 when none)
    int64_t events_checked = 0;  // rows read
    std::optional<ChainBreak> first_break;

    bool ok() const { return !first_break.has_value(); }
};

}  // namespace venue::store
