// Frames of the hub <-> host protocol: the payload of venue_wire.h plus a CRC, COBS-encoded and
// terminated by 0x00.
//
//   payload  = type:u8 | body (fixed size per type, little-endian)
//   checked  = payload | crc:u16 LE      crc = CRC-16/CCITT-FALSE over payload, then
//   CRC_EXTRA[type] wire     = COBS(checked) | 0x00
//
// A received frame is accepted only when it decodes, its type is known, its length is exactly that
// type's, and the CRC matches. Anything else is counted and dropped; the sender's retransmission
// (events: resend; commands: the host retries until CommandAck) recovers the content.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "cobs.h"
#include "venue_wire.h"

namespace venue {
namespace hub {

constexpr size_t FRAME_CRC_SIZE = 2;
constexpr size_t MAX_CHECKED_SIZE = wire::MAX_PAYLOAD + FRAME_CRC_SIZE;
// Longest frame on the wire, delimiter included.
constexpr size_t MAX_WIRE_FRAME = cobs_max_encoded(MAX_CHECKED_SIZE) + 1;

// CRC of a payload as the frame carries it (CRC_EXTRA of payload[0] folded in).
uint16_t frame_crc(const uint8_t* payload, size_t len);

// Encodes a payload (type + body) into out (room for MAX_WIRE_FRAME), delimiter included.
// Returns the number of bytes to send, 0 if len is 0 or longer than wire::MAX_PAYLOAD (caller bug).
size_t encode_frame(const uint8_t* payload, size_t len, uint8_t* out);

template <class Message>
size_t encode_message(const Message& m, uint8_t* out) {
    uint8_t payload[wire::MAX_PAYLOAD];
    const size_t len = wire::pack(m, payload);
    return encode_frame(payload, len, out);
}

enum class FrameError : uint8_t {
    NONE,
    COBS,          // 0x00 inside a COBS block, or frame longer than any message
    SHORT,         // fewer bytes than a type, one body byte and a CRC
    UNKNOWN_TYPE,  // type not in the table
    LENGTH,        // length differs from the type's
    CRC,           // CRC mismatch (corruption, or a peer built from another table)
};

// Byte-at-a-time receiver: COBS decoding, then the checks above.
class FrameDecoder {
  public:
    enum class Result : uint8_t {
        NONE,
        FRAME,
        ERROR
    };

    FrameDecoder() : cobs_(buf_, sizeof buf_) {}

    // FRAME: payload()/payload_size() hold type + body until the next push.
    // ERROR: error() says why; the decoder is already waiting for the next frame.
    Result push(uint8_t byte);

    const uint8_t* payload() const { return buf_; }
    size_t payload_size() const { return size_; }
    FrameError error() const { return error_; }

  private:
    uint8_t buf_[MAX_CHECKED_SIZE];
    CobsDecoder cobs_;
    size_t size_ = 0;
    FrameError error_ = FrameError::NONE;
};

}  // namespace hub
}  // namespace venue
