// Thin RAII wrappers over the SQLite C API: a connection and a prepared statement.
//
// Only what the store needs. Every failure becomes an Error that names what the store was doing
// and carries SQLite's own message and extended result code.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "store/result.h"

namespace venue::store {

// A prepared statement, finalised on destruction. Text and blob bindings are SQLITE_STATIC: the
// caller keeps the bound memory alive until the statement is reset.
class Statement {
  public:
    Statement() = default;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    ~Statement();

    bool valid() const { return stmt_ != nullptr; }
    sqlite3_stmt* get() const { return stmt_; }

    void bind_null(int index);
    void bind_int64(int index, int64_t value);
    void bind_text(int index, std::string_view text);
    void bind_blob(int index, std::span<const uint8_t> bytes);

    // SQLITE_ROW, SQLITE_DONE or an error code.
    int step() { return sqlite3_step(stmt_); }
    // Ready for the next use; clears bindings so no stale pointer outlives its owner.
    void reset();

    bool column_is_null(int index) const;
    int64_t column_int64(int index) const { return sqlite3_column_int64(stmt_, index); }
    std::string_view column_text(int index) const;
    std::span<const uint8_t> column_blob(int index) const;

  private:
    friend class Database;
    explicit Statement(sqlite3_stmt* stmt) : stmt_(stmt) {}
    sqlite3_stmt* stmt_ = nullptr;
};

// Resets a statement when it leaves scope, so that an early return never leaves it holding a
// read transaction or bound pointers.
class StatementReset {
  public:
    explicit StatementReset(Statement& stmt) : stmt_(stmt) {}
    StatementReset(const StatementReset&) = delete;
    StatementReset& operator=(const StatementReset&) = delete;
    ~StatementReset() { stmt_.reset(); }

  private:
    Statement& stmt_;
};

// One SQLite connection, closed on destruction.
class Database {
  public:
    Database() = default;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;
    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;
    ~Database();

    // Opens an existing file (the store creates it itself, with mode 0600).
    static Result<Database> open(const std::string& path, bool read_only);

    sqlite3* get() const { return db_; }

    // Prepares one statement. `persistent` tells SQLite it will be reused many times.
    Result<Statement> prepare(std::string_view sql, bool persistent = true) const;

    // Runs a script of one or more statements, each prepared and stepped to completion.
    Status exec_script(std::string_view sql, std::string_view what) const;

    // Runs a one-row statement (typically a PRAGMA) and returns its first column as text, or ""
    // when it returns no row.
    Result<std::string> query_text(std::string_view sql) const;

    // An Error for the last failure on this connection: "<what>: <sqlite message> (code N)".
    Error error(int rc, std::string_view what) const;

  private:
    explicit Database(sqlite3* db) : db_(db) {}
    sqlite3* db_ = nullptr;
};

}  // namespace venue::store
