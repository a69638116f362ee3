// How finely the hub tells two claim presses apart: the one figure behind every claim margin
// people see (the console, the feed, the demo's account, the engine's reasons).
//
// The hub stamps a press in its pin-change handler. A second press that lands while the handler
// for the first still runs is stamped when the handler runs again, so two presses closer than
// the handler's length read as about that length apart: measured through the firmware in simavr
// (tests/integration/hub/hub_claims_test.cpp, ReportedMarginsAreTrueToTheResolution), gaps of
// 1 to 6 µs are reported as 5 to 7 µs (closer ones read in one sample are a tie), and from 7 µs
// up a margin is right to ±1 µs, as every figure of the hub's µs clock is. The order of the two
// presses is always right. So a margin of 7 µs or less says only "within 8 µs".
#pragma once

#include <cstdint>

namespace venue::io {

// A reported margin at or below CLAIM_MARGIN_FLOOR_US says the presses were within
// CLAIM_RESOLUTION_US; a larger one is the gap. Both to ±CLAIM_MARGIN_TOLERANCE_US.
inline constexpr std::int64_t CLAIM_MARGIN_FLOOR_US = 7;
inline constexpr std::int64_t CLAIM_RESOLUTION_US = 8;
inline constexpr std::int64_t CLAIM_MARGIN_TOLERANCE_US = 1;

}  // namespace venue::io
