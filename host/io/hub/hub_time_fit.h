// Mapping of hub time (µs since the hub booted) to host time (steady-clock ns), fitted from the
// (hub_time_us, arrival) pairs of the Handshake and the 10 Hz Heartbeats.
//
// Model: host = offset + rate * hub, rate = 1000 ns/µs * (1 + drift). Crystal drift is tens of
// ppm (50 ppm is 5 ms an hour), so a fixed offset would be wrong within minutes: the fit is
// redone on every sample over a sliding window of the latest WINDOW samples.
//
// Transport delay is one-sided: a frame arrives `latency` after it was stamped, latency >= floor,
// with jitter on top (USB polling, scheduler). A least-squares line would sit at the mean latency
// and its slope would wander with the jitter; instead the fit is the lower envelope of the window
// (the linear program of Moon, Skelly and Towsley for one-way clock skew: the line below every
// sample that is closest to them on average, an edge of their lower convex hull). Its error
// shrinks like 1/n rather than 1/sqrt(n). Host times are therefore "when the hub stamped it, plus
// the link's minimum latency": a constant that one-way timing cannot observe and that changes
// neither the order of events nor their differences.
//
// error_ns() estimates the uncertainty of a mapped time caused by the jitter: 3 standard errors
// of the least-squares prediction from the same window (an upper bound for the envelope fit) plus
// twice the expected height of the fastest sample above the floor. It excludes the floor itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

namespace venue::io {

// Host monotonic time in nanoseconds (std::chrono::steady_clock since its epoch).
using HostNanos = std::int64_t;

class HubTimeFit {
  public:
    static constexpr std::size_t WINDOW = 300;               // 30 s of heartbeats
    static constexpr HostNanos UNFIT_ERROR_NS = 10'000'000;  // fewer than MIN_FIT samples
    static constexpr std::size_t MIN_FIT = 3;

    // A hub clock reading and the host time it arrived. A hub time that goes backwards means a
    // new hub session (reboot): the caller should reset() first; add() ignores such a sample.
    void add(std::uint64_t hub_us, HostNanos arrival);
    void reset();

    // Host time of a hub time. Before any sample: 0.
    HostNanos to_host(std::uint64_t hub_us) const;
    // Uncertainty (ns) of to_host(hub_us) from jitter; UNFIT_ERROR_NS with too few samples.
    HostNanos error_ns_at(std::uint64_t hub_us) const;
    HostNanos error_ns() const { return error_ns_at(last_hub_us_); }

    double drift_ppm() const { return drift_ * 1e6; }
    std::size_t samples() const { return window_.size(); }
    bool has_fit() const { return window_.size() >= MIN_FIT; }
    std::uint64_t last_hub_us() const { return last_hub_us_; }

  private:
    struct Sample {
        double x;  // hub µs since ref_hub_
        double y;  // host ns since ref_host_, minus the nominal 1000 * x
    };

    void refit();

    std::deque<Sample> window_;
    std::uint64_t ref_hub_ = 0;  // first sample of the session: keeps doubles small and exact
    HostNanos ref_host_ = 0;
    std::uint64_t last_hub_us_ = 0;
    bool started_ = false;
    // Fitted line in the reduced coordinates: y = intercept_ + slope_ * x.
    double slope_ = 0;  // ns per µs beyond the nominal 1000
    double intercept_ = 0;
    double drift_ = 0;
    double x_mean_ = 0;
    double sxx_ = 0;
    double sigma_ = 0;          // standard deviation of the least-squares residuals
    double range_ = 0;          // spread of those residuals
    std::vector<Sample> hull_;  // scratch: lower convex hull of the window
};

}  // namespace venue::io
