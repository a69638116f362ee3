#include "store/sqlite_db.h"

#include <utility>

namespace venue::store {

Statement::Statement(Statement&& other) noexcept : stmt_(std::exchange(other.stmt_, nullptr)) {}

Statement& Statement::operator=(Statement&& other) noexcept {
    if (this != &other) {
        sqlite3_finalize(stmt_);
        stmt_ = std::exchange(other.stmt_, nullptr);
    }
    return *this;
}

Statement::~Statement() {
    sqlite3_finalize(stmt_);
}

void Statement::bind_null(int index) {
    sqlite3_bind_null(stmt_, index);
}

void Statement::bind_int64(int index, int64_t value) {
    sqlite3_bind_int64(stmt_, index, value);
}

void Statement::bind_text(int index, std::string_view text) {
    // A non-null pointer even for "" so that SQLite binds an empty string, not NULL.
    sqlite3_bind_text(stmt_, index, text.empty() ? "" : text.data(), static_cast<int>(text.size()),
                      SQLITE_STATIC);
}

void Statement::bind_blob(int index, std::span<const uint8_t> bytes) {
    static const uint8_t EMPTY = 0;
    sqlite3_bind_blob(stmt_, index, bytes.empty() ? &EMPTY : bytes.data(),
                      static_cast<int>(bytes.size()), SQLITE_STATIC);
}

void Statement::reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

bool Statement::column_is_null(int index) const {
    return sqlite3_column_type(stmt_, index) == SQLITE_NULL;
}

std::string_view Statement::column_text(int index) const {
    // The pointer must be fetched before the length (SQLite's documented order).
    const unsigned char* text = sqlite3_column_text(stmt_, index);
    const int size = sqlite3_column_bytes(stmt_, index);
    if (text == nullptr) return {};
    return {reinterpret_cast<const char*>(text), static_cast<size_t>(size)};
}

std::span<const uint8_t> Statement::column_blob(int index) const {
    const void* blob = sqlite3_column_blob(stmt_, index);
    const int size = sqlite3_column_bytes(stmt_, index);
    if (blob == nullptr) return {};
    return {static_cast<const uint8_t*>(blob), static_cast<size_t>(size)};
}

Database::Database(Database&& other) noexcept : db_(std::exchange(other.db_, nullptr)) {}

Database& Database::operator=(Database&& other) noexcept {
    if (this != &other) {
        sqlite3_close_v2(db_);
        db_ = std::exchange(other.db_, nullptr);
    }
    return *this;
}

Database::~Database() {
    sqlite3_close_v2(db_);
}

Result<Database> Database::open(const std::string& path, bool read_only) {
    // NOMUTEX: a log is used by one thread at a time (the owner, or the group-commit writer).
    // EXRESCODE: extended result codes, so errors say e.g. SQLITE_IOERR_FSYNC, not just IOERR.
    const int flags = (read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) |
                      SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
    Database result(db);
    if (rc != SQLITE_OK) {
        if (db == nullptr) return Error{ErrorCode::SQLITE, "opening '" + path + "': out of memory"};
        return result.error(rc, "opening '" + path + "'");
    }
    return result;
}

Result<Statement> Database::prepare(std::string_view sql, bool persistent) const {
    sqlite3_stmt* stmt = nullptr;
    const unsigned flags = persistent ? SQLITE_PREPARE_PERSISTENT : 0;
    const int rc =
        sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()), flags, &stmt, nullptr);
    if (rc != SQLITE_OK) return error(rc, "preparing \"" + std::string(sql) + "\"");
    return Statement(stmt);
}

Status Database::exec_script(std::string_view sql, std::string_view what) const {
    const char* cursor = sql.data();
    const char* end = sql.data() + sql.size();
    while (cursor < end) {
        sqlite3_stmt* raw = nullptr;
        const char* tail = nullptr;
        int rc = sqlite3_prepare_v2(db_, cursor, static_cast<int>(end - cursor), &raw, &tail);
        Statement stmt(raw);
        if (rc != SQLITE_OK) return error(rc, what);
        cursor = tail;
        if (!stmt.valid()) continue;  // whitespace or a comment
        while ((rc = stmt.step()) == SQLITE_ROW) {}
        if (rc != SQLITE_DONE) return error(rc, what);
    }
    return std::nullopt;
}

Result<std::string> Database::query_text(std::string_view sql) const {
    auto stmt = prepare(sql, false);
    if (!stmt) return std::move(stmt).take_error();
    const int rc = stmt->step();
    if (rc == SQLITE_DONE) return std::string();
    if (rc != SQLITE_ROW) return error(rc, sql);
    return std::string(stmt->column_text(0));
}

Error Database::error(int rc, std::string_view what) const {
    std::string message(what);
    message += ": ";
    // sqlite3_errmsg describes the most recent failure; fall back to the generic text for rc.
    message += db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    message += " (SQLite code " + std::to_string(rc) + ")";
    const int primary = rc & 0xff;
    const ErrorCode code = primary == SQLITE_NOTADB    ? ErrorCode::NOT_A_VENUE_LOG
                           : primary == SQLITE_CORRUPT ? ErrorCode::CORRUPT
                                                       : ErrorCode::SQLITE;
    return Error{code, std::move(message)};
}

}  // namespace venue::store
