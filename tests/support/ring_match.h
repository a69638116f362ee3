// A game of more than two sides, for the tests that show the base Match, the log, the feed and
// the console serve N sides (Betza's armies) as they serve White and Black. Its rules: the sides
// take turns in their order of play; a side ends its turn with an input of the game's own
// ("pass", from one of its players); each pass scores the side a point; the first side to pass
// `passes_to_win` times wins.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "venue/match.h"

namespace venue::engine::testing {

class RingMatch : public Match {
  public:
    static constexpr int PASSES_TO_WIN = 2;

    explicit RingMatch(MatchConfig config)
        : Match(std::move(config)), passes_(std::size_t(side_count()), 0) {}
    // No chess board is played: the colour is only the hub clock's half, which this game does
    // not use.
    Color to_move() const override { return chess::WHITE; }
    int side_on_move() const override { return turn_; }
    Standing standing() const override {
        Standing s;
        for (int p : passes_) s.half_points.push_back(2 * p);
        return s;
    }

  protected:
    using Match::on;
    void on(const GameInput& e, std::vector<Decision>& out) override {
        if (e.kind != "pass") return Match::on(e, out);
        if (finished(out)) return;
        const int side = side_of(e.player);
        if (side < 0) return ignore("R-1", "'" + e.player + "' plays on no side", out);
        if (side != turn_)
            return ignore("R-1", side_label(side) + " is not on move: " + side_label(turn_) + " is",
                          out);
        if (phase_ == MatchPhase::WAITING) phase_ = MatchPhase::PLAYING;
        turn_ = (turn_ + 1) % side_count();
        out.push_back({GameNews{config_.id, "passed", {{"side", std::to_string(side)}}}, "R-1",
                       side_label(side) + " passes to " + side_label(turn_)});
        if (++passes_[std::size_t(side)] == PASSES_TO_WIN)
            end(win_of(side), "passes", "R-2", side_label(side) + " passed twice first", out);
    }
    std::string canonical_extra() const override {
        std::string s = "turn " + std::to_string(turn_) + " passes";
        for (int p : passes_) s += " " + std::to_string(p);
        return s;
    }

  private:
    int side_of(const std::string& player) const {
        for (int side = 0; side < side_count(); ++side)
            for (const PlayerConfig& p : config_.side(side).players)
                if (p.id == player) return side;
        return -1;
    }

    int turn_ = 0;
    std::vector<int> passes_;
};

// Three sides ("North", "East", and a third with no name), one player each: n1, e1, s1.
inline MatchConfig ring_config(int sides = 3) {
    MatchConfig c;
    c.id = "r1";
    c.game = "ring";  // in no registry: ring_maker makes it
    c.time.base_ms = 60'000;
    c.sides.assign(std::size_t(sides), TeamConfig{});
    const char* names[] = {"North", "East", "", "West"};
    const char* ids[] = {"n1", "e1", "s1", "w1"};
    for (int i = 0; i < sides && i < 4; ++i) {
        c.side(i).name = names[i];
        c.side(i).players.push_back({ids[i], std::string("Player ") + ids[i], 0, {}, ""});
    }
    return c;
}

// A VenueState's MatchMaker that makes the ring game.
inline std::unique_ptr<Match> ring_maker(const MatchConfig& config, std::string* why) {
    if (config.game == "ring") return std::make_unique<RingMatch>(config);
    if (why) *why = "only the ring game here";
    return nullptr;
}

inline GameInput ring_pass(const std::string& player) {
    GameInput in;
    in.match = "r1";
    in.kind = "pass";
    in.player = player;
    return in;
}

}  // namespace venue::engine::testing
