#include "games/betza/rules/betza_entry.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <memory>

#include "games/betza/rules/betza_match.h"
#include "games/betza/rules/betza_rules.h"

namespace venue::games::betza {

namespace {

std::unique_ptr<engine::Match> make(const engine::MatchConfig& config) {
    return std::make_unique<BetzaMatch>(config);
}

bool whole_number(const std::string& text) {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return !text.empty() && error == std::errc() && end == text.data() + text.size();
}

}  // namespace

std::optional<std::string> validate(const engine::MatchConfig& config) {
    const std::string m = "match " + config.id + ": ";
    // BETZA-0.1: each player has an army; an army is one player's.
    for (int side = 0; side < config.side_count(); ++side) {
        const std::size_t n = config.side(side).players.size();
        if (n != 1)
            return m + engine::side_label(config, side) + " has " + std::to_string(n) +
                   " players: in Betza's chess each army starts with one player (BETZA-0.1)";
    }
    // The lists BetzaRules::of reads leniently are checked here, word by word.
    const engine::GameOptions& o = config.options;
    for (const std::string& army : o.list("entered_order", {}))
        if (!whole_number(army))
            return m + "betza.entered_order: '" + army +
                   "' is not an army's number (0 to N-1) (BETZA-A2)";
    for (const std::string& layout : o.list("chosen_layouts", {}))
        if (layout != "white" && layout != "black")
            return m + "betza.chosen_layouts: '" + layout + "': use white or black (BETZA-A3)";
    // The select buttons: none, or one hub button per half-board, each once and none that is a
    // player's End-turn button (a press would be read twice).
    const std::vector<std::string> select = o.list("select_buttons", {});
    if (!select.empty() && int(select.size()) != config.side_count())
        return m + "betza.select_buttons: " + std::to_string(select.size()) + " buttons for " +
               std::to_string(config.side_count()) +
               " half-boards: give one per half-board, in board order (BETZA-4)";
    std::vector<int> taken;
    for (int side = 0; side < config.side_count(); ++side)
        for (int b : config.side(side).players.front().buttons) taken.push_back(b);
    for (const std::string& text : select) {
        const int b = whole_number(text) ? std::atoi(text.c_str()) : -1;
        if (b < 0 || b > 15)
            return m + "betza.select_buttons: '" + text +
                   "' is not a hub button (0 to 15) (BETZA-4)";
        if (std::find(taken.begin(), taken.end(), b) != taken.end())
            return m + "betza.select_buttons: button " + text +
                   " is used twice (a select button, or a player's End-turn button) (BETZA-4)";
        taken.push_back(b);
    }
    // The DGT boards: none, or one per half-board, each once.
    const std::vector<std::string> boards = o.list("boards", {});
    if (!boards.empty() && int(boards.size()) != config.side_count())
        return m + "betza.boards: " + std::to_string(boards.size()) + " boards for " +
               std::to_string(config.side_count()) +
               " half-boards: give one DGT board per half-board, in board order (BETZA-4)";
    for (std::size_t i = 0; i < boards.size(); ++i) {
        if (boards[i].empty()) return m + "betza.boards: a board needs its id (BETZA-4)";
        for (std::size_t k = 0; k < i; ++k)
            if (boards[k] == boards[i])
                return m + "betza.boards: board " + boards[i] +
                       " carries two half-boards: give each its own (BETZA-4)";
    }
    if (auto problem = BetzaRules::of(o).problem(config.side_count())) return m + *problem;
    return std::nullopt;
}

// The DGT boards the match reads ([match.betza] boards), or the one board of match.board.
std::vector<std::string> boards(const engine::MatchConfig& config) {
    std::vector<std::string> all = config.options.list("boards", {});
    if (all.empty() && !config.board.empty()) all.push_back(config.board);
    return all;
}

const engine::GameRules& rules() {
    static const engine::GameRules game{
        .id = "betza",
        .display_name = "Betza's Chess",
        .summary =
            "chess for any number of players: 2 to 8 armies on half-boards pushed "
            "together for each move; a mated army passes to the player who mated it",
        .rules_doc = "docs/games/betza.md",
        .sides = {.min_sides = 2,
                  .max_sides = 8,
                  .min_players = 1,
                  .max_players = 1,
                  .side_word = "army",
                  .first_number = 0},
        // The catalogue's default is untimed (BETZA-A15); a per-army countdown
        // ([match.betza] clock_minutes) runs on the hub's army clock, never on its two faces,
        // so this period is only what an arbiter's own clock would show.
        .default_time = {.base_ms = 60 * 60 * 1000,
                         .increment_ms = 0,
                         .mode = engine::TimeMode::SUDDEN_DEATH},
        .options = betza_options(),
        .penalty_grounds = {},
        .boards = &boards,
        .validate = &validate,
        .make_match = &make,
        // The TV's live stream: an army changing hands, an army or a player out, the end.
        .headline_news = {"army_captured", "control_reassigned", "army_retired",
                          "player_eliminated", "game_ended"},
    };
    return game;
}

}  // namespace venue::games::betza
