// EventLog basics: append and read back across reopen, the file's mode, append-only rules,
// decisions, argument errors, and clear errors for files that are not Venue logs.
#include <sys/stat.h>

#include <fstream>

#include "store_test_util.h"

namespace venue::store {
namespace {

using testing::expect_matches;
using testing::make_event;
using testing::open_ok;
using testing::raw_sql;
using testing::TempDir;

TEST(EventLog, AppendReopenRoundTrip) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    Hash head{};
    {
        EventLog log = open_ok(path);
        EXPECT_EQ(log.last_seq(), 0);
        EXPECT_EQ(log.last_hash(), GENESIS_HASH);
        for (int i = 1; i <= 10; ++i) {
            auto appended = log.append(make_event(i));
            ASSERT_TRUE(appended) << appended.error().to_string();
            EXPECT_EQ(appended->seq, i);
        }
        std::vector<NewEvent> more;
        for (int i = 11; i <= 20; ++i) more.push_back(make_event(i));
        auto batch = log.append_batch(more);
        ASSERT_TRUE(batch) << batch.error().to_string();
        ASSERT_EQ(batch->size(), 10u);
        EXPECT_EQ(batch->back().seq, 20);
        head = log.last_hash();
    }
    EventLog log = open_ok(path);
    EXPECT_EQ(log.last_seq(), 20);
    EXPECT_EQ(log.last_hash(), head);
    std::vector<EventRecord> seen;
    auto visited = log.for_each_event(1, [&](const EventRecord& r) {
        seen.push_back(r);
        return true;
    });
    ASSERT_TRUE(visited);
    ASSERT_EQ(*visited, 20);
    for (int i = 1; i <= 20; ++i) {
        const EventRecord& r = seen[static_cast<size_t>(i - 1)];
        EXPECT_EQ(r.seq, i);
        expect_matches(make_event(i), r);
        EXPECT_EQ(r.prev_hash, i == 1 ? GENESIS_HASH : seen[static_cast<size_t>(i - 2)].hash);
    }
    // Appending after reopen continues the same chain.
    auto next = log.append(make_event(21));
    ASSERT_TRUE(next);
    EXPECT_EQ(next->seq, 21);
    auto r21 = log.event(21);
    ASSERT_TRUE(r21 && r21->has_value());
    EXPECT_EQ((*r21)->prev_hash, head);
    auto report = log.verify();
    ASSERT_TRUE(report);
    EXPECT_TRUE(report->ok());
    EXPECT_EQ(report->events_checked, 21);
}

TEST(EventLog, ReadsFromASeqAndStopsEarly) {
    TempDir dir;
    EventLog log = open_ok(dir.file("log.sqlite"));
    for (int i = 1; i <= 50; ++i) ASSERT_TRUE(log.append(make_event(i)));
    std::vector<int64_t> seqs;
    auto visited = log.for_each_event(40, [&](const EventRecord& r) {
        seqs.push_back(r.seq);
        return r.seq < 45;
    });
    ASSERT_TRUE(visited);
    EXPECT_EQ(*visited, 6);
    EXPECT_EQ(seqs, (std::vector<int64_t>{40, 41, 42, 43, 44, 45}));
    auto missing = log.event(51);
    ASSERT_TRUE(missing);
    EXPECT_FALSE(missing->has_value());
}

TEST(EventLog, FileAndSidecarsAreMode0600EvenWithPermissiveUmask) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    const mode_t old_umask = ::umask(0);
    {
        EventLog log = open_ok(path);
        ASSERT_TRUE(log.append(make_event(1)));
        for (const std::string suffix : {"", "-wal", "-shm"}) {
            struct stat st {};
            ASSERT_EQ(::stat((path + suffix).c_str(), &st), 0) << suffix;
            EXPECT_EQ(st.st_mode & 0777, 0600u) << "file " << path + suffix;
        }
    }
    ::umask(old_umask);
}

TEST(EventLog, JournalIsWalAndCommitsAreFullySynchronous) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    EventLog log = open_ok(path);
    // The journal mode is stored in the file header (bytes 18 and 19 are 2 for WAL).
    std::ifstream file(path, std::ios::binary);
    char header[20] = {};
    file.read(header, sizeof header);
    EXPECT_EQ(header[18], 2);
    EXPECT_EQ(header[19], 2);
}

TEST(EventLog, EventsAndDecisionsAreAppendOnly) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    {
        EventLog log = open_ok(path);
        ASSERT_TRUE(log.append(make_event(1)));
        ASSERT_FALSE(log.add_decisions(std::vector<DecisionRecord>{
            {1, 0, "warning", "FIDE 11.3", "phone rang", R"({"player":"A1"})"}}));
    }
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    for (const char* sql :
         {"UPDATE events SET payload = '{}' WHERE seq = 1", "DELETE FROM events WHERE seq = 1",
          "DELETE FROM decisions", "UPDATE decisions SET reason = 'x'"}) {
        char* message = nullptr;
        EXPECT_NE(sqlite3_exec(db, sql, nullptr, nullptr, &message), SQLITE_OK) << sql;
        EXPECT_NE(std::string(message ? message : "").find("append-only"), std::string::npos);
        sqlite3_free(message);
    }
    sqlite3_close(db);
}

