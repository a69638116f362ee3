// A game whose board state is not a chess position, for the tests that show the base Match
// serves such a game as well as a chess one (the lattice field of a football game, the
// half-boards joined anew for each move). Its rules: a side passes the turn with its clock, and
// the first to pass three times wins; a side may also concede, with an input of the game's own
// ("concede", the reason in args "why"), which the game reports as news before the result.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "venue/match.h"

namespace venue::engine::testing {

class TurnsMatch : public Match {
  public:
    explicit TurnsMatch(MatchConfig config) : Match(std::move(config)) {}
    Color to_move() const override { return turn_; }
    int passes(Color c) const { return passes_[c]; }

  protected:
    using Match::on;
    void on(const ClockPressed& e, std::vector<Decision>& out) override {
        if (finished(out)) return;
        if (e.side != turn_) return ignore("T-1", "not this side's turn", out);
        if (phase_ == MatchPhase::WAITING) phase_ = MatchPhase::PLAYING;
        turn_ = ~turn_;
        clock_.running = turn_;
        out.push_back({ClockSwitched{config_.id, turn_}, "T-1", "the turn passes"});
        if (++passes_[e.side] == 3)
            end(win_of(e.side), "three passes", "T-2", "the first to pass three times wins", out);
    }
    void on(const GameInput& e, std::vector<Decision>& out) override {
        if (e.kind != "concede") return Match::on(e, out);  // not ours: ignored with the reason
        if (finished(out)) return;
        const auto why = e.args.find("why");
        out.push_back(
            {GameNews{
                 config_.id, "conceded", {{"side", e.side == chess::WHITE ? "white" : "black"}}},
             "T-3", "a side may concede"});
        end(win_for(~Color(e.side)), "conceded", "T-3",
            why == e.args.end() ? "conceded" : "conceded: " + why->second, out);
    }
    std::string canonical_extra() const override {
        return "turn " + std::to_string(int(turn_)) + " passes " + std::to_string(passes_[0]) +
               " " + std::to_string(passes_[1]);
    }

  private:
    Color turn_ = chess::WHITE;
    std::array<int, 2> passes_{0, 0};
};

inline MatchConfig turns_config() {
    MatchConfig c;
    c.id = "t1";
    c.game = "turns";  // in no registry: the engine names it by its id
    c.board = "";
    c.time.base_ms = 60'000;
    return c;
}

}  // namespace venue::engine::testing
