#include "io/dgt/dgt_command_reader.h"

namespace venue::io::dgt {

CommandReadResult DgtCommandReader::push(std::uint8_t byte) {
    switch (state_) {
        case State::IDLE:
            if (!is_command(byte)) return CommandError{byte};
            command_ = Command(byte);
            if (command_ == Command::CLOCK_MESSAGE || command_ == Command::SET_LEDS) {
                state_ = State::SIZE;
                return std::monostate{};
            }
            return CommandFrame{command_, {}};
        case State::SIZE:
            size_ = byte;
            data_.clear();
            if (size_ == 0) {
                state_ = State::IDLE;
                return CommandFrame{command_, {}};
            }
            state_ = State::DATA;
            return std::monostate{};
        case State::DATA:
            data_.push_back(byte);
            if (data_.size() < size_) return std::monostate{};
            state_ = State::IDLE;
            return CommandFrame{command_, std::move(data_)};
    }
    return std::monostate{};
}

std::optional<ClockCommand> decode_clock_command(std::span<const std::uint8_t> data) {
    if (data.size() < 3 || data.front() != CLOCK_START || data.back() != CLOCK_END) {
        return std::nullopt;
    }
    return ClockCommand{ClockSub(data[1]), Bytes(data.begin() + 2, data.end() - 1)};
}

std::optional<SetAndRun> decode_set_and_run(std::span<const std::uint8_t> p, TimeEncoding enc) {
    if (p.size() != 7) return std::nullopt;
    auto field = [enc](std::uint8_t b, std::uint8_t max) -> std::optional<std::uint8_t> {
        std::uint8_t v = b;
        if (enc == TimeEncoding::BCD) {
            if ((b >> 4) > 9 || (b & 0x0f) > 9) return std::nullopt;
            v = static_cast<std::uint8_t>((b >> 4) * 10 + (b & 0x0f));
        }
        if (v > max) return std::nullopt;
        return v;
    };
    const auto lh = field(p[0], 9), lm = field(p[1], 59), ls = field(p[2], 59);
    const auto rh = field(p[3], 9), rm = field(p[4], 59), rs = field(p[5], 59);
    if (!lh || !lm || !ls || !rh || !rm || !rs) return std::nullopt;
    SetAndRun s;
    s.left = {*lh, *lm, *ls};
    s.right = {*rh, *rm, *rs};
    s.left_runs = (p[6] & 0x01) != 0;
    s.right_runs = (p[6] & 0x02) != 0;
    s.pause = (p[6] & 0x04) != 0;
    return s;
}

}  // namespace venue::io::dgt
