#include "cobs.h"

namespace venue {
namespace hub {

size_t cobs_encode(const uint8_t* in, size_t len, uint8_t* out) {
    size_t code_at = 0;  // where the current block's code byte goes
    size_t pos = 1;
    uint8_t code = 1;
    for (size_t i = 0; i < len; ++i) {
        if (in[i] == 0) {
            out[code_at] = code;
            code_at = pos++;
            code = 1;
            continue;
        }
        out[pos++] = in[i];
        if (++code == 0xFF) {  // a full block of 254 bytes has no implicit zero
            out[code_at] = code;
            code_at = pos++;
            code = 1;
        }
    }
    out[code_at] = code;
    return pos;
}

void CobsDecoder::reset() {
    size_ = 0;
    remaining_ = 0;
    zero_pending_ = false;
    state_ = State::IDLE;
}

bool CobsDecoder::append(uint8_t byte) {
    if (size_ >= cap_) {
        state_ = State::DISCARD;
        return false;
    }
    buf_[size_++] = byte;
    return true;
}

CobsDecoder::Result CobsDecoder::push(uint8_t byte) {
    if (byte == 0) {
        Result result = Result::NONE;
        if (state_ == State::DISCARD) {
            result = Result::ERROR;
        } else if (state_ == State::BLOCK) {
            result = remaining_ == 0 ? Result::FRAME : Result::ERROR;
        }
        const size_t size = size_;
        reset();
        size_ = result == Result::FRAME ? size : 0;  // data() stays valid until the next push
        return result;
    }
    switch (state_) {
        case State::DISCARD:
            return Result::NONE;
        case State::IDLE:
            size_ = 0;
            state_ = State::BLOCK;
            remaining_ = static_cast<uint8_t>(byte - 1);
            zero_pending_ = byte != 0xFF;
            return Result::NONE;
        case State::BLOCK:
            if (remaining_ > 0) {
                --remaining_;
                append(byte);
                return Result::NONE;
            }
            // A code byte: the previous block's implicit zero is real data now.
            if (zero_pending_ && !append(0)) return Result::NONE;
            remaining_ = static_cast<uint8_t>(byte - 1);
            zero_pending_ = byte != 0xFF;
            return Result::NONE;
    }
    return Result::NONE;
}

}  // namespace hub
}  // namespace venue
