// Migrations: embedded in order, applied once, refused when the log is newer or was migrated
// with different text, and rolled back whole when one fails.
#include <fstream>

#include "store/migrations.h"
#include "store/sqlite_db.h"
#include "store_test_util.h"

namespace venue::store {
namespace {

using testing::make_event;
using testing::open_ok;
using testing::raw_sql;
using testing::TempDir;

Database open_db(const std::string& path) {
    std::ofstream touch(path, std::ios::app);
    auto db = Database::open(path, false);
    if (!db) ADD_FAILURE() << db.error().to_string();
    return std::move(db).value();
}

std::string schema_dump(const Database& db) {
    auto stmt = db.prepare(
        "SELECT group_concat(name || ':' || ifnull(sql, ''), '\n') FROM "
        "(SELECT name, sql FROM sqlite_schema ORDER BY name)",
        false);
    EXPECT_TRUE(stmt);
    EXPECT_EQ(stmt->step(), SQLITE_ROW);
    return std::string(stmt->column_text(0));
}

TEST(Migrations, EmbeddedInOrderFromTheSchemaFolder) {
    const auto migrations = embedded_migrations();
    ASSERT_GE(migrations.size(), 3u);
    for (size_t i = 0; i < migrations.size(); ++i) {
        EXPECT_EQ(migrations[i].version, static_cast<int>(i + 1));
        EXPECT_FALSE(migrations[i].sql.empty());
    }
    EXPECT_EQ(migrations[0].name, "0001_events.sql");
    // The embedded text is the file's text, byte for byte.
    std::ifstream file(std::string(VENUE_STORE_SCHEMA_DIR) + "/0001_events.sql", std::ios::binary);
    const std::string on_disk((std::istreambuf_iterator<char>(file)),
                              std::istreambuf_iterator<char>());
    EXPECT_EQ(migrations[0].sql, on_disk);
}

TEST(Migrations, ApplyingTwiceIsANoOp) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    Database db = open_db(path);
    const auto migrations = embedded_migrations();
    auto first = apply_migrations(db, migrations);
    ASSERT_TRUE(first) << first.error().to_string();
    EXPECT_EQ(*first, static_cast<int>(migrations.size()));
    const std::string schema = schema_dump(db);
    auto second = apply_migrations(db, migrations);
    ASSERT_TRUE(second) << second.error().to_string();
    EXPECT_EQ(*second, *first);
    EXPECT_EQ(schema_dump(db), schema);
    auto count = db.query_text("SELECT count(*) FROM schema_version");
    ASSERT_TRUE(count);
    EXPECT_EQ(*count, std::to_string(migrations.size()));
}

TEST(Migrations, ReopeningALogKeepsItsDataAndVersion) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    for (int round = 1; round <= 3; ++round) {
        EventLog log = open_ok(path);
        EXPECT_EQ(log.schema_version(), static_cast<int>(embedded_migrations().size()));
        EXPECT_EQ(log.last_seq(), round - 1);
        ASSERT_TRUE(log.append(make_event(round)));
    }
}

TEST(Migrations, AreAppliedInOrderAndAFailingOneLeavesNoTrace) {
    TempDir dir;
    Database db = open_db(dir.file("scratch.sqlite"));
    const Migration good[] = {
        {1, "0001_a.sql", "CREATE TABLE a (x INTEGER);"},
        {2, "0002_b.sql", "ALTER TABLE a ADD COLUMN y INTEGER; CREATE TABLE b (z);"},
    };
    auto applied = apply_migrations(db, good);
    ASSERT_TRUE(applied) << applied.error().to_string();
    EXPECT_EQ(*applied, 2);

    const Migration with_bad[] = {
        good[0],
        good[1],
        {3, "0003_bad.sql", "CREATE TABLE c (x); CREATE TABLE a (again);"},
    };
    auto failed = apply_migrations(db, with_bad);
    ASSERT_FALSE(failed);
    EXPECT_NE(failed.error().message.find("0003_bad.sql"), std::string::npos);
    EXPECT_NE(failed.error().message.find("already exists"), std::string::npos)
        << failed.error().message;
    auto c_exists = db.query_text("SELECT count(*) FROM sqlite_schema WHERE name = 'c'");
    ASSERT_TRUE(c_exists);
    EXPECT_EQ(*c_exists, "0");
    auto version = check_migrations(db, with_bad);
    ASSERT_TRUE(version);
    EXPECT_EQ(*version, 2);
}

TEST(Migrations, LogFromANewerBuildIsRefused) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    { EventLog log = open_ok(path); }
    raw_sql(path,
            "INSERT INTO schema_version VALUES (4, '0004_future.sql', randomblob(32));"
            "CREATE TABLE future_things (x);");
    auto log = EventLog::open(path);
    ASSERT_FALSE(log);
    EXPECT_EQ(log.error().code, ErrorCode::SCHEMA);
    EXPECT_NE(log.error().message.find("only up to 3"), std::string::npos) << log.error().message;
}

TEST(Migrations, EditedMigrationIsRefused) {
    TempDir dir;
    const std::string path = dir.file("log.sqlite");
    { EventLog log = open_ok(path); }
    raw_sql(path, "UPDATE schema_version SET sql_sha256 = zeroblob(32) WHERE version = 2");
    auto log = EventLog::open(path);
    ASSERT_FALSE(log);
    EXPECT_EQ(log.error().code, ErrorCode::SCHEMA);
    EXPECT_NE(log.error().message.find("0002_decisions.sql"), std::string::npos)
        << log.error().message;
    EXPECT_NE(log.error().message.find("edited"), std::string::npos) << log.error().message;
}

}  // namespace
}  // namespace venue::store
