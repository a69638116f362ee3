// What a match is set up with: frozen when the match is created (catalogue X-5),
// and carried in the MatchCreated event so that replay needs nothing else.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "venue/game_options.h"

namespace venue::engine {

// How time is added per move (the hub's clock does the counting; the host
// mirrors it and decides penalties).
enum class TimeMode : std::uint8_t {
    SUDDEN_DEATH,
    FISCHER,
    SIMPLE_DELAY,
    BRONSTEIN
};

// The venue file's and the JSON's name of a mode: "sudden_death", "fischer", ...
const char* to_string(TimeMode mode);

struct TimeControl {
    std::int64_t base_ms = 90 * 60 * 1000;
    std::int64_t increment_ms = 30 * 1000;
    TimeMode mode = TimeMode::FISCHER;
};

struct PlayerConfig {
    std::string id;    // stable, unique in the match, e.g. "w1"
    std::string name;  // as shown and written into PGN
    int seat = 0;
    std::vector<int> buttons;  // hub claim buttons (team games)
    std::string files;         // owned files, e.g. "ab" (games where players own files)
};

struct TeamConfig {
    std::string name;
    std::vector<PlayerConfig> players;
};

// The rules of the Laws of Chess that a venue may set (Art. 7.5.5 and 9.5.3
// give +2 minutes in standard play; rapid and blitz use +1 minute).
struct ChessPenalties {
    std::int64_t illegal_move_bonus_ms = 2 * 60 * 1000;
    int illegal_moves_to_lose = 2;
    std::int64_t incorrect_claim_bonus_ms = 2 * 60 * 1000;
};

struct MatchConfig {
    std::string id;             // e.g. "m1"
    std::string game = "fide";  // the game's id in the registry (venue/game_rules.h)
    std::string event;          // PGN Event
    std::string site;           // PGN Site
    std::string round = "1";    // PGN Round, "round.board" for broadcasts
    // PGN Date, "YYYY.MM.DD": the day the match is played. The venue file may give it; when it
    // does not, the host writes the day it creates the match (runtime::Session), so that the
    // log carries it and the core reads no clock. "" in logs written before: "????.??.??".
    std::string date;
    // The sides in their order of play: a player, a team or an army each. A game of two sides
    // (most) has White first and Black second (white(), black()); a game of more sides numbers
    // them from 0 (GameRules::sides says how many a game has).
    std::vector<TeamConfig> sides = std::vector<TeamConfig>(2);
    TimeControl time;
    ChessPenalties penalties;
    std::string board;      // the board's id (a DGT serial number) or "" when moves are entered
    std::string start_fen;  // "" = the standard start position
    // The game's own settings, the keys of its [match.<game>] table (venue/game_rules.h).
    GameOptions options;

    int side_count() const { return int(sides.size()); }
    TeamConfig& side(int index) { return sides.at(std::size_t(index)); }
    const TeamConfig& side(int index) const { return sides.at(std::size_t(index)); }
    TeamConfig& white() { return side(0); }
    const TeamConfig& white() const { return side(0); }
    TeamConfig& black() { return side(1); }
    const TeamConfig& black() const { return side(1); }
};

// What people call side `side` of a match: "White" and "Black" in a game of two; in a game of
// more the side's name, else the game's word and number ("Army 2"; "Side 3" for a game the
// registry lacks); "Side N" for an index the match lacks.
std::string side_label(const MatchConfig& config, int side);

}  // namespace venue::engine
