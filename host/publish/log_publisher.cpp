#include "publish/log_publisher.h"

#include <nlohmann/json.hpp>

#include "feed/feed_publisher.h"
#include "feed/feed_server.h"
#include "publish/event_message.h"
#include "runtime/daemon.h"

namespace venue::publish {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {
// The retained head: {"seq": N, "hash": "<64 hex>"} of the newest acknowledged event.
std::string head_payload(const store::EventRecord& e) {
    return "{\"seq\":" + std::to_string(e.seq) + ",\"hash\":\"" + hash_hex(e.hash) + "\"}";
}
}  // namespace

Result<std::unique_ptr<LogPublisher>, std::string> LogPublisher::start(PublishOptions options) {
    if (auto why = topic_segment_problem(options.event); !why.empty())
        return unexpected("the event id '" + options.event + "' " + why);
    if (auto why = topic_segment_problem(options.hall); !why.empty())
        return unexpected("the hall id '" + options.hall + "' " + why);
    store::OpenOptions read;
    read.read_only = true;
    read.integrity = store::IntegrityCheck::NONE;
    read.chain = store::ChainCheck::NONE;
    auto log = store::EventLog::open(options.log_path, read);
    if (!log) return unexpected("the log " + options.log_path + ": " + log.error().to_string());
    if (options.mqtt.client_id.empty())
        options.mqtt.client_id = "venue-hall-" + options.event + "-" + options.hall;
    std::unique_ptr<LogPublisher> p(new LogPublisher(std::move(options), std::move(*log)));
    MqttOptions mqtt = p->options_.mqtt;
    mqtt.will = std::pair{p->topics_.status(), std::string(R"({"state":"offline","clean":false})")};
    LogPublisher* self = p.get();
    MqttHandlers handlers;
    handlers.on_connection = [self](bool up, const std::string& why) {
        self->on_connection(up, why);
    };
    handlers.on_published = [self](int mid, int reason) { self->on_published(mid, reason); };
    handlers.on_message = [self](const MqttMessage& m) { self->on_message(m); };
    auto client = MqttClient::start(std::move(mqtt), std::move(handlers));
    if (!client) return unexpected(client.error());
    p->client_ = std::move(*client);
    p->client_->subscribe(p->topics_.head(), 1);
    p->client_->subscribe(p->topics_.replay(), 1);
    p->thread_ = std::thread([self] { self->run(); });
    return p;
}

LogPublisher::LogPublisher(PublishOptions options, store::EventLog log)
    : options_(std::move(options)), topics_(options_.event, options_.hall), log_(std::move(log)) {
    status_.broker = options_.mqtt.broker.display();
    status_.topic = topics_.root();
    status_.durable = log_.last_seq();
}

LogPublisher::~LogPublisher() {
    stop(std::chrono::milliseconds(0));
}

void LogPublisher::note(const std::string& line) const {
    if (options_.log) options_.log(line);
}

void LogPublisher::wake() {
    {
        std::lock_guard lock(mutex_);
        woken_ = true;
    }
    wake_.notify_one();
}

void LogPublisher::publish_feed(const feed::FeedUpdate& u) {
    {
        std::lock_guard lock(mutex_);
        auto put = [&](std::string topic, std::string payload) {
            auto& slot = documents_[topic];
            if (slot == payload) return;
            slot = std::move(payload);
            documents_pending_.insert(std::move(topic));
        };
        const std::string seq = std::to_string(u.seq);
        if (!u.event_json.empty())
            put(topics_.feed_event(), "{\"seq\":" + seq + ",\"event\":" + u.event_json + "}");
        for (const auto& [id, doc] : u.matches) {
            if (!valid_topic_segment(id)) continue;  // not a topic level: served over HTTP only
            auto pgn = u.pgn.find(id);
            const std::string pgn_text = pgn == u.pgn.end() ? std::string() : pgn->second;
            put(topics_.feed_match(id), "{\"seq\":" + seq + ",\"match\":" + doc +
                                            ",\"pgn\":" + json(pgn_text).dump() + "}");
            if (pgn != u.pgn.end()) put(topics_.pgn(id), pgn_text);
        }
        woken_ = true;
    }
    wake_.notify_one();
}

void LogPublisher::on_connection(bool up, const std::string& why) {
    // Called on the MQTT client's network thread: the one place to lower its priority too.
    static thread_local bool lowered = false;
    if (!lowered) {
        feed::lower_thread_priority(options_.nice);
        lowered = true;
    }
    {
        std::lock_guard lock(mutex_);
        connected_ = up;
        status_.connected = up;
        if (up) {
            reconnected_ = true;
            connected_at_ = Clock::now();
        }
    }
    wake_.notify_one();
    note(up ? "connected to " + status_.broker + " as " + topics_.root() : why);
}

void LogPublisher::on_published(int mid, int reason) {
    {
        std::lock_guard lock(mutex_);
        auto it = in_flight_.find(mid);
        if (it == in_flight_.end()) return;  // a document, or a message sent before a reconnect
        const std::int64_t seq = it->second;
        in_flight_.erase(it);
        if (reason >= 128) {
            ++status_.refused;
            // Not taken: sent again after the next connection (an ACL fixed at the broker).
            if (status_.refused == 1)
                note("the broker refused event " + std::to_string(seq) + " on " + topics_.events() +
                     " (reason " + std::to_string(reason) +
                     "): is this hall allowed to publish there? (docs/multi-hall.md)");
            return;
        }
        if (seq > acked_) acked_above_.insert(seq);
        while (!acked_above_.empty() && *acked_above_.begin() <= acked_ + 1) {
            acked_ = std::max(acked_, *acked_above_.begin());
            acked_above_.erase(acked_above_.begin());
        }
        status_.acked = acked_;
    }
    acked_changed_.notify_all();
    wake_.notify_one();
}

void LogPublisher::on_message(const MqttMessage& m) {
    json j = json::parse(m.payload, nullptr, false);
    if (!j.is_object()) return;
    std::lock_guard lock(mutex_);
    if (m.topic == topics_.head()) {
        // Our own heads come back too (we subscribe to learn the broker's at the start): only
        // the first one, before anything is sent, says where to resume.
        if (head_known_ || !j.contains("seq") || !j["seq"].is_number_integer() ||
            !j.contains("hash") || !j["hash"].is_string())
            return;
        auto h = parse_hash_hex(j["hash"].get<std::string>());
        if (!h) return;
        broker_head_ = j["seq"].get<std::int64_t>();
        broker_head_hash_ = hash_hex(*h);
    } else if (m.topic == topics_.replay()) {
        if (j.contains("from") && j["from"].is_number_integer()) {
            const std::int64_t from = std::max<std::int64_t>(1, j["from"].get<std::int64_t>());
            replay_from_ = replay_from_ ? std::min(*replay_from_, from) : from;
        }
    }
    wake_.notify_one();
}

void LogPublisher::run() {
    feed::lower_thread_priority(options_.nice);
    std::unique_lock lock(mutex_);
    Clock::time_point last_round{};
    while (!stopping_) {
        wake_.wait_for(lock, std::chrono::milliseconds(100), [&] { return stopping_ || woken_; });
        // Events closer together than batch_interval go out in one round.
        if (const auto since = Clock::now() - last_round; since < options_.batch_interval) {
            lock.unlock();
            std::this_thread::sleep_for(options_.batch_interval - since);
            lock.lock();
        }
        last_round = Clock::now();
        woken_ = false;
        if (stopping_) break;
        refresh_durable(lock);
        if (!connected_) continue;
        if (!head_known_) {
            // The first connection: resume after the broker's retained head if it is this log's
            // own event (a restarted host), else from the start (a new broker, another log).
            if (!broker_head_ && Clock::now() - connected_at_ < options_.head_wait) continue;
            if (broker_head_) {
                const std::int64_t seq = *broker_head_;
                const std::string hash = broker_head_hash_;
                lock.unlock();
                auto e = log_.event(seq);
                lock.lock();
                if (e && *e && hash_hex((*e)->hash) == hash) {
                    acked_ = seq;
                    note("resuming after event " + std::to_string(seq) +
                         ", the broker's acknowledged head");
                } else {
                    note("the broker's head (event " + std::to_string(seq) +
                         ") is not this log's: publishing from event 1");
                }
            }
            head_known_ = true;
            head_published_ = acked_;
            status_.acked = acked_;
            next_ = acked_ + 1;
            for (const auto& [topic, payload] : documents_) documents_pending_.insert(topic);
        }
        if (reconnected_) {
            // Whatever was in flight may be lost: send again from the first unacknowledged.
            reconnected_ = false;
            (void)client_->publish(topics_.status(), R"({"state":"online"})", 1, true);
            in_flight_.clear();
            acked_above_.clear();
            if (next_ > acked_ + 1) status_.resent += next_ - acked_ - 1;
            next_ = acked_ + 1;
            for (const auto& [topic, payload] : documents_) documents_pending_.insert(topic);
        }
        if (replay_from_ && Clock::now() - last_replay_ >= options_.replay_spacing) {
            if (*replay_from_ < next_) {
                status_.resent += next_ - *replay_from_;
                next_ = *replay_from_;
                note("resending from event " + std::to_string(next_) + ", as a mirror asked");
            }
            replay_from_.reset();
            last_replay_ = Clock::now();
        }
        send_events(lock);
        send_documents(lock);
        if (acked_ > head_published_) {
            lock.unlock();
            auto e = log_.event(acked_);
            lock.lock();
            if (e && *e) {
                if (client_->publish(topics_.head(), head_payload(**e), 1, true))
                    head_published_ = (*e)->seq;
            }
        }
    }
}

void LogPublisher::refresh_durable(std::unique_lock<std::mutex>& lock) {
    // The log's head as this connection sees it now (a read of only the rows since the last
    // look), so that "behind by N" stays true while the broker is away.
    std::int64_t durable = status_.durable;
    lock.unlock();
    (void)log_.for_each_event(durable + 1, [&](const store::EventRecord& e) {
        durable = e.seq;
        return true;
    });
    lock.lock();
    status_.durable = std::max(status_.durable, durable);
}

void LogPublisher::send_events(std::unique_lock<std::mutex>& lock) {
    const std::int64_t from = next_;
    const std::int64_t room = std::int64_t(options_.window) - (from - acked_ - 1);
    if (room <= 0) return;
    std::vector<std::pair<std::int64_t, std::string>> messages;
    lock.unlock();
    std::int64_t durable = log_.last_seq();
    // A fresh read: the writer's commits since the last look (WAL: never blocks the writer).
    (void)log_.for_each_event(from, [&](const store::EventRecord& e) {
        auto decisions = log_.decisions_for(e.seq);
        messages.emplace_back(
            e.seq,
            encode_event_message(e, decisions ? *decisions : std::vector<store::DecisionRecord>{}));
        durable = std::max(durable, e.seq);
        return std::int64_t(messages.size()) < room;
    });
    lock.lock();
    status_.durable = std::max(status_.durable, durable);
    if (next_ != from) return;  // a replay or a reconnection moved it meanwhile: read again
    for (auto& [seq, text] : messages) {
        auto mid = client_->publish(topics_.events(), text, 1, false);
        if (!mid) return;  // the connection dropped: on_connection says so, and we start over
        in_flight_[*mid] = seq;
        next_ = seq + 1;
        ++status_.sent;
    }
}

void LogPublisher::send_documents(std::unique_lock<std::mutex>&) {
    for (auto it = documents_pending_.begin(); it != documents_pending_.end();) {
        auto doc = documents_.find(*it);
        if (doc != documents_.end()) {
            if (!client_->publish(*it, doc->second, 1, true)) return;
            ++status_.documents;
        }
        it = documents_pending_.erase(it);
    }
}

PublishStatus LogPublisher::status() const {
    std::lock_guard lock(mutex_);
    return status_;
}

bool LogPublisher::wait_acknowledged(std::int64_t seq, std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return acked_changed_.wait_for(lock, timeout, [&] { return acked_ >= seq; });
}

void LogPublisher::stop(std::chrono::milliseconds drain) {
    {
        std::unique_lock lock(mutex_);
        if (stopping_ || !client_) return;
    }
    if (drain.count() > 0) {
        wake();
        std::int64_t durable = 0;
        {
            std::lock_guard lock(mutex_);
            durable = status_.durable;
        }
        // What the log holds now, not only what the thread has read.
        if (auto e = store::EventLog::open(options_.log_path, {true, store::IntegrityCheck::NONE,
                                                               store::ChainCheck::NONE, 5000}))
            durable = std::max(durable, e->last_seq());
        wait_acknowledged(durable, drain);
    }
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
    if (client_->connected()) {
        // The last head, which the thread may have had no turn to publish: a restarted hall
        // resumes after it.
        std::int64_t acked = 0, published = 0;
        {
            std::lock_guard lock(mutex_);
            acked = acked_;
            published = head_published_;
        }
        if (acked > published)
            if (auto e = log_.event(acked); e && *e)
                (void)client_->publish(topics_.head(), head_payload(**e), 1, true);
        auto mid =
            client_->publish(topics_.status(), R"({"state":"offline","clean":true})", 1, true);
        (void)mid;
    }
    client_->stop();
}

void follow(LogPublisher& publisher, runtime::Daemon& daemon, feed::FeedPublisher& feed) {
    daemon.on_applied([&publisher](const runtime::StepRecord& r) {
        if (!r.applied.empty()) publisher.wake();
    });
    feed.add_sink([&publisher](const feed::FeedUpdate& u) { publisher.publish_feed(u); });
}

std::string status_line(const PublishStatus& s) {
    std::string line =
        (s.connected ? "connected to " : "not connected to ") + s.broker + " as " + s.topic + "; ";
    if (s.behind() <= 0)
        line += "every durable event acknowledged (" + std::to_string(s.acked) + ")";
    else
        line += "behind by " + std::to_string(s.behind()) + " event" +
                (s.behind() == 1 ? "" : "s") + " (acknowledged " + std::to_string(s.acked) +
                " of " + std::to_string(s.durable) + ")";
    if (s.refused) line += "; " + std::to_string(s.refused) + " refused by the broker";
    return line;
}

}  // namespace venue::publish
