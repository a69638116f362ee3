// Integrity and hash-chain checks of an EventLog.
#include "store/chain_verify.h"

#include <cstring>
#include <string>

#include "store/event_log.h"
#include "store/event_log_state.h"

namespace venue::store {

namespace {

std::string short_hex(std::span<const uint8_t> bytes) {
    static const char* const DIGITS = "0123456789abcdef";
    std::string out;
    for (size_t i = 0; i < bytes.size() && i < 8; ++i) {
        out += DIGITS[bytes[i] >> 4];
        out += DIGITS[bytes[i] & 0xf];
    }
    return out + (bytes.size() > 8 ? ".." : "");
}

bool same(std::span<const uint8_t> a, const Hash& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), b.size()) == 0;
}

}  // namespace

const char* to_string(ChainProblem problem) {
    switch (problem) {
        case ChainProblem::SEQ_GAP:
            return "gap in seq";
        case ChainProblem::PREV_HASH_MISMATCH:
            return "prev_hash mismatch";
        case ChainProblem::HASH_MISMATCH:
            return "hash mismatch";
        case ChainProblem::SNAPSHOT_MISMATCH:
            return "snapshot mismatch";
        case ChainProblem::COUNT_:
            break;
    }
    return "unknown";
}

std::string ChainBreak::to_string() const {
    return "seq " + std::to_string(seq) + ": " + store::to_string(problem) + ": " + detail;
}

Status EventLog::check_integrity(IntegrityCheck level) {
    if (level == IntegrityCheck::NONE) return std::nullopt;
    const char* sql =
        level == IntegrityCheck::QUICK ? "PRAGMA quick_check(5)" : "PRAGMA integrity_check(5)";
    auto stmt = state_->db.prepare(sql, false);
    if (!stmt) return std::move(stmt).take_error();
    std::string findings;
    int rc;
    while ((rc = stmt->step()) == SQLITE_ROW) {
        const std::string_view line = stmt->column_text(0);
        if (line == "ok") continue;
        if (!findings.empty()) findings += "; ";
        findings += line;
    }
    if (rc != SQLITE_DONE) return state_->db.error(rc, std::string("running ") + sql);
    if (!findings.empty()) {
        return Error{ErrorCode::CORRUPT,
                     std::string(sql) + " on '" + state_->path + "' failed: " + findings};
    }
    return std::nullopt;
}

Result<VerifyReport> EventLog::verify() {
    return verify_from(1, GENESIS_HASH);
}

Result<VerifyReport> EventLog::verify_from_latest_snapshot() {
    auto snap = latest_snapshot();
    if (!snap) return std::move(snap).take_error();
    if (!snap->has_value()) return verify();
    return verify_from((*snap)->seq, (*snap)->event_hash);
}

// From seq 1 the anchor is the genesis hash and is checked as the first event's prev_hash. From a
// snapshot's event s the anchor is that event's own recorded hash: the walk checks event s against
// it, then links every later event to the one before.
Result<VerifyReport> EventLog::verify_from(int64_t seq, const Hash& anchor) {
    State& s = *state_;
    VerifyReport report;
    report.first_seq = seq;
    const bool from_genesis = seq == 1 && anchor == GENESIS_HASH;

    auto stmt = s.db.prepare(
        std::string("SELECT ") + EVENT_COLUMNS + " FROM events WHERE seq >= ? ORDER BY seq", false);
    if (!stmt) return std::move(stmt).take_error();
    stmt->bind_int64(1, seq);

    int64_t expected_seq = seq;
    Hash expected_prev = anchor;
    int rc;
    while ((rc = stmt->step()) == SQLITE_ROW) {
        const EventFields fields{
            stmt->column_int64(0),
            stmt->column_is_null(1) ? std::nullopt : std::optional(stmt->column_int64(1)),
            stmt->column_int64(2),
            stmt->column_text(3),
            stmt->column_text(4),
            stmt->column_text(5),
        };
        const auto prev = stmt->column_blob(6);
        const auto stored = stmt->column_blob(7);
        ++report.events_checked;
        auto fail = [&](int64_t at, ChainProblem problem, std::string detail) {
            report.first_break = ChainBreak{at, problem, std::move(detail)};
        };
        if (fields.seq != expected_seq) {
            fail(expected_seq, ChainProblem::SEQ_GAP,
                 "event " + std::to_string(expected_seq) + " is missing (the next is " +
                     std::to_string(fields.seq) + ")");
            break;
        }
        Hash prev_hash{};
        if (prev.size() == HASH_SIZE) std::memcpy(prev_hash.data(), prev.data(), HASH_SIZE);
        const Hash computed = s.hasher.hash(prev_hash, fields);
        const bool anchored_here = !from_genesis && fields.seq == seq;
        if (!anchored_here && !same(prev, expected_prev)) {
            fail(fields.seq, ChainProblem::PREV_HASH_MISMATCH,
                 "prev_hash " + short_hex(prev) + " but event " + std::to_string(fields.seq - 1) +
                     " hashes to " + short_hex(expected_prev));
            break;
        }
        if (!same(stored, computed)) {
            fail(fields.seq, ChainProblem::HASH_MISMATCH,
                 "stored hash " + short_hex(stored) + " but the stored fields hash to " +
                     short_hex(computed) + ": the row was altered");
            break;
        }
        if (anchored_here && computed != anchor) {
            fail(fields.seq, ChainProblem::SNAPSHOT_MISMATCH,
                 "event hashes to " + short_hex(computed) + " but the snapshot recorded " +
                     short_hex(anchor));
            break;
        }
        report.last_seq = fields.seq;
        expected_prev = computed;
        ++expected_seq;
    }
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        return s.db.error(rc, "walking the hash chain from seq " + std::to_string(seq));
    }
    // A snapshot's own event must exist; a missing first event of the whole log is a gap too.
    if (report.ok() && report.events_checked == 0 && (!from_genesis || s.last_seq > 0)) {
        report.first_break =
            ChainBreak{seq, ChainProblem::SEQ_GAP, "event " + std::to_string(seq) + " is missing"};
    }
    return report;
}

}  // namespace venue::store
