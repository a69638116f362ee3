// VenueState: every match of the event, and the fold that drives them.
// apply() is the engine's single entry point: one event in, its decisions out.
// Replaying the same events gives the same decisions and the same state hash.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "venue/decision.h"
#include "venue/event.h"
#include "venue/match.h"

namespace venue::engine {

struct SnapshotAccess;

class VenueState {
  public:
    // How a match is made from its MatchCreated config, the reason in *why when it cannot be:
    // the registry's make_match (game_rules.h). A test may make a game the registry does not hold.
    using MatchMaker = std::unique_ptr<Match> (*)(const MatchConfig& config, std::string* why);
    VenueState();
    explicit VenueState(MatchMaker make) : make_(make) {}

    std::vector<Decision> apply(const Event& event);

    const std::map<std::string, std::unique_ptr<Match>>& matches() const { return matches_; }
    const Match* match(const std::string& id) const;
    std::int64_t events_applied() const { return events_applied_; }

    // Everything that defines the state, in a fixed text form.
    std::string canonical() const;
    // A 64-bit FNV-1a digest of canonical(), as 16 hex digits: equal states
    // give equal hashes on every machine.
    std::string state_hash() const;

  private:
    friend struct SnapshotAccess;

    // Ordered, so that the hash does not depend on the order matches were created in.
    std::map<std::string, std::unique_ptr<Match>> matches_;
    std::int64_t events_applied_ = 0;
    MatchMaker make_;
};

}  // namespace venue::engine
