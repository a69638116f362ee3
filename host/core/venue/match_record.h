// A match's record, for people and for programs that show a game again: who played, under which
// options, and every decision the engine made about the match in the order of the log, each with
// the event that caused it, its clause and its reason (schemas/record/record.schema.json).
// `venue export record` writes it from a log. Every game has one, whatever it plays: chess moves
// with their SAN, and each game's own news (a pass, a shot and its draw, a goal, a branch).
//
// The log stays the authority (`venue replay` rebuilds the state from it); the record leaves out
// only the commands to devices (clock and lamp traffic), which say nothing about the game.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "venue/decision.h"
#include "venue/event.h"
#include "venue/venue_state.h"

namespace venue::engine {

// The record's format, in every document ("format": "venue-record", "version": 1).
inline constexpr int RECORD_VERSION = 1;

class MatchRecords {
  public:
    // Takes in one event of the log (its sequence number) with the decisions made on it.
    void add(std::int64_t seq, const Event& event, const std::vector<Decision>& decisions);
    // The record (JSON, indented) of every match of `state` (the state after the last event), or
    // of `match` only ("" every one; a match it does not hold: an empty list).
    std::string document(const VenueState& state, const std::string& match = "") const;

  private:
    // By match: its entries as JSON text, oldest first.
    std::map<std::string, std::vector<std::string>> entries_;
};

}  // namespace venue::engine
