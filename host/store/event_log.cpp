#include "store/event_log.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>

#include "store/event_log_state.h"
#include "store/migrations.h"

namespace venue::store {

namespace {

constexpr int64_t VENUE_APPLICATION_ID = 0x56454E55;  // 'VENU', set by 0001_events.sql

Error io_error(const std::string& what) {
    return Error{ErrorCode::IO, what + ": " + std::strerror(errno)};
}

// Creates the log file with mode 0600 before SQLite sees it: the log names players and arbiters,
// and SQLite gives its -wal and -shm files the mode of the database file. An existing file is
// left as it is.
Status create_log_file(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) {
        if (errno == EEXIST) return std::nullopt;
        return io_error("creating '" + path + "'");
    }
    // The umask can only take bits away from 0600; fchmod makes the mode exact regardless.
    const bool ok = ::fchmod(fd, 0600) == 0 && ::fsync(fd) == 0;
    if (!ok) {
        const Error error = io_error("setting up '" + path + "'");
        ::close(fd);
        return error;
    }
    ::close(fd);
    // Make the new directory entry itself durable, or a power cut could lose the whole file.
    std::filesystem::path dir = std::filesystem::path(path).parent_path();
    if (dir.empty()) dir = ".";
    const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir_fd < 0) return io_error("opening directory '" + dir.string() + "'");
    const int rc = ::fsync(dir_fd);
    ::close(dir_fd);
    if (rc != 0) return io_error("syncing directory '" + dir.string() + "'");
    return std::nullopt;
}

// A Venue log carries our application_id; a brand-new file has id 0 and no tables.
Status check_is_venue_log(const Database& db, const std::string& path, bool read_only) {
    const std::string prefix = "'" + path + "' is not a Venue log";
    auto id_text = db.query_text("PRAGMA application_id");
    if (!id_text) {
        Error error = std::move(id_text).take_error();
        if (error.code == ErrorCode::NOT_A_VENUE_LOG) error.message = prefix + ": " + error.message;
        return error;
    }
    const int64_t id = std::stoll(*id_text);
    if (id == VENUE_APPLICATION_ID) return std::nullopt;
    if (id != 0) {
        return Error{ErrorCode::NOT_A_VENUE_LOG,
                     prefix + ": it is an SQLite database with application_id " + *id_text};
    }
    auto tables = db.query_text("SELECT count(*) FROM sqlite_schema");
    if (!tables) return std::move(tables).take_error();
    if (*tables != "0") {
        return Error{ErrorCode::NOT_A_VENUE_LOG,
                     prefix + ": it is an SQLite database of something else (" + *tables +
                         " schema objects, no Venue application_id)"};
    }
    if (read_only) return Error{ErrorCode::NOT_A_VENUE_LOG, prefix + ": it is empty"};
    return std::nullopt;
}

Status set_pragma(const Database& db, const std::string& sql, const std::string& expected) {
    auto value = db.query_text(sql);
    if (!value) return std::move(value).take_error();
    if (!expected.empty() && *value != expected) {
        return Error{ErrorCode::SQLITE,
                     "\"" + sql + "\" gave '" + *value + "', not '" + expected + "'"};
    }
    return std::nullopt;
}

Status prepare_all(EventLog::State& s) {
    struct Item {
        Statement* stmt;
        std::string sql;
    };
    const std::string columns = EVENT_COLUMNS;
    const Item items[] = {
        {&s.begin, "BEGIN IMMEDIATE"},
        {&s.commit, "COMMIT"},
        {&s.rollback, "ROLLBACK"},
        {&s.insert_event, "INSERT INTO events (" + columns + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)"},
        {&s.insert_decision,
         "INSERT INTO decisions (event_seq, idx, kind, rule_id, reason, payload)"
         " VALUES (?, ?, ?, ?, ?, ?)"},
        {&s.insert_snapshot,
         "INSERT INTO snapshots (seq, event_hash, state, state_hash) VALUES (?, ?, ?, ?)"},
        {&s.select_event_hash, "SELECT hash FROM events WHERE seq = ?"},
        {&s.select_latest_snapshot,
         "SELECT seq, event_hash, state, state_hash FROM snapshots ORDER BY seq DESC LIMIT 1"},
        {&s.select_events_from, "SELECT " + columns + " FROM events WHERE seq >= ? ORDER BY seq"},
        {&s.select_decisions,
         "SELECT event_seq, idx, kind, rule_id, reason, payload FROM decisions"
         " WHERE event_seq = ? ORDER BY idx"},
        {&s.select_head, "SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1"},
    };
    for (const Item& item : items) {
        auto stmt = s.db.prepare(item.sql);
        if (!stmt) return std::move(stmt).take_error();
        *item.stmt = std::move(stmt).value();
    }
    return std::nullopt;
}

Status load_head(EventLog::State& s) {
    StatementReset reset(s.select_head);
    const int rc = s.select_head.step();
    if (rc == SQLITE_DONE) return std::nullopt;  // empty log
    if (rc != SQLITE_ROW) return s.db.error(rc, "reading the newest event");
    const auto hash = s.select_head.column_blob(1);
    if (hash.size() != HASH_SIZE) {
        return Error{ErrorCode::CORRUPT,
                     "the newest event has a hash of " + std::to_string(hash.size()) + " bytes"};
    }
    s.last_seq = s.select_head.column_int64(0);
    std::memcpy(s.last_hash.data(), hash.data(), HASH_SIZE);
    return std::nullopt;
}

}  // namespace

