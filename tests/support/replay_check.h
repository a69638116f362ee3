// The log rebuilds the state exactly (architecture: state is a fold over events): every event,
// through the JSON form the log stores, applied to a fresh state gives the same state; and a
// snapshot of the state restores it. For rule tests of every game.
#pragma once

#include <gtest/gtest.h>

#include <vector>

#include "venue/event_json.h"
#include "venue/snapshot.h"
#include "venue/venue_state.h"

namespace venue::engine::testing {

inline void expect_replays_exactly(const std::vector<Event>& events, const VenueState& state) {
    VenueState replayed;
    for (const Event& e : events) {
        auto body = parse_event(kind_name(e.body), event_payload(e.body));
        ASSERT_TRUE(body) << body.error();
        replayed.apply({e.host_ns, e.hub_us, *body});
    }
    EXPECT_EQ(replayed.state_hash(), state.state_hash());
    EXPECT_EQ(replayed.canonical(), state.canonical());
    auto restored = restore_state(snapshot_state(state));
    ASSERT_TRUE(restored) << restored.error();
    EXPECT_EQ(restored->canonical(), state.canonical());
}

}  // namespace venue::engine::testing
