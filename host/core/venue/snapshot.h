// Engine snapshots: the whole VenueState as JSON, so that recovery reads the
// latest snapshot and replays only the events after it. A restored state is
// identical to the fold of every event (same canonical form and state hash);
// the tests check that at random points.
#pragma once

#include <string>
#include <string_view>

#include "common/result.h"
#include "venue/venue_state.h"

namespace venue::engine {

std::string snapshot_state(const VenueState& state);
Result<VenueState, std::string> restore_state(std::string_view snapshot);

}  // namespace venue::engine
