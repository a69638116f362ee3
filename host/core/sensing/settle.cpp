#include "sensing/settle.h"

#include <algorithm>
#include <cassert>

namespace venue::sensing {

SettleFilter::SettleFilter(std::int64_t settle_us)
    : settle_us_(std::max<std::int64_t>(settle_us, 1)),
      evidence_(settle_us_),
      stable_evidence_(settle_us_) {}

bool SettleFilter::settle_if_due(std::int64_t now_us) {
    if (!has_latest_ || latest_settled_ || now_us - latest_.t_us < settle_us_) return false;
    latest_settled_ = true;
    if (has_stable() && stable_.squares == latest_.squares) return false;
    stable_ = latest_;
    stable_evidence_ = evidence_;
    ++stable_serial_;
    assert(is_ok());
    return true;
}

bool SettleFilter::feed(const Snapshot& board) {
    const std::int64_t t = std::max(board.t_us, last_seen_us_);
    last_seen_us_ = t;
    const bool settled = settle_if_due(t);
    if (!has_latest_ || board.squares != latest_.squares) {
        evidence_.record(has_latest_ ? &latest_.squares : nullptr, board.squares, t);
        latest_.squares = board.squares;
        latest_.t_us = t;
        has_latest_ = true;
        latest_settled_ = false;
    }
    return settled;
}

bool SettleFilter::poll(std::int64_t now_us) {
    last_seen_us_ = std::max(now_us, last_seen_us_);
    return settle_if_due(last_seen_us_);
}

void SettleFilter::set_evidence_since(std::int64_t t_us) {
    evidence_.set_since(t_us);
    stable_evidence_.set_since(t_us);
}

void SettleFilter::reset() {
    *this = SettleFilter(settle_us_);
}

bool SettleFilter::is_ok() const {
    if (settle_us_ <= 0) return false;
    if (has_stable() && !has_latest_) return false;
    if (has_stable() && stable_.t_us > latest_.t_us) return false;
    if (has_latest_ && latest_.t_us > last_seen_us_) return false;
    return true;
}

}  // namespace venue::sensing
