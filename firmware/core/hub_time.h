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

}  // namespace hub
}  // namespace venue
