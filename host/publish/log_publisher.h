// LogPublisher: a hall's durable log and feed documents, published to the broker
// (docs/multi-hall.md). It never delays a decision: it reads the log through its own read-only
// connection, on its own thread, after the engine has committed; the engine thread only wakes
// it.
//
//   engine thread: Session::submit ─commit─▶ log file ◀─reads─ publishing thread ──▶ broker
//                  Daemon::on_applied ──wake()──┘                 ▲ PUBACK: acknowledged up to N
//   FeedPublisher's thread ──publish_feed(update)──▶ retained documents (latest per topic)
//
// Every event goes out once at least, in order, with its seq: a receiver drops what it holds.
// What the broker acknowledged is published retained on <hall>/head; after a broker outage the
// thread resends from the first unacknowledged event, and after a host restart from the retained
// head (when it names this log's own event there; otherwise from event 1). A mirror that finds
// a gap asks on <hall>/replay and the thread resends from there.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include "common/result.h"
#include "feed/feed_update.h"
#include "publish/hall_topics.h"
#include "publish/mqtt_client.h"
#include "store/event_log.h"

namespace venue::runtime {
class Daemon;
}
namespace venue::feed {
class FeedPublisher;
}

namespace venue::publish {

struct PublishOptions {
    MqttOptions mqtt;   // the client id defaults to venue-hall-<event>-<hall>
    std::string event;  // topic ids (hall_topics.h)
    std::string hall;
    std::string log_path;       // the hall's log (opened read-only here)
    std::size_t window = 1000;  // events sent and not yet acknowledged, at most
    // How long a fresh start waits for the broker's retained head before sending from event 1.
    std::chrono::milliseconds head_wait{1500};
    // The least time between two reads of the log: events that come closer together go out in
    // one round (the engine's wake-ups cost it nothing; this bounds what the publisher costs).
    std::chrono::milliseconds batch_interval{5};
    // The publisher's threads (its own and the MQTT client's) run this many nice steps below the
    // engine's (19: also SCHED_IDLE), as the feed's do: publishing never takes the CPU from a
    // decision.
    int nice = 19;
    // The least time between two resends asked for on <hall>/replay.
    std::chrono::milliseconds replay_spacing{500};
    // Connection changes and refusals, one line each, from the publisher's threads.
    std::function<void(const std::string&)> log;
};

struct PublishStatus {
    bool connected = false;
    std::int64_t durable = 0;    // the log's last seq, as last read
    std::int64_t acked = 0;      // every event up to this one the broker acknowledged
    std::int64_t sent = 0;       // event messages handed to the broker (resends included)
    std::int64_t resent = 0;     // of which resends (after an outage or a replay request)
    std::int64_t refused = 0;    // messages the broker refused (not authorised: check the ACL)
    std::int64_t documents = 0;  // retained feed documents published
    std::string broker;          // mqtt://user@host:port
    std::string topic;           // venue/<event>/<hall>

    std::int64_t behind() const { return durable - acked; }
};

class LogPublisher {
  public:
    // Opens the log read-only and starts connecting. An error: the ids, the log or the client.
    static Result<std::unique_ptr<LogPublisher>, std::string> start(PublishOptions options);
    ~LogPublisher();  // stop()
    LogPublisher(const LogPublisher&) = delete;
    LogPublisher& operator=(const LogPublisher&) = delete;

    // New events are durable (any thread; never waits). Without it the log is read every 100 ms.
    void wake();
    // Takes the documents of a feed update as the newest retained ones (any thread; copies).
    void publish_feed(const feed::FeedUpdate& update);

    PublishStatus status() const;
    const HallTopics& topics() const { return topics_; }

    // Waits until the broker acknowledged every event up to `seq`; false at the timeout.
    bool wait_acknowledged(std::int64_t seq, std::chrono::milliseconds timeout);
    // Waits up to `drain` for the broker to acknowledge what is durable, says "offline" on the
    // status topic and disconnects. Idempotent.
    void stop(std::chrono::milliseconds drain = std::chrono::milliseconds(3000));

  private:
    LogPublisher(PublishOptions options, store::EventLog log);
    void run();
    void on_connection(bool connected, const std::string& why);
    void on_published(int mid, int reason);
    void on_message(const MqttMessage& m);
    void refresh_durable(std::unique_lock<std::mutex>& lock);
    void send_events(std::unique_lock<std::mutex>& lock);
    void send_documents(std::unique_lock<std::mutex>& lock);
    void note(const std::string& line) const;

    PublishOptions options_;
    HallTopics topics_;
    store::EventLog log_;  // the publishing thread only
    std::unique_ptr<MqttClient> client_;

    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable acked_changed_;
    bool stopping_ = false;
    bool woken_ = false;
    bool connected_ = false;
    bool reconnected_ = false;  // a (re)connection the thread has not yet acted on
    bool head_known_ = false;   // where to start is settled (retained head, or waited enough)
    std::chrono::steady_clock::time_point connected_at_{};
    std::optional<std::int64_t> broker_head_;  // from the retained head, at the first connection
    std::string broker_head_hash_;
    std::int64_t next_ = 1;   // the next seq to send
    std::int64_t acked_ = 0;  // contiguous
    std::set<std::int64_t> acked_above_;
    std::map<int, std::int64_t> in_flight_;  // mid -> seq
    std::int64_t head_published_ = 0;
    std::optional<std::int64_t> replay_from_;
    std::chrono::steady_clock::time_point last_replay_{};
    // topic -> payload: the newest retained documents, and those not yet sent since a change.
    std::map<std::string, std::string> documents_;
    std::set<std::string> documents_pending_;
    PublishStatus status_;
    std::thread thread_;
};

// Joins a publisher to a running hall: woken after every step, fed every feed update (the feed
// publisher may serve HTTP or not: FeedPublisher::attach). Call before the daemon runs.
void follow(LogPublisher& publisher, runtime::Daemon& daemon, feed::FeedPublisher& feed);

// "connected to mqtt://hall-a@broker:1883 as venue/open/hall-a; 0 events behind" and the like.
std::string status_line(const PublishStatus& status);

}  // namespace venue::publish
