// Timelines for debounce tests: {time, levels} steps replayed into a debouncer, polled at a given
// period, collecting every edge. Replaying one timeline at several poll periods checks that the
// result does not depend on how often the main loop runs.
#pragma once

#include <ostream>
#include <vector>

#include "debounce.h"

namespace venue::hub::test {

struct Step {
    Micros t;
    uint32_t levels;
};

struct Edge {
    Micros time;
    uint8_t input;
    EdgeKind kind;
    uint32_t same_sample;
    bool operator==(const Edge&) const = default;
};

inline std::ostream& operator<<(std::ostream& os, const Edge& e) {
    return os << "{" << e.time << ", in" << int(e.input)
              << (e.kind == EdgeKind::PRESS ? " PRESS" : " RELEASE") << ", same=0x" << std::hex
              << e.same_sample << std::dec << "}";
}

inline Edge press(Micros t, uint8_t input, uint32_t same = 0) {
    return Edge{t, input, EdgeKind::PRESS, same ? same : (uint32_t{1} << input)};
}
inline Edge release(Micros t, uint8_t input) {
    return Edge{t, input, EdgeKind::RELEASE, 0};
}

// Replays steps; polls every `period` µs (0: only after each sample) until `end`.
// Also records the time of the poll that first returned each edge (for latency checks).
template <uint8_t N>
std::vector<Edge> replay(Debouncer<N>& d, const std::vector<Step>& steps, Micros end, Micros period,
                         std::vector<Micros>* emitted_at = nullptr) {
    std::vector<Edge> out;
    InputEdge buf[N + 2];
    auto poll = [&](Micros now) {
        const uint8_t n = d.poll(now, buf, N + 2);
        for (uint8_t i = 0; i < n; ++i) {
            out.push_back(Edge{buf[i].time, buf[i].input, buf[i].kind, buf[i].same_sample});
            if (emitted_at) emitted_at->push_back(now);
        }
        EXPECT_TRUE(d.is_ok());
    };
    Micros next_poll = period;
    for (const Step& s : steps) {
        while (period != 0 && next_poll < s.t) {
            poll(next_poll);
            next_poll += period;
        }
        d.sample(InputSample{s.t, s.levels});
        if (period == 0) poll(s.t);
    }
    while (period != 0 && next_poll <= end) {
        poll(next_poll);
        next_poll += period;
    }
    poll(end);
    return out;
}

}  // namespace venue::hub::test
