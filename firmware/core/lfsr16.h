// A 16-bit Galois LFSR (x^16 + x^14 + x^13 + x^11 + 1, maximal: it visits all 65535 non-zero
// states) and an exactly uniform draw from it. Used to break claim ties.
//
// Why an LFSR: it is tiny, seeded by the host (ConfigureLockout.tie_seed), and every draw is
// reported (ButtonPress.tie_draw), so the host can replay the sequence from the seed and verify
// every tie decision after the event.
#pragma once

#include <stdint.h>

namespace venue {
namespace hub {

class Lfsr16 {
  public:
    explicit Lfsr16(uint16_t seed = 1) { reseed(seed); }

    void reseed(uint16_t seed) { state_ = seed == 0 ? 1 : seed; }
    uint16_t state() const { return state_; }

    uint16_t next() {
        const bool out = state_ & 1u;
        state_ = static_cast<uint16_t>(state_ >> 1);
        if (out) state_ ^= 0xB400u;
        return state_;
    }

    // Uniform index in [0, n) for 1 <= n <= 255: the state s (1..65535) is mapped to s - 1, and
    // values at or above the largest multiple of n are redrawn, so every index has exactly the
    // same number of states. *drawn receives the state that decided.
    uint8_t draw(uint8_t n, uint16_t* drawn) {
        const uint16_t limit = static_cast<uint16_t>(65535u - 65535u % n);
        for (;;) {
            const uint16_t s = next();
            const uint16_t v = static_cast<uint16_t>(s - 1u);
            if (v < limit) {
                *drawn = s;
                return static_cast<uint8_t>(v % n);
            }
        }
    }

  private:
    uint16_t state_ = 1;
};

}  // namespace hub
}  // namespace venue
