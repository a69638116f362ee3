// Broadcast: the server-sent-event messages of the feed, kept for the clients that read them at
// their own pace. The publisher appends and never waits; each client has a cursor into the kept
// messages, so a client's queue is bounded by max_backlog without a copy per client.
//
//   publish(id, update, snapshot) ──▶ [ ... m(id-2) m(id-1) m(id) ]   (at most `history` kept)
//                                          ▲ cursor.next of a client
//   read(cursor): snapshot first when the cursor needs one (a new client, or a Last-Event-ID
//   older than what is kept); then every message after the cursor; BEHIND when more than
//   max_backlog are waiting (the client is dropped: it reconnects with Last-Event-ID and gets a
//   snapshot), IDLE when nothing came within the wait, CLOSED once close() was called.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace venue::feed {

class Broadcast {
  public:
    struct Options {
        std::size_t history = 1024;     // messages kept for clients that resume
        std::size_t max_backlog = 256;  // messages a client may be behind before it is dropped
    };

    struct Cursor {
        std::int64_t next = 1;  // the id of the next message this client needs
        bool need_snapshot = true;
    };

    enum class Read : std::uint8_t {
        DATA,    // text was appended
        IDLE,    // nothing new within the wait
        BEHIND,  // more than max_backlog messages waiting (or no longer kept): drop the client
        CLOSED,  // the broadcast is closed
    };

    explicit Broadcast(Options options);
    ~Broadcast();  // close()
    Broadcast(const Broadcast&) = delete;
    Broadcast& operator=(const Broadcast&) = delete;

    // Appends the message with this id (ids increase by one from 1) and the snapshot that stands
    // for everything up to it. Both are data lines (JSON on one line). The readers are woken by
    // the broadcast's own thread: waking hundreds of them costs milliseconds, which must not be
    // the publisher's (the engine thread's).
    void publish(std::int64_t id, const std::string& update_data, const std::string& snapshot_data);

    // Where a client starts: after its Last-Event-ID when the messages after it are all kept
    // (and not more than max_backlog), otherwise with a snapshot.
    Cursor open(std::optional<std::int64_t> last_event_id) const;

    // Appends to `out` what the client behind `cursor` needs next, waiting up to `wait`.
    Read read(Cursor& cursor, std::chrono::milliseconds wait, std::string& out);

    void close();
    std::int64_t last_id() const;
    // Readers blocked in read() right now (the feed's idle streams; tests wait on it).
    std::size_t waiting_readers() const;

    // The text of one server-sent event.
    static std::string frame(std::int64_t id, const char* event, const std::string& data);

  private:
    using Text = std::shared_ptr<const std::string>;
    bool ready(const Cursor& c) const;  // with mutex_ held

    void wake_readers();  // the waker thread

    const Options options_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;     // readers wait here
    std::condition_variable publish_;  // the waker waits here
    bool woken_ = true;                // the readers have been woken since the last publish
    std::deque<Text> messages_;        // ids first_id_ .. last_id_
    std::int64_t first_id_ = 1;
    std::int64_t last_id_ = 0;
    Text snapshot_;  // framed, with id last_id_
    bool closed_ = false;
    std::size_t waiting_ = 0;  // readers inside wake_.wait_for
    std::thread waker_;
};

}  // namespace venue::feed
