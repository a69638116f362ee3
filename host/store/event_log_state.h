// Private to host/store: what an open EventLog holds. Kept behind a pointer so that the log can be
// moved while a Batch refers to it, and so that users of event_log.h do not see SQLite.
#pragma once

#include <string>

#include "store/event_hash.h"
#include "store/event_log.h"
#include "store/sha256.h"
#include "store/sqlite_db.h"

namespace venue::store {

struct EventLog::State {
    std::string path;
    Database db;
    int schema_version = 0;
    bool read_only = false;

    // The chain head. Advanced by each append inside a batch; put back when a batch rolls back.
    int64_t last_seq = 0;
    Hash last_hash = GENESIS_HASH;
    bool batch_open = false;

    EventHasher hasher;
    Sha256 sha;  // snapshot state hashes

    // Every statement is prepared once at open and reused (prepared with
    // SQLITE_PREPARE_PERSISTENT).
    Statement begin;
    Statement commit;
    Statement rollback;
    Statement insert_event;
    Statement insert_decision;
    Statement insert_snapshot;
    Statement select_event_hash;
    Statement select_latest_snapshot;
    Statement select_events_from;
    Statement select_decisions;
    Statement select_head;
};

// Column order of the statements that read whole events (select_events_from and the walks).
constexpr const char* EVENT_COLUMNS =
    "seq, hub_time_us, host_time_ns, source, kind, payload, prev_hash, hash";

// Fills `out` from a row with EVENT_COLUMNS, reusing its string capacity.
void read_event_row(const Statement& stmt, EventRecord& out);

}  // namespace venue::store
