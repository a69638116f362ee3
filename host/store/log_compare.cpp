#include "store/log_compare.h"

#include "store/event_hash.h"

namespace venue::store {

std::string LogComparison::to_string() const {
    if (head_only) switch (agreement) {
            case LogAgreement::SAME:
                return "the log ends at event " + std::to_string(hall_last) +
                       ", the head noted, with its hash";
            case LogAgreement::HALL_AHEAD:
                return "the log holds event " + std::to_string(witness_last) +
                       " of the head noted, with its hash, and " +
                       std::to_string(hall_last - witness_last) + " events after it";
            case LogAgreement::TAIL_CUT:
                return "the head noted is event " + std::to_string(witness_last) +
                       " but the log ends at event " + std::to_string(hall_last) +
                       ": its tail was cut after it was published";
            case LogAgreement::REWRITTEN:
                return "event " + std::to_string(first_difference) + " has hash " +
                       hall_hash.substr(0, 16) + ".. where the head noted " +
                       witness_hash.substr(0, 16) + "..: the log was rewritten at or before it";
        }
    switch (agreement) {
        case LogAgreement::SAME:
            return "the two hold the same " + std::to_string(hall_last) + " events, hash for hash";
        case LogAgreement::HALL_AHEAD:
            return "they agree on the " + std::to_string(witness_last) +
                   " events the witness holds; the hall's log has " +
                   std::to_string(hall_last - witness_last) + " more (the witness is behind)";
        case LogAgreement::TAIL_CUT:
            return (witness_last == hall_last + 1
                        ? "the witness holds event " + std::to_string(witness_last) +
                              " that the hall's log lacks"
                        : "the witness holds events " + std::to_string(hall_last + 1) + " to " +
                              std::to_string(witness_last) + " that the hall's log lacks") +
                   ": its tail was cut after they were published";
        case LogAgreement::REWRITTEN:
            return "they differ from event " + std::to_string(first_difference) +
                   " (the hall's hash " + hall_hash.substr(0, 16) + ".., the witness's " +
                   witness_hash.substr(0, 16) +
                   "..): the hall's log was rewritten there after it was published";
    }
    return "?";
}

Result<LogComparison> compare_logs(EventLog& hall, EventLog& witness) {
    LogComparison c;
    c.hall_last = hall.last_seq();
    c.witness_last = witness.last_seq();
    const int64_t common = std::min(c.hall_last, c.witness_last);
    // Both walks are in seq order: read the witness's hashes in slices, then the hall's.
    constexpr int64_t SLICE = 4096;
    for (int64_t from = 1; from <= common && c.first_difference == 0; from += SLICE) {
        const int64_t to = std::min(common, from + SLICE - 1);
        std::vector<Hash> theirs;
        auto w = witness.for_each_event(from, [&](const EventRecord& e) {
            theirs.push_back(e.hash);
            return e.seq < to;
        });
        if (!w) return w.error();
        std::size_t i = 0;
        auto h = hall.for_each_event(from, [&](const EventRecord& e) {
            if (i < theirs.size() && theirs[i] != e.hash) {
                c.first_difference = e.seq;
                c.hall_hash = hash_hex(e.hash);
                c.witness_hash = hash_hex(theirs[i]);
                return false;
            }
            ++i;
            return e.seq < to;
        });
        if (!h) return h.error();
    }
    if (c.first_difference)
        c.agreement = LogAgreement::REWRITTEN;
    else if (c.witness_last > c.hall_last)
        c.agreement = LogAgreement::TAIL_CUT;
    else if (c.hall_last > c.witness_last)
        c.agreement = LogAgreement::HALL_AHEAD;
    return c;
}

Result<LogComparison> compare_with_head(EventLog& hall, int64_t seq, const Hash& hash) {
    LogComparison c;
    c.head_only = true;
    c.hall_last = hall.last_seq();
    c.witness_last = seq;
    if (c.hall_last < seq) {
        c.agreement = LogAgreement::TAIL_CUT;
        return c;
    }
    auto e = hall.event(seq);
    if (!e) return e.error();
    if (!*e || (*e)->hash != hash) {
        c.agreement = LogAgreement::REWRITTEN;
        c.first_difference = seq;
        c.hall_hash = *e ? hash_hex((*e)->hash) : std::string(64, '-');
        c.witness_hash = hash_hex(hash);
        return c;
    }
    c.agreement = c.hall_last > seq ? LogAgreement::HALL_AHEAD : LogAgreement::SAME;
    return c;
}

}  // namespace venue::store
