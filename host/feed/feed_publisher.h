// FeedPublisher: the TV feed joined to a running daemon (`venue run`, `venue demo`). It serves the
// feed, publishes the whole event at once (what the log replayed), and after every daemon step
// that applied events, the matches those events touched.
//
//   Daemon::step() ──on_applied──▶ make_update(state, applied, memory) ──▶ FeedServer::publish
//
// The observer runs on the engine thread; publish() only copies text, so a slow TV client never
// holds up a decision (feed_server.h). The publisher must outlive the daemon's last step().
#pragma once

#include <memory>
#include <string>

#include "common/result.h"
#include "feed/feed_model.h"
#include "feed/feed_server.h"
#include "runtime/daemon.h"

namespace venue::feed {

// "HOST:PORT" (IPv4 address or name), ":PORT" (127.0.0.1) or "PORT". Port 0 picks a free one.
// An error names what is wrong with the text.
Result<std::pair<std::string, int>, std::string> parse_feed_address(const std::string& text);

class FeedPublisher {
  public:
    // Starts the server on options.host:options.port and subscribes to the daemon's steps.
    // An error (the port is taken, the host cannot be bound) leaves the daemon untouched.
    static Result<std::unique_ptr<FeedPublisher>, std::string> start(FeedOptions options,
                                                                     runtime::Daemon& daemon);
    ~FeedPublisher();
    FeedPublisher(const FeedPublisher&) = delete;
    FeedPublisher& operator=(const FeedPublisher&) = delete;

    // Where the feed is served, e.g. "http://127.0.0.1:8080/".
    std::string url() const;
    FeedServer& server() { return *server_; }

  private:
    FeedPublisher(std::unique_ptr<FeedServer> server, std::string host);
    void publish_step(const runtime::StepRecord& record);

    std::unique_ptr<FeedServer> server_;
    std::string host_;
    const runtime::Session* session_ = nullptr;
    FeedMemory memory_;
};

}  // namespace venue::feed
