// A game as the engine knows it, and the registry of the games this build runs.
//
// Each game describes itself once, in its own folder (host/games/<game>/rules/), as a GameRules:
// its id and name, who plays it, its default clock, the keys of its [match.<game>] table, how its
// configuration is checked and how its match is made. Everything outside the games' folders asks
// the registry (find_game, registered_games) or the Match, never a game by name; adding a game is
// docs/adding-a-game.md.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "venue/game_options.h"
#include "venue/match.h"
#include "venue/match_config.h"

namespace venue::engine {

// Who plays: how many sides (two: White and Black; more: armies in their order of play), the
// number of players on each, and what a side is called in the game's own words.
struct SidesShape {
    int min_sides = 2;
    int max_sides = 2;
    int min_players = 1;  // per side
    int max_players = 1;
    std::string side_word = "player";  // "team" where a side is several players, "army"
    // The number of the first side in words, for a side without a name in a game of more than
    // two: 1 ("Player 3" is the third), or 0 where the game counts its sides from 0 as its facts,
    // boards and buttons do ("Army 2" is the third).
    int first_number = 1;
};

// A ground on which an arbiter warns or removes a player (ArbiterActionKind WARN, REMOVE), as the
// game's rules list them: the console offers them, the game applies the one chosen.
struct PenaltyGround {
    std::string clause;    // the catalogue's id: "CB-6.4.2.4"
    std::string words;     // "talking or prompting during the game"
    bool removal = false;  // a ground for removing the player at once (else for a warning)
};

struct GameRules {
    std::string id;            // the match config's `game` and its [match.<id>] table
    std::string display_name;  // "Chess", in the console, the feed and the record
    std::string summary;       // one line: what the game is, for --help and the wizard
    std::string rules_doc;     // where a person reads the game: "docs/games/<id>.md"
    SidesShape sides;
    TimeControl default_time;
    std::vector<GameOption> options;  // the keys of [match.<id>]
    // The grounds an arbiter chooses from to warn or remove a player; empty: the game has one
    // clause for each (or none), and the console asks for no ground.
    std::vector<PenaltyGround> penalty_grounds;
    // The boards a match of this game plays on (its board, or every board of a game played on
    // several); nullptr: config.board alone.
    std::vector<std::string> (*boards)(const MatchConfig& config) = nullptr;
    // Why `config` cannot be played ("" none): player counts, owned squares, the game's options.
    std::optional<std::string> (*validate)(const MatchConfig& config) = nullptr;
    // The match; `config` has passed validate().
    std::unique_ptr<Match> (*make_match)(const MatchConfig& config) = nullptr;
    // The kinds of the game's own news (GameNews) that the TV feed lists with the match's
    // incidents, for the live stream and the scoreboard's status line: a shot and its outcome, a
    // goal. Other news stays in the log and the console.
    std::vector<std::string> headline_news = {};
};

// Every game this build runs, in the order they are offered. Defined by the games' registration
// (host/games/registered_games.cpp): the one place that lists them.
const std::vector<const GameRules*>& registered_games();

// The game with id `id`, or nullptr.
const GameRules* find_game(std::string_view id);

// The grounds of `game` for a warning (removal false) or a removal (true), in the game's order.
std::vector<const PenaltyGround*> penalty_grounds(const GameRules& game, bool removal);

// The ground with clause `clause` for a warning or a removal in `game`, or nullptr.
const PenaltyGround* find_penalty_ground(const GameRules& game, std::string_view clause,
                                         bool removal);

// The ids of every registered game in words, for an error: "\"fide\", \"x\" and \"y\"".
std::string game_ids_in_words();

// The boards `config`'s match plays on, and whether `board_id` is one of them.
std::vector<std::string> boards_of(const MatchConfig& config);
bool plays_on(const MatchConfig& config, const std::string& board_id);

// Why `config` cannot be played, in words ("" none): an unknown game, an option out of range, or
// the game's own check (players, owned squares, buttons).
std::optional<std::string> validate_match(const MatchConfig& config);

// Why `side` has a number of players `game` does not allow (the venue file and the setup wizard
// check it; the engine leaves it to the game's validate()).
std::optional<std::string> side_size_problem(const GameRules& game, const TeamConfig& side);

// The side word in the plural: "players", "teams", "armies".
std::string side_words(const SidesShape& shape);

// Why a match of `game` cannot have `count` sides ("" none): validate_match, the venue file.
std::optional<std::string> side_count_problem(const GameRules& game, int count);

// The match for `config`, or nullptr with the reason in *why.
std::unique_ptr<Match> make_match(const MatchConfig& config, std::string* why = nullptr);

}  // namespace venue::engine
