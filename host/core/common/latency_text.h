// A sample of latencies as text: the one formatter for every place that reports how long inputs
// took to a durable decision (the demo's summary, `venue run` at its end). Pure, header-only.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace venue {

// p50, p90, p99 and max of a sample of nanoseconds, in µs: "p50 812 µs, p90 ..., max ... (n=70)";
// "no samples" for none.
inline std::string latency_text(std::vector<std::int64_t> ns) {
    if (ns.empty()) return "no samples";
    std::sort(ns.begin(), ns.end());
    auto at = [&](double q) {
        const std::size_t i = std::min(ns.size() - 1, std::size_t(q * double(ns.size())));
        return double(ns[i]) / 1000.0;
    };
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "p50 %.0f \u00B5s, p90 %.0f \u00B5s, p99 %.0f \u00B5s, max %.0f \u00B5s (n=%zu)",
                  at(0.5), at(0.9), at(0.99), double(ns.back()) / 1000.0, ns.size());
    return buf;
}

}  // namespace venue
