// A game as the console knows it: what the arbiter's window and the setup wizard do differently
// for it, beyond what the engine's registry (venue/game_rules.h) and the Match's typed questions
// already say. Each game that has console specifics describes them once, in its own folder
// (host/games/<game>/console/), as a GameConsole; the list is host/games/registered_console.cpp.
// A game without specifics (plain chess) has no entry: game_console() gives the plain one.
//
// Everything outside the games' folders asks game_console(id), never a game by name. What a game
// draws in the window itself (buttons, dialog fields, shortcuts) is its GamePanels entry
// (game_panels.h), in the panels library: this one is the model's and draws nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/result.h"
#include "io/hub/hub_time_fit.h"
#include "venue/event.h"
#include "venue/match_config.h"

namespace venue::console {

struct ArbiterIntent;
struct WizardIssue;
enum class WizardStep : std::uint8_t;

// How the game's penalties (ArbiterActionKind WARN and REMOVE) read in the console.
struct PenaltyWords {
    std::string warn = "Warn";        // the actions panel's button, "Warn (W)"
    std::string remove = "Remove";    // "Remove (X)"
    std::string removed = "removed";  // a player who plays no more
    std::string reason_hint = "talking, prompting, touched a teammate's piece";
    // Warnings shown as yellow cards, a removal as a red one (a column of cards in the match
    // panel instead of the warnings' count).
    bool cards = false;
    // The confirmation's question for a WARN or REMOVE, `who` the player in words; nullptr:
    // "Warn <who>: <reason> in match <id>".
    std::string (*describe)(const ArbiterIntent& intent, const std::string& who) = nullptr;
};

// The team sizes the setup wizard keeps when the game is chosen (a size outside fewest..most
// becomes `usual`).
struct SetupSides {
    int fewest = 1;
    int most = 1;
    int usual = 1;
};

using PlayerWords = std::function<std::string(const std::string& id)>;

struct GameConsole {
    std::string game;  // GameRules::id

    // --- who plays, and how (the match panel's columns, the wizard's steps)
    // Each player owns files a-h, every file exactly one owner in each team (PlayerStatus::files;
    // the wizard's FILES step deals them out and checks them).
    bool players_own_files = false;
    // Each player has a hub button (the wizard's BUTTONS step assigns them, one each): what it
    // does in words, for the step's title and its checks ("claim button", "End-turn button").
    bool players_have_buttons = false;
    std::string button_word = "claim button";
    // The clauses the wizard's checks cite: at least one file each, one owner per file, a button
    // each; the team sizes.
    std::string files_rule, file_owner_rule, buttons_rule;
    PenaltyWords penalties;
    // A game that branches: what a game of its tree and the units of its rating are called, for
    // the captions ("Game 2 · 3 points · board 2").
    std::string tree_game = "Game";
    std::string rating_one = "point", rating_many = "points";
    // The arbiter may let an illegal move stand (a new part of the game); false where the game
    // refuses it.
    bool illegal_move_stands = true;

    // --- the setup wizard
    // The time control the wizard offers when it differs from GameRules::default_time (the file's
    // default when [time] is absent).
    std::optional<engine::TimeControl> setup_time;
    // The number of sides a new match has, in a game of more than two (0: the fewest,
    // GameRules::sides.min_sides).
    int setup_side_count = 0;
    // The team sizes; nullptr: GameRules::sides (usual: the fewest).
    SetupSides (*setup_sides)(const engine::MatchConfig& match) = nullptr;
    // The game's own issues of a step, naming the field as the venue file does (`match_key` is
    // "match[2]").
    void (*setup_issues)(const engine::MatchConfig& match, const std::string& match_key,
                         WizardStep step, std::vector<WizardIssue>& out) = nullptr;
    // What the boards step says of the boards the game plays on ("" nothing).
    std::string (*boards_note)(const engine::MatchConfig& match) = nullptr;
    // Why the match's boards need their orientation set (normal or rotated) in the venue file,
    // with the clause: a game whose boards never show chess's start position, from which a board
    // left on "auto" learns which way round it lies. "": auto is fine.
    std::string fixed_orientation;

    // --- entries a team makes (ArbiterIntent::key, an engine::KeyChange), in games that take them
    // The entry as an event, or what it lacks; the note and the match are checked before.
    Result<engine::Event, std::string> (*entry_event)(const ArbiterIntent& intent,
                                                      io::HostNanos host_ns) = nullptr;
    // The entry in words, `who` naming a player by id.
    std::string (*entry_words)(const engine::KeyChange& entry, const PlayerWords& who) = nullptr;

    // --- the game's own inputs the arbiter enters (ArbiterIntent::input, an engine::GameInput)
    // The input in words, `side` the name of the side it is made for ("Kazan (White)");
    // nullptr: its kind and the side.
    std::string (*input_words)(const engine::GameInput& input, const std::string& side) = nullptr;

    // --- the arbiter's window (what the game draws is its GamePanels entry, game_panels.h)
    // The lines of the game's shortcuts in the help (F1): key, what it does.
    std::vector<std::pair<std::string, std::string>> help;
    // The share of the top row's height the actions panel takes (the devices panel the rest).
    float actions_share = 0.50f;
};

// The games' console entries. Defined by the registration (host/games/registered_console.cpp).
const std::vector<const GameConsole*>& registered_game_consoles();

// The entry of game `id`, or nullptr when the game has no console specifics.
const GameConsole* find_game_console(std::string_view id);

// The entry of game `id`, or the plain one (no specifics).
const GameConsole& game_console(std::string_view id);

// The entry that takes a team's entries (engine::KeyChange), or nullptr when no game does.
const GameConsole* entry_console(std::string_view id = "");

}  // namespace venue::console
