#include "publish/mqtt_feed.h"

#include <nlohmann/json.hpp>

#include "publish/hall_topics.h"

namespace venue::publish {

using nlohmann::json;

std::string served_match_id(const std::string& hall, const std::string& match) {
    return hall + "." + match;
}

MqttFeed::MqttFeed(MqttFeedOptions options) : options_(std::move(options)) {}

MqttFeed::~MqttFeed() {
    stop();
}

Result<std::unique_ptr<MqttFeed>, std::string> MqttFeed::start(MqttFeedOptions options) {
    if (options.event != "+")
        if (auto why = topic_segment_problem(options.event); !why.empty())
            return unexpected("the event id '" + options.event + "' " + why);
    std::unique_ptr<MqttFeed> f(new MqttFeed(std::move(options)));
    auto server = feed::FeedServer::start(f->options_.http);
    if (!server) return unexpected(server.error());
    f->server_ = std::move(*server);
    MqttFeed* self = f.get();
    MqttHandlers handlers;
    handlers.on_connection = [self](bool up, const std::string& why) {
        if (self->options_.http.log)
            self->options_.http.log(up ? "connected to " + self->options_.mqtt.broker.display()
                                       : why);
    };
    handlers.on_message = [self](const MqttMessage& m) { self->on_message(m); };
    auto client = MqttClient::start(f->options_.mqtt, std::move(handlers));
    if (!client) return unexpected(client.error());
    f->client_ = std::move(*client);
    f->client_->subscribe(hall_filter(f->options_.event, "feed/#"), 1);
    return f;
}

void MqttFeed::on_message(const MqttMessage& m) {
    auto topic = split_hall_topic(m.topic);
    if (!topic) return;
    json j = json::parse(m.payload, nullptr, false);
    if (!j.is_object() || !j.contains("seq") || !j["seq"].is_number_integer()) return;
    const std::int64_t seq = j["seq"].get<std::int64_t>();
    feed::FeedUpdate update;
    update.seq = seq;
    std::string key;
    std::string text;
    if (topic->rest == "feed/event" && j.contains("event") && j["event"].is_object()) {
        key = "#event";
        text = j["event"].dump();
        update.event_json = text;
    } else if (topic->rest.rfind("feed/match/", 0) == 0 && j.contains("match") &&
               j["match"].is_object()) {
        const std::string match = topic->rest.substr(11);
        key = served_match_id(topic->hall, match);
        json doc = j["match"];
        doc["id"] = key;
        text = doc.dump();
        update.matches[key] = text;
        if (j.contains("pgn") && j["pgn"].is_string() && !j["pgn"].get<std::string>().empty())
            update.pgn[key] = j["pgn"].get<std::string>();
    } else {
        return;
    }
    std::lock_guard lock(mutex_);
    ++stats_.received;
    halls_[topic->event + "/" + topic->hall] = true;
    stats_.halls = std::int64_t(halls_.size());
    Held& held = held_[key];
    const bool fresh = held.text.empty();
    // The event's header is the same from every hall: served once, whatever its seq.
    if (!fresh && (key == "#event" ? held.text == text : seq <= held.seq)) {
        ++stats_.dropped;
        return;
    }
    held.seq = std::max(held.seq, seq);
    held.text = text;
    if (fresh && key != "#event") ++stats_.matches;
    ++stats_.published;
    // Under the lock: two halls' documents reach the server in the order they were taken.
    server_->publish(std::move(update));
}

std::string MqttFeed::url() const {
    return "http://" + options_.http.host + ":" + std::to_string(server_->port()) + "/";
}

MqttFeedStats MqttFeed::stats() const {
    std::lock_guard lock(mutex_);
    return stats_;
}

void MqttFeed::stop() {
    if (client_) client_->stop();
    if (server_) server_->stop();
}

}  // namespace venue::publish
