#include "publish/log_mirror.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "publish/hall_topics.h"
#include "store/event_hash.h"

namespace venue::publish {

namespace fs = std::filesystem;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct LogMirror::Copy {
    explicit Copy(store::EventLog opened) : log(std::move(opened)) {}
    MirrorHall figures;
    store::EventLog log;
    std::map<std::int64_t, EventMessage> waiting;  // ahead of a gap, by seq
    Clock::time_point last_replay{};
    store::EventHasher hasher;
};

LogMirror::LogMirror(MirrorOptions options) : options_(std::move(options)) {}

LogMirror::~LogMirror() {
    stop();
}

void LogMirror::note(const std::string& line) const {
    if (options_.log) options_.log(line);
}

Result<std::unique_ptr<LogMirror>, std::string> LogMirror::start(MirrorOptions options) {
    if (options.event != "+")
        if (auto why = topic_segment_problem(options.event); !why.empty())
            return unexpected("the event id '" + options.event + "' " + why);
    std::error_code ec;
    fs::create_directories(options.dir, ec);
    if (ec) return unexpected("cannot create " + options.dir + ": " + ec.message());
    if (options.mqtt.client_id.empty()) {
        char host[256] = {};
        ::gethostname(host, sizeof host - 1);
        options.mqtt.client_id = "venue-mirror-" + topic_slug(host);
    }
    options.mqtt.clean_session = false;
    std::unique_ptr<LogMirror> m(new LogMirror(std::move(options)));
    // The copies already in DIR: their heads say where each hall must resume.
    for (const auto& event_dir : fs::directory_iterator(m->options_.dir, ec)) {
        if (!event_dir.is_directory()) continue;
        const std::string event = event_dir.path().filename().string();
        if (!valid_topic_segment(event)) continue;
        for (const auto& file : fs::directory_iterator(event_dir.path(), ec)) {
            if (file.path().extension() != ".sqlite") continue;
            const std::string hall = file.path().stem().string();
            if (!valid_topic_segment(hall)) continue;
            if (!m->copy_for(event, hall))
                return unexpected("the copy " + file.path().string() + " cannot be opened");
        }
    }
    LogMirror* self = m.get();
    MqttHandlers handlers;
    handlers.on_connection = [self](bool up, const std::string& why) {
        self->note(up ? "connected to " + self->options_.mqtt.broker.display() : why);
        self->changed_.notify_all();
        if (up) {
            // Ask every known hall for what came while we were away (the broker's queue may not
            // have held it all); the hall resends only from where our copy ends.
            std::lock_guard lock(self->mutex_);
            self->inbox_.push_back({"#reconnected", "", false});
            self->wake_.notify_one();
        }
    };
    handlers.on_message = [self](const MqttMessage& msg) { self->on_message(msg); };
    auto client = MqttClient::start(m->options_.mqtt, std::move(handlers));
    if (!client) return unexpected(client.error());
    m->client_ = std::move(*client);
    m->client_->subscribe(hall_filter(m->options_.event, "events"), 1);
    m->client_->subscribe(hall_filter(m->options_.event, "head"), 1);
    m->thread_ = std::thread([self] { self->run(); });
    return m;
}

void LogMirror::on_message(const MqttMessage& m) {
    {
        std::lock_guard lock(mutex_);
        inbox_.push_back(m);
    }
    wake_.notify_one();
}

LogMirror::Copy* LogMirror::copy_for(const std::string& event, const std::string& hall) {
    const std::string key = event + "/" + hall;
    if (auto it = copies_.find(key); it != copies_.end()) return it->second.get();
    std::error_code ec;
    fs::create_directories(fs::path(options_.dir) / event, ec);
    const std::string path = (fs::path(options_.dir) / event / (hall + ".sqlite")).string();
    store::OpenOptions open;
    open.integrity = store::IntegrityCheck::QUICK;
    open.chain = store::ChainCheck::FROM_LATEST_SNAPSHOT;
    auto log = store::EventLog::open(path, open);
    if (!log) {
        note("the copy " + path + ": " + log.error().to_string());
        return nullptr;
    }
    auto copy = std::make_unique<Copy>(std::move(*log));
    copy->figures.event = event;
    copy->figures.hall = hall;
    copy->figures.path = path;
    copy->figures.last_seq = copy->log.last_seq();
    note("mirroring " + event + "/" + hall + " into " + path + " (from event " +
         std::to_string(copy->figures.last_seq + 1) + ")");
    Copy* raw = copy.get();
    copies_[key] = std::move(copy);
    {
        std::lock_guard lock(mutex_);
        status_[key] = raw->figures;
    }
    return raw;
}

void LogMirror::ask_replay(Copy& copy) {
    const Clock::time_point now = Clock::now();
    if (now - copy.last_replay < options_.replay_spacing) return;
    copy.last_replay = now;
    ++copy.figures.replays;
    const std::string from = std::to_string(copy.log.last_seq() + 1);
    (void)client_->publish(HallTopics(copy.figures.event, copy.figures.hall).replay(),
                           "{\"from\":" + from + "}", 1, false);
}

bool LogMirror::take_one(Copy& copy, store::EventLog::Batch& batch, const EventMessage& m) {
    const store::EventRecord& e = m.event;
    const std::int64_t head = copy.log.last_seq();
    auto refuse = [&](const std::string& why) {
        ++copy.figures.refused;
        copy.figures.last_refusal = "seq " + std::to_string(e.seq) + ": " + why;
        note(copy.figures.event + "/" + copy.figures.hall + ": refused " +
             copy.figures.last_refusal);
        return false;
    };
    if (e.seq <= head) {
        auto held = copy.log.event(e.seq);
        if (held && *held && (*held)->hash == e.hash) {
            ++copy.figures.duplicates;
            return false;
        }
        return refuse("differs from the event the copy holds at that seq (hash " +
                      hash_hex(e.hash).substr(0, 12) + " where the copy has " +
                      (held && *held ? hash_hex((*held)->hash).substr(0, 12) : "?") +
                      "): not the hall's log as it was published");
    }
    if (e.seq > head + 1) return false;  // the caller keeps it waiting
    if (e.prev_hash != copy.log.last_hash())
        return refuse("its prev_hash " + hash_hex(e.prev_hash).substr(0, 12) +
                      " is not the hash of event " + std::to_string(head) + " (" +
                      hash_hex(copy.log.last_hash()).substr(0, 12) + ")");
    const store::Hash computed = copy.hasher.hash(
        copy.log.last_hash(), {e.seq, e.hub_time_us, e.host_time_ns, e.source, e.kind, e.payload});
    if (computed != e.hash)
        return refuse("its fields hash to " + hash_hex(computed).substr(0, 12) +
                      ", not to its hash " + hash_hex(e.hash).substr(0, 12) +
                      ": altered on the way");
    store::NewEvent ne{e.hub_time_us, e.host_time_ns, e.source, e.kind, e.payload};
    auto appended = batch.append(ne);
    if (!appended) return refuse("the copy could not store it: " + appended.error().to_string());
    if (!m.decisions.empty())
        if (auto st = batch.add_decisions(m.decisions))
            note("decisions of event " + std::to_string(e.seq) + " not stored: " + st->to_string());
    ++copy.figures.appended;
    return true;
}

void LogMirror::drain_waiting(Copy& copy, store::EventLog::Batch& batch) {
    while (!copy.waiting.empty()) {
        auto first = copy.waiting.begin();
        if (first->first > copy.log.last_seq() + 1) break;
        EventMessage m = std::move(first->second);
        copy.waiting.erase(first);
        take_one(copy, batch, m);
    }
}

void LogMirror::take_events(Copy& copy, std::vector<EventMessage>& messages) {
    auto batch = copy.log.begin_batch();
    if (!batch) {
        note("the copy " + copy.figures.path + ": " + batch.error().to_string());
        return;
    }
    for (EventMessage& m : messages) {
        if (m.event.seq > copy.log.last_seq() + 1) {
            if (copy.waiting.size() < options_.max_waiting)
                copy.waiting.emplace(m.event.seq, std::move(m));
            continue;
        }
        take_one(copy, *batch, m);
        drain_waiting(copy, *batch);
    }
    drain_waiting(copy, *batch);
    if (auto st = batch->commit()) note("the copy " + copy.figures.path + ": " + st->to_string());
    if (!copy.waiting.empty() || copy.figures.hall_head > copy.log.last_seq()) ask_replay(copy);
}

void LogMirror::run() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        wake_.wait_for(lock, std::chrono::milliseconds(500),
                       [&] { return stopping_ || !inbox_.empty(); });
        if (stopping_) break;
        std::deque<MqttMessage> batch;
        batch.swap(inbox_);
        lock.unlock();
        // In arrival order, grouped by hall: one transaction (one fsync) per hall per round.
        std::map<Copy*, std::vector<EventMessage>> events;
        std::vector<Copy*> order;
        bool reconnected = false;
        for (const MqttMessage& msg : batch) {
            if (msg.topic == "#reconnected") {
                reconnected = true;
                continue;
            }
            auto topic = split_hall_topic(msg.topic);
            if (!topic) continue;
            Copy* copy = copy_for(topic->event, topic->hall);
            if (!copy) continue;
            if (topic->rest == "head") {
                json j = json::parse(msg.payload, nullptr, false);
                if (j.is_object() && j.contains("seq") && j["seq"].is_number_integer())
                    copy->figures.hall_head =
                        std::max(copy->figures.hall_head, j["seq"].get<std::int64_t>());
                if (std::find(order.begin(), order.end(), copy) == order.end())
                    order.push_back(copy);
                continue;
            }
            if (topic->rest != "events") continue;
            auto decoded = decode_event_message(msg.payload);
            if (!decoded) {
                ++copy->figures.refused;
                copy->figures.last_refusal = "a message that is not an event: " + decoded.error();
                note(topic->event + "/" + topic->hall + ": refused " + copy->figures.last_refusal);
                continue;
            }
            if (std::find(order.begin(), order.end(), copy) == order.end()) order.push_back(copy);
            events[copy].push_back(std::move(*decoded));
        }
        for (Copy* copy : order) {
            auto it = events.find(copy);
            if (it != events.end())
                take_events(*copy, it->second);
            else if (copy->figures.hall_head > copy->log.last_seq())
                ask_replay(*copy);
        }
        if (reconnected)
            for (auto& [key, copy] : copies_) {
                copy->last_replay = {};
                ask_replay(*copy);
            }
        lock.lock();
        for (auto& [key, copy] : copies_) {
            copy->figures.last_seq = copy->log.last_seq();
            copy->figures.waiting = std::int64_t(copy->waiting.size());
            status_[key] = copy->figures;
        }
        changed_.notify_all();
    }
}

std::vector<MirrorHall> LogMirror::halls() const {
    std::lock_guard lock(mutex_);
    std::vector<MirrorHall> out;
    for (const auto& [key, h] : status_) out.push_back(h);
    return out;
}

bool LogMirror::connected() const {
    return client_ && client_->connected();
}

bool LogMirror::wait_for(const std::string& event, const std::string& hall, std::int64_t seq,
                         std::chrono::milliseconds timeout) const {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, timeout, [&] {
        auto it = status_.find(event + "/" + hall);
        return it != status_.end() && it->second.last_seq >= seq;
    });
}

void LogMirror::stop() {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
        stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
    if (client_) client_->stop();
}

}  // namespace venue::publish
