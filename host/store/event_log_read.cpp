// EventLog reads: events in order for replay, decisions of an event, the newest snapshot.
#include <cstring>
#include <string>

#include "store/event_log.h"
#include "store/event_log_state.h"

namespace venue::store {

namespace {

bool copy_hash(std::span<const uint8_t> blob, Hash& out) {
    if (blob.size() != HASH_SIZE) return false;
    std::memcpy(out.data(), blob.data(), HASH_SIZE);
    return true;
}

}  // namespace

void read_event_row(const Statement& stmt, EventRecord& out) {
    out.seq = stmt.column_int64(0);
    out.hub_time_us.reset();
    if (!stmt.column_is_null(1)) out.hub_time_us = stmt.column_int64(1);
    out.host_time_ns = stmt.column_int64(2);
    out.source.assign(stmt.column_text(3));
    out.kind.assign(stmt.column_text(4));
    out.payload.assign(stmt.column_text(5));
    // A hash of the wrong size cannot come from this code; leave zeros and let verify() say so.
    if (!copy_hash(stmt.column_blob(6), out.prev_hash)) out.prev_hash = {};
    if (!copy_hash(stmt.column_blob(7), out.hash)) out.hash = {};
}

Result<int64_t> EventLog::for_each_event(int64_t from_seq, const EventVisitor& visit) {
    State& s = *state_;
    // A visitor that reads the log again gets its own statement rather than resetting ours.
    Statement fresh;
    Statement* stmt = &s.select_events_from;
    if (sqlite3_stmt_busy(stmt->get()) != 0) {
        auto prepared = s.db.prepare(
            std::string("SELECT ") + EVENT_COLUMNS + " FROM events WHERE seq >= ? ORDER BY seq",
            false);
        if (!prepared) return std::move(prepared).take_error();
        fresh = std::move(prepared).value();
        stmt = &fresh;
    }
    StatementReset reset(*stmt);
    stmt->bind_int64(1, from_seq);
    EventRecord record;
    int64_t visited = 0;
    int rc;
    while ((rc = stmt->step()) == SQLITE_ROW) {
        read_event_row(*stmt, record);
        ++visited;
        if (!visit(record)) return visited;
    }
    if (rc != SQLITE_DONE) {
        return s.db.error(rc, "reading events from seq " + std::to_string(from_seq));
    }
    return visited;
}

Result<std::optional<EventRecord>> EventLog::event(int64_t seq) {
    std::optional<EventRecord> found;
    auto visited = for_each_event(seq, [&](const EventRecord& record) {
        if (record.seq == seq) found = record;
        return false;
    });
    if (!visited) return std::move(visited).take_error();
    return found;
}

Result<std::vector<DecisionRecord>> EventLog::decisions_for(int64_t event_seq) {
    State& s = *state_;
    Statement& stmt = s.select_decisions;
    StatementReset reset(stmt);
    stmt.bind_int64(1, event_seq);
    std::vector<DecisionRecord> out;
    int rc;
    while ((rc = stmt.step()) == SQLITE_ROW) {
        DecisionRecord d;
        d.event_seq = stmt.column_int64(0);
        d.index = static_cast<int32_t>(stmt.column_int64(1));
        d.kind = stmt.column_text(2);
        d.rule_id = stmt.column_text(3);
        d.reason = stmt.column_text(4);
        d.payload = stmt.column_text(5);
        out.push_back(std::move(d));
    }
    if (rc != SQLITE_DONE) {
        return s.db.error(rc, "reading decisions of event " + std::to_string(event_seq));
    }
    return out;
}

Result<std::optional<Snapshot>> EventLog::latest_snapshot() {
    State& s = *state_;
    Statement& stmt = s.select_latest_snapshot;
    StatementReset reset(stmt);
    const int rc = stmt.step();
    if (rc == SQLITE_DONE) return std::optional<Snapshot>();
    if (rc != SQLITE_ROW) return s.db.error(rc, "reading the latest snapshot");
    Snapshot snap;
    snap.seq = stmt.column_int64(0);
    const auto state = stmt.column_blob(2);
    snap.state.assign(state.begin(), state.end());
    const std::string what = "snapshot at seq " + std::to_string(snap.seq);
    if (!copy_hash(stmt.column_blob(1), snap.event_hash) ||
        !copy_hash(stmt.column_blob(3), snap.state_hash)) {
        return Error{ErrorCode::CORRUPT, what + ": a stored hash has the wrong size"};
    }
    if (s.sha.digest(snap.state) != snap.state_hash) {
        return Error{ErrorCode::CORRUPT, what +
                                             ": the state does not match its SHA-256; "
                                             "recover by replaying from seq 1"};
    }
    return std::optional<Snapshot>(std::move(snap));
}

}  // namespace venue::store
