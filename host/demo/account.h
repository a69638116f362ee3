// The demo's running account for a terminal: who claimed and by how many microseconds the
// others were late, which move was played with both clocks, warnings, time added, removals,
// restores and the result, one line each with the time since the start; for a game of several
// boards the key changes, branches opened and closed, ratings, boards to set up, the score and
// the arbiter's flags; a game's demo may word some decisions its own way (PlannedDemo::
// account_line). It also gathers the press-to-decision latencies the summary prints.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "runtime/daemon.h"

namespace venue::demo {

// Latency samples in nanoseconds on the host's steady clock.
struct LatencySamples {
    std::vector<std::int64_t> press_to_arrival;   // hub press time (mapped) -> frame arrived
    std::vector<std::int64_t> press_to_decision;  // hub press time (mapped) -> decision durable
    std::vector<std::int64_t> arrival_to_decision;
    std::vector<std::int64_t> paddle_to_decision;  // clock paddle (mapped) -> decision durable
};

class Account {
  public:
    // game_line: the game's own line for a decision, or nullopt for the usual one.
    using GameLine = std::function<std::optional<std::string>(const engine::Decision&)>;
    Account(const runtime::Session& session, std::FILE* out, std::int64_t start_ns, bool verbose,
            GameLine game_line = {});

    // Prints what one step applied and records the latencies of claim presses.
    void print(const runtime::StepRecord& record);
    // A line of the demo's own (the director's progress, the summary).
    void note(const std::string& text);

    const LatencySamples& latencies() const { return latencies_; }
    int claims() const { return claims_; }
    int contested() const { return contested_; }

  private:
    void line(std::int64_t at_ns, const std::string& text);
    std::string player_name(const std::string& match, const std::string& id) const;
    std::string clocks(const std::string& match) const;

    const runtime::Session& session_;
    std::FILE* out_;
    std::int64_t start_ns_;
    bool verbose_;
    GameLine game_line_;
    LatencySamples latencies_;
    int claims_ = 0;
    int contested_ = 0;
};

}  // namespace venue::demo
