// The setup wizard's model: a draft venue file built step by step (event, game and time control,
// teams and players, the players' files and claim buttons in games that have them, boards,
// review) and saved as TOML. The games come from the registry (venue/game_rules.h): names, team
// sizes, time control and settings (GameOption); what a game adds is its console entry
// (console/game_console.h): whether its players own files or claim with buttons, its own
// checks. Pure: no
// ImGui, no devices; the panel (panel_setup.cpp) draws it and the hub's presses reach it through
// on_claim_press() (setup_hub.h).
//
// The wizard sets up one match at a time (select_match; a new one with add_match); the others
// are kept as they are. Saving over a file keeps the old one as FILE.bak (the file is written
// from the draft, so comments in it are not carried over). Validation names the field as the
// venue file does ("match[1].white.players[2].files")
// and, for the whole file, is exactly `venue run`'s: the draft is written with write_venue_toml()
// and read back with parse_venue_config().
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "config/venue_config.h"

namespace venue::console {

struct SetupSides;

enum class WizardStep : std::uint8_t {
    EVENT,    // [event], [feed], [hub]
    GAME,     // the match: id, game, round, time control, the game's rules
    TEAMS,    // team names, players' ids and names
    FILES,    // games whose players own files: every file a-h has one owner in each team
    BUTTONS,  // games whose players claim the move: claim buttons, assigned by pressing them
    BOARDS,   // [[board]]: serial number, port, orientation, DGT 3000 clock
    REVIEW,   // the file as it will be written, every issue, save
};
inline constexpr int WIZARD_STEPS = 7;
const char* step_title(WizardStep step);

// A player of the match being set up: his side (0 White and 1 Black in a game of two; the army's
// or player's number in a game of more, MatchConfig::sides) and his place in it.
struct PlayerRef {
    int side = 0;
    std::size_t index = 0;
    bool operator==(const PlayerRef&) const = default;
};

struct WizardIssue {
    std::string key;  // the field as the venue file names it; "" for the file as a whole
    std::string message;
    std::string to_string() const;
};

class SetupWizard {
  public:
    // A new file at `path`: one match of the first team game registered (default_game()), its
    // teams of the game's usual size (files dealt out where players own them), no buttons yet.
    explicit SetupWizard(std::string path);
    // Edits `config` (a file that was read); saving over it needs overwrite.
    SetupWizard(std::string path, config::VenueConfig config);
    // The file at `path` if it exists and reads (else a new one, with the reason in message()).
    static SetupWizard open(const std::string& path);

    const std::string& path() const { return path_; }
    // The draft, for the panel to edit fields in place. The match being set up is
    // matches[match_index()].
    config::VenueConfig& draft() { return draft_; }
    const config::VenueConfig& draft() const { return draft_; }
    engine::MatchConfig& match() { return draft_.matches.at(match_index_); }
    const engine::MatchConfig& match() const { return draft_.matches.at(match_index_); }
    std::size_t match_index() const { return match_index_; }
    // "match[2]": the match being set up, as the venue file's keys name it.
    std::string match_key() const;
    // Sets up another match of the file (index clamped to the last one).
    void select_match(std::size_t index);
    // A new match (of default_game(), as a new file starts; a fresh id m2, m3 ... and its own
    // board id), selected.
    void add_match();
    // Drops the match being set up; the last match of a file stays (false, with the reason).
    bool remove_match();
    // The sides of the match: two in most games, 2 to 8 armies in a game of more sides.
    int side_count() const { return match().side_count(); }
    engine::TeamConfig& team(int side);
    const engine::TeamConfig& team(int side) const;
    // "White", "Black"; "Army 2" in a game of more sides (engine::side_label).
    std::string side_name(int side) const;
    engine::PlayerConfig& player(PlayerRef p) { return team(p.side).players.at(p.index); }
    const engine::PlayerConfig& player(PlayerRef p) const {
        return team(p.side).players.at(p.index);
    }
    // "W2 (Bulat)": the id, and the name when it differs.
    std::string player_label(PlayerRef p) const;

