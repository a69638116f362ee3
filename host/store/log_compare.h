// Two copies of one hall's log compared event by event: the hall's own file and a witness that
// saw it as it was published (a mirror, `venue mirror`). A hash chain alone cannot see a cut tail
// (the shorter chain still verifies); a witness that holds more, or other, events can.
//
//   SAME        the witness holds exactly the hall's events
//   HALL_AHEAD  the hall holds more (the witness is behind: not a fault)
//   TAIL_CUT    the witness holds events the hall lacks: the hall's tail was cut after they were
//               published
//   REWRITTEN   the two differ at `first_difference`: one of them was rewritten there
#pragma once

#include <cstdint>
#include <string>

#include "store/event_log.h"

namespace venue::store {

enum class LogAgreement : uint8_t {
    SAME,
    HALL_AHEAD,
    TAIL_CUT,
    REWRITTEN
};

struct LogComparison {
    LogAgreement agreement = LogAgreement::SAME;
    int64_t hall_last = 0;
    int64_t witness_last = 0;
    int64_t first_difference = 0;  // REWRITTEN: the first seq whose hashes differ
    std::string hall_hash;         // REWRITTEN: the two hashes there (hex)
    std::string witness_hash;
    bool head_only = false;  // the witness is a noted head (seq and hash), not a whole copy

    bool agrees() const {
        return agreement == LogAgreement::SAME || agreement == LogAgreement::HALL_AHEAD;
    }
    // One sentence for an arbiter ("the mirror holds events 41 to 45 that the hall's log lacks:
    // its tail was cut after they were published").
    std::string to_string() const;
};

// Walks both logs from seq 1, one row of each in memory at a time.
Result<LogComparison> compare_logs(EventLog& hall, EventLog& witness);

// The hall's log against a head someone noted: the broker's retained head of the hall
// (docs/multi-hall.md), or a line in an arbiter's report. The log must still hold event `seq` with
// that hash; a log that ends before it was cut, one with another hash there was rewritten at or
// before it.
Result<LogComparison> compare_with_head(EventLog& hall, int64_t seq, const Hash& hash);

}  // namespace venue::store
