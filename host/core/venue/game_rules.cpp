#include "venue/game_rules.h"

namespace venue::engine {

const GameRules* find_game(std::string_view id) {
    for (const GameRules* g : registered_games())
        if (g->id == id) return g;
    return nullptr;
}

std::vector<const PenaltyGround*> penalty_grounds(const GameRules& game, bool removal) {
    std::vector<const PenaltyGround*> out;
    for (const PenaltyGround& g : game.penalty_grounds)
        if (g.removal == removal) out.push_back(&g);
    return out;
}

const PenaltyGround* find_penalty_ground(const GameRules& game, std::string_view clause,
                                         bool removal) {
    for (const PenaltyGround* g : penalty_grounds(game, removal))
        if (g->clause == clause) return g;
    return nullptr;
}

std::string game_ids_in_words() {
    const auto& games = registered_games();
    std::string s;
    for (std::size_t i = 0; i < games.size(); ++i) {
        if (i > 0) s += i + 1 == games.size() ? " and " : ", ";
        s += "\"" + games[i]->id + "\"";
    }
    return s;
}

std::vector<std::string> boards_of(const MatchConfig& config) {
    const GameRules* g = find_game(config.game);
    if (g && g->boards) return g->boards(config);
    if (config.board.empty()) return {};
    return {config.board};
}

bool plays_on(const MatchConfig& config, const std::string& board_id) {
    if (board_id.empty()) return false;
    for (const std::string& b : boards_of(config))
        if (b == board_id) return true;
    return false;
}

std::optional<std::string> validate_match(const MatchConfig& config) {
    const GameRules* g = find_game(config.game);
    if (!g) return "game '" + config.game + "' has no rules module yet";
    if (auto bad = side_count_problem(*g, config.side_count())) return bad;
    for (const GameOption& option : g->options) {
        auto it = config.options.values().find(option.key);
        if (it == config.options.values().end()) continue;  // the default
        if (std::string bad = option_value_problem(option, it->second); !bad.empty())
            return config.game + "." + option.file_key + ": " + bad +
                   (option.rule.empty() ? "" : " (" + option.rule + ")");
    }
    if (g->validate)
        if (auto bad = g->validate(config)) return bad;
    return std::nullopt;
}

std::optional<std::string> side_size_problem(const GameRules& game, const TeamConfig& side) {
    const int n = int(side.players.size());
    if (n >= game.sides.min_players && n <= game.sides.max_players) return std::nullopt;
    const std::string range =
        game.sides.min_players == game.sides.max_players
            ? "exactly " + (game.sides.min_players == 1 ? std::string("one")
                                                        : std::to_string(game.sides.min_players))
            : std::to_string(game.sides.min_players) + " to " +
                  std::to_string(game.sides.max_players);
    return game.display_name + " has " + range +
           (game.sides.max_players == 1 ? " player" : " players") + " per side, not " +
           std::to_string(n);
}

std::string side_words(const SidesShape& shape) {
    const std::string& word = shape.side_word;  // "player", "team", "army"
    return !word.empty() && word.back() == 'y' ? word.substr(0, word.size() - 1) + "ies"
                                               : word + "s";
}

std::optional<std::string> side_count_problem(const GameRules& game, int count) {
    const SidesShape& shape = game.sides;
    if (count >= shape.min_sides && count <= shape.max_sides) return std::nullopt;
    const std::string range =
        shape.min_sides == shape.max_sides
            ? "exactly " + std::to_string(shape.min_sides)
            : std::to_string(shape.min_sides) + " to " + std::to_string(shape.max_sides);
    return game.display_name + " is played by " + range + " " + side_words(shape) + ", not " +
           std::to_string(count);
}

std::unique_ptr<Match> make_match(const MatchConfig& config, std::string* why) {
    if (auto bad = validate_match(config)) {
        if (why) *why = find_game(config.game) ? "match " + config.id + ": " + *bad : *bad;
        return nullptr;
    }
    return find_game(config.game)->make_match(config);
}

}  // namespace venue::engine
