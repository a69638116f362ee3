#include "feed/feed_publisher.h"

#include <charconv>

namespace venue::feed {

Result<std::pair<std::string, int>, std::string> parse_feed_address(const std::string& text) {
    const std::size_t colon = text.rfind(':');
    std::string host = colon == std::string::npos ? "127.0.0.1" : text.substr(0, colon);
    const std::string port_text = colon == std::string::npos ? text : text.substr(colon + 1);
    if (host.empty()) host = "127.0.0.1";
    int port = -1;
    auto [end, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
    if (port_text.empty() || ec != std::errc() || end != port_text.data() + port_text.size() ||
        port < 0 || port > 65535)
        return unexpected("'" + text + "' is not HOST:PORT (the port is 0 to 65535, 0: any free)");
    return std::pair{host, port};
}

void merge_update(FeedUpdate& earlier, FeedUpdate&& later) {
    earlier.seq = later.seq;
    if (!later.event_json.empty()) earlier.event_json = std::move(later.event_json);
    if (later.full) {
        earlier.matches.clear();
        earlier.pgn.clear();
        earlier.full = true;
    }
    for (auto& [id, doc] : later.matches) earlier.matches[id] = std::move(doc);
    for (auto& [id, pgn] : later.pgn) earlier.pgn[id] = std::move(pgn);
}

FeedPublisher::FeedPublisher(std::unique_ptr<FeedServer> server, std::string host, int nice)
    : server_(std::move(server)), host_(std::move(host)) {
    publisher_ = std::thread([this, nice] { publishing_loop(nice); });
}

FeedPublisher::~FeedPublisher() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    publisher_.join();  // what was queued is published first
    if (server_) server_->stop();
}

void FeedPublisher::publishing_loop(int nice) {
    lower_thread_priority(nice);
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) return;  // stopping, nothing left
        std::deque<FeedUpdate> batch;
        batch.swap(queue_);
        lock.unlock();
        for (FeedUpdate& u : batch) {
            {
                // Held while the sinks run, so that clear_sinks() returns only once none is
                // running (a sink's owner may then go).
                std::lock_guard sinks_lock(sinks_mutex_);
                for (const auto& sink : sinks_) sink(u);
            }
            if (server_) server_->publish(std::move(u));
        }
        lock.lock();
    }
}

Result<std::unique_ptr<FeedPublisher>, std::string> FeedPublisher::start(FeedOptions options,
                                                                         runtime::Daemon& daemon) {
    std::string host = options.host;
    const int nice = options.nice;
    auto server = FeedServer::start(std::move(options));
    if (!server) return unexpected(server.error());
    std::unique_ptr<FeedPublisher> p(new FeedPublisher(std::move(server.value()), host, nice));
    p->session_ = &daemon.session();
    // The whole event as the log left it: a client that connects before the first step sees
    // every match, not an empty feed.
    p->server_->publish(make_update(p->session_->state(), {}, p->memory_));
    FeedPublisher* self = p.get();
    daemon.on_applied([self](const runtime::StepRecord& r) { self->publish_step(r); });
    return p;
}

std::unique_ptr<FeedPublisher> FeedPublisher::attach(runtime::Daemon& daemon, int nice) {
    std::unique_ptr<FeedPublisher> p(new FeedPublisher(nullptr, "", nice));
    p->session_ = &daemon.session();
    FeedPublisher* self = p.get();
    daemon.on_applied([self](const runtime::StepRecord& r) { self->publish_step(r); });
    return p;
}

void FeedPublisher::add_sink(std::function<void(const FeedUpdate&)> sink) {
    // The whole event first, through the queue: the sink then sees updates in order.
    FeedUpdate whole = make_update(session_->state(), {}, memory_);
    {
        std::lock_guard sinks_lock(sinks_mutex_);
        sinks_.push_back(std::move(sink));
    }
    {
        std::lock_guard lock(mutex_);
        queue_.push_back(std::move(whole));
    }
    wake_.notify_one();
}

void FeedPublisher::clear_sinks() {
    std::lock_guard sinks_lock(sinks_mutex_);
    sinks_.clear();
}

void FeedPublisher::publish_step(const runtime::StepRecord& record) {
    if (record.applied.empty()) return;
    FeedUpdate update = make_update(session_->state(), record.applied, memory_);
    // Events that concern no match (device status, host notes) change nothing a client shows.
    if (update.matches.empty()) return;
    {
        std::lock_guard lock(mutex_);
        if (queue_.size() >= MAX_QUEUED)
            merge_update(queue_.back(), std::move(update));
        else
            queue_.push_back(std::move(update));
    }
    wake_.notify_one();
}

std::string FeedPublisher::url() const {
    if (!server_) return "";
    return "http://" + host_ + ":" + std::to_string(server_->port()) + "/";
}

}  // namespace venue::feed
