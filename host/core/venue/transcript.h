// A transcript: the log as JSON lines, one event a line with the decisions the engine made on it
// and the state hash after it. `venue export transcript` writes one; the golden transcripts of
// the demos (tests/data/golden/) are replayed by a test that must give the same decisions and
// hashes line by line, so that a rule changes only on purpose.
//
//   {"seq":12,"host_ns":…,"hub_us":…|null,"kind":"move_sensed","event":{…},
//    "decisions":[{"kind":"move_accepted","decision":{…,"rule":…,"reason":…}}],
//    "state_hash":"…"}
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "venue/decision.h"
#include "venue/event.h"

namespace venue::engine {

struct TranscriptDecision {
    std::string kind;
    std::string payload;  // decision_payload(): the decision's fields, its rule and reason
};

struct TranscriptLine {
    std::int64_t seq = 0;
    Event event;
    std::vector<TranscriptDecision> decisions;
    std::string state_hash;
};

// One line (no newline at its end).
std::string transcript_line(std::int64_t seq, const Event& event,
                            const std::vector<Decision>& decisions, const std::string& state_hash);
std::vector<TranscriptDecision> transcript_decisions(const std::vector<Decision>& decisions);
// Parses a line; the error names the field that is wrong.
Result<TranscriptLine, std::string> parse_transcript_line(std::string_view line);

}  // namespace venue::engine
