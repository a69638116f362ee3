// Debouncing of contact inputs (claim buttons, paddles, beams, pause button) from timestamped
// samples of their levels.
//
// Inputs are fed as samples {time, levels}: one per pin-change interrupt for the fast inputs (so
// every edge is seen with its own timestamp), or one per main-loop pass for polled inputs. Between
// two samples an input is taken to have kept its level.
//
// Per input, with confirm = DebounceConfig::confirm_us and bounce = DebounceConfig::bounce_us:
//
//          press edge at t0                    pressed continuously for confirm
//   IDLE ------------------------> PRESSING(t0) --------------------------------> PRESSED
//    ^                                  |  released continuously for confirm        |  emits PRESS
//    |                                  |  or still unsettled at t0 + bounce        |  stamped t0
//    +------------- (noise, no event) --+                                           |
//    |                                                                              | release edge
//    |       released continuously for bounce (emits RELEASE stamped t1)            v at t1
//    +---------------------------------------------------------------------- RELEASING(t1)
//                                      pressed continuously for bounce: back to PRESSED
//
// - Eager timestamp: a press is stamped with its FIRST edge t0, bounces in between do not move it;
//   so the confirmation delay never changes who was first. The price: an opening shorter than
//   confirm before the contact settles counts as bounce, so a spike less than confirm_us before a
//   real press advances that press's stamp (by less than confirm_us; tested).
// - Noise: a spike shorter than confirm never becomes a press, however early it was.
// - Bounce: after acceptance, openings shorter than bounce are ignored.
// - Order: a confirmed press is held back while another input is still PRESSING with an earlier
//   (or the same) first sample, so presses come out in the order of their first edges, and the
//   presses first seen in one sample come out together, as a tie group, with `same_sample` set.
//   A PRESSING input resolves within bounce, so the hold-back is bounded.
#pragma once

#include <stdint.h>

#include "hub_time.h"

namespace venue {
namespace hub {

constexpr uint8_t MAX_DEBOUNCE_INPUTS = 32;  // levels are a 32-bit mask

struct InputSample {
    Micros time;
    uint32_t levels;  // bit i set: input i active (pressed, beam broken)
};

enum class EdgeKind : uint8_t {
    PRESS,
    RELEASE
};

struct InputEdge {
    Micros time;           // first edge of the change
    uint32_t sample;       // id of the sample that first showed it
    uint32_t same_sample;  // PRESS: mask of inputs whose confirmed press began in that sample
    uint8_t input;
    EdgeKind kind;
};

struct DebounceConfig {
    uint32_t confirm_us;
    uint32_t bounce_us;
};

constexpr DebounceConfig DEFAULT_BUTTON_DEBOUNCE = {200, 5000};

enum class InputPhase : uint8_t {
    IDLE,
    PRESSING,
    PRESSED,
    RELEASING
};

struct InputState {
    Micros first;     // first edge of the change in progress
    Micros since;     // last raw edge
    uint32_t sample;  // sample id of `first`
    InputPhase phase;
};

// A final edge waiting in the queue to be polled (presses possibly held back).
struct PendingEdge {
    Micros time;
    uint32_t sample;
    uint8_t input;
    EdgeKind kind;
};

// The logic, on caller-owned state (see Debouncer<N> for the usual way to own it).
class DebouncerBase {
  public:
    // valid(): confirm >= 1 and bounce >= confirm.
    static bool valid(const DebounceConfig& config);
    void configure(const DebounceConfig& config) { config_ = config; }
    const DebounceConfig& config() const { return config_; }

    void reset();

    // A sample of every input's level. Times must not go backwards (older ones are treated as
    // if taken at the latest time seen).
    void sample(const InputSample& s);

    // Advances to `now` and writes the edges that are final, in order of (time, sample), into
    // out (room for `capacity`; edges that do not fit stay for the next call). Returns the count.
    uint8_t poll(Micros now, InputEdge* out, uint8_t capacity);

    // Earliest first-edge time among inputs still PRESSING (or an unemitted press), or `now` when
    // none: decisions that must not overtake a press (a flag, say) wait until this time.
    Micros settled_until(Micros now) const;

    uint32_t raw_levels() const { return raw_; }
    uint16_t noise_count() const { return noise_; }
    uint16_t overflow_count() const { return overflows_; }
    InputPhase phase(uint8_t input) const { return states_[input].phase; }
    bool is_ok() const;

  protected:
    DebouncerBase(InputState* states, uint8_t count, PendingEdge* queue, uint8_t queue_capacity)
        : states_(states),
          queue_(queue),
          count_(count),
          queue_capacity_(queue_capacity),
          config_(DEFAULT_BUTTON_DEBOUNCE) {}

  private:
    void advance(Micros now);
    void step(uint8_t input, uint32_t bit, Micros now);
    void on_edge(uint8_t input, uint32_t bit, bool level, Micros t);
    void enqueue(const InputState& s, uint8_t input, EdgeKind kind);

    InputState* states_;
    PendingEdge* queue_;
    uint8_t count_;
    uint8_t queue_capacity_;
    uint8_t queued_ = 0;
    DebounceConfig config_;
    uint32_t raw_ = 0;
    // Inputs in PRESSING or RELEASING: the only ones with deadlines, so the only ones advance()
    // and settled_until() look at. (On the AVR, visiting all 18 inputs every main-loop pass cost
    // ~300 µs; with nothing happening this is now one test.)
    uint32_t busy_ = 0;
    uint32_t sample_id_ = 0;
    Micros now_ = 0;
    uint16_t noise_ = 0;
    uint16_t overflows_ = 0;
};

template <uint8_t N>
class Debouncer : public DebouncerBase {
    static_assert(N >= 1 && N <= MAX_DEBOUNCE_INPUTS, "1..32 inputs");

  public:
    Debouncer() : DebouncerBase(storage_, N, queue_storage_, QUEUE) { reset(); }

  private:
    // At most one press and one release per input can be final and unpolled at a time when the
    // caller polls at least once per bounce window; the spare slots are slack.
    static constexpr uint8_t QUEUE = N + 2;
    InputState storage_[N];
    PendingEdge queue_storage_[QUEUE];
};

}  // namespace hub
}  // namespace venue
