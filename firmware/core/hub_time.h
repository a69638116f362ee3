// Hub time: microseconds since boot, 64-bit (never wraps in practice). Every function of the core
// that depends on time takes it as an argument; nothing here reads a clock.
#pragma once

#include <stdint.h>

namespace venue {
namespace hub {

typedef uint64_t Micros;

constexpr Micros max_time(Micros a, Micros b) {
    return a > b ? a : b;
}
constexpr Micros min_time(Micros a, Micros b) {
    return a < b ? a : b;
}

// Whole milliseconds in `us` (rounded down; at most UINT32_MAX, 49 days). Long division by 1000
// in 16-bit digits, each a 32-bit division: the AVR image has no 64-bit division routine, and
// this keeps it so.
inline uint32_t millis_of(Micros us) {
    const uint16_t digits[4] = {static_cast<uint16_t>(us >> 48), static_cast<uint16_t>(us >> 32),
                                static_cast<uint16_t>(us >> 16), static_cast<uint16_t>(us)};
    Micros quotient = 0;
    uint32_t rest = 0;  // < 1000, so (rest << 16 | digit) fits 32 bits
    for (const uint16_t d : digits) {
        const uint32_t part = (rest << 16) | d;
        quotient = (quotient << 16) | (part / 1000u);
        rest = part % 1000u;
    }
    return quotient > 0xFFFFFFFFu ? 0xFFFFFFFFu : static_cast<uint32_t>(quotient);
}

}  // namespace hub
}  // namespace venue
