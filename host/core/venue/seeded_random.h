// Random draws the engine may make: from a seed carried in an event of the log and the draw's
// number, never from a clock or a device, so that replaying the log draws the same (catalogue
// SplitMix64 (Steele, Lea and Flood, 2014): one 64-bit state, no table, the same numbers on
// every machine and compiler.
#pragma once

#include <cstdint>

namespace venue::engine {

// The `index`th number drawn from `seed`.
constexpr std::uint64_t seeded_draw(std::uint64_t seed, std::uint64_t index) {
    std::uint64_t z = seed + (index + 1) * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// A number in [0, n) from the `index`th draw (n > 0), without the bias of a plain modulo:
// draws in the last, incomplete block of n are drawn again (with the next sub-index).
constexpr std::uint64_t seeded_below(std::uint64_t seed, std::uint64_t index, std::uint64_t n) {
    const std::uint64_t limit = ~std::uint64_t(0) - (~std::uint64_t(0) % n);
    for (std::uint64_t k = 0;; ++k) {
        const std::uint64_t x = seeded_draw(seed ^ (k * 0xD1B54A32D192ED03ULL), index);
        if (x < limit) return x % n;
    }
}

}  // namespace venue::engine