    // --- steps
    WizardStep step() const { return step_; }
    // The step's title for this game: step_title(), the buttons step named by what the game's
    // buttons do ("Claim buttons", "End-turn buttons").
    std::string title(WizardStep step) const;
    // Whether a step concerns this game (FILES and BUTTONS: games whose players own files and
    // press hub buttons, GameConsole::players_own_files and players_have_buttons).
    bool applies(WizardStep step) const;
    // Any step, at any time (the arbiter may go back and forth). Entering BUTTONS selects the
    // first player without a button for the next press; leaving it selects nobody.
    void go_to(WizardStep step);
    // To the next step that applies, only if this one has no issues (they go to message()).
    bool next();
    void back();

    // --- the match
    // Sets the rules and their defaults: the time control (GameRules::default_time, or the one
    // the game's console entry offers), the game's settings at their defaults, the number of
    // sides the game allows (GameRules::sides; outside them, the console entry's
    // setup_side_count), and team sizes
    // the game allows (GameRules::sides, or the console entry's setup_sides: a size outside them
    // becomes the usual one; files dealt out again where players own them). Buttons and files go
    // where the game has none.
    void set_game(const std::string& game);
    // The game a new match starts with: the first registered game played by teams.
    static std::string default_game();
    // Renames the match, and [hub] match with it when it named this match.
    void set_match_id(const std::string& id);

    // --- teams
    // In a game of more sides (GameRules::sides): adds sides of the usual team size, or drops
    // the last ones; clamped to the game's fewest and most (false, with the reason, when the
    // count asked for was outside them).
    bool set_side_count(int count);
    // Adds players with fresh ids (W5, B5 ... in a game of two sides, A1, B1, C1 ... by side in a
    // game of more; the name is the id until typed) or drops the last ones. Where players own
    // files, they are dealt out again for the new number.
    void set_player_count(int side, int count);

    // --- files (games whose players own them)
    // The files of `players` players dealt out in order, the first getting the extra ones:
    // 2: abcd efgh; 3: abc def gh; 4: ab cd ef gh; 5: ab cd ef g h ... 8: one each.
    static std::vector<std::string> dealt_files(int players);
    void deal_files(int side);

    // --- buttons (games whose players press hub buttons, GameConsole::players_have_buttons:
    // claim buttons, End-turn buttons): press a button to assign it
    // The player the next press is for (none outside BUTTONS, or when everyone has a button).
    std::optional<PlayerRef> claim_target() const { return claim_target_; }
    void select_for_claim(std::optional<PlayerRef> p);
    // A hub claim button was pressed: it becomes the selected player's only button, and the
    // selection moves on to the next player without one. Refused (false, with the reason in
    // message()) when nobody is selected, the number is not 0-15, or another player has it.
    bool on_claim_press(int button);
    void clear_buttons(PlayerRef p);

    // --- boards
    void add_board();
    void remove_board(std::size_t index);

    // --- validation and saving
    // The issues of one step: its own checks, naming the field, then (when those pass) the
    // reading of the whole file if it fails on a key of this step.
    std::vector<WizardIssue> check(WizardStep step) const;
    // Every step's, and the reading of the file exactly as `venue run` reads it.
    std::vector<WizardIssue> check_all() const;
    // The file as save() writes it.
    std::string toml() const;
    // Writes the file if check_all() is clean; an existing file only with overwrite. The outcome
    // is in message().
    bool save(bool overwrite);

    // What the wizard last has to say (a press assigned or refused, a step refused, saved).
    const std::string& message() const { return message_; }
    bool message_is_error() const { return message_error_; }

  private:
    void say(std::string text, bool error = false);
    std::optional<PlayerRef> first_without_button(std::optional<PlayerRef> after) const;
    std::optional<PlayerRef> owner_of(int button) const;
    std::string player_key(PlayerRef p) const;
    // The team sizes of the match's game (GameConsole::setup_sides, else GameRules::sides).
    SetupSides usual_sides() const;
    std::vector<WizardIssue> own_issues(WizardStep step) const;
    std::optional<config::ConfigError> read_back() const;

    std::string path_;
    config::VenueConfig draft_;
    std::size_t match_index_ = 0;
    WizardStep step_ = WizardStep::EVENT;
    std::optional<PlayerRef> claim_target_;
    std::string message_;
    bool message_error_ = false;
};

// The step a key of the venue file belongs to ("board[2].port": BOARDS) when the wizard sets up
// match number match_index (from 0); REVIEW for the whole-match rules (key "match[1]"), the other
// matches, and anything not set up by a single step.
WizardStep step_of_key(const std::string& key, std::size_t match_index = 0);

}  // namespace venue::console
