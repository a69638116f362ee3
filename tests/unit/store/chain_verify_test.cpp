// The hash chain: its exact encoding (a test vector computed independently, also given in
// docs/storage.md) and verify() naming the first bad seq for each kind of damage.
#include <fstream>
#include <iterator>

#include "store/event_hash.h"
#include "store_test_util.h"

namespace venue::store {
namespace {

using testing::make_event;
using testing::open_ok;
using testing::raw_sql;
using testing::TempDir;

std::string hex(std::span<const uint8_t> bytes) {
    static const char* const DIGITS = "0123456789abcdef";
    std::string out;
    for (uint8_t b : bytes) {
        out += DIGITS[b >> 4];
        out += DIGITS[b & 0xf];
    }
    return out;
}

// Computed with Python's hashlib from the layout in docs/storage.md, not with this code.
TEST(EventHash, MatchesTheDocumentedTestVector) {
    const EventFields first{1,       1'500'000,       1'000'000'000,
                            "hub:1", "claim_pressed", R"({"button":"white-1"})"};
    std::vector<uint8_t> bytes;
    encode_canonical(first, bytes);
    EXPECT_EQ(hex(bytes),
              "01000000000000000101000000000016e360000000003b9aca00000000056875623a310000000d636c61"
              "696d5f70726573736564000000147b22627574746f6e223a2277686974652d31227d");
    EventHasher hasher;
    const Hash h1 = hasher.hash(GENESIS_HASH, first);
    EXPECT_EQ(hex(h1), "41c25e71b9bf03852e179b4665a2ca405795daaae3d8a8e078a2e402d2da1dca");

    const EventFields second{2, std::nullopt, 1'000'500'000, "arbiter", "note", R"({"text":"ok"})"};
    EXPECT_EQ(hex(hasher.hash(h1, second)),
              "29949db01f118a28329b64247543a36b7420b82f2ea6929e6890ce6d1cd9e2ed");
}

TEST(EventHash, AbsentHubTimeDiffersFromZero) {
    EventHasher hasher;
    const EventFields absent{1, std::nullopt, 7, "s", "k", "{}"};
    const EventFields zero{1, 0, 7, "s", "k", "{}"};
    EXPECT_NE(hasher.hash(GENESIS_HASH, absent), hasher.hash(GENESIS_HASH, zero));
}

TEST(EventHash, LengthPrefixesKeepFieldBoundaries) {
    EventHasher hasher;
    const EventFields a{1, std::nullopt, 7, "ab", "c", "{}"};
    const EventFields b{1, std::nullopt, 7, "a", "bc", "{}"};
    EXPECT_NE(hasher.hash(GENESIS_HASH, a), hasher.hash(GENESIS_HASH, b));
}

// A log of `n` events at `path`, closed (so the WAL is checkpointed into the file).
void write_log(const std::string& path, int n) {
    EventLog log = open_ok(path);
    std::vector<NewEvent> events;
    for (int i = 1; i <= n; ++i) events.push_back(make_event(i));
    ASSERT_TRUE(log.append_batch(events));
}

VerifyReport verify_file(const std::string& path) {
    OpenOptions options;
    options.chain = ChainCheck::NONE;
    EventLog log = open_ok(path, options);
    auto report = log.verify();
    EXPECT_TRUE(report) << report.error().to_string();
    return report ? *report : VerifyReport{};
}

TEST(ChainVerify, IntactLogVerifies) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    write_log(path, 100);
    const VerifyReport report = verify_file(path);
    EXPECT_TRUE(report.ok()) << report.first_break->to_string();
    EXPECT_EQ(report.first_seq, 1);
    EXPECT_EQ(report.last_seq, 100);
    EXPECT_EQ(report.events_checked, 100);
}

TEST(ChainVerify, EmptyLogVerifies) {
    TempDir dir;
    EventLog log = open_ok(dir.file("log.sqlite"));
    auto report = log.verify();
    ASSERT_TRUE(report);
    EXPECT_TRUE(report->ok());
    EXPECT_EQ(report->events_checked, 0);
}

TEST(ChainVerify, PayloadEditedThroughSqlIsNamed) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    write_log(path, 100);
    raw_sql(path,
            "DROP TRIGGER events_no_update;"
            "UPDATE events SET payload = '{\"i\":37,\"tag\":\"marker-000038\"}' WHERE seq = 37;");
    const VerifyReport report = verify_file(path);
    ASSERT_FALSE(report.ok());
    EXPECT_EQ(report.first_break->seq, 37);
    EXPECT_EQ(report.first_break->problem, ChainProblem::HASH_MISMATCH);
    EXPECT_EQ(report.last_seq, 36);
}

TEST(ChainVerify, OneByteFlippedInTheFileIsNamedAndStopsOpen) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    write_log(path, 200);
    {
        std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
        const size_t at = bytes.find("marker-000123");
        ASSERT_NE(at, std::string::npos);
        ASSERT_EQ(bytes.find("marker-000123", at + 1), std::string::npos);
        file.seekp(static_cast<std::streamoff>(at + 12));  // the last digit: '3' -> '4'
        file.put('4');
    }
    const VerifyReport report = verify_file(path);
    ASSERT_FALSE(report.ok());
    EXPECT_EQ(report.first_break->seq, 123);
    EXPECT_EQ(report.first_break->problem, ChainProblem::HASH_MISMATCH);

