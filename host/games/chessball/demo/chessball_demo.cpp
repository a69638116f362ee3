#include "games/chessball/demo/chessball_demo.h"

#include <fmt/core.h>

#include "demo/demo_choice.h"
#include "games/chessball/demo/chessball_director.h"
#include "games/chessball/demo/chessball_plan.h"

namespace venue::games::chessball {

namespace {

constexpr int DEFAULT_PLAYERS = 4;

class PlannedChessball final : public demo::PlannedDemo {
  public:
    explicit PlannedChessball(ChessballPlan plan) : plan_(std::move(plan)) {}

    const engine::MatchConfig& match() const override { return plan_.match; }
    std::string title() const override { return plan_.title; }
    std::string header() const override {
        std::string out = fmt::format("Venue demo: Chessball, {} players a side, on {}\n",
                                      plan_.match.white().players.size(), plan_.title);
        out += fmt::format("  White {}: ", plan_.match.white().name);
        for (const auto& p : plan_.match.white().players)
            out += fmt::format("{} {} [{}] ", p.id, p.name, p.files);
        out += fmt::format("\n  Black {}: ", plan_.match.black().name);
        for (const auto& p : plan_.match.black().players)
            out += fmt::format("{} {} [{}] ", p.id, p.name, p.files);
        out += "\n";
        if (!plan_.removed_player.empty())
            out += fmt::format(
                "  Scripted incidents: an impossible move, three warnings for {} and his "
                "removal before ply {}\n",
                plan_.removed_player, plan_.removal_before_ply);
        return out;
    }
    // The match's one board, in the start position; its id is its serial number.
    std::vector<demo::DemoBoard> boards() const override {
        return {{plan_.match.board, plan_.match.board, true}};
    }
    std::unique_ptr<demo::People> people(demo::EventDevices devices,
                                         demo::DirectorTiming timing) const override {
        return std::make_unique<ChessballDirector>(plan_, std::move(devices), timing);
    }

  private:
    ChessballPlan plan_;
};

Result<std::unique_ptr<demo::PlannedDemo>, std::string> plan(const demo::DemoRequest& r) {
    const int players = r.players ? r.players : DEFAULT_PLAYERS;
    if (players < 2 || players > 8)
        return unexpected(
            fmt::format("--players {}: Chessball teams have 2 to 8 players (CB-2.2)", players));
    auto source = demo::first_game(r.game_file);
    if (!source) return unexpected(source.error());
    auto made = make_chessball_plan(*source, chessball_match_config(players), r.seed);
    if (!made) return unexpected(made.error());
    return std::unique_ptr<demo::PlannedDemo>(std::make_unique<PlannedChessball>(std::move(*made)));
}

}  // namespace

const demo::GameDemo& demo() {
    static const demo::GameDemo entry{
        .game = "chessball",
        .plays = "the Opera Game (Paris 1858), 4 players a side",
        .about =
            "Two teams play a real game on one emulated board: the players claim moves with "
            "their buttons (some contested within microseconds), move the pieces square by "
            "square and press the clock; one of them touches a teammate's piece (an impossible "
            "move: warning, +2 minutes, position restored) and is removed after three warnings.",
        .plays_game_files = true,
        .takes_players = true,
        .players = "2 to 8 a team (CB-2.2), default 4",
        .takes_turns = false,
        .turns = "a Chessball game is played to its result, not for a number of turns",
        .scenarios = {},
        .examples = {{"--speed 3 --players 3", "faster, three a side"},
                     {"--game my.pgn --log x.sqlite", "a PGN file's first game"}},
        .plan = plan,
    };
    return entry;
}

}  // namespace venue::games::chessball
