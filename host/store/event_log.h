// The durable, append-only, hash-chained event log (one SQLite file in WAL mode).
//
// Every event is appended, and committed with synchronous=FULL, before anything decided from it is
// acted on. The log assigns seq 1, 2, 3 ... and chains each event to the one before by SHA-256
// (event_hash.h). Decisions and snapshots ride along in the same transactions.
//
//   open() ──▶ create file 0600 ─▶ WAL, synchronous=FULL ─▶ migrations ─▶ checks ─▶ ready
//
// Threading: an EventLog is used by one thread at a time. GroupCommitWriter takes it over while it
// runs; do not touch the log yourself until the writer has stopped. Other processes may read the
// file at the same time (WAL); only one may write: a second writer's appends fail on the seq key
// rather than fork the chain.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "store/chain_verify.h"
#include "store/event_record.h"
#include "store/result.h"

namespace venue::store {

enum class IntegrityCheck : uint8_t {
    NONE,
    QUICK,  // PRAGMA quick_check: page and record structure, O(file size)
    FULL,   // PRAGMA integrity_check: also index contents, slower
};

enum class ChainCheck : uint8_t {
    NONE,
    FROM_LATEST_SNAPSHOT,  // walk from the newest snapshot's event (full walk when there is none)
    FULL,                  // walk every event from seq 1
};

struct OpenOptions {
    bool read_only = false;  // for `venue verify`/`replay`: no file creation, no migration
    IntegrityCheck integrity = IntegrityCheck::QUICK;
    ChainCheck chain = ChainCheck::FROM_LATEST_SNAPSHOT;
    int busy_timeout_ms = 5000;  // wait this long for another process's lock
};

// Returned by each append: what the event became.
struct Appended {
    int64_t seq = 0;
    Hash hash{};
};

class EventLog {
  public:
    class Batch;
    struct State;  // connection, cached statements, chain head (event_log_state.h)

    // Opens the log at `path`, creating it (mode 0600) and its schema when it does not exist, then
    // runs the checks in `options`. Fails with NOT_A_VENUE_LOG for a file that is not a database or
    // belongs to something else, SCHEMA for a log from a newer build, CORRUPT when a check fails.
    static Result<EventLog> open(const std::string& path, const OpenOptions& options = {});

    EventLog(EventLog&&) noexcept;
    EventLog& operator=(EventLog&&) noexcept;
    ~EventLog();

    const std::string& path() const;
    int schema_version() const;
    // The chain head: seq and hash of the newest event (0 and GENESIS_HASH when empty).
    int64_t last_seq() const;
    const Hash& last_hash() const;

    // --- writes: each call is one transaction, durable when it returns ---------------------

    Result<Appended> append(const NewEvent& event);
    Result<std::vector<Appended>> append_batch(std::span<const NewEvent> events);
    // Decisions of events already in the log (event_seq <= last_seq()).
    Status add_decisions(std::span<const DecisionRecord> decisions);
    // Stores `state` as the engine state after event `seq` (an event in the log).
    Status write_snapshot(int64_t seq, std::span<const uint8_t> state);

    // Several writes in one transaction, committed with one fsync. One batch at a time.
    Result<Batch> begin_batch();

    // --- reads -------------------------------------------------------------------------------

    // Newest snapshot, after checking its state against its hash (CORRUPT if they differ).
    Result<std::optional<Snapshot>> latest_snapshot();

    // Calls `visit` for each event with seq >= from_seq, in order, one row in memory at a time.
    // `visit` returns false to stop early. Returns the number of events visited. The record
    // passed is reused between calls: copy what you keep.
    using EventVisitor = std::function<bool(const EventRecord&)>;
    Result<int64_t> for_each_event(int64_t from_seq, const EventVisitor& visit);

    Result<std::optional<EventRecord>> event(int64_t seq);
    Result<std::vector<DecisionRecord>> decisions_for(int64_t event_seq);

    // --- checks ------------------------------------------------------------------------------

    // CORRUPT with SQLite's findings when the check reports anything but "ok".
    Status check_integrity(IntegrityCheck level);
    // Walks the whole chain from seq 1.
    Result<VerifyReport> verify();
    // Walks from event `seq`, which must still have hash `anchor` (a snapshot's event_hash).
    Result<VerifyReport> verify_from(int64_t seq, const Hash& anchor);
    // verify_from(latest snapshot), or verify() when there is no snapshot.
    Result<VerifyReport> verify_from_latest_snapshot();

  private:
    explicit EventLog(std::unique_ptr<State> state);
    Status run_open_checks(const OpenOptions& options);
    std::unique_ptr<State> state_;
};

// Writes in one transaction. Destroying a batch that was not committed rolls it back. When any
// write fails the batch is still usable for the others unless SQLite itself abandoned the
// transaction (I/O error, disk full): then every later write and commit() fail too. On rollback
// the log's chain head goes back to where the batch started. A batch must not outlive its log.
class EventLog::Batch {
  public:
    Batch(Batch&& other) noexcept;
    Batch& operator=(Batch&&) = delete;
    Batch(const Batch&) = delete;
    ~Batch();

    Result<Appended> append(const NewEvent& event);
    Status add_decisions(std::span<const DecisionRecord> decisions);
    Status write_snapshot(int64_t seq, std::span<const uint8_t> state);

    // Commits (one fsync of the WAL under synchronous=FULL). On failure nothing of the batch is
    // kept.
    Status commit();
    void rollback();

  private:
    friend class EventLog;
    explicit Batch(State* state);
    Status usable() const;
    void note_failure(const Error& error);

    State* state_;  // null once committed, rolled back or moved from
    int64_t start_seq_;
    Hash start_hash_;
    std::optional<Error> lost_;  // set when SQLite rolled the transaction back on its own
};

}  // namespace venue::store
