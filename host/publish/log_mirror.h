// LogMirror: a live copy of every hall's event log, on another machine (`venue mirror`).
//
//   broker ──venue/<event>/+/events, /head──▶ network thread ──queue──▶ mirror thread
//   mirror thread: check each event against the copy's chain, append, commit ──▶
//   DIR/<event>/<hall>.sqlite
//                  a gap ──▶ venue/<event>/<hall>/replay {"from": N} (the hall sends again)
//
// Each copy is a Venue log like the hall's (same schema), so `venue verify` and `venue replay`
// work on it, and its events and hashes are the hall's. An event is taken only when it extends
// the copy's chain: its prev_hash is the copy's head and its fields hash to its hash (the mirror
// computes the hash itself). Anything else is refused and counted, never stored: a message whose
// fields were altered, one that does not follow the head, one that differs from the event the copy
// already holds at its seq (a forgery, or a hall log rewritten after it was published). Events that
// arrive ahead of a gap wait (up to max_waiting a hall) until the gap is filled.
//
// The mirror keeps its broker session (a fixed client id, clean_session off), so the broker holds
// its messages while it is away; what the broker could not hold is asked for again, from the
// hall's retained head.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "common/result.h"
#include "publish/event_message.h"
#include "publish/mqtt_client.h"
#include "store/event_log.h"

namespace venue::publish {

struct MirrorOptions {
    MqttOptions mqtt;                  // the client id defaults to venue-mirror-<host name>
    std::string dir;                   // copies: DIR/<event>/<hall>.sqlite
    std::string event = "+";           // which event's halls ("+": every event's)
    std::size_t max_waiting = 100000;  // events held ahead of a gap, per hall
    std::chrono::milliseconds replay_spacing{1000};  // between two requests for one hall
    std::function<void(const std::string&)> log;     // refusals, gaps, new halls
};

struct MirrorHall {
    std::string event, hall, path;
    std::int64_t last_seq = 0;    // the copy's head
    std::int64_t hall_head = 0;   // the hall's head, as its retained message last said
    std::int64_t appended = 0;    // events taken since the start
    std::int64_t duplicates = 0;  // events the copy held already (at-least-once delivery)
    std::int64_t refused = 0;     // events that did not extend the chain
    std::int64_t waiting = 0;     // events held ahead of a gap now
    std::int64_t replays = 0;     // resends asked for
    std::string last_refusal;     // "seq 12: ..." of the last refusal
};

class LogMirror {
  public:
    // Creates DIR when needed, opens the copies already there, and starts. An error: DIR, a copy
    // that is not a Venue log or fails its checks, the client.
    static Result<std::unique_ptr<LogMirror>, std::string> start(MirrorOptions options);
    ~LogMirror();  // stop()
    LogMirror(const LogMirror&) = delete;
    LogMirror& operator=(const LogMirror&) = delete;

    std::vector<MirrorHall> halls() const;
    bool connected() const;
    // Waits until the copy of that hall holds event `seq`; false at the timeout.
    bool wait_for(const std::string& event, const std::string& hall, std::int64_t seq,
                  std::chrono::milliseconds timeout) const;
    void stop();

  private:
    struct Copy;
    explicit LogMirror(MirrorOptions options);
    void on_message(const MqttMessage& m);
    void run();
    Copy* copy_for(const std::string& event, const std::string& hall);  // mirror thread
    void take_events(Copy& copy, std::vector<EventMessage>& messages);
    void drain_waiting(Copy& copy, store::EventLog::Batch& batch);
    bool take_one(Copy& copy, store::EventLog::Batch& batch, const EventMessage& m);
    void ask_replay(Copy& copy);
    void note(const std::string& line) const;

    MirrorOptions options_;
    std::unique_ptr<MqttClient> client_;
    std::map<std::string, std::unique_ptr<Copy>> copies_;  // "<event>/<hall>"; mirror thread

    mutable std::mutex mutex_;
    mutable std::condition_variable changed_;
    std::condition_variable wake_;
    std::deque<MqttMessage> inbox_;
    std::map<std::string, MirrorHall> status_;  // a copy of each Copy's figures
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace venue::publish
