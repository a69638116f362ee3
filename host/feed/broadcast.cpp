#include "feed/broadcast.h"

#include <vector>

namespace venue::feed {

Broadcast::Broadcast(Options options) : options_(options) {
    waker_ = std::thread([this] { wake_readers(); });
}

Broadcast::~Broadcast() {
    close();
    waker_.join();
}

void Broadcast::wake_readers() {
    std::unique_lock lock(mutex_);
    while (!closed_) {
        publish_.wait(lock, [&] { return closed_ || !woken_; });
        woken_ = true;
        lock.unlock();
        wake_.notify_all();
        lock.lock();
    }
}

std::string Broadcast::frame(std::int64_t id, const char* event, const std::string& data) {
    std::string s;
    s.reserve(data.size() + 48);
    s += "id: ";
    s += std::to_string(id);
    s += "\nevent: ";
    s += event;
    s += "\ndata: ";
    s += data;
    s += "\n\n";
    return s;
}

void Broadcast::publish(std::int64_t id, const std::string& update_data,
                        const std::string& snapshot_data) {
    // Framed before the lock: the lock is held only to swap pointers.
    auto update = std::make_shared<const std::string>(frame(id, "update", update_data));
    auto snapshot = std::make_shared<const std::string>(frame(id, "snapshot", snapshot_data));
    Text evicted;
    {
        std::lock_guard lock(mutex_);
        if (messages_.empty()) first_id_ = id;
        messages_.push_back(std::move(update));
        last_id_ = id;
        if (messages_.size() > options_.history) {
            evicted = std::move(messages_.front());  // freed after the lock
            messages_.pop_front();
            ++first_id_;
        }
        snapshot_.swap(snapshot);
        woken_ = false;
    }
    publish_.notify_one();  // one waiter: the waker
}

Broadcast::Cursor Broadcast::open(std::optional<std::int64_t> last_event_id) const {
    std::lock_guard lock(mutex_);
    Cursor c;
    c.next = last_id_ + 1;
    if (!last_event_id) return c;
    const std::int64_t after = *last_event_id;
    const bool kept = after >= first_id_ - 1 && after <= last_id_;
    const bool near = last_id_ - after <= std::int64_t(options_.max_backlog);
    if (kept && near && (after > 0 || first_id_ == 1)) {
        c.next = after + 1;
        c.need_snapshot = false;
    }
    return c;
}

bool Broadcast::ready(const Cursor& c) const {
    return closed_ || (c.need_snapshot && snapshot_) || (!c.need_snapshot && last_id_ >= c.next);
}

Broadcast::Read Broadcast::read(Cursor& cursor, std::chrono::milliseconds wait, std::string& out) {
    std::vector<Text> texts;
    {
        std::unique_lock lock(mutex_);
        ++waiting_;
        const bool woken = wake_.wait_for(lock, wait, [&] { return ready(cursor); });
        --waiting_;
        if (!woken) return Read::IDLE;
        if (closed_) return Read::CLOSED;
        if (cursor.need_snapshot) {
            texts.push_back(snapshot_);
            cursor.next = last_id_ + 1;
            cursor.need_snapshot = false;
        } else {
            const std::int64_t waiting = last_id_ - cursor.next + 1;
            if (cursor.next < first_id_ || waiting > std::int64_t(options_.max_backlog))
                return Read::BEHIND;
            for (std::int64_t id = cursor.next; id <= last_id_; ++id)
                texts.push_back(messages_[std::size_t(id - first_id_)]);
            cursor.next = last_id_ + 1;
        }
    }
    for (const Text& t : texts) out += *t;
    return Read::DATA;
}

void Broadcast::close() {
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
    }
    publish_.notify_all();
    wake_.notify_all();
}

std::size_t Broadcast::waiting_readers() const {
    std::lock_guard lock(mutex_);
    return waiting_;
}

std::int64_t Broadcast::last_id() const {
    std::lock_guard lock(mutex_);
    return last_id_;
}

}  // namespace venue::feed
