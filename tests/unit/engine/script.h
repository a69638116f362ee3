// Builds event lists for rule tests: events in, decisions out.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../../support/decision_search.h"
#include "venue/chess_match.h"
#include "venue/venue_state.h"

namespace venue::engine::testing {

inline MatchConfig plain_match(const std::string& id = "m1") {
    MatchConfig c;
    c.id = id;
    c.game = "fide";
    c.white().name = "White";
    c.white().players = {{"w1", "Alice", 1, {}, ""}};
    c.black().name = "Black";
    c.black().players = {{"b1", "Bob", 1, {}, ""}};
    c.time = {5400000, 30000, TimeMode::FISCHER};
    return c;
}

// Feeds events to a VenueState and keeps every decision for inspection.
class Script {
  public:
    explicit Script(MatchConfig config = plain_match()) { send(MatchCreated{config}); }

    std::vector<Decision> send(EventBody body) {
        Event e{now_ns_ += 1000000, std::nullopt, std::move(body)};
        events_.push_back(e);
        auto d = state_.apply(e);
        last_ = d;
        all_.insert(all_.end(), d.begin(), d.end());
        return d;
    }
    // A move seen on the board, then the mover's clock press.
    std::vector<Decision> move(const std::string& uci) {
        auto d = send(MoveSensed{"m1", "b", uci});
        if (state_.match("m1")->phase() == MatchPhase::FINISHED) return d;
        auto side = match().game().position().side_to_move();
        auto p = send(ClockPressed{"m1", side, std::nullopt});
        d.insert(d.end(), p.begin(), p.end());
        return d;
    }
    void moves(std::initializer_list<const char*> ucis) {
        for (const char* u : ucis) move(u);
    }
    Color to_move() const { return match().game().position().side_to_move(); }
    const ChessMatch& match() const { return *state_.match("m1")->chess(); }
    const VenueState& state() const { return state_; }
    const std::vector<Event>& events() const { return events_; }
    const std::vector<Decision>& last() const { return last_; }

  private:
    VenueState state_;
    std::vector<Event> events_;
    std::vector<Decision> last_, all_;
    std::int64_t now_ns_ = 0;
};

}  // namespace venue::engine::testing
