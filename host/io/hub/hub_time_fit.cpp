#include "io/hub/hub_time_fit.h"

#include <algorithm>
#include <cmath>

namespace venue::io {

namespace {

constexpr double NOMINAL_NS_PER_US = 1000.0;

}  // namespace

void HubTimeFit::reset() {
    *this = HubTimeFit{};
}

void HubTimeFit::add(std::uint64_t hub_us, HostNanos arrival) {
    if (!started_) {
        started_ = true;
        ref_hub_ = hub_us;
        ref_host_ = arrival;
    } else if (hub_us < last_hub_us_) {
        return;  // the hub rebooted and the caller did not reset(): never fit across sessions
    }
    last_hub_us_ = hub_us;
    const double x = static_cast<double>(hub_us - ref_hub_);
    const double y = static_cast<double>(arrival - ref_host_) - NOMINAL_NS_PER_US * x;
    window_.push_back({x, y});
    if (window_.size() > WINDOW) window_.pop_front();
    refit();
}

void HubTimeFit::refit() {
    const auto n = static_cast<double>(window_.size());
    const double x0 = window_.front().x;  // keeps the cross products below small
    double sx = 0;
    double sy = 0;
    for (const Sample& s : window_) {
        sx += s.x - x0;
        sy += s.y;
    }
    const double x_mean = sx / n;
    const double y_mean = sy / n;
    double sxx = 0;
    double sxy = 0;
    for (const Sample& s : window_) {
        sxx += (s.x - x0 - x_mean) * (s.x - x0 - x_mean);
        sxy += (s.x - x0 - x_mean) * (s.y - y_mean);
    }
    x_mean_ = x0 + x_mean;
    sxx_ = sxx;
    const double ls_slope = sxx > 0 ? sxy / sxx : 0.0;
    double sum_sq = 0;
    double lowest = 0;
    double highest = 0;
    bool first = true;
    for (const Sample& s : window_) {
        const double r = s.y - (y_mean + ls_slope * (s.x - x0 - x_mean));
        sum_sq += r * r;
        lowest = first ? r : std::min(lowest, r);
        highest = first ? r : std::max(highest, r);
        first = false;
    }
    sigma_ = window_.size() > 2 ? std::sqrt(sum_sq / (n - 2)) : 0.0;
    range_ = highest - lowest;

    // Lower convex hull of the window (samples come in hub-time order): every sample lies on or
    // above it, and the fastest arrivals are its vertices.
    hull_.clear();
    for (const Sample& s : window_) {
        const Sample p{s.x - x0, s.y};
        while (hull_.size() >= 2) {
            const Sample& o = hull_[hull_.size() - 2];
            const Sample& a = hull_.back();
            const double cross = (a.x - o.x) * (p.y - o.y) - (a.y - o.y) * (p.x - o.x);
            if (cross > 0) break;
            hull_.pop_back();
        }
        if (!hull_.empty() && hull_.back().x == p.x) {
            if (p.y < hull_.back().y) hull_.back() = p;
            continue;
        }
        hull_.push_back(p);
    }
    // The line below every sample that is closest to them on average (Moon, Skelly and Towsley's
    // linear program for one-way delays): the hull edge spanning the mean hub time.
    if (hull_.size() == 1) {
        slope_ = 0.0;  // one hub time only: nominal rate until a slope can be measured
        intercept_ = hull_[0].y - slope_ * x0;
    } else {
        std::size_t i = 0;
        while (i + 2 < hull_.size() && hull_[i + 1].x < x_mean) ++i;
        const Sample& a = hull_[i];
        const Sample& b = hull_[i + 1];
        slope_ = (b.y - a.y) / (b.x - a.x);
        intercept_ = a.y - slope_ * (a.x + x0);
    }
    drift_ = slope_ / NOMINAL_NS_PER_US;
}

HostNanos HubTimeFit::to_host(std::uint64_t hub_us) const {
    if (!started_) return 0;
    // Signed: an event may be older than the first sample of the window.
    const double x = hub_us >= ref_hub_ ? static_cast<double>(hub_us - ref_hub_)
                                        : -static_cast<double>(ref_hub_ - hub_us);
    const double y = intercept_ + slope_ * x;
    return ref_host_ + static_cast<HostNanos>(std::llround(NOMINAL_NS_PER_US * x + y));
}

HostNanos HubTimeFit::error_ns_at(std::uint64_t hub_us) const {
    if (!has_fit()) return UNFIT_ERROR_NS;
    const double x = hub_us >= ref_hub_ ? static_cast<double>(hub_us - ref_hub_)
                                        : -static_cast<double>(ref_hub_ - hub_us);
    // Bounded by the least-squares fit's uncertainty of the same samples (3 standard errors of a
    // prediction at x; the envelope fit converges faster than least squares under one-sided
    // jitter), plus twice the expected height of the fastest sample above the floor.
    const double n = static_cast<double>(window_.size());
    const double dx = x - x_mean_;
    const double se = sigma_ * std::sqrt(1.0 / n + (sxx_ > 0 ? dx * dx / sxx_ : 0.0));
    return static_cast<HostNanos>(std::ceil(3.0 * se + 2.0 * range_ / (n + 1)));
}

}  // namespace venue::io
