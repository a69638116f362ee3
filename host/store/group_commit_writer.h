// Group commit: one writer thread turns a stream of appends into few transactions.
//
// Producers hand events to the writer and get an answer once the event is durable. The writer
// takes everything queued (up to max_batch jobs), writes it in one transaction and commits with a
// single fsync, then answers each job. While that fsync runs, new events queue up and form the next
// batch, so under a burst one fsync covers many events, and when idle a lone event is committed at
// once (a batch closes when the queue is empty, never on a timer).
//
//   producer ──append()──▶ [queue] ──▶ writer thread: BEGIN; insert ×n; COMMIT (fsync) ──▶ answers
//
// Answers come in submission order: seq numbers follow the order in which append() was called.
// Callbacks run on the writer thread after the commit; they must be quick and must not call back
// into this writer with a blocking wait.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <future>
#include <mutex>
#include <thread>
#include <variant>
#include <vector>

#include "store/event_log.h"

namespace venue::store {

class GroupCommitWriter {
  public:
    struct Options {
        size_t max_batch = 1024;   // jobs per transaction at most
        size_t max_queue = 65536;  // append() blocks while this many jobs wait (back-pressure)
    };

    struct Stats {
        uint64_t batches = 0;    // transactions committed or attempted
        uint64_t events = 0;     // events made durable
        uint64_t max_batch = 0;  // most jobs in one transaction
    };

    using AppendCallback = std::function<void(Result<Appended>)>;
    using DoneCallback = std::function<void(Status)>;

    // Takes `log` over until stop(): the caller must not use it meanwhile.
    explicit GroupCommitWriter(EventLog& log) : GroupCommitWriter(log, Options{}) {}
    GroupCommitWriter(EventLog& log, Options options);
    GroupCommitWriter(const GroupCommitWriter&) = delete;
    GroupCommitWriter& operator=(const GroupCommitWriter&) = delete;
    ~GroupCommitWriter();

    // Ready when the event is durable (or failed to be).
    std::future<Result<Appended>> append(NewEvent event);
    // Calls `done` on the writer thread when the event is durable (or failed to be).
    void append(NewEvent event, AppendCallback done);

    std::future<Status> add_decisions(std::vector<DecisionRecord> decisions);
    void add_decisions(std::vector<DecisionRecord> decisions, DoneCallback done);
    std::future<Status> write_snapshot(int64_t seq, std::vector<uint8_t> state);

    // Serves every job already queued, then ends the thread. Jobs submitted afterwards fail with
    // CLOSED. Called by the destructor.
    void stop();

    Stats stats() const;

  private:
    struct SnapshotJob {
        int64_t seq;
        std::vector<uint8_t> state;
    };
    using Work = std::variant<NewEvent, std::vector<DecisionRecord>, SnapshotJob>;
    using Reply = std::variant<std::promise<Result<Appended>>, AppendCallback, std::promise<Status>,
                               DoneCallback>;
    struct Job {
        Work work;
        Reply reply;
    };
    // What happened to one job, until the batch's fate is known.
    using Outcome = std::variant<Result<Appended>, Status>;

    void submit(Job job);
    void run();
    void write_batch(std::vector<Job>& jobs);
    static void answer(Job& job, Outcome outcome);

    EventLog& log_;
    const Options options_;

    mutable std::mutex mutex_;
    std::condition_variable work_ready_;
    std::condition_variable space_ready_;
    std::deque<Job> queue_;
    bool stopping_ = false;
    Stats stats_;

    std::thread thread_;  // last: starts after everything above is initialised
};

}  // namespace venue::store
