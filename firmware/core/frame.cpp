#include "frame.h"

#include "crc16.h"

namespace venue {
namespace hub {

uint16_t frame_crc(const uint8_t* payload, size_t len) {
    const uint16_t crc = crc16(payload, len);
    return crc16_update(crc, wire::crc_extra(static_cast<wire::MessageType>(payload[0])));
}

size_t encode_frame(const uint8_t* payload, size_t len, uint8_t* out) {
    if (len == 0 || len > wire::MAX_PAYLOAD) return 0;
    uint8_t checked[MAX_CHECKED_SIZE];
    for (size_t i = 0; i < len; ++i) checked[i] = payload[i];
    const uint16_t crc = frame_crc(payload, len);
    checked[len] = static_cast<uint8_t>(crc);
    checked[len + 1] = static_cast<uint8_t>(crc >> 8);
    const size_t n = cobs_encode(checked, len + FRAME_CRC_SIZE, out);
    out[n] = 0;
    return n + 1;
}

FrameDecoder::Result FrameDecoder::push(uint8_t byte) {
    switch (cobs_.push(byte)) {
        case CobsDecoder::Result::NONE:
            return Result::NONE;
        case CobsDecoder::Result::ERROR:
            error_ = FrameError::COBS;
            return Result::ERROR;
        case CobsDecoder::Result::FRAME:
            break;
    }
    const size_t n = cobs_.size();
    if (n < 1 + 1 + FRAME_CRC_SIZE) {
        error_ = FrameError::SHORT;
        return Result::ERROR;
    }
    const auto type = static_cast<wire::MessageType>(buf_[0]);
    if (!wire::is_known(type)) {
        error_ = FrameError::UNKNOWN_TYPE;
        return Result::ERROR;
    }
    const size_t len = n - FRAME_CRC_SIZE;
    if (len != 1 + wire::body_size(type)) {
        error_ = FrameError::LENGTH;
        return Result::ERROR;
    }
    const uint16_t got = static_cast<uint16_t>(buf_[len] | (buf_[len + 1] << 8));
    if (got != frame_crc(buf_, len)) {
        error_ = FrameError::CRC;
        return Result::ERROR;
    }
    size_ = len;
    error_ = FrameError::NONE;
    return Result::FRAME;
}

}  // namespace hub
}  // namespace venue
