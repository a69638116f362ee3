#include "games/fide/rules/fide_rules.h"

#include "venue/chess_match.h"

namespace venue::games::fide {

namespace {

std::unique_ptr<engine::Match> make(const engine::MatchConfig& config) {
    return std::make_unique<engine::ChessMatch>(config);
}

}  // namespace

const engine::GameRules& rules() {
    static const engine::GameRules game{
        .id = "fide",
        .display_name = "Chess",
        .summary = "plain chess under the FIDE Laws of Chess, one player a side",
        .rules_doc = "docs/chess-core.md",
        .sides = {.min_sides = 2,
                  .max_sides = 2,
                  .min_players = 1,
                  .max_players = 1,
                  .side_word = "player"},
        .default_time = {},
        .options = {},
        .penalty_grounds = {},  // plain chess has no warnings or removals of players
        .boards = nullptr,
        .validate = nullptr,
        .make_match = &make,
    };
    return game;
}

}  // namespace venue::games::fide
