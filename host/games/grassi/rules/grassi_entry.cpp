#include "games/grassi/rules/grassi_entry.h"

#include <memory>

#include "games/grassi/rules/grassi_match.h"
#include "games/grassi/rules/grassi_options.h"

namespace venue::games::grassi {

namespace {

std::unique_ptr<engine::Match> make(const engine::MatchConfig& config) {
    return std::make_unique<GrassiMatch>(config);
}

}  // namespace

std::optional<std::string> validate(const engine::MatchConfig& config) {
    const std::string m = "match " + config.id + ": ";
    // GCB-TURN-1: the White player and the Black player.
    for (int side = 0; side < config.side_count(); ++side) {
        const std::size_t n = config.side(side).players.size();
        if (n != 1)
            return m + engine::side_label(config, side) + " has " + std::to_string(n) +
                   " players: Grassi's ChessBall is one player a side (GCB-TURN-1)";
    }
    if (auto problem = rules_problem(rules_of(config.options))) return m + *problem;
    return std::nullopt;
}

const engine::GameRules& rules() {
    static const engine::GameRules game{
        .id = "grassi",
        .display_name = "Grassi's ChessBall",
        .summary =
            "football with chess pieces on a half-square field: movement points from 3d6, "
            "passes, shots with power, the keeper's dice, 50 turns",
        .rules_doc = "docs/games/grassi.md",
        .sides = {.min_sides = 2,
                  .max_sides = 2,
                  .min_players = 1,
                  .max_players = 1,
                  .side_word = "player"},
        // The game is limited by turns and needs no clock (catalogue §7.4): the period is only
        // what an arbiter's clock would show.
        .default_time = {.base_ms = 90 * 60 * 1000,
                         .increment_ms = 0,
                         .mode = engine::TimeMode::SUDDEN_DEATH},
        .options = grassi_options(),
        .penalty_grounds = {},
        .boards = nullptr,
        .validate = &validate,
        .make_match = &make,
        // The live stream's lines: every roll (movement points, the keeper's 3d6, a parry's d6, a
        // tackle's dice), every shot and the keeper's verdict, goals, half-time, the end.
        .headline_news = {"movement_points", "shot", "keeper", "parry", "tackle", "goal",
                          "half_time", "golden_goal", "extra_turns"},
    };
    return game;
}

}  // namespace venue::games::grassi
