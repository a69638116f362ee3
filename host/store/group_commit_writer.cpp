#include "store/group_commit_writer.h"

#include <algorithm>
#include <type_traits>
#include <utility>

namespace venue::store {

namespace {

Error closed_error() {
    return Error{ErrorCode::CLOSED, "the group-commit writer has stopped"};
}

template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace

GroupCommitWriter::GroupCommitWriter(EventLog& log, Options options)
    : log_(log), options_(options), thread_([this] { run(); }) {}

GroupCommitWriter::~GroupCommitWriter() {
    stop();
}

std::future<Result<Appended>> GroupCommitWriter::append(NewEvent event) {
    std::promise<Result<Appended>> promise;
    auto future = promise.get_future();
    submit(Job{std::move(event), std::move(promise)});
    return future;
}

void GroupCommitWriter::append(NewEvent event, AppendCallback done) {
    submit(Job{std::move(event), std::move(done)});
}

std::future<Status> GroupCommitWriter::add_decisions(std::vector<DecisionRecord> decisions) {
    std::promise<Status> promise;
    auto future = promise.get_future();
    submit(Job{std::move(decisions), std::move(promise)});
    return future;
}

void GroupCommitWriter::add_decisions(std::vector<DecisionRecord> decisions, DoneCallback done) {
    submit(Job{std::move(decisions), std::move(done)});
}

std::future<Status> GroupCommitWriter::write_snapshot(int64_t seq, std::vector<uint8_t> state) {
    std::promise<Status> promise;
    auto future = promise.get_future();
    submit(Job{SnapshotJob{seq, std::move(state)}, std::move(promise)});
    return future;
}

void GroupCommitWriter::submit(Job job) {
    std::unique_lock lock(mutex_);
    space_ready_.wait(lock, [&] { return stopping_ || queue_.size() < options_.max_queue; });
    if (stopping_) {
        lock.unlock();
        const bool is_append = std::holds_alternative<NewEvent>(job.work);
        answer(job, is_append ? Outcome(Result<Appended>(closed_error()))
                              : Outcome(Status(closed_error())));
        return;
    }
    queue_.push_back(std::move(job));
    lock.unlock();
    work_ready_.notify_one();
}

void GroupCommitWriter::stop() {
    {
        std::lock_guard lock(mutex_);
        if (stopping_ && !thread_.joinable()) return;
        stopping_ = true;
    }
    work_ready_.notify_one();
    space_ready_.notify_all();
    if (thread_.joinable()) thread_.join();
}

GroupCommitWriter::Stats GroupCommitWriter::stats() const {
    std::lock_guard lock(mutex_);
    return stats_;
}

void GroupCommitWriter::run() {
    std::vector<Job> jobs;
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            work_ready_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) return;  // stopping, and everything queued has been served
            // Everything waiting now, up to max_batch: the batch closes when the queue is empty.
            const size_t n = std::min(queue_.size(), options_.max_batch);
            jobs.clear();
            for (size_t i = 0; i < n; ++i) {
                jobs.push_back(std::move(queue_.front()));
                queue_.pop_front();
            }
        }
        space_ready_.notify_all();
        write_batch(jobs);
    }
}

void GroupCommitWriter::write_batch(std::vector<Job>& jobs) {
    std::vector<Outcome> outcomes;
    outcomes.reserve(jobs.size());
    uint64_t events = 0;
    Status failed;  // set when the transaction as a whole did not commit

    auto batch = log_.begin_batch();
    if (!batch) {
        failed = batch.error();
    } else {
        for (Job& job : jobs) {
            outcomes.push_back(std::visit(
                Overloaded{
                    [&](const NewEvent& event) -> Outcome { return batch->append(event); },
                    [&](const std::vector<DecisionRecord>& d) -> Outcome {
                        return batch->add_decisions(d);
                    },
                    [&](const SnapshotJob& s) -> Outcome {
                        return batch->write_snapshot(s.seq, s.state);
                    },
                },
                job.work));
        }
        failed = batch->commit();
    }

    for (size_t i = 0; i < jobs.size(); ++i) {
        if (i == outcomes.size()) {  // begin_batch failed: nothing was tried
            const bool is_append = std::holds_alternative<NewEvent>(jobs[i].work);
            outcomes.push_back(is_append ? Outcome(Result<Appended>(*failed))
                                         : Outcome(Status(*failed)));
        }
        Outcome& outcome = outcomes[i];
        // A job that succeeded inside a transaction that then failed is not durable either.
        if (failed) {
            if (auto* r = std::get_if<Result<Appended>>(&outcome); r != nullptr && r->ok()) {
                *r = *failed;
            } else if (auto* s = std::get_if<Status>(&outcome); s != nullptr && !*s) {
                *s = failed;
            }
        }
        if (auto* r = std::get_if<Result<Appended>>(&outcome); r != nullptr && r->ok()) ++events;
    }
    // Stats first, so that whoever is woken by an answer sees them include this batch.
    {
        std::lock_guard lock(mutex_);
        ++stats_.batches;
        stats_.events += events;
        stats_.max_batch = std::max<uint64_t>(stats_.max_batch, jobs.size());
    }
    for (size_t i = 0; i < jobs.size(); ++i) answer(jobs[i], std::move(outcomes[i]));
}

void GroupCommitWriter::answer(Job& job, Outcome outcome) {
    std::visit(
        Overloaded{
            [&](std::promise<Result<Appended>>& p) {
                p.set_value(std::get<Result<Appended>>(std::move(outcome)));
            },
            [&](AppendCallback& cb) { cb(std::get<Result<Appended>>(std::move(outcome))); },
            [&](std::promise<Status>& p) { p.set_value(std::get<Status>(std::move(outcome))); },
            [&](DoneCallback& cb) { cb(std::get<Status>(std::move(outcome))); },
        },
        job.reply);
}

}  // namespace venue::store
