// FeedServer: the read-only HTTP feed for TV crews (docs/tv-guide.md). It serves what the engine
// thread last published: JSON under /api/v1/ (schemas/feed/feed.schema.json), server-sent events
// at /api/v1/stream, live PGN at /pgn and /pgn/<match>, and overlay pages for OBS at /overlay/.
// Only GET and HEAD are answered; anything else is 405. Nothing it receives reaches the engine.
//
//   engine thread ──publish(update)──▶ [documents swapped, message appended] ──▶ returns
//   server threads (one per connection) ──▶ read the last documents / the broadcast's messages
//
// publish() copies text and takes a lock that no thread holds while it does I/O, so a slow,
// stuck or vanished client never holds up the engine: each stream reads from the broadcast at its
// own pace, and one that falls more than max_backlog messages behind is dropped (it resumes with
// Last-Event-ID and is given a snapshot). A stuck socket holds only its own thread, for at most
// write_timeout.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "common/result.h"
#include "feed/feed_update.h"

namespace venue::feed {

struct FeedOptions {
    std::string host = "127.0.0.1";
    int port = 8080;                 // 0: an ephemeral port (port() says which)
    std::size_t max_streams = 1000;  // event-stream clients at once; more are answered 503
    std::size_t history = 1024;      // updates kept for clients resuming with Last-Event-ID
    std::size_t max_backlog = 256;   // updates a stream may be behind before it is dropped
    std::chrono::milliseconds keepalive{15000};     // a comment line on an idle stream
    std::chrono::milliseconds write_timeout{5000};  // a client taking no data this long is dropped
    // The server's threads run this many nice steps below the engine's (0: same priority; 19:
    // also the SCHED_IDLE policy, the default), so that serving TV never takes the CPU from a
    // decision.
    int nice = 19;
    // Where the server reports dropped clients and errors (one line each), called from the
    // server's threads (several at once); null: standard error.
    std::function<void(const std::string&)> log;
};

struct FeedStats {
    std::int64_t last_id = 0;          // id of the last update published (SSE id)
    std::int64_t published = 0;        // updates published
    std::int64_t requests = 0;         // requests answered (every status)
    std::int64_t rejected = 0;         // answered 4xx or 5xx (405 included)
    std::int64_t streams_open = 0;     // event streams now
    std::int64_t streams_total = 0;    // event streams ever opened
    std::int64_t streams_refused = 0;  // 503: max_streams reached
    std::int64_t dropped_behind = 0;   // streams dropped for being max_backlog behind
    std::int64_t dropped_write = 0;    // streams whose client went away or took no data in time
};

// Lowers the calling thread's scheduling priority by `nice` steps (19: and SCHED_IDLE, the
// lowest weight the scheduler has). Every thread of the feed
// does this: on a two-core host, hundreds of stream threads woken by one update must yield to
// the engine's thread rather than delay the next decision.
void lower_thread_priority(int nice);

class FeedServer {
  public:
    // Binds host:port and starts serving (nothing is published yet: the documents are empty
    // until the first publish()). An error names what failed (e.g. the port is taken).
    static Result<std::unique_ptr<FeedServer>, std::string> start(FeedOptions options);
    ~FeedServer();  // stop()
    FeedServer(const FeedServer&) = delete;
    FeedServer& operator=(const FeedServer&) = delete;

    // Thread-safe; never waits for a client. Takes the update's text as the current documents
    // (merged with the matches it does not name, unless update.full) and sends it to every
    // stream as the next event id.
    void publish(FeedUpdate update);

    // Closes every stream and stops serving; waits for the server's threads (a client stuck in a
    // write holds its thread for at most write_timeout). Idempotent.
    void stop();

    FeedStats stats() const;
    int port() const;

    struct Impl;

  private:
    explicit FeedServer(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace venue::feed
