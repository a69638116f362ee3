#include "debounce.h"

namespace venue {
namespace hub {
namespace {

// Order of edges: by first-edge time, then sample, then input (inputs of one sample are a tie;
// the input order only makes the output deterministic, it decides nothing).
bool before(const PendingEdge& a, const PendingEdge& b) {
    if (a.time != b.time) return a.time < b.time;
    if (a.sample != b.sample) return a.sample < b.sample;
    return a.input < b.input;
}

}  // namespace

bool DebouncerBase::valid(const DebounceConfig& config) {
    return config.confirm_us >= 1 && config.bounce_us >= config.confirm_us;
}

void DebouncerBase::reset() {
    for (uint8_t i = 0; i < count_; ++i) states_[i] = InputState{0, 0, 0, InputPhase::IDLE};
    queued_ = 0;
    raw_ = 0;
    busy_ = 0;
    sample_id_ = 0;
    now_ = 0;
    noise_ = 0;
    overflows_ = 0;
}

void DebouncerBase::enqueue(const InputState& s, uint8_t input, EdgeKind kind) {
    if (queued_ == queue_capacity_) {
        ++overflows_;  // only if the caller stopped polling for a whole bounce window
        return;
    }
    queue_[queued_++] = PendingEdge{s.first, s.sample, input, kind};
}

// Applies the deadlines that fall at or before `now`, given that the raw level has not changed
// since the last edge. Deadlines are compared, not just `now`, so the result does not depend on
// how often this is called. Only called for busy inputs.
void DebouncerBase::step(uint8_t input, uint32_t bit, Micros now) {
    InputState& s = states_[input];
    const bool level = raw_ & bit;
    if (s.phase == InputPhase::PRESSING) {
        const Micros give_up_at = s.first + config_.bounce_us;
        const Micros settle_at = s.since + config_.confirm_us;
        if (level && settle_at <= give_up_at && now >= settle_at) {
            s.phase = InputPhase::PRESSED;
            busy_ &= ~bit;
            enqueue(s, input, EdgeKind::PRESS);
        } else if (now >= give_up_at || (!level && now >= settle_at)) {
            s.phase = InputPhase::IDLE;  // a spike, or chatter that never settled
            busy_ &= ~bit;
            ++noise_;
        }
    } else if (s.phase == InputPhase::RELEASING && now >= s.since + config_.bounce_us) {
        busy_ &= ~bit;
        if (level) {
            s.phase = InputPhase::PRESSED;  // the opening was bounce
        } else {
            s.phase = InputPhase::IDLE;
            enqueue(s, input, EdgeKind::RELEASE);
        }
    }
}

void DebouncerBase::on_edge(uint8_t input, uint32_t bit, bool level, Micros t) {
    InputState& s = states_[input];
    switch (s.phase) {
        case InputPhase::IDLE:
            if (level) {
                s = InputState{t, t, sample_id_, InputPhase::PRESSING};
                busy_ |= bit;
            }
            return;  // a release seen in IDLE ends a press given up as chatter: nothing to do
        case InputPhase::PRESSED:
            if (!level) {
                s = InputState{t, t, sample_id_, InputPhase::RELEASING};
                busy_ |= bit;
            }
            return;
        case InputPhase::PRESSING:
        case InputPhase::RELEASING:
            s.since = t;
            return;
    }
}

void DebouncerBase::advance(Micros now) {
    if (now < now_) now = now_;
    now_ = now;
    uint32_t bit = 1;
    for (uint8_t i = 0; busy_ >= bit && i < count_; ++i, bit <<= 1) {
        if (busy_ & bit) step(i, bit, now);
    }
}

void DebouncerBase::sample(const InputSample& in) {
    const Micros t = max_time(in.time, now_);
    advance(t);
    ++sample_id_;
    const uint32_t mask = count_ >= 32 ? 0xFFFFFFFFu : ((uint32_t{1} << count_) - 1u);
    const uint32_t levels = in.levels & mask;
    const uint32_t changed = raw_ ^ levels;
    raw_ = levels;
    uint32_t bit = 1;
    for (uint8_t i = 0; changed >= bit && i < count_; ++i, bit <<= 1) {
        if (changed & bit) on_edge(i, bit, levels & bit, t);
    }
}

Micros DebouncerBase::settled_until(Micros now) const {
    Micros until = now;
    uint32_t bit = 1;
    for (uint8_t i = 0; busy_ >= bit && i < count_; ++i, bit <<= 1) {
        if ((busy_ & bit) && states_[i].phase == InputPhase::PRESSING) {
            until = min_time(until, states_[i].first);
        }
    }
    for (uint8_t q = 0; q < queued_; ++q) {
        if (queue_[q].kind == EdgeKind::PRESS) until = min_time(until, queue_[q].time);
    }
    return until;
}

uint8_t DebouncerBase::poll(Micros now, InputEdge* out, uint8_t capacity) {
    advance(now);
    if (queued_ == 0) return 0;

    // The earliest press still undecided bounds which confirmed presses may go out.
    bool limited = false;
    PendingEdge limit = {0, 0, 0, EdgeKind::PRESS};
    uint32_t bit = 1;
    for (uint8_t i = 0; busy_ >= bit && i < count_; ++i, bit <<= 1) {
        const InputState& s = states_[i];
        if (!(busy_ & bit) || s.phase != InputPhase::PRESSING) continue;
        const PendingEdge key = {s.first, s.sample, 0, EdgeKind::PRESS};
        if (!limited || before(key, limit)) limit = key;
        limited = true;
    }
    // Same sample as the limit counts as "not before": the tie group waits for all its members.
    auto releasable = [&](const PendingEdge& e) {
        if (e.kind == EdgeKind::RELEASE || !limited) return true;
        return e.time < limit.time || (e.time == limit.time && e.sample < limit.sample);
    };

    // Selection sort of the releasable edges to the front of the queue (the queue is tiny).
    uint8_t ready = 0;
    for (uint8_t q = 0; q < queued_; ++q) {
        if (!releasable(queue_[q])) continue;
        const PendingEdge e = queue_[q];
        queue_[q] = queue_[ready];
        queue_[ready++] = e;
    }
    for (uint8_t a = 0; a + 1 < ready; ++a) {
        uint8_t best = a;
        for (uint8_t b = a + 1; b < ready; ++b) {
            if (before(queue_[b], queue_[best])) best = b;
        }
        const PendingEdge e = queue_[a];
        queue_[a] = queue_[best];
        queue_[best] = e;
    }

    const uint8_t n = ready < capacity ? ready : capacity;
    for (uint8_t k = 0; k < n; ++k) {
        const PendingEdge& e = queue_[k];
        uint32_t same = 0;
        if (e.kind == EdgeKind::PRESS) {
            for (uint8_t j = 0; j < ready; ++j) {
                if (queue_[j].kind == EdgeKind::PRESS && queue_[j].sample == e.sample) {
                    same |= uint32_t{1} << queue_[j].input;
                }
            }
        }
        out[k] = InputEdge{e.time, e.sample, same, e.input, e.kind};
    }
    for (uint8_t q = n; q < queued_; ++q) queue_[q - n] = queue_[q];
    queued_ = static_cast<uint8_t>(queued_ - n);
    return n;
}

bool DebouncerBase::is_ok() const {
    if (count_ == 0 || count_ > MAX_DEBOUNCE_INPUTS || queued_ > queue_capacity_) return false;
    if (!valid(config_)) return false;
    if (count_ < 32 && (raw_ >> count_) != 0) return false;
    for (uint8_t i = 0; i < count_; ++i) {
        const InputState& s = states_[i];
        const bool busy = s.phase == InputPhase::PRESSING || s.phase == InputPhase::RELEASING;
        if (busy != static_cast<bool>((busy_ >> i) & 1u)) return false;
        if (busy && (s.first > s.since || s.since > now_ || s.sample > sample_id_)) return false;
    }
    for (uint8_t q = 0; q < queued_; ++q) {
        if (queue_[q].input >= count_ || queue_[q].time > now_) return false;
    }
    return true;
}

}  // namespace hub
}  // namespace venue
