#include "runtime/session.h"

#include <chrono>
#include <cstdio>
#include <random>

#include "venue/event_json.h"
#include "venue/snapshot.h"

namespace venue::runtime {

Result<engine::Event, std::string> event_from_record(const store::EventRecord& r) {
    auto body = engine::parse_event(r.kind, r.payload);
    if (!body) return unexpected("event " + std::to_string(r.seq) + ": " + body.error());
    return engine::Event{r.host_time_ns, r.hub_time_us, *body};
}

std::string utc_date_today() {
    namespace ch = std::chrono;
    const ch::year_month_day day{ch::floor<ch::days>(ch::system_clock::now())};
    char text[16];
    std::snprintf(text, sizeof text, "%04d.%02u.%02u", int(day.year()), unsigned(day.month()),
                  unsigned(day.day()));
    return text;
}

namespace {

// The seed of one match from the event's: FNV-1a of the match's id over the event's seed, so
// that two matches of one event draw differently and the same each time.
std::uint64_t seed_for_match(std::uint64_t event_seed, const std::string& match_id) {
    std::uint64_t h = 14695981039346656037ull ^ event_seed;
    for (unsigned char c : match_id) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

}  // namespace

Result<std::unique_ptr<Session>, std::string> Session::open(const config::VenueConfig& config,
                                                            const std::string& log_path,
                                                            const Progress& progress) {
    auto log = store::EventLog::open(log_path);
    if (!log) return unexpected(log_path + ": " + log.error().to_string());
    std::unique_ptr<Session> s(new Session(std::move(log.value())));

    // The latest snapshot (its hash and its event's place in the chain were
    // checked when the log was opened), then the events after it.
    auto snap = s->log_.latest_snapshot();
    if (!snap) return unexpected(log_path + ": " + snap.error().to_string());
    if (snap.value()) {
        const auto& bytes = snap.value()->state;
        auto restored = engine::restore_state(
            std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
        if (!restored)
            return unexpected(log_path + ": snapshot at event " +
                              std::to_string(snap.value()->seq) + ": " + restored.error());
        s->state_ = std::move(*restored);
        s->restored_from_ = s->last_snapshot_seq_ = snap.value()->seq;
    }
    const std::int64_t total = s->log_.last_seq() - s->restored_from_;
    std::string failure;
    auto visited = s->log_.for_each_event(s->restored_from_ + 1, [&](const store::EventRecord& r) {
        auto e = event_from_record(r);
        if (!e) {
            failure = e.error();
            return false;
        }
        s->state_.apply(*e);
        ++s->replayed_;
        if (progress && s->replayed_ % 100000 == 0) progress(s->replayed_, total);
        return true;
    });
    if (!visited) return unexpected(log_path + ": " + visited.error().to_string());
    if (!failure.empty()) return unexpected(log_path + ": " + failure);

    // Matches of the venue file that the log does not know yet; each dated today unless the file
    // gives its date (the PGN's Date: the core reads no clock, so the day goes into the log).
    std::vector<engine::Event> created;
    for (engine::MatchConfig m : config.matches) {
        if (const engine::Match* existing = s->state_.match(m.id)) {
            // A file without a date names the match the log dated when it created it.
            if (m.date.empty()) m.date = existing->config().date;
            if (engine::event_payload(engine::MatchCreated{existing->config()}) !=
                engine::event_payload(engine::MatchCreated{m}))
                return unexpected("match " + m.id + ": the venue file differs from the match " +
                                  "in " + log_path + "; a started match's settings are frozen " +
                                  "(catalogue X-5): use a new log or the original file");
            continue;
        }
        if (m.date.empty()) m.date = utc_date_today();
        created.push_back({0, std::nullopt, engine::MatchCreated{m}});
    }
    if (!created.empty()) {
        auto r = s->submit(std::move(created));
        if (!r) return unexpected(r.error());
    }
    // A seed for each match whose game draws at random and has none yet (Match::wants_seed): the
    // venue file's [event] seed mixed with the match's id, else the machine's random device.
    std::vector<engine::Event> seeds;
    std::random_device device;
    for (const auto& [id, match] : s->state_.matches()) {
        if (!match->wants_seed()) continue;
        const std::uint64_t value = config.seed
                                        ? seed_for_match(*config.seed, id)
                                        : (std::uint64_t(device()) << 32) ^ std::uint64_t(device());
        engine::GameInput in;
        in.match = id;
        in.kind = "seed";
        in.args = {{"value", std::to_string(value)}};
        in.note = config.seed ? "from the venue file's [event] seed" : "drawn by the host";
        seeds.push_back({0, std::nullopt, std::move(in)});
    }
    if (!seeds.empty()) {
        auto r = s->submit(std::move(seeds));
        if (!r) return unexpected(r.error());
    }
    return s;
}

Result<std::vector<Applied>, std::string> Session::submit(std::vector<engine::Event> events) {
    std::vector<Applied> out;
    if (events.empty()) return out;
    auto batch = log_.begin_batch();
    if (!batch) return unexpected("log: " + batch.error().to_string());
    for (engine::Event& e : events) {
        store::NewEvent ne;
        ne.hub_time_us = e.hub_us;
        ne.host_time_ns = e.host_ns;
        ne.source = engine::source_name(e.body);
        ne.kind = engine::kind_name(e.body);
        ne.payload = engine::event_payload(e.body);
        auto appended = batch.value().append(ne);
        if (!appended) return unexpected("log: " + appended.error().to_string());
        Applied a{appended.value().seq, std::move(e), {}};
        a.decisions = state_.apply(a.event);
        std::vector<store::DecisionRecord> records;
        for (std::size_t i = 0; i < a.decisions.size(); ++i) {
            const engine::Decision& d = a.decisions[i];
            records.push_back({a.seq, std::int32_t(i), engine::kind_name(d.body), d.rule, d.reason,
                               engine::decision_payload(d)});
        }
        if (!records.empty()) {
            if (auto st = batch.value().add_decisions(records))
                return unexpected("log: " + st->to_string());
        }
        out.push_back(std::move(a));
    }
    const std::int64_t last = out.back().seq;
    if (snapshot_interval_ > 0 && last - last_snapshot_seq_ >= snapshot_interval_) {
        const std::string snap = engine::snapshot_state(state_);
        std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(snap.data()),
                                            snap.size());
        if (auto st = batch.value().write_snapshot(last, bytes))
            return unexpected("log: " + st->to_string());
        last_snapshot_seq_ = last;
    }
    if (auto st = batch.value().commit()) return unexpected("log: " + st->to_string());
    return out;
}

}  // namespace venue::runtime

namespace venue::runtime {

std::vector<Session::HubEventKey> Session::recent_hub_events(std::int64_t n) {
    std::vector<HubEventKey> out;
    const std::int64_t from = std::max<std::int64_t>(1, log_.last_seq() - n + 1);
    (void)log_.for_each_event(from, [&](const store::EventRecord& r) {
        if (r.source == "hub" && r.hub_time_us) out.push_back({*r.hub_time_us, r.kind, r.payload});
        return true;
    });
    return out;
}

}  // namespace venue::runtime
