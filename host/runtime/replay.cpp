#include "runtime/replay.h"

#include <sys/stat.h>

#include "venue/event_json.h"

namespace venue::runtime {
namespace {

Result<store::EventLog, std::string> open_existing(const std::string& path,
                                                   store::OpenOptions options) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return unexpected(path + ": no such log");
    options.read_only = true;
    auto log = store::EventLog::open(path, options);
    if (!log) return unexpected(path + ": " + log.error().to_string());
    return std::move(log.value());
}

}  // namespace

namespace {

Result<ReplayOutcome, std::string> replay(const std::string& path, std::int64_t until_seq,
                                          const ReplayStateVisitor& visit,
                                          const Progress& progress) {
    auto log = open_existing(path, {});
    if (!log) return unexpected(log.error());
    ReplayOutcome out;
    const std::int64_t total = std::min(log->last_seq(), until_seq);
    std::string failure;
    auto visited = log->for_each_event(1, [&](const store::EventRecord& r) {
        if (r.seq > until_seq) return false;
        auto e = event_from_record(r);
        if (!e) {
            failure = e.error();
            return false;
        }
        Applied a{r.seq, *e, out.state.apply(*e)};
        out.events++;
        out.last_seq = r.seq;
        if (visit) visit(a, out.state);
        if (progress && out.events % 100000 == 0) progress(out.events, total);
        return true;
    });
    if (!visited) return unexpected(path + ": " + visited.error().to_string());
    if (!failure.empty()) return unexpected(path + ": " + failure);
    return out;
}

}  // namespace

Result<ReplayOutcome, std::string> replay_log(const std::string& path, std::int64_t until_seq,
                                              const ReplayVisitor& visit,
                                              const Progress& progress) {
    ReplayStateVisitor with_state;
    if (visit) with_state = [&visit](const Applied& a, const engine::VenueState&) { visit(a); };
    return replay(path, until_seq, with_state, progress);
}

Result<ReplayOutcome, std::string> replay_log_with_state(const std::string& path,
                                                         const ReplayStateVisitor& visit) {
    return replay(path, std::numeric_limits<std::int64_t>::max(), visit, {});
}

Result<VerifyOutcome, std::string> verify_log(const std::string& path, const Progress& progress) {
    store::OpenOptions options;
    options.integrity = store::IntegrityCheck::NONE;  // run below, to report rather than refuse
    options.chain = store::ChainCheck::NONE;
    auto log = open_existing(path, options);
    if (!log) return unexpected(log.error());
    VerifyOutcome out;
    if (auto st = log->check_integrity(store::IntegrityCheck::FULL)) {
        out.problem = "SQLite integrity check: " + st->to_string();
        return out;
    }
    auto chain = log->verify();
    if (!chain) return unexpected(path + ": " + chain.error().to_string());
    out.events = chain.value().events_checked;
    if (chain.value().first_break) {
        const auto& b = *chain.value().first_break;
        out.first_bad_seq = b.seq;
        out.problem = b.detail;
        return out;
    }
    // Recompute every decision and compare with what was stored.
    engine::VenueState state;
    std::int64_t done = 0;
    const std::int64_t total = log->last_seq();
    std::string failure;
    std::int64_t failure_seq = 0;
    std::vector<std::pair<std::int64_t, std::vector<std::string>>> unused;
    auto visited = log->for_each_event(1, [&](const store::EventRecord& r) {
        auto e = event_from_record(r);
        if (!e) {
            failure = e.error();
            failure_seq = r.seq;
            return false;
        }
        auto decisions = state.apply(*e);
        auto stored = log->decisions_for(r.seq);
        if (!stored) {
            failure = stored.error().to_string();
            failure_seq = r.seq;
            return false;
        }
        bool same = stored.value().size() == decisions.size();
        for (std::size_t i = 0; same && i < decisions.size(); ++i)
            same = stored.value()[i].payload == engine::decision_payload(decisions[i]);
        if (!same) {
            failure = "the stored decisions differ from what this build decides (" +
                      std::to_string(stored.value().size()) + " stored, " +
                      std::to_string(decisions.size()) + " now)";
            failure_seq = r.seq;
            return false;
        }
        if (progress && ++done % 100000 == 0) progress(done, total);
        return true;
    });
    if (!visited) return unexpected(path + ": " + visited.error().to_string());
    if (!failure.empty()) {
        out.first_bad_seq = failure_seq;
        out.problem = failure;
        return out;
    }
    out.ok = true;
    return out;
}

}  // namespace venue::runtime
