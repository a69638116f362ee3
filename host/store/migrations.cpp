#include "store/migrations.h"

#include <cstring>
#include <string>
#include <vector>

#include "store/migration_files.h"
#include "store/sha256.h"

namespace venue::store {

namespace {

constexpr std::string_view CREATE_SCHEMA_VERSION =
    "CREATE TABLE IF NOT EXISTS schema_version ("
    " version INTEGER PRIMARY KEY, name TEXT NOT NULL, sql_sha256 BLOB NOT NULL) STRICT";

Hash sql_hash(std::string_view sql) {
    Sha256 sha;
    return sha.digest(std::span(reinterpret_cast<const uint8_t*>(sql.data()), sql.size()));
}

Result<bool> has_schema_version_table(const Database& db) {
    auto stmt = db.prepare(
        "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_version'",
        false);
    if (!stmt) return std::move(stmt).take_error();
    const int rc = stmt->step();
    if (rc != SQLITE_ROW) return db.error(rc, "reading the schema");
    return stmt->column_int64(0) > 0;
}

// Checks every applied migration against the built-in ones; returns the newest applied version.
Result<int> read_applied(const Database& db, std::span<const Migration> migrations) {
    auto exists = has_schema_version_table(db);
    if (!exists) return std::move(exists).take_error();
    if (!*exists) return 0;

    auto stmt =
        db.prepare("SELECT version, name, sql_sha256 FROM schema_version ORDER BY version", false);
    if (!stmt) return std::move(stmt).take_error();
    int newest = 0;
    int rc;
    while ((rc = stmt->step()) == SQLITE_ROW) {
        const int64_t version = stmt->column_int64(0);
        const std::string name(stmt->column_text(1));
        const auto recorded = stmt->column_blob(2);
        if (version != newest + 1) {
            return Error{ErrorCode::SCHEMA, "schema_version lists version " +
                                                std::to_string(version) + " after " +
                                                std::to_string(newest) + ": versions have a gap"};
        }
        if (version > static_cast<int64_t>(migrations.size())) {
            return Error{ErrorCode::SCHEMA,
                         "the log is at schema version " + std::to_string(version) + " (" + name +
                             ") but this build knows only up to " +
                             std::to_string(migrations.size()) + ": use a newer venue"};
        }
        const Migration& built_in = migrations[static_cast<size_t>(version - 1)];
        const Hash expected = sql_hash(built_in.sql);
        if (name != built_in.name || recorded.size() != expected.size() ||
            std::memcmp(recorded.data(), expected.data(), expected.size()) != 0) {
            return Error{ErrorCode::SCHEMA,
                         "migration " + std::to_string(version) + " applied to the log ('" + name +
                             "') differs from the built-in '" + std::string(built_in.name) +
                             "': a released migration was edited"};
        }
        newest = static_cast<int>(version);
    }
    if (rc != SQLITE_DONE) return db.error(rc, "reading schema_version");
    return newest;
}

Status apply_one(const Database& db, const Migration& migration) {
    const std::string what = "applying migration " + std::string(migration.name);
    if (auto err = db.exec_script(CREATE_SCHEMA_VERSION, what)) return err;
    if (auto err = db.exec_script(migration.sql, what)) return err;
    auto insert = db.prepare(
        "INSERT INTO schema_version (version, name, sql_sha256) VALUES (?, ?, ?)", false);
    if (!insert) return std::move(insert).take_error();
    const Hash hash = sql_hash(migration.sql);
    insert->bind_int64(1, migration.version);
    insert->bind_text(2, migration.name);
    insert->bind_blob(3, hash);
    const int rc = insert->step();
    if (rc != SQLITE_DONE) return db.error(rc, what);
    return std::nullopt;
}

}  // namespace

// The embedded files in order; their names were checked when the build was configured
// (NNNN_name.sql, numbered with no gaps), so the version is the name's first four digits.
std::span<const Migration> embedded_migrations() {
    static const std::vector<Migration> MIGRATIONS = [] {
        std::vector<Migration> all;
        for (std::string_view name : migration_names()) {
            int version = 0;
            for (char c : name.substr(0, 4)) version = version * 10 + (c - '0');
            all.push_back({version, name, migration_sql(name)});
        }
        return all;
    }();
    return MIGRATIONS;
}

Result<int> check_migrations(const Database& db, std::span<const Migration> migrations) {
    return read_applied(db, migrations);
}

Result<int> apply_migrations(const Database& db, std::span<const Migration> migrations) {
    for (;;) {
        // IMMEDIATE takes the write lock first, so two processes opening a new log at once
        // cannot both apply the same migration: the second waits and then finds it applied.
        if (auto err = db.exec_script("BEGIN IMMEDIATE", "starting a migration")) return *err;
        auto applied = read_applied(db, migrations);
        Status err;
        if (!applied) {
            err = std::move(applied).take_error();
        } else if (*applied == static_cast<int>(migrations.size())) {
            err = db.exec_script("COMMIT", "finishing migrations");
            if (!err) return *applied;
        } else {
            err = apply_one(db, migrations[static_cast<size_t>(*applied)]);
            if (!err) err = db.exec_script("COMMIT", "committing a migration");
            if (!err) continue;
        }
        (void)db.exec_script("ROLLBACK", "rolling back a migration");
        return *err;
    }
}

}  // namespace venue::store
