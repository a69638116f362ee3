// The Grassi's ChessBall demo's players and arbiter, entering the game as the touch panel would:
// each input is a GameInput posted to the daemon (positions are entered, not sensed: catalogue
// §7.4), and the engine's answer is waited for. Each move is decided when it comes, from the game
// as the engine holds it: every candidate (a piece's steps, a dribble, a pass, a shot, a tackle)
// is tried on a copy of the game, which the rules accept or refuse exactly as the engine will,
// dice included (they come from the logged seed and the number thrown). The side with the ball
// shoots when it can (choosing, while the demo has not yet shown each, a shot the keeper saves,
// one he parries and one that scores), passes forward, or dribbles towards goal; the side without
// it tackles the carrier once a turn, runs at a loose ball, brings its keeper in line with the
// ball and closes in. What a demo should show once happens once: White's first placement has a
// piece in Black's half and is refused (GCB-A25), then set right; White brings a queen on for its
// rook in the first half; one throw is played into an opponent's path. Choices between equals
// come from the plan's seed, so the same seed plays the same match.
//
// Runs on the daemon's thread, between steps (poll()): no locks, no threads of its own.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "demo/people.h"
#include "games/grassi/rules/grassi_match.h"

namespace venue::games::grassi {

struct GrassiDemoPlan {
    engine::MatchConfig match;
    std::uint64_t seed = 1858;
};

class GrassiDirector : public demo::People {
  public:
    GrassiDirector(const GrassiDemoPlan& plan, demo::EventDevices devices,
                   demo::DirectorTiming timing);

    void observe(const runtime::StepRecord& record) override;

  private:
    // An input the director may enter, with how much it wants it.
    struct Candidate {
        explicit Candidate(std::string k, std::vector<Point> p = {})
            : kind(std::move(k)), path(std::move(p)) {}
        std::string kind;         // "place", "move", "ball", "contest", "substitute", ...
        std::vector<Point> path;  // move, ball
        Point at;                 // contest, substitute
        chess::PieceType piece = chess::NO_PIECE_TYPE;  // substitute: the piece coming in
        std::array<Point, 3> points;                    // place
        int score = 0;                                  // higher is better
        std::string shows;  // what the demo shows once by it ("save", "substitution")
    };

    const GrassiMatch& match() const;
    // The next thing a person does, from the game as it stands.
    void act();
    void place(const GrassiGame& g);
    void with_the_ball(const GrassiGame& g, chess::Color side);
    void without_the_ball(const GrassiGame& g, chess::Color side);
    // What `c` would decide now, on a copy of the game: its news, or nullopt when refused.
    std::optional<std::vector<News>> trial(const GrassiGame& g, chess::Color side,
                                           const Candidate& c) const;
    void enter(chess::Color side, const Candidate& c, const std::string& arbiter = "");
    // The best of `options` by score, ties broken by the seed; nullopt for none.
    std::optional<Candidate> best(std::vector<Candidate> options);
    std::uint64_t choose(std::uint64_t n);

    const GrassiDemoPlan& plan_;
    std::uint64_t draws_ = 0;
    int progress_ = 0;
    int want_progress_ = 0;
    bool game_over_ = false;
    // What the demo shows once.
    bool showed_refusal_ = false;
    bool showed_substitution_ = false;
    bool showed_interception_ = false;
    std::map<std::string, bool> keeper_outcomes_shown_;  // "save", "parry", "goal"
};

}  // namespace venue::games::grassi