    // The default open walks the chain (no snapshot: from seq 1) and refuses the log.
    auto log = EventLog::open(path);
    ASSERT_FALSE(log);
    EXPECT_EQ(log.error().code, ErrorCode::CORRUPT);
    EXPECT_NE(log.error().message.find("seq 123"), std::string::npos) << log.error().message;
}

TEST(ChainVerify, DeletedRowIsAGap) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    write_log(path, 50);
    raw_sql(path, "DROP TRIGGER events_no_delete; DELETE FROM events WHERE seq = 20;");
    const VerifyReport report = verify_file(path);
    ASSERT_FALSE(report.ok());
    EXPECT_EQ(report.first_break->seq, 20);
    EXPECT_EQ(report.first_break->problem, ChainProblem::SEQ_GAP);
}

TEST(ChainVerify, MissingFirstEventIsAGap) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    write_log(path, 5);
    raw_sql(path, "DROP TRIGGER events_no_delete; DELETE FROM events WHERE seq = 1;");
    const VerifyReport report = verify_file(path);
    ASSERT_FALSE(report.ok());
    EXPECT_EQ(report.first_break->seq, 1);
    EXPECT_EQ(report.first_break->problem, ChainProblem::SEQ_GAP);
}

TEST(ChainVerify, RewrittenRowWithFreshHashBreaksTheNextLink) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    write_log(path, 30);
    // Rewriting event 10 and giving it a self-consistent hash still breaks event 11's prev_hash.
    Hash prev{};
    {
        EventLog log = open_ok(path);
        auto r9 = log.event(9);
        ASSERT_TRUE(r9 && r9->has_value());
        prev = (*r9)->hash;
    }
    EventHasher hasher;
    const NewEvent forged = make_event(999);
    const Hash forged_hash =
        hasher.hash(prev, EventFields{10, forged.hub_time_us, forged.host_time_ns, forged.source,
                                      forged.kind, forged.payload});
    raw_sql(path, "DROP TRIGGER events_no_update; UPDATE events SET payload = '" + forged.payload +
                      "', hub_time_us = " +
                      (forged.hub_time_us ? std::to_string(*forged.hub_time_us) : "NULL") +
                      ", host_time_ns = " + std::to_string(forged.host_time_ns) + ", source = '" +
                      forged.source + "', kind = '" + forged.kind + "', hash = x'" +
                      hex(forged_hash) + "' WHERE seq = 10;");
    const VerifyReport report = verify_file(path);
    ASSERT_FALSE(report.ok());
    EXPECT_EQ(report.first_break->seq, 11);
    EXPECT_EQ(report.first_break->problem, ChainProblem::PREV_HASH_MISMATCH);
}

TEST(ChainVerify, CorruptPagesFailTheIntegrityCheck) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    write_log(path, 2000);
    {
        // Scribble over the middle of the file: b-tree pages, not only record bytes.
        std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
        file.seekp(8 * 4096 + 100);
        for (int i = 0; i < 2000; ++i) file.put(static_cast<char>(0xA5));
    }
    OpenOptions options;
    options.chain = ChainCheck::NONE;
    options.integrity = IntegrityCheck::FULL;
    auto log = EventLog::open(path, options);
    ASSERT_FALSE(log);
    EXPECT_EQ(log.error().code, ErrorCode::CORRUPT) << log.error().to_string();
}

}  // namespace
}  // namespace venue::store
