// Helpers shared by the store's unit tests: a scratch directory and made-up events.
#pragma once

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <stdlib.h>

#include <filesystem>
#include <string>

#include "store/event_log.h"

namespace venue::store::testing {

// A fresh directory under the system temp dir, removed with everything in it.
class TempDir {
  public:
    TempDir() {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "venue-store-test-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) ADD_FAILURE() << "mkdtemp failed";
        path_ = pattern;
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    std::string file(const std::string& name) const { return (path_ / name).string(); }

  private:
    std::filesystem::path path_;
};

// Event number i: a recognisable payload ("marker-000042") so tests can find it on disk.
inline NewEvent make_event(int64_t i) {
    char marker[32];
    std::snprintf(marker, sizeof marker, "marker-%06lld", static_cast<long long>(i));
    NewEvent e;
    if (i % 3 != 0) e.hub_time_us = 1'000'000 + i * 250;
    e.host_time_ns = 5'000'000'000 + i * 1'000;
    e.source = i % 2 == 0 ? "hub:1" : "dgt:4711";
    e.kind = i % 2 == 0 ? "claim_pressed" : "board_changed";
    e.payload = std::string(R"({"i":)") + std::to_string(i) + R"(,"tag":")" + marker + R"("})";
    return e;
}

inline void expect_matches(const NewEvent& in, const EventRecord& out) {
    EXPECT_EQ(in.hub_time_us, out.hub_time_us);
    EXPECT_EQ(in.host_time_ns, out.host_time_ns);
    EXPECT_EQ(in.source, out.source);
    EXPECT_EQ(in.kind, out.kind);
    EXPECT_EQ(in.payload, out.payload);
}

// Opens a log that the test expects to open; fails the test with the error otherwise.
inline EventLog open_ok(const std::string& path, const OpenOptions& options = {}) {
    auto log = EventLog::open(path, options);
    if (!log) {
        ADD_FAILURE() << log.error().to_string();
        std::abort();
    }
    return std::move(log).value();
}

// Runs SQL on the file directly, behind the store's back (to corrupt or to inspect it).
inline void raw_sql(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    char* message = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
    EXPECT_EQ(rc, SQLITE_OK) << (message ? message : "") << " in: " << sql;
    sqlite3_free(message);
    sqlite3_close(db);
}

}  // namespace venue::store::testing
