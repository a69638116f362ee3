// GroupCommitWriter: order, durability across reopen, real grouping under a burst, per-job
// errors that spare the neighbours, and shutdown.
#include <atomic>

#include "store/group_commit_writer.h"
#include "store_test_util.h"

namespace venue::store {
namespace {

using testing::expect_matches;
using testing::make_event;
using testing::open_ok;
using testing::TempDir;

TEST(GroupCommit, BurstKeepsOrderAndIsDurable) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    constexpr int N = 20'000;
    GroupCommitWriter::Stats stats;
    {
        EventLog log = open_ok(path);
        GroupCommitWriter writer(log);
        std::vector<std::future<Result<Appended>>> futures;
        futures.reserve(N);
        for (int i = 1; i <= N; ++i) futures.push_back(writer.append(make_event(i)));
        for (int i = 1; i <= N; ++i) {
            Result<Appended> r = futures[static_cast<size_t>(i - 1)].get();
            ASSERT_TRUE(r) << r.error().to_string();
            EXPECT_EQ(r->seq, i);
        }
        stats = writer.stats();
        writer.stop();
        EXPECT_EQ(log.last_seq(), N);
    }
    EXPECT_EQ(stats.events, static_cast<uint64_t>(N));
    // Grouping happened: far fewer transactions than events.
    EXPECT_GT(stats.max_batch, 1u);
    EXPECT_LT(stats.batches, static_cast<uint64_t>(N) / 4);

    OpenOptions full;
    full.chain = ChainCheck::FULL;
    full.integrity = IntegrityCheck::FULL;
    EventLog log = open_ok(path, full);
    ASSERT_EQ(log.last_seq(), N);
    int64_t expected = 1;
    auto visited = log.for_each_event(1, [&](const EventRecord& r) {
        EXPECT_EQ(r.seq, expected);
        expect_matches(make_event(expected), r);
        ++expected;
        return true;
    });
    ASSERT_TRUE(visited);
    EXPECT_EQ(*visited, N);
}

TEST(GroupCommit, CallbacksAnswerInSubmissionOrder) {
    TempDir dir;
    EventLog log = open_ok(dir.file("log.sqlite"));
    std::vector<int64_t> answered;  // only the writer thread appends, until stop()
    {
        GroupCommitWriter writer(log, GroupCommitWriter::Options{16, 64});
        for (int i = 1; i <= 1000; ++i) {
            writer.append(make_event(i), [&](Result<Appended> r) {
                ASSERT_TRUE(r);
                answered.push_back(r->seq);
            });
        }
    }  // the destructor serves everything queued
    ASSERT_EQ(answered.size(), 1000u);
    for (size_t i = 0; i < answered.size(); ++i)
        EXPECT_EQ(answered[i], static_cast<int64_t>(i + 1));
    EXPECT_EQ(log.last_seq(), 1000);
}

TEST(GroupCommit, BadJobFailsAloneAndTakesNoSeq) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    {
        EventLog log = open_ok(path);
        GroupCommitWriter writer(log);
        auto a = writer.append(make_event(1));
        NewEvent bad = make_event(2);
        bad.payload = "not json";
        auto b = writer.append(bad);
        auto c = writer.append(make_event(3));
        auto d = writer.add_decisions({{99, 0, "warning", "", "", "{}"}});
        auto e = writer.add_decisions({{1, 0, "warning", "FIDE 11.3", "phone", "{}"}});
        auto s = writer.write_snapshot(2, {1, 2, 3});
        auto ra = a.get();
        auto rb = b.get();
        auto rc = c.get();
        ASSERT_TRUE(ra);
        ASSERT_FALSE(rb);
        EXPECT_NE(rb.error().message.find("json_valid"), std::string::npos);
        ASSERT_TRUE(rc);
        EXPECT_EQ(ra->seq, 1);
        EXPECT_EQ(rc->seq, 2);  // the failed event took no seq
        const Status rd = d.get();
        ASSERT_TRUE(rd);
        EXPECT_EQ(rd->code, ErrorCode::INVALID_ARGUMENT);
        EXPECT_FALSE(e.get());
        EXPECT_FALSE(s.get());
    }
    EventLog log = open_ok(path);
    EXPECT_EQ(log.last_seq(), 2);
    auto decisions = log.decisions_for(1);
    ASSERT_TRUE(decisions);
    ASSERT_EQ(decisions->size(), 1u);
    EXPECT_EQ((*decisions)[0].rule_id, "FIDE 11.3");
    auto snap = log.latest_snapshot();
    ASSERT_TRUE(snap && snap->has_value());
    EXPECT_EQ((*snap)->seq, 2);
    EXPECT_EQ((*snap)->state, (std::vector<uint8_t>{1, 2, 3}));
}

TEST(GroupCommit, AfterStopJobsAreRefused) {
    TempDir dir;
    EventLog log = open_ok(dir.file("log.sqlite"));
    GroupCommitWriter writer(log);
    ASSERT_TRUE(writer.append(make_event(1)).get());
    writer.stop();
    auto late = writer.append(make_event(2)).get();
    ASSERT_FALSE(late);
    EXPECT_EQ(late.error().code, ErrorCode::CLOSED);
    const Status late_decision = writer.add_decisions({}).get();
    ASSERT_TRUE(late_decision);
    EXPECT_EQ(late_decision->code, ErrorCode::CLOSED);
    writer.stop();  // idempotent
    EXPECT_EQ(log.last_seq(), 1);
}

TEST(GroupCommit, BackPressureBoundsTheQueue) {
    TempDir dir;
    EventLog log = open_ok(dir.file("log.sqlite"));
    std::atomic<int> done{0};
    {
        GroupCommitWriter writer(log, GroupCommitWriter::Options{8, 8});
        for (int i = 1; i <= 500; ++i) {
            writer.append(make_event(i), [&](Result<Appended> r) {
                EXPECT_TRUE(r);
                ++done;
            });
        }
        const auto stats = writer.stats();
        EXPECT_LE(stats.max_batch, 8u);
    }
    EXPECT_EQ(done.load(), 500);
    EXPECT_EQ(log.last_seq(), 500);
}

}  // namespace
}  // namespace venue::store
