// MqttFeed: a stateless TV feed server for every hall of a championship (`venue feed --mqtt`).
// It holds nothing of its own: it subscribes to the halls' retained feed documents and serves
// them with the same HTTP API, server-sent events, overlays and live PGN as a hall's own feed
// (host/feed/feed_server.h). A restarted one rebuilds from the retained messages; several run side
// by side behind any HTTP load balancer.
//
//   broker ──venue/<event>/+/feed/#──▶ network thread ──▶ FeedServer::publish ──▶ TV clients
//
// A match is served as "<hall>.<match>" (two halls may both have a match "final"). A document the
// feed already has, or an older one than it has (the broker sends retained messages again after
// a reconnection, and halls publish at least once), is dropped: a client never sees one twice.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "common/result.h"
#include "feed/feed_server.h"
#include "publish/mqtt_client.h"

namespace venue::publish {

struct MqttFeedOptions {
    MqttOptions mqtt;
    feed::FeedOptions http;
    std::string event = "+";  // which event's halls ("+": every event's)
};

struct MqttFeedStats {
    std::int64_t received = 0;   // feed messages from the broker
    std::int64_t published = 0;  // of which served (new documents)
    std::int64_t dropped = 0;    // of which already held, or older than held
    std::int64_t halls = 0;
    std::int64_t matches = 0;
};

class MqttFeed {
  public:
    static Result<std::unique_ptr<MqttFeed>, std::string> start(MqttFeedOptions options);
    ~MqttFeed();
    MqttFeed(const MqttFeed&) = delete;
    MqttFeed& operator=(const MqttFeed&) = delete;

    std::string url() const;  // http://host:port/
    feed::FeedServer& server() { return *server_; }
    MqttFeedStats stats() const;
    bool connected() const { return client_ && client_->connected(); }
    void stop();

  private:
    explicit MqttFeed(MqttFeedOptions options);
    void on_message(const MqttMessage& m);

    MqttFeedOptions options_;
    std::unique_ptr<feed::FeedServer> server_;
    std::unique_ptr<MqttClient> client_;
    mutable std::mutex mutex_;
    struct Held {
        std::int64_t seq = 0;
        std::string text;
    };
    std::map<std::string, Held> held_;  // "<hall>.<match>", and "#event"
    std::map<std::string, bool> halls_;
    MqttFeedStats stats_;
};

// "<hall>.<match>": the id a match is served under by a feed of several halls.
std::string served_match_id(const std::string& hall, const std::string& match);

}  // namespace venue::publish
