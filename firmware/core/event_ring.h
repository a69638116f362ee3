// The hub's store of sequenced events, kept until the host acknowledges them so that nothing is
// lost across a dropped frame, a garbled line or a disconnect.
//
//      oldest_            cursor_                 next_
//         |  sent, unacked  |   not yet (re)sent    |
//   ------[=================|=======================)-------> seq
//
//   push        stores at next_ (the payload carries seq == next_), next_++. When the ring is
//               full the oldest event is overwritten and counted in dropped() (Heartbeat and
//               Handshake report oldest_seq, so the host sees exactly which events are gone).
//   ack(s)      cumulative: every event <= s is stored by the host; oldest_ = s + 1.
//   rewind(s)   the host lost events from s on: cursor_ = max(s, oldest_).
//   next_to_send  the event at cursor_, cursor_++.
//
// The host drops events whose seq it already has, so re-sending never doubles an event; an event
// is never discarded before it was acknowledged unless the ring overflows.
#pragma once

#include <stdint.h>

#include "venue_wire.h"

namespace venue {
namespace hub {

constexpr uint8_t EVENT_RING_CAPACITY = 64;

class EventRing {
  public:
    uint32_t next_seq() const { return next_; }
    uint32_t oldest_seq() const { return oldest_; }
    uint8_t held() const { return static_cast<uint8_t>(next_ - oldest_); }
    uint16_t dropped() const { return dropped_; }

    // payload: type + body of an event message whose seq field is next_seq().
    void push(const uint8_t* payload, uint8_t len);
    void ack(uint32_t seq);
    void rewind(uint32_t from);

    bool has_unsent() const { return cursor_ < next_; }
    // Copies the next event to send (type + body) into out (room for wire::MAX_EVENT_PAYLOAD)
    // and returns its length, or 0 when every held event was sent.
    uint8_t next_to_send(uint8_t* out);

    bool is_ok() const;

  private:
    // A slot holds the payload without its seq (bytes 1..4): the seq is the slot's position, and
    // the length follows from the type. 4 + 1 bytes saved per slot are 320 bytes of the AVR's RAM.
    static constexpr uint8_t SEQ_SIZE = 4;
    struct Slot {
        uint8_t bytes[wire::MAX_EVENT_PAYLOAD - SEQ_SIZE];
    };

    Slot& slot(uint32_t seq) { return slots_[seq % EVENT_RING_CAPACITY]; }

    Slot slots_[EVENT_RING_CAPACITY];
    uint32_t oldest_ = 1;  // sequence numbers start at 1: an ack of 0 means "nothing yet"
    uint32_t cursor_ = 1;
    uint32_t next_ = 1;
    uint16_t dropped_ = 0;
};

}  // namespace hub
}  // namespace venue
