// Reading a log back: replay into a state (venue replay, export) and full
// verification (venue verify).
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <string>

#include "common/result.h"
#include "runtime/session.h"
#include "venue/venue_state.h"

namespace venue::runtime {

// Called for every replayed event with the decisions the engine made now.
using ReplayVisitor = std::function<void(const Applied&)>;
// The same, with the state after the event (venue export transcript: its hash).
using ReplayStateVisitor = std::function<void(const Applied&, const engine::VenueState& after)>;

struct ReplayOutcome {
    engine::VenueState state;
    std::int64_t events = 0;
    std::int64_t last_seq = 0;
};

// Replays events 1..until_seq (all by default) of the log at `path`, opened
// read-only. The hash chain is checked from the latest snapshot first.
Result<ReplayOutcome, std::string> replay_log(
    const std::string& path, std::int64_t until_seq = std::numeric_limits<std::int64_t>::max(),
    const ReplayVisitor& visit = {}, const Progress& progress = {});
Result<ReplayOutcome, std::string> replay_log_with_state(const std::string& path,
                                                         const ReplayStateVisitor& visit);

struct VerifyOutcome {
    bool ok = false;
    std::int64_t events = 0;
    std::int64_t first_bad_seq = 0;  // 0 when ok
    std::string problem;             // what was wrong at first_bad_seq
};

// Full check: SQLite integrity_check, the whole hash chain, every event readable,
// and the decisions recomputed by this build equal to those stored.
Result<VerifyOutcome, std::string> verify_log(const std::string& path,
                                              const Progress& progress = {});

}  // namespace venue::runtime
