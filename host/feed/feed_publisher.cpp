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

FeedPublisher::FeedPublisher(std::unique_ptr<FeedServer> server, std::string host)
    : server_(std::move(server)), host_(std::move(host)) {}

FeedPublisher::~FeedPublisher() {
    server_->stop();
}

Result<std::unique_ptr<FeedPublisher>, std::string> FeedPublisher::start(FeedOptions options,
                                                                         runtime::Daemon& daemon) {
    std::string host = options.host;
    auto server = FeedServer::start(std::move(options));
    if (!server) return unexpected(server.error());
    std::unique_ptr<FeedPublisher> p(new FeedPublisher(std::move(server.value()), host));
    p->session_ = &daemon.session();
    // The whole event as the log left it: a client that connects before the first step sees
    // every match, not an empty feed.
    p->server_->publish(make_update(p->session_->state(), {}, p->memory_));
    FeedPublisher* self = p.get();
    daemon.on_applied([self](const runtime::StepRecord& r) { self->publish_step(r); });
    return p;
}

void FeedPublisher::publish_step(const runtime::StepRecord& record) {
    if (record.applied.empty()) return;
    FeedUpdate update = make_update(session_->state(), record.applied, memory_);
    // Events that concern no match (device status, host notes) change nothing a client shows.
    if (update.matches.empty()) return;
    server_->publish(std::move(update));
}

std::string FeedPublisher::url() const {
    return "http://" + host_ + ":" + std::to_string(server_->port()) + "/";
}

}  // namespace venue::feed
