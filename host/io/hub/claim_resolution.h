// How finely the hub tells two claim presses apart: the one figure behind every claim margin
// people see (the console, the feed, the demo's account, the engine's reasons).
//
// The hub stamps a press in its pin-change handler. A second press that lands while the handler
// for the first still runs is stamped when the handler runs again, so two presses closer than
// the handler's length read as about that length apart: measured through the firmware in simavr
// (tests/integration/hub/hub_claims_test.cpp, ReportedMarginsAreTrueToTheResolution), gaps of
// 1 to 6 µs are reported as 5 to 7 µs (closer ones read in one sample are a tie), and above the
// floor a margin is the gap, usually to ±1 µs. The order of the two presses is always right.
//
// The floor is the worst case, not the usual one. The handler takes 97 cycles; after its return
// the interrupted code runs one instruction before the handler can run again, and when that
// instruction is the `cli` that closes the transmit handler's C tail (docs/hardware.md,
// "Interrupt timing": ~22 cycles with interrupts off, its epilogue) or opens a main-loop critical
// section (≤ 16), the second press waits that long too: 97 + 5 + 22 = 124 cycles = 7.75 µs, and
// with the clock's 0.5 µs tick the two stamps can differ by 8 µs. Under load the host's traffic
// makes that collision likelier: the repeat runs of the rig test caught a margin of 8 µs for
// presses 2.56 µs apart. So a margin of 8 µs or less says only "within 9 µs".
//
// Above the floor each stamp is late after its edge by the usual 1.25 µs, or by up to 3.3 µs
// when the edge meets another handler with interrupts off (the receive handler's 36 cycles, the
// timer's 48, the transmit tail's 22, one instruction, then entry and the port read): so a margin
// is the gap to ±1 µs when neither edge meets one, and to ±CLAIM_MARGIN_WORST_US at worst (the
// same repeat runs: 9 µs for 7 µs, the second edge just behind the first one's handler).
#pragma once

#include <cstdint>

namespace venue::io {

// A reported margin at or below CLAIM_MARGIN_FLOOR_US says the presses were within
// CLAIM_RESOLUTION_US; a larger one is the gap. Both to ±CLAIM_MARGIN_TOLERANCE_US.
inline constexpr std::int64_t CLAIM_MARGIN_FLOOR_US = 8;
inline constexpr std::int64_t CLAIM_RESOLUTION_US = 9;
inline constexpr std::int64_t CLAIM_MARGIN_TOLERANCE_US = 1;  // usual
// (53 cycles = 3.3 µs of extra latency on one edge, plus the 0.5 µs tick)
inline constexpr std::int64_t CLAIM_MARGIN_WORST_US = 4;

}  // namespace venue::io
