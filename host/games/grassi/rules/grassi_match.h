// A match of Grassi's ChessBall (seed 004; catalogue §7, GCB-*): the fold of its events into
// decisions, on the rules core of grassi_game.h. White is side 0, Black side 1, one player each.
//
// Positions are entered, not sensed (catalogue §7.4: no e-board senses edges and corners), as
// GameInput (docs/games/grassi.md, "Inputs"); points are "x,y" on the 17×17 lattice, a path is
// its points from where it starts, separated by spaces ("1,1 2,1 3,1"):
//   "seed"        {value}                 the dice's seed, logged by the host (GCB-A28 host)
//   "place"       {points, carrier?}      a side's three field pieces for a kick-off, in the
//                                         order bishop, knight, rook (or their substitutes);
//                                         the kicker's `carrier` (1..3) has the ball
//   "move"        {path, leave_ball?}     a piece's move; its carrier dribbles unless
//                                         leave_ball = "true"
//   "ball"        {path, receiver?}       the ball's move: round its carrier, a pass, a throw,
//                                         a shot; `receiver` picks among pieces that may take it
//   "contest"     {at, against?}          a tackle by the piece on `at`
//   "substitute"  {at, piece}             the piece on `at` out, a `piece` ("queen", "q") in
//   "pass_move"   {}                      a move spent doing nothing (GCB-A4)
//   "dice"        {faces}                 physical dice's faces, "3 5 6" (GCB-A28)
//   "correct"     {from, to} | {ball, carrier?}   an arbiter's correction: needs `arbiter`
// side = the side the input is for; player, when given, must be its player's id. A refusal is
// an EventIgnored with the refusing clause and, in its reason, the core's code; a refused input
// changes nothing. What the core decides is GameNews of the core's kinds ("moved", "shot", ...).
//
// The state is the core's game, the fold of the inputs it accepted: a snapshot keeps those inputs
// and the seed, and restoring replays them into a fresh game.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "games/grassi/rules/grassi_game.h"
#include "venue/input_history.h"
#include "venue/match.h"

namespace venue::games::grassi {

class GrassiMatch : public engine::Match {
  public:
    // The rules from the config's [match.grassi] (rules_of).
    explicit GrassiMatch(engine::MatchConfig config);

    // The side whose move it is (White until the game starts).
    chess::Color to_move() const override;
    engine::Standing standing() const override;
    std::vector<std::pair<std::string, std::string>> facts() const override;
    // The lattice, the pieces and the ball, for the console's field panel and the feed.
    std::optional<engine::FieldView> field_view() const override;
    std::optional<engine::InputPreview> preview(const engine::GameInput& input) const override;
    bool wants_seed() const override;
    std::string extra_snapshot() const override;
    bool restore_extra(std::string_view json) override;
    bool is_ok(std::string* why = nullptr) const override;

    const GrassiRules& rules() const { return rules_; }
    // The game, or nullptr while the host's dice wait for their seed.
    const GrassiGame* game() const { return game_ ? &*game_ : nullptr; }

  protected:
    using Match::on;
    void on(const engine::GameInput& e, std::vector<engine::Decision>& out) override;
    // The game is limited by turns (GCB-OBJ-1): a clock's flag ends nothing.
    void on(const engine::FlagFell& e, std::vector<engine::Decision>& out) override;
    std::string canonical_extra() const override;

  private:
    using Out = std::vector<engine::Decision>;
    using Accepted = engine::AcceptedInput;
    // Why an input cannot even be put to the core (a point that is not "x,y"): its clause and
    // words.
    struct BadInput {
        std::string clause;
        std::string reason;
    };

    static bool knows(const std::string& kind);
    // Why `e` cannot be put to the core at all (a pause, a side or player not the match's, a
    // correction without an arbiter), or nullopt. The same for on() and preview().
    std::optional<BadInput> refusal_before_core(const engine::GameInput& e) const;
    static std::string refusal_words(const Refusal& r);
    void seed(const engine::GameInput& e, Out& out);
    static std::variant<Decided, BadInput> put(GrassiGame& game, const Accepted& input);
    void report(const std::vector<News>& news, Out& out);
    void report_end(Out& out);

    GrassiRules rules_;
    std::optional<GrassiGame> game_;
    std::uint64_t seed_ = 0;
    bool seeded_ = false;
    std::vector<Accepted> accepted_;
};

}  // namespace venue::games::grassi
