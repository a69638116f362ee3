// Red-line crossings from the two beams of a zone (outer = the side away from the board, inner =
// the board side). The beams are mounted close enough that a body crossing the line breaks both
// at once (hardware.md: 60-100 mm apart); a crossing is a burst of beam activity that starts and
// ends with both beams clear:
//
//   first beam broken   both broken at some point   last beam restored   -> crossing
//   outer               yes                         inner                -> IN
//   inner               yes                         outer                -> OUT
//   anything else (e.g. a hand through the outer beam only, or in and back out): no crossing.
//
// Break/restore edges come from the debouncer with their first-edge times; every edge is also
// reported to the host as a Beam event, so the host can judge unusual sequences itself.
#pragma once

#include <stdint.h>

#include "hub_time.h"
#include "venue_wire.h"

namespace venue {
namespace hub {

enum class BeamPosition : uint8_t {
    OUTER = 0,
    INNER = 1
};

struct CrossingReport {
    Micros started;   // first break
    Micros finished;  // last restore
    wire::Direction direction;
};

class CrossingDetector {
  public:
    // Feeds one beam edge; returns true and fills *out when it completes a crossing.
    bool on_beam(BeamPosition beam, bool broken, Micros time, CrossingReport* out);

    bool idle() const { return broken_ == 0 && !active_; }

  private:
    uint8_t broken_ = 0;  // bit per BeamPosition
    bool active_ = false;
    bool saw_both_ = false;
    BeamPosition first_ = BeamPosition::OUTER;
    Micros started_ = 0;
};

}  // namespace hub
}  // namespace venue