EventLog::EventLog(std::unique_ptr<State> state) : state_(std::move(state)) {}
EventLog::EventLog(EventLog&&) noexcept = default;
EventLog& EventLog::operator=(EventLog&&) noexcept = default;
EventLog::~EventLog() = default;

const std::string& EventLog::path() const {
    return state_->path;
}
int EventLog::schema_version() const {
    return state_->schema_version;
}
int64_t EventLog::last_seq() const {
    return state_->last_seq;
}
const Hash& EventLog::last_hash() const {
    return state_->last_hash;
}

Result<EventLog> EventLog::open(const std::string& path, const OpenOptions& options) {
    if (options.read_only) {
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0) return io_error("opening '" + path + "'");
    } else if (auto err = create_log_file(path)) {
        return *err;
    }
    auto db = Database::open(path, options.read_only);
    if (!db) return std::move(db).take_error();

    auto state = std::make_unique<State>();
    state->path = path;
    state->db = std::move(db).value();
    state->read_only = options.read_only;
    const Database& d = state->db;
    sqlite3_busy_timeout(d.get(), options.busy_timeout_ms);

    if (auto err = check_is_venue_log(d, path, options.read_only)) return *err;
    if (!options.read_only) {
        // WAL: readers (verify, feed) never block the writer; FULL: each commit fsyncs the WAL,
        // so a committed event survives a power cut, not only a crash.
        if (auto err = set_pragma(d, "PRAGMA journal_mode = WAL", "wal")) return *err;
        if (auto err = set_pragma(d, "PRAGMA synchronous = FULL", "")) return *err;
    }
    if (auto err = set_pragma(d, "PRAGMA foreign_keys = ON", "")) return *err;

    const auto migrations = embedded_migrations();
    auto version =
        options.read_only ? check_migrations(d, migrations) : apply_migrations(d, migrations);
    if (!version) return std::move(version).take_error();
    if (*version != static_cast<int>(migrations.size())) {
        return Error{ErrorCode::SCHEMA, "'" + path + "' is at schema version " +
                                            std::to_string(*version) + ", this build expects " +
                                            std::to_string(migrations.size()) +
                                            ": open it once for writing to migrate it"};
    }
    state->schema_version = *version;

    if (auto err = prepare_all(*state)) return *err;
    if (auto err = load_head(*state)) return *err;

    EventLog log(std::move(state));
    if (auto err = log.run_open_checks(options)) return *err;
    return log;
}

Status EventLog::run_open_checks(const OpenOptions& options) {
    if (auto err = check_integrity(options.integrity)) return err;
    if (options.chain == ChainCheck::NONE) return std::nullopt;
    auto report = options.chain == ChainCheck::FULL ? verify() : verify_from_latest_snapshot();
    if (!report) return std::move(report).take_error();
    if (!report->ok()) {
        return Error{ErrorCode::CORRUPT, "hash chain of '" + state_->path + "' is broken at " +
                                             report->first_break->to_string()};
    }
    return std::nullopt;
}

// --- single-transaction writes ------------------------------------------------------------

Result<Appended> EventLog::append(const NewEvent& event) {
    auto batch = begin_batch();
    if (!batch) return std::move(batch).take_error();
    auto appended = batch->append(event);
    if (!appended) return appended;
    if (auto err = batch->commit()) return *err;
    return appended;
}

Result<std::vector<Appended>> EventLog::append_batch(std::span<const NewEvent> events) {
    auto batch = begin_batch();
    if (!batch) return std::move(batch).take_error();
    std::vector<Appended> out;
    out.reserve(events.size());
    for (const NewEvent& event : events) {
        auto appended = batch->append(event);
        if (!appended) return std::move(appended).take_error();  // the batch rolls back
        out.push_back(*appended);
    }
    if (auto err = batch->commit()) return *err;
    return out;
}

Status EventLog::add_decisions(std::span<const DecisionRecord> decisions) {
    auto batch = begin_batch();
    if (!batch) return std::move(batch).take_error();
    if (auto err = batch->add_decisions(decisions)) return err;
    return batch->commit();
}

Status EventLog::write_snapshot(int64_t seq, std::span<const uint8_t> state) {
    auto batch = begin_batch();
    if (!batch) return std::move(batch).take_error();
    if (auto err = batch->write_snapshot(seq, state)) return err;
    return batch->commit();
}

Result<EventLog::Batch> EventLog::begin_batch() {
    State& s = *state_;
    if (s.read_only) return Error{ErrorCode::INVALID_ARGUMENT, "the log is open read-only"};
    if (s.batch_open) return Error{ErrorCode::INVALID_ARGUMENT, "a batch is already open"};
    StatementReset reset(s.begin);
    // IMMEDIATE takes the write lock now, so "locked by another process" shows up before any
    // work is done rather than at COMMIT.
    const int rc = s.begin.step();
    if (rc != SQLITE_DONE) return s.db.error(rc, "starting a transaction");
    s.batch_open = true;
    return Batch(state_.get());
}

}  // namespace venue::store
