#include "event_ring.h"

#include <assert.h>

namespace venue {
namespace hub {

namespace {

// Every event body starts with seq:u32 LE. Only assertions use it (unused with NDEBUG).
__attribute__((unused)) uint32_t read_seq(const uint8_t* payload) {
    return static_cast<uint32_t>(payload[1]) | (static_cast<uint32_t>(payload[2]) << 8) |
           (static_cast<uint32_t>(payload[3]) << 16) | (static_cast<uint32_t>(payload[4]) << 24);
}

}  // namespace

void EventRing::push(const uint8_t* payload, uint8_t len) {
    const auto type = static_cast<wire::MessageType>(payload[0]);
    assert(wire::kind_of(type) == wire::MessageKind::EVENT && wire::is_known(type));
    assert(len == 1 + wire::body_size(type) && len <= wire::MAX_EVENT_PAYLOAD);
    assert(read_seq(payload) == next_);
    (void)type;
    if (len > wire::MAX_EVENT_PAYLOAD) len = wire::MAX_EVENT_PAYLOAD;
    if (held() == EVENT_RING_CAPACITY) {
        ++oldest_;
        ++dropped_;
        if (cursor_ < oldest_) cursor_ = oldest_;
    }
    Slot& s = slot(next_);
    s.bytes[0] = payload[0];
    for (uint8_t i = 1 + SEQ_SIZE; i < len; ++i) s.bytes[i - SEQ_SIZE] = payload[i];
    ++next_;
}

void EventRing::ack(uint32_t seq) {
    if (seq >= next_) seq = next_ - 1;  // acking the future is a host bug; take what exists
    if (seq + 1 > oldest_) oldest_ = seq + 1;
    if (cursor_ < oldest_) cursor_ = oldest_;
}

void EventRing::rewind(uint32_t from) {
    if (from < oldest_) from = oldest_;
    if (from > next_) from = next_;
    cursor_ = from;
}

uint8_t EventRing::next_to_send(uint8_t* out) {
    if (cursor_ >= next_) return 0;
    const uint32_t seq = cursor_++;
    const Slot& s = slot(seq);
    const uint8_t len =
        static_cast<uint8_t>(1 + wire::body_size(static_cast<wire::MessageType>(s.bytes[0])));
    out[0] = s.bytes[0];
    for (uint8_t i = 0; i < SEQ_SIZE; ++i) out[1 + i] = static_cast<uint8_t>(seq >> (8 * i));
    for (uint8_t i = 1 + SEQ_SIZE; i < len; ++i) out[i] = s.bytes[i - SEQ_SIZE];
    return len;
}

bool EventRing::is_ok() const {
    if (!(1 <= oldest_ && oldest_ <= cursor_ && cursor_ <= next_)) return false;
    if (next_ - oldest_ > EVENT_RING_CAPACITY) return false;
    for (uint32_t seq = oldest_; seq < next_; ++seq) {
        const auto type =
            static_cast<wire::MessageType>(slots_[seq % EVENT_RING_CAPACITY].bytes[0]);
        if (!wire::is_known(type) || wire::kind_of(type) != wire::MessageKind::EVENT) return false;
    }
    return true;
}

}  // namespace hub
}  // namespace venue
