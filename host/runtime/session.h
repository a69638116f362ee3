// Session: the engine bound to its log. Every event is appended durably before
// the engine's decisions about it are released to anyone (devices, screens,
// the feed); on start the log is replayed so that the state is exactly what
// the events say.
//
//   open() ──▶ log opened and checked ──▶ events replayed ──▶ configured matches created
//   submit(events) ──▶ one transaction: events, then their decisions ──▶ commit ──▶ returned
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "common/result.h"
#include "config/venue_config.h"
#include "store/event_log.h"
#include "venue/venue_state.h"

namespace venue::runtime {

struct Applied {
    std::int64_t seq = 0;
    engine::Event event;
    std::vector<engine::Decision> decisions;
};

// Called every so many events while replaying a long log.
using Progress = std::function<void(std::int64_t done, std::int64_t total)>;

// Today's date in UTC as PGN writes it, "2026.11.26": the day a match the venue file does not
// date is created (MatchConfig::date).
std::string utc_date_today();

class Session {
  public:
    // Opens (or creates) the log, replays it, and appends a MatchCreated event for
    // each configured match the log does not have yet (dated today, utc_date_today(), unless
    // the file gives its date). A configured match whose settings differ from those in the log
    // is refused (they are frozen, X-5); a file without a date takes the log's.
    static Result<std::unique_ptr<Session>, std::string> open(const config::VenueConfig& config,
                                                              const std::string& log_path,
                                                              const Progress& progress = {});

    // A snapshot of the engine's state is written (in the same transaction)
    // whenever this many events have been appended since the last one, so that
    // a restart replays at most this many events. 0 turns snapshots off.
    void set_snapshot_interval(std::int64_t events) { snapshot_interval_ = events; }

    // Appends the events and their decisions in one transaction (one fsync for the
    // whole group), then returns what was decided. Nothing is returned before the
    // events are durable; on a storage error the session must be abandoned.
    Result<std::vector<Applied>, std::string> submit(std::vector<engine::Event> events);

    // The last `n` hub events in the log, as (hub time, kind, payload): a hub re-sends what a
    // host that died did not acknowledge, and those already stored must not be stored twice.
    struct HubEventKey {
        std::int64_t hub_us = 0;
        std::string kind;
        std::string payload;
        bool operator<(const HubEventKey& o) const {
            return std::tie(hub_us, kind, payload) < std::tie(o.hub_us, o.kind, o.payload);
        }
    };
    std::vector<HubEventKey> recent_hub_events(std::int64_t n);

    const engine::VenueState& state() const { return state_; }
    std::int64_t last_seq() const { return log_.last_seq(); }
    std::int64_t replayed() const { return replayed_; }
    // The event the state was restored from a snapshot at (0: replayed from the start).
    std::int64_t restored_from() const { return restored_from_; }

  private:
    explicit Session(store::EventLog log) : log_(std::move(log)) {}

    store::EventLog log_;
    engine::VenueState state_;
    std::int64_t replayed_ = 0;
    std::int64_t restored_from_ = 0;
    std::int64_t snapshot_interval_ = 10000;
    std::int64_t last_snapshot_seq_ = 0;
};

// Turns a logged record back into an event.
Result<engine::Event, std::string> event_from_record(const store::EventRecord& record);

}  // namespace venue::runtime
