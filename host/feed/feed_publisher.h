// FeedPublisher: the TV feed joined to a running daemon (`venue run`, `venue demo`). It serves the
// feed, publishes the whole event at once (what the log replayed), and after every daemon step
// that applied events, the matches those events touched.
//
//   engine thread: Daemon::step() ──on_applied──▶ make_update(state, applied, memory) ──▶ queue
//   publishing thread (lowered priority): queue ──▶ FeedServer::publish (frames, wakes streams)
//
// The engine thread only builds the documents (it alone may read the state) and pushes them on
// a short queue whose lock nobody holds for longer than a push or a pop, so neither a slow TV
// client nor hundreds of streams contending inside the server can hold up a decision. When the
// queue is full the newest update is merged into the last one queued: documents are whole, so a
// client loses nothing but an intermediate state. The publisher must outlive the daemon's last
// step().
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

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
    // The same without an HTTP server: the updates go only to the sinks (a hall that publishes
    // to a broker and serves no feed itself). `nice` as FeedOptions::nice.
    static std::unique_ptr<FeedPublisher> attach(runtime::Daemon& daemon, int nice = 19);
    ~FeedPublisher();
    FeedPublisher(const FeedPublisher&) = delete;
    FeedPublisher& operator=(const FeedPublisher&) = delete;

    // Also hands every update to `sink`, on the publishing thread (so a slow sink holds up the
    // feed, never a decision). Its first update is the whole event as it stands. Call it on the
    // engine thread, or before the daemon runs.
    void add_sink(std::function<void(const FeedUpdate&)> sink);
    // Removes every sink; when it returns none is running or will run again.
    void clear_sinks();

    // Where the feed is served, e.g. "http://127.0.0.1:8080/"; "" without a server.
    std::string url() const;
    bool serving() const { return server_ != nullptr; }
    FeedServer& server() { return *server_; }

    // Updates waiting for the publishing thread at most; past it they are merged.
    static constexpr std::size_t MAX_QUEUED = 64;

  private:
    FeedPublisher(std::unique_ptr<FeedServer> server, std::string host, int nice);
    void publish_step(const runtime::StepRecord& record);
    void publishing_loop(int nice);

    std::unique_ptr<FeedServer> server_;
    std::string host_;
    const runtime::Session* session_ = nullptr;
    FeedMemory memory_;  // engine thread only

    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<FeedUpdate> queue_;
    std::mutex sinks_mutex_;
    std::vector<std::function<void(const FeedUpdate&)>> sinks_;
    bool stopping_ = false;
    std::thread publisher_;
};

// Folds `later` into `earlier`, as if both had been published: later documents win, and a full
// update stays full.
void merge_update(FeedUpdate& earlier, FeedUpdate&& later);

}  // namespace venue::feed