TEST(EventLog, DecisionsRoundTripInOrder) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    const std::vector<DecisionRecord> decisions{
        {2, 0, "move_refused", "FIDE 7.5.1", "illegal move e1e3", R"({"move":"e1e3"})"},
        {2, 1, "time_added", "FIDE 7.5.5", "opponent +2 min", R"({"ms":120000})"},
    };
    {
        EventLog log = open_ok(path);
        ASSERT_TRUE(log.append(make_event(1)));
        ASSERT_TRUE(log.append(make_event(2)));
        const Status err = log.add_decisions(decisions);
        ASSERT_FALSE(err) << err->to_string();
    }
    EventLog log = open_ok(path);
    auto got = log.decisions_for(2);
    ASSERT_TRUE(got);
    EXPECT_EQ(*got, decisions);
    auto none = log.decisions_for(1);
    ASSERT_TRUE(none);
    EXPECT_TRUE(none->empty());
}

TEST(EventLog, BadArgumentsAreErrorsNamingWhatIsWrong) {
    TempDir dir;
    EventLog log = open_ok(dir.file("log.sqlite"));
    NewEvent no_source = make_event(1);
    no_source.source.clear();
    auto r1 = log.append(no_source);
    ASSERT_FALSE(r1);
    EXPECT_EQ(r1.error().code, ErrorCode::INVALID_ARGUMENT);

    NewEvent bad_json = make_event(1);
    bad_json.payload = "{not json";
    auto r2 = log.append(bad_json);
    ASSERT_FALSE(r2);
    EXPECT_EQ(r2.error().code, ErrorCode::SQLITE);
    EXPECT_NE(r2.error().message.find("json_valid"), std::string::npos) << r2.error().message;
    EXPECT_NE(r2.error().message.find("event 1"), std::string::npos) << r2.error().message;
    // A failed append takes no seq and leaves the chain head where it was.
    EXPECT_EQ(log.last_seq(), 0);
    EXPECT_EQ(log.last_hash(), GENESIS_HASH);

    const Status r3 =
        log.add_decisions(std::vector<DecisionRecord>{{7, 0, "warning", "", "", "{}"}});
    ASSERT_TRUE(r3);
    EXPECT_EQ(r3->code, ErrorCode::INVALID_ARGUMENT);
    EXPECT_NE(r3->message.find("event 7"), std::string::npos) << r3->message;

    auto batch = log.begin_batch();
    ASSERT_TRUE(batch);
    auto second = log.begin_batch();
    ASSERT_FALSE(second);
    EXPECT_EQ(second.error().code, ErrorCode::INVALID_ARGUMENT);
}

TEST(EventLog, RolledBackBatchLeavesNoTrace) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    EventLog log = open_ok(path);
    ASSERT_TRUE(log.append(make_event(1)));
    const Hash head = log.last_hash();
    {
        auto batch = log.begin_batch();
        ASSERT_TRUE(batch);
        ASSERT_TRUE(batch->append(make_event(2)));
        ASSERT_TRUE(batch->append(make_event(3)));
        EXPECT_EQ(log.last_seq(), 3);
    }  // destroyed without commit
    EXPECT_EQ(log.last_seq(), 1);
    EXPECT_EQ(log.last_hash(), head);
    auto next = log.append(make_event(2));
    ASSERT_TRUE(next);
    EXPECT_EQ(next->seq, 2);
    auto report = log.verify();
    ASSERT_TRUE(report);
    EXPECT_TRUE(report->ok());
}

TEST(EventLog, TextFileIsNotAVenueLog) {
    TempDir dir;
    const std::string path = dir.file("notes.txt");
    std::ofstream(path) << std::string(4096, 'x')
                        << "\nthese are not the events you are looking for\n";
    auto log = EventLog::open(path);
    ASSERT_FALSE(log);
    EXPECT_EQ(log.error().code, ErrorCode::NOT_A_VENUE_LOG);
    EXPECT_NE(log.error().message.find("is not a Venue log"), std::string::npos);
    EXPECT_NE(log.error().message.find("file is not a database"), std::string::npos)
        << log.error().message;
}

TEST(EventLog, ForeignSqliteDatabaseIsNotAVenueLog) {
    TempDir dir;
    const std::string other = dir.file("other.sqlite");
    raw_sql(other, "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)");
    auto log = EventLog::open(other);
    ASSERT_FALSE(log);
    EXPECT_EQ(log.error().code, ErrorCode::NOT_A_VENUE_LOG);
    EXPECT_NE(log.error().message.find("something else"), std::string::npos) << log.error().message;

    const std::string tagged = dir.file("tagged.sqlite");
    raw_sql(tagged, "PRAGMA application_id = 1234");
    auto log2 = EventLog::open(tagged);
    ASSERT_FALSE(log2);
    EXPECT_EQ(log2.error().code, ErrorCode::NOT_A_VENUE_LOG);
    EXPECT_NE(log2.error().message.find("application_id 1234"), std::string::npos)
        << log2.error().message;
}

TEST(EventLog, ReadOnlyOpenNeedsAnExistingLog) {
    TempDir dir;
    OpenOptions read_only;
    read_only.read_only = true;
    auto missing = EventLog::open(dir.file("missing.sqlite"), read_only);
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().code, ErrorCode::IO);
    EXPECT_NE(missing.error().message.find("missing.sqlite"), std::string::npos);

    const std::string empty = dir.file("empty.sqlite");
    std::ofstream{empty};
    auto empty_log = EventLog::open(empty, read_only);
    ASSERT_FALSE(empty_log);
    EXPECT_EQ(empty_log.error().code, ErrorCode::NOT_A_VENUE_LOG);

    const std::string path = dir.file("log.sqlite");
    {
        EventLog log = open_ok(path);
        ASSERT_TRUE(log.append(make_event(1)));
    }
    EventLog log = open_ok(path, read_only);
    EXPECT_EQ(log.last_seq(), 1);
    auto refused = log.append(make_event(2));
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().code, ErrorCode::INVALID_ARGUMENT);
}

}  // namespace
}  // namespace venue::store
