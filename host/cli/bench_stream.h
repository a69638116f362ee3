// What the `venue bench` commands of the engine and its log share: a venue of N plain matches
// and a realistic stream of events for it (mostly clock heartbeats, with moves and presses).
#pragma once

#include <map>
#include <random>
#include <string>
#include <vector>

#include "chess/movegen.h"
#include "chess/uci.h"
#include "config/venue_config.h"
#include "venue/event.h"

namespace venue::cli {

inline config::VenueConfig bench_config(int matches) {
    config::VenueConfig c;
    for (int i = 0; i < matches; ++i) {
        engine::MatchConfig m;
        m.id = "m" + std::to_string(i + 1);
        m.white().players = {{"w", "White", 1, {}, ""}};
        m.black().players = {{"b", "Black", 1, {}, ""}};
        c.matches.push_back(m);
    }
    return c;
}

// A realistic stream: mostly clock heartbeats (10 per second per match), with
// board moves and clock presses in several matches.
class EventStream {
  public:
    EventStream(int matches, std::uint64_t seed) : rng_(seed), positions_(std::size_t(matches)) {
        for (auto& p : positions_) p = chess::Position::start();
    }
    engine::Event next() {
        const std::size_t m = rng_() % positions_.size();
        const std::string id = "m" + std::to_string(m + 1);
        engine::Event e{++now_, std::nullopt, engine::HostStarted{}};
        chess::Position& pos = positions_[m];
        if (pending_[m]) {
            pending_[m] = false;
            e.body = engine::ClockPressed{id, ~pos.side_to_move(), std::nullopt};
            return e;
        }
        auto moves = chess::legal_moves(pos);
        if (rng_() % 8 != 0 || moves.empty()) {
            e.body = engine::ClockReading{id, 5400000 - std::int64_t(now_ % 100000), 5400000,
                                          pos.side_to_move()};
            return e;
        }
        chess::Move mv = moves[rng_() % moves.size()];
        pos.do_move(mv);
        pending_[m] = true;
        e.body = engine::MoveSensed{id, "b", chess::to_uci(mv)};
        return e;
    }

  private:
    std::mt19937_64 rng_;
    std::vector<chess::Position> positions_;
    std::map<std::size_t, bool> pending_;
    std::int64_t now_ = 0;
};

}  // namespace venue::cli
