// EventLog::Batch: the writes of one transaction.
//
//   begin_batch() ─▶ OPEN ──append/add_decisions/write_snapshot──▶ OPEN
//                     │  └─ SQLite drops the transaction (I/O error) ─▶ LOST (writes fail)
//                     ├─ commit() ok ─▶ DONE (durable)
//                     └─ commit() fails / rollback() / destructor ─▶ DONE (head restored)
#include <cstring>
#include <string>
#include <utility>

#include "store/event_log.h"
#include "store/event_log_state.h"

namespace venue::store {

EventLog::Batch::Batch(State* state)
    : state_(state), start_seq_(state->last_seq), start_hash_(state->last_hash) {}

EventLog::Batch::Batch(Batch&& other) noexcept
    : state_(std::exchange(other.state_, nullptr)),
      start_seq_(other.start_seq_),
      start_hash_(other.start_hash_),
      lost_(std::move(other.lost_)) {}

EventLog::Batch::~Batch() {
    rollback();
}

Status EventLog::Batch::usable() const {
    if (state_ == nullptr) return Error{ErrorCode::INVALID_ARGUMENT, "the batch is finished"};
    if (lost_) return Error{lost_->code, "the transaction was abandoned: " + lost_->message};
    return std::nullopt;
}

// A failed statement normally undoes only itself (SQLite's statement journal) and the
// transaction goes on. After an I/O error or a full disk SQLite may roll the whole transaction
// back instead; then every write of this batch is gone and the head must go back too.
void EventLog::Batch::note_failure(const Error& error) {
    if (sqlite3_get_autocommit(state_->db.get()) != 0) {
        lost_ = error;
        state_->last_seq = start_seq_;
        state_->last_hash = start_hash_;
    }
}

Result<Appended> EventLog::Batch::append(const NewEvent& event) {
    if (auto err = usable()) return *err;
    if (event.source.empty() || event.kind.empty()) {
        return Error{ErrorCode::INVALID_ARGUMENT, "an event needs a source and a kind (source '" +
                                                      event.source + "', kind '" + event.kind +
                                                      "')"};
    }
    State& s = *state_;
    const int64_t seq = s.last_seq + 1;
    const EventFields fields{seq,          event.hub_time_us, event.host_time_ns,
                             event.source, event.kind,        event.payload};
    const Hash hash = s.hasher.hash(s.last_hash, fields);

    Statement& stmt = s.insert_event;
    StatementReset reset(stmt);
    stmt.bind_int64(1, seq);
    if (event.hub_time_us) {
        stmt.bind_int64(2, *event.hub_time_us);
    } else {
        stmt.bind_null(2);
    }
    stmt.bind_int64(3, event.host_time_ns);
    stmt.bind_text(4, event.source);
    stmt.bind_text(5, event.kind);
    stmt.bind_text(6, event.payload);
    stmt.bind_blob(7, s.last_hash);
    stmt.bind_blob(8, hash);
    const int rc = stmt.step();
    if (rc != SQLITE_DONE) {
        Error error = s.db.error(rc, "appending event " + std::to_string(seq) + " (source '" +
                                         event.source + "', kind '" + event.kind + "')");
        note_failure(error);
        return error;
    }
    s.last_seq = seq;
    s.last_hash = hash;
    return Appended{seq, hash};
}

Status EventLog::Batch::add_decisions(std::span<const DecisionRecord> decisions) {
    if (auto err = usable()) return err;
    State& s = *state_;
    for (const DecisionRecord& d : decisions) {
        const std::string what = "decision " + std::to_string(d.index) + " of event " +
                                 std::to_string(d.event_seq) + " (kind '" + d.kind + "')";
        if (d.event_seq < 1 || d.event_seq > s.last_seq) {
            return Error{ErrorCode::INVALID_ARGUMENT, what + ": no such event (the log ends at " +
                                                          std::to_string(s.last_seq) + ")"};
        }
        if (d.kind.empty() || d.index < 0) {
            return Error{ErrorCode::INVALID_ARGUMENT, what + ": needs a kind and an index >= 0"};
        }
        Statement& stmt = s.insert_decision;
        StatementReset reset(stmt);
        stmt.bind_int64(1, d.event_seq);
        stmt.bind_int64(2, d.index);
        stmt.bind_text(3, d.kind);
        stmt.bind_text(4, d.rule_id);
        stmt.bind_text(5, d.reason);
        stmt.bind_text(6, d.payload);
        const int rc = stmt.step();
        if (rc != SQLITE_DONE) {
            Error error = s.db.error(rc, "storing " + what);
            note_failure(error);
            return error;
        }
    }
    return std::nullopt;
}

Status EventLog::Batch::write_snapshot(int64_t seq, std::span<const uint8_t> state) {
    if (auto err = usable()) return err;
    State& s = *state_;
    const std::string what = "snapshot at seq " + std::to_string(seq);
    if (seq < 1 || seq > s.last_seq) {
        return Error{ErrorCode::INVALID_ARGUMENT,
                     what + ": no such event (the log ends at " + std::to_string(s.last_seq) + ")"};
    }
    Hash event_hash{};
    {
        StatementReset reset(s.select_event_hash);
        s.select_event_hash.bind_int64(1, seq);
        const int rc = s.select_event_hash.step();
        if (rc != SQLITE_ROW) {
            if (rc == SQLITE_DONE) {
                return Error{ErrorCode::CORRUPT,
                             what + ": event " + std::to_string(seq) + " is missing from the log"};
            }
            Error error = s.db.error(rc, what);
            note_failure(error);
            return error;
        }
        const auto blob = s.select_event_hash.column_blob(0);
        if (blob.size() != HASH_SIZE) {
            return Error{ErrorCode::CORRUPT, what + ": event hash has the wrong size"};
        }
        std::memcpy(event_hash.data(), blob.data(), HASH_SIZE);
    }
    const Hash state_hash = s.sha.digest(state);
    Statement& stmt = s.insert_snapshot;
    StatementReset reset(stmt);
    stmt.bind_int64(1, seq);
    stmt.bind_blob(2, event_hash);
    stmt.bind_blob(3, state);
    stmt.bind_blob(4, state_hash);
    const int rc = stmt.step();
    if (rc != SQLITE_DONE) {
        Error error = s.db.error(rc, "storing " + what);
        note_failure(error);
        return error;
    }
    return std::nullopt;
}

Status EventLog::Batch::commit() {
    if (auto err = usable()) {
        rollback();
        return err;
    }
    State& s = *state_;
    int rc;
    {
        StatementReset reset(s.commit);
        rc = s.commit.step();
    }
    if (rc != SQLITE_DONE) {
        Error error =
            s.db.error(rc, "committing " + std::to_string(s.last_seq - start_seq_) + " events");
        rollback();
        return error;
    }
    s.batch_open = false;
    state_ = nullptr;
    return std::nullopt;
}

void EventLog::Batch::rollback() {
    if (state_ == nullptr) return;
    State& s = *state_;
    if (sqlite3_get_autocommit(s.db.get()) == 0) {
        StatementReset reset(s.rollback);
        // Nothing useful to do if ROLLBACK itself fails: SQLite then rolls back when the
        // connection closes or the hot journal is next read.
        (void)s.rollback.step();
    }
    s.last_seq = start_seq_;
    s.last_hash = start_hash_;
    s.batch_open = false;
    state_ = nullptr;
}

}  // namespace venue::store
