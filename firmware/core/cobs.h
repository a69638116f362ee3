// COBS framing (Cheshire & Baker, "Consistent Overhead Byte Stuffing", 1999).
//
// An encoded frame contains no 0x00 byte, so 0x00 is the frame delimiter: after any garbage or
// lost byte the next 0x00 puts the receiver back in step. Encoding adds one byte per 254 bytes of
// payload (plus the delimiter, which the caller appends).
#pragma once

#include <stddef.h>
#include <stdint.h>

namespace venue {
namespace hub {

constexpr size_t cobs_max_encoded(size_t len) {
    return len + len / 254 + 1;
}

// Encodes len bytes of in into out (room for cobs_max_encoded(len)); no delimiter is written.
// Returns the encoded length.
size_t cobs_encode(const uint8_t* in, size_t len, uint8_t* out);

// Byte-at-a-time decoder into a caller-owned buffer. States:
//
//            0x00: empty frame, ignored
//          +---------+
//          v         |        code byte c (block of c-1 data bytes, then an implicit 0 unless
//        IDLE -------+        c == 0xFF or the frame ends)
//          |  c != 0
//          v
//        BLOCK --- data bytes; a new code byte after each block --+
//          |   ^----------------------------------------------------+
//          |-- 0x00 at a block boundary ---------> FRAME, back to IDLE
//          |-- 0x00 inside a block ---------------> ERROR (truncated), back to IDLE
//          '-- payload longer than the buffer ----> DISCARD --- 0x00 ---> ERROR, back to IDLE
//
// Every 0x00 ends whatever was in progress, which is what makes the stream self-synchronising.
class CobsDecoder {
  public:
    enum class Result : uint8_t {
        NONE,
        FRAME,
        ERROR
    };

    CobsDecoder(uint8_t* buffer, size_t capacity) : buf_(buffer), cap_(capacity) {}

    // Feeds one received byte. FRAME: data()/size() hold the decoded frame until the next push.
    Result push(uint8_t byte);

    const uint8_t* data() const { return buf_; }
    size_t size() const { return size_; }
    void reset();

  private:
    enum class State : uint8_t {
        IDLE,
        BLOCK,
        DISCARD
    };

    bool append(uint8_t byte);

    uint8_t* buf_;
    size_t cap_;
    size_t size_ = 0;
    uint8_t remaining_ = 0;      // data bytes left in the current block
    bool zero_pending_ = false;  // the current block ends with an implicit 0x00
    State state_ = State::IDLE;
};

}  // namespace hub
}  // namespace venue
