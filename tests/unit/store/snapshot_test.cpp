// Snapshots: round trip, newest wins, refused for unknown events, anchor the tail check, and a
// damaged state is reported rather than handed to the engine.
#include "store_test_util.h"

namespace venue::store {
namespace {

using testing::make_event;
using testing::open_ok;
using testing::raw_sql;
using testing::TempDir;

std::vector<uint8_t> state_of(int64_t seq) {
    std::vector<uint8_t> state(300 + static_cast<size_t>(seq));
    for (size_t i = 0; i < state.size(); ++i) state[i] = static_cast<uint8_t>(i * 7 + seq);
    return state;
}

void fill(EventLog& log, int from, int to) {
    for (int i = from; i <= to; ++i) ASSERT_TRUE(log.append(make_event(i)));
}

TEST(Snapshot, RoundTripAndNewestWins) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    {
        EventLog log = open_ok(path);
        auto none = log.latest_snapshot();
        ASSERT_TRUE(none);
        EXPECT_FALSE(none->has_value());
        fill(log, 1, 30);
        ASSERT_FALSE(log.write_snapshot(10, state_of(10)));
        ASSERT_FALSE(log.write_snapshot(20, state_of(20)));
    }
    EventLog log = open_ok(path);
    auto snap = log.latest_snapshot();
    ASSERT_TRUE(snap) << snap.error().to_string();
    ASSERT_TRUE(snap->has_value());
    EXPECT_EQ((*snap)->seq, 20);
    EXPECT_EQ((*snap)->state, state_of(20));
    auto event20 = log.event(20);
    ASSERT_TRUE(event20 && event20->has_value());
    EXPECT_EQ((*snap)->event_hash, (*event20)->hash);

    // Recovery: the snapshot, then only the events after it.
    int64_t replayed = 0;
    auto visited = log.for_each_event((*snap)->seq + 1, [&](const EventRecord& r) {
        EXPECT_EQ(r.seq, 21 + replayed);
        ++replayed;
        return true;
    });
    ASSERT_TRUE(visited);
    EXPECT_EQ(replayed, 10);
}

TEST(Snapshot, OnlyOfEventsInTheLog) {
    TempDir dir;
    EventLog log = open_ok(dir.file("log.sqlite"));
    fill(log, 1, 5);
    for (int64_t bad : {0, 6, -1}) {
        const Status err = log.write_snapshot(bad, state_of(1));
        ASSERT_TRUE(err);
        EXPECT_EQ(err->code, ErrorCode::INVALID_ARGUMENT);
        EXPECT_NE(err->message.find("seq " + std::to_string(bad)), std::string::npos);
    }
    ASSERT_FALSE(log.write_snapshot(5, state_of(5)));
    const Status twice = log.write_snapshot(5, state_of(5));
    ASSERT_TRUE(twice);
    EXPECT_EQ(twice->code, ErrorCode::SQLITE);
}

TEST(Snapshot, EmptyStateIsAllowed) {
    TempDir dir;
    EventLog log = open_ok(dir.file("log.sqlite"));
    fill(log, 1, 1);
    ASSERT_FALSE(log.write_snapshot(1, {}));
    auto snap = log.latest_snapshot();
    ASSERT_TRUE(snap && snap->has_value());
    EXPECT_TRUE((*snap)->state.empty());
}

TEST(Snapshot, TailCheckStartsAtTheSnapshot) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    {
        EventLog log = open_ok(path);
        fill(log, 1, 100);
        ASSERT_FALSE(log.write_snapshot(80, state_of(80)));
    }
    // Damage before the snapshot: the tail check (the default at open) does not read it, the full
    // walk does.
    raw_sql(path, "DROP TRIGGER events_no_update; UPDATE events SET kind = 'x' WHERE seq = 50;");
    EventLog log = open_ok(path);
    auto tail = log.verify_from_latest_snapshot();
    ASSERT_TRUE(tail);
    EXPECT_TRUE(tail->ok());
    EXPECT_EQ(tail->first_seq, 80);
    EXPECT_EQ(tail->events_checked, 21);
    auto full = log.verify();
    ASSERT_TRUE(full);
    ASSERT_FALSE(full->ok());
    EXPECT_EQ(full->first_break->seq, 50);

    OpenOptions full_check;
    full_check.chain = ChainCheck::FULL;
    auto refused = EventLog::open(path, full_check);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().code, ErrorCode::CORRUPT);
}

TEST(Snapshot, EditedSnapshotEventIsReported) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    {
        EventLog log = open_ok(path);
        fill(log, 1, 20);
        ASSERT_FALSE(log.write_snapshot(15, state_of(15)));
    }
    // Event 15 rewritten with a hash that matches its new fields: only the snapshot's record of
    // the old hash shows it.
    raw_sql(path,
            "DROP TRIGGER events_no_update;"
            "UPDATE events SET hash = (SELECT hash FROM events WHERE seq = 3) WHERE seq = 15;");
    OpenOptions no_check;
    no_check.chain = ChainCheck::NONE;
    EventLog log = open_ok(path, no_check);
    auto tail = log.verify_from_latest_snapshot();
    ASSERT_TRUE(tail);
    ASSERT_FALSE(tail->ok());
    EXPECT_EQ(tail->first_break->seq, 15);
}

TEST(Snapshot, DamagedStateIsAnError) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    {
        EventLog log = open_ok(path);
        fill(log, 1, 3);
        ASSERT_FALSE(log.write_snapshot(3, state_of(3)));
    }
    raw_sql(path, "UPDATE snapshots SET state = zeroblob(10) WHERE seq = 3");
    OpenOptions no_check;
    no_check.chain = ChainCheck::NONE;
    EventLog log = open_ok(path, no_check);
    auto snap = log.latest_snapshot();
    ASSERT_FALSE(snap);
    EXPECT_EQ(snap.error().code, ErrorCode::CORRUPT);
    EXPECT_NE(snap.error().message.find("seq 3"), std::string::npos);
}

}  // namespace
}  // namespace venue::store
