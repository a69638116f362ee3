// The Chess Eleven demo's players and arbiter, on the simulated devices as people would: the
// arbiter starts the formation's countdown with the clock's paddle; each player sets the default
// formation (C11-A3) piece by piece on the emulated board and presses his hub button (Ready);
// in play each turn is decided when it comes, from the match as the engine holds it: the side
// with the ball moves its carrier towards goal, passes (the carrier tapped twice, then the
// receiver) to a teammate with a clear shot and shoots (the carrier tapped a third time), or
// ends its turn with the button; the side without it makes its one move, taking the carrier
// when it can, else now and then dropping a piece into its goal. A mate in one is always played
// (two goals). A shooter with a choice of goal squares aims where the draw it can foresee (the
// seed and the draw's number are in the log) gives an outcome not seen yet, and a defender drops
// a piece into its goal more often until a block has been seen, so that a match shows each
// outcome of a shot when it can. What a demo should show once happens once: White's first formation
// lacks the pawn in front of its king, Ready is refused and the pawn is set right; the first side
// that may bring its substitute on after a goal does (the arbiter enters it), the queen for its
// c-pawn. Choices between equals come from the plan's seed, so the same seed plays the same game.
// Every step waits for the engine's answer and fails with its name if none comes.
//
// Runs on the daemon's thread, between steps (poll()): no locks, no threads of its own.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "demo/people.h"
#include "games/eleven/rules/eleven_match.h"

namespace venue::games::eleven {

struct ElevenDemoPlan {
    engine::MatchConfig match;
    std::uint64_t seed = 1858;
    int max_turns = 400;  // a match to goals that has not ended by then is ended by the arbiter
};

class ElevenDirector : public demo::People {
  public:
    ElevenDirector(const ElevenDemoPlan& plan, demo::EventDevices devices,
                   demo::DirectorTiming timing);

    void observe(const runtime::StepRecord& record) override;

  private:
    const ElevenMatch& match() const;
    // The next thing a person does, from the match as it stands; it sets what to wait for.
    void act();
    void set_formations(const ElevenMatch& m);
    // The formation `side` sets now: the default, but for what the demo shows once.
    Placement formation_for(const ElevenMatch& m, chess::Color side) const;
    // Where `side`'s carrier on `from` shoots: a goal square it may aim at, one whose foreseen
    // outcome has not been seen first; none when no line is clear.
    std::optional<chess::Square> shot_target(const ElevenMatch& m, chess::Color side,
                                             chess::Square from) const;
    // Once, to show a checkmate's two goals (C11-CHECK-2): from the first kick-off after the
    // substitute was shown, the kicker (the attacker) brings its pieces to the other king and the
    // other side plays along, as players staging it for a demonstration would: a mate in two
    // with the defender's help when there is one, else the attacker's piece nearest the king goes
    // nearer and the defender's king walks out. No passes or shots meanwhile.
    bool showing_mate(const ElevenMatch& m) const;
    chess::Move staged_mate_move(const ElevenMatch& m);
    void possession_turn(const ElevenMatch& m);
    void single_move(const ElevenMatch& m);
    void play(chess::Move move);
    void tap(chess::Square s, int times);
    void end_turn(chess::Color side);
    int button_of(chess::Color side) const;
    std::uint64_t choose(std::uint64_t n);

    const ElevenDemoPlan& plan_;
    std::uint64_t draws_ = 0;
    int turns_ = 0;
    // What the engine has decided so far: everything that moves the game on counts.
    int progress_ = 0;
    int want_progress_ = 0;
    std::function<bool()> waiting_;  // the current step's wait, beside progress
    bool game_over_ = false;
    // What the demo shows once: a Ready refused for a wrong formation (then set right), and a
    // substitute brought on after a goal.
    bool ready_refused_ = false;
    bool showed_invalid_ = false;
    bool showed_substitute_ = false;
    // The shots' outcomes seen so far (goal, save, block, corner): the shooter aims where the
    // draw it can foresee gives one not seen yet.
    std::set<std::string> outcomes_seen_;
    bool mate_seen_ = false;
    std::int64_t stood_since_ms_ = -1;  // since when the board has shown the formations set
    std::optional<chess::Color> mate_attacker_;  // the staged mate's attacker, once chosen
};

}  // namespace venue::games::eleven
