#include "games/chessball/rules/chessball_rules.h"

#include "games/chessball/rules/chessball_match.h"

namespace venue::games::chessball {

namespace {

using engine::GameOption;
using engine::OptionKind;

const char* ownership_name(Ownership o) {
    return o == Ownership::START_FILE ? "start_file" : "current_file";
}

const char* exposes_name(RemovalExposesKing r) {
    return r == RemovalExposesKing::KEEP_BLOCKING_PIECE ? "keep_blocking_piece" : "arbiter";
}

constexpr const char* CASTLINGS[] = {"king_owner", "same_owner_only", "rook_owner_too",
                                     "forbidden"};
constexpr const char* CLAIM_TIES[] = {"random", "reject_both"};
constexpr const char* CLAIM_RELEASES[] = {"allowed", "forbidden", "warning"};
constexpr const char* REPETITIONS[] = {"fivefold_auto", "off", "threefold_auto"};

// The index of `value` among `names` (the enum's order), or `fallback` when it is none of them
// (the loader has refused such a value before a match is made).
template <typename E, std::size_t N>
E named(const std::string& value, const char* const (&names)[N], E fallback) {
    for (std::size_t i = 0; i < N; ++i)
        if (value == names[i]) return E(i);
    return fallback;
}

template <std::size_t N>
std::vector<std::string> all(const char* const (&names)[N]) {
    return {std::begin(names), std::end(names)};
}

GameOption flag(const char* key, bool value, const char* rule, const char* help) {
    return {key, key, OptionKind::FLAG, value, 1, 0, 0, {}, rule, help};
}

GameOption choice(const char* key, std::string value, std::vector<std::string> names,
                  const char* rule, const char* help) {
    return {key, key, OptionKind::CHOICE, std::move(value), 1, 0, 0, std::move(names), rule, help};
}

std::vector<GameOption> options() {
    const ChessballRules d;
    return {
        {"ownership",
         "ownership",
         OptionKind::CHOICE,
         std::string(ownership_name(d.ownership)),
         1,
         0,
         0,
         {"current_file", "start_file"},
         "CB-A1",
         "which file makes a man a player's: the file it stands on, or the file it started on"},
        flag("auto_warnings", d.auto_warnings, "CB-6.4.2.2",
             "give warnings without the judge confirming each one"),
        {"warning_bonus_ms",
         "warning_bonus_seconds",
         OptionKind::DURATION,
         d.warning_bonus_ms,
         1000,
         0,
         0,
         {},
         "CB-6.4.2.5",
         "time given to the opposing team for each warning"},
        flag("third_warning_bonus", d.third_warning_bonus, "CB-A19",
             "the warning that removes a player gives time too"),
        {"warnings_to_remove",
         "warnings_to_remove",
         OptionKind::COUNT,
         std::int64_t(d.warnings_to_remove),
         1,
         1,
         0,
         {},
         "CB-6.4.3.1",
         "warnings after which a player is removed"},
        {"removal_exposes_king",
         "removal_exposes_king",
         OptionKind::CHOICE,
         std::string(exposes_name(d.removal_exposes_king)),
         1,
         0,
         0,
         {"arbiter", "keep_blocking_piece"},
         "CB-A21",
         "a removal whose men shield their king: the judge decides (the clock pauses), or the "
         "shielding man stays and the others come off"},
        choice("castling", CASTLINGS[std::size_t(d.castling)],
               {std::begin(CASTLINGS), std::end(CASTLINGS)}, "CB-A2",
               "who castles when the king's and the rook's files have different owners: the "
               "king's owner, only one who owns both, either owner, or nobody"),
        choice("claim_without_moves", d.claim_without_moves ? "accept" : "reject",
               {"reject", "accept"}, "CB-A4",
               "a claim by a player with no legal move: refused, or granted (he must release it)"),
        {"fifty_move_plies",
         "fifty_move_plies",
         OptionKind::COUNT,
         std::int64_t(d.fifty_move_plies),
         1,
         50,
         100,
         {},
         "CB-A12",
         "plies without a capture or pawn move that draw: 100 (50 moves a team) or 50"},
        choice("after_illegal", d.release_after_illegal ? "release_to_team" : "keep_claim",
               {"keep_claim", "release_to_team"}, "CB-A17",
               "after an impossible move the offender keeps the claim, or it goes back to the "
               "team"),
        flag("pause_on_illegal", d.pause_on_illegal, "CB-A18",
             "the clocks stop while the board is restored after an impossible move"),
        flag("touch_move", d.touch_move, "CB-A9",
             "touch-move binds the claim holder: moving another man than the first he lifted "
             "is flagged to the judge"),
        choice("all_removed", d.all_removed_forfeit ? "forfeit" : "arbiter", {"forfeit", "arbiter"},
               "CB-A23",
               "a team with every player removed forfeits, or the clocks stop for the judge"),
        choice("claim_tie", CLAIM_TIES[std::size_t(d.claim_tie)], all(CLAIM_TIES), "CB-A3",
               "two presses in one hub sample: the hub's seeded draw picks one, or both are "
               "refused and the players press again"),
        choice("claim_release", CLAIM_RELEASES[std::size_t(d.claim_release)], all(CLAIM_RELEASES),
               "CB-A5",
               "the claim holder presses again without a move: the claim goes back to his team, "
               "he keeps it, or it goes back with a warning proposed"),
        flag("destination_restricted", d.destination_restricted, "CB-A7",
             "a man may move only to a square of its player's files (by default only where it "
             "starts counts)"),
        choice("flag_rule", d.flag_strict_loss ? "strict_loss" : "fide_6_9",
               {"fide_6_9", "strict_loss"}, "CB-A10",
               "a fallen flag: a draw when the other team cannot mate (the Laws' 6.9), or always "
               "a loss"),
        choice("fifty_move_mode", d.fifty_move_claim ? "captain_claim" : "auto",
               {"auto", "captain_claim"}, "CB-A12",
               "the 50-move draw comes by itself, or only when a captain claims it through the "
               "judge"),
        choice("repetition", REPETITIONS[std::size_t(d.repetition)], all(REPETITIONS), "CB-A13",
               "draw by repetition: the fifth time (the Laws' automatic rule), never, or the "
               "third time, all without a claim"),
        choice("captain_draw_offers", d.captain_draw_offers ? "on" : "off", {"off", "on"}, "CB-A14",
               "the captains may offer and accept a draw, entered by the judge"),
        choice("successor_from", d.succession.from_each_file ? "each_file" : "highest_file",
               {"highest_file", "each_file"}, "CB-A22",
               "a removed player's successor file is sought after his highest file, or after "
               "each of his files (from his first)"),
        flag("successor_wrap", d.succession.wrap, "CB-A22",
             "the successor scan wraps from h to a (else it turns back leftward from his file)"),
        choice("fallback_scan", d.succession.single_next_file ? "single_next_file" : "continue",
               {"continue", "single_next_file"}, "CB-A22",
               "files holding only his king: the scan goes on until a file holds men, or takes "
               "the next file only"),
        choice("control_transfer", d.succession.per_file ? "per_file" : "single_recipient",
               {"single_recipient", "per_file"}, "CB-A22",
               "his files pass to one player (the first the scan reaches), or each file to the "
               "owner of the first file after it"),
        choice("substitutes", d.substitutes ? "on_own_clock_stopped" : "off",
               {"off", "on_own_clock_stopped"}, "CB-A25",
               "reserves (players listed without files) may replace a player while his team's "
               "clock is stopped"),
        flag("publish_allocation", d.publish_allocation, "CB-A24",
             "the public feeds (TV, score displays) show who owns which file; false keeps each "
             "team's allocation from the other"),
        flag("judge_present", d.judge_present, "CB-6.1",
             "a judge watches the game; without one, warnings for impossible moves apply at once"),
        flag("one_hand", d.one_hand, "CB-6.1",
             "the one-hand rule is agreed (CB-4.1: not sensed; the judge warns for it)"),
        {"captain_timeouts",
         "captain_timeouts",
         OptionKind::COUNT,
         std::int64_t(d.captain_timeouts),
         1,
         0,
         10,
         {},
         "CB-A15",
         "time-outs each team's captain may call in a game (0: none)"},
        {"captain_timeout_ms",
         "captain_timeout_seconds",
         OptionKind::DURATION,
         d.captain_timeout_ms,
         1000,
         10000,
         600000,
         {},
         "CB-A15",
         "how long a captain's time-out stops the clocks"},
    };
}

std::unique_ptr<engine::Match> make(const engine::MatchConfig& config) {
    return std::make_unique<ChessballMatch>(config);
}

}  // namespace

ChessballRules ChessballRules::of(const engine::MatchConfig& config) {
    const engine::GameOptions& o = config.options;
    ChessballRules r;
    r.ownership = o.text("ownership", ownership_name(r.ownership)) == "start_file"
                      ? Ownership::START_FILE
                      : Ownership::CURRENT_FILE;
    r.auto_warnings = o.flag("auto_warnings", r.auto_warnings);
    r.warning_bonus_ms = o.number("warning_bonus_ms", r.warning_bonus_ms);
    r.third_warning_bonus = o.flag("third_warning_bonus", r.third_warning_bonus);
    r.warnings_to_remove = int(o.number("warnings_to_remove", r.warnings_to_remove));
    r.removal_exposes_king = o.text("removal_exposes_king", exposes_name(r.removal_exposes_king)) ==
                                     "keep_blocking_piece"
                                 ? RemovalExposesKing::KEEP_BLOCKING_PIECE
                                 : RemovalExposesKing::ARBITER;
    const std::string castling = o.text("castling", CASTLINGS[std::size_t(r.castling)]);
    for (std::size_t i = 0; i < std::size(CASTLINGS); ++i)
        if (castling == CASTLINGS[i]) r.castling = Castling(i);
    r.claim_without_moves = o.text("claim_without_moves", "reject") == "accept";
    r.fifty_move_plies = int(o.number("fifty_move_plies", r.fifty_move_plies));
    r.release_after_illegal = o.text("after_illegal", "keep_claim") == "release_to_team";
    r.pause_on_illegal = o.flag("pause_on_illegal", r.pause_on_illegal);
    r.all_removed_forfeit = o.text("all_removed", "forfeit") == "forfeit";
    r.touch_move = o.flag("touch_move", r.touch_move);
    r.claim_tie = named(o.text("claim_tie", CLAIM_TIES[0]), CLAIM_TIES, r.claim_tie);
    r.claim_release =
        named(o.text("claim_release", CLAIM_RELEASES[0]), CLAIM_RELEASES, r.claim_release);
    r.destination_restricted = o.flag("destination_restricted", r.destination_restricted);
    r.flag_strict_loss = o.text("flag_rule", "fide_6_9") == "strict_loss";
    r.fifty_move_claim = o.text("fifty_move_mode", "auto") == "captain_claim";
    r.repetition = named(o.text("repetition", REPETITIONS[0]), REPETITIONS, r.repetition);
    r.captain_draw_offers = o.text("captain_draw_offers", "off") == "on";
    r.captain_timeouts = int(o.number("captain_timeouts", r.captain_timeouts));
    r.captain_timeout_ms = o.number("captain_timeout_ms", r.captain_timeout_ms);
    r.succession.from_each_file = o.text("successor_from", "highest_file") == "each_file";
    r.succession.wrap = o.flag("successor_wrap", r.succession.wrap);
    r.succession.single_next_file = o.text("fallback_scan", "continue") == "single_next_file";
    r.succession.per_file = o.text("control_transfer", "single_recipient") == "per_file";
    r.substitutes = o.text("substitutes", "off") == "on_own_clock_stopped";
    r.publish_allocation = o.flag("publish_allocation", r.publish_allocation);
    r.judge_present = o.flag("judge_present", r.judge_present);
    r.one_hand = o.flag("one_hand", r.one_hand);
    return r;
}

void ChessballRules::write_to(engine::MatchConfig& config) const {
    engine::GameOptions& o = config.options;
    o.set("ownership", std::string(ownership_name(ownership)));
    o.set("auto_warnings", auto_warnings);
    o.set("warning_bonus_ms", warning_bonus_ms);
    o.set("third_warning_bonus", third_warning_bonus);
    o.set("warnings_to_remove", std::int64_t(warnings_to_remove));
    o.set("removal_exposes_king", std::string(exposes_name(removal_exposes_king)));
    o.set("castling", std::string(CASTLINGS[std::size_t(castling)]));
    o.set("claim_without_moves", std::string(claim_without_moves ? "accept" : "reject"));
    o.set("fifty_move_plies", std::int64_t(fifty_move_plies));
    o.set("after_illegal", std::string(release_after_illegal ? "release_to_team" : "keep_claim"));
    o.set("pause_on_illegal", pause_on_illegal);
    o.set("all_removed", std::string(all_removed_forfeit ? "forfeit" : "arbiter"));
    o.set("touch_move", touch_move);
    o.set("claim_tie", std::string(CLAIM_TIES[std::size_t(claim_tie)]));
    o.set("claim_release", std::string(CLAIM_RELEASES[std::size_t(claim_release)]));
    o.set("destination_restricted", destination_restricted);
    o.set("flag_rule", std::string(flag_strict_loss ? "strict_loss" : "fide_6_9"));
    o.set("fifty_move_mode", std::string(fifty_move_claim ? "captain_claim" : "auto"));
    o.set("repetition", std::string(REPETITIONS[std::size_t(repetition)]));
    o.set("captain_draw_offers", std::string(captain_draw_offers ? "on" : "off"));
    o.set("captain_timeouts", std::int64_t(captain_timeouts));
    o.set("captain_timeout_ms", captain_timeout_ms);
    o.set("successor_from", std::string(succession.from_each_file ? "each_file" : "highest_file"));
    o.set("successor_wrap", succession.wrap);
    o.set("fallback_scan",
          std::string(succession.single_next_file ? "single_next_file" : "continue"));
    o.set("control_transfer", std::string(succession.per_file ? "per_file" : "single_recipient"));
    o.set("substitutes", std::string(substitutes ? "on_own_clock_stopped" : "off"));
    o.set("publish_allocation", publish_allocation);
    o.set("judge_present", judge_present);
    o.set("one_hand", one_hand);
}

const engine::GameRules& rules() {
    static const engine::GameRules game{
        .id = "chessball",
        .display_name = "Chessball",
        .summary = "team chess: each player owns files and claims the move with a button",
        .rules_doc = "docs/games/chessball.md",
        .sides = {.min_sides = 2,
                  .max_sides = 2,
                  .min_players = 2,
                  .max_players = 8,
                  .side_word = "team"},
        .default_time = {},
        .options = options(),
        // The judge's grounds (CB-6.4.2, CB-6.4.3); the illegal move's warning (CB-6.4.2.2) and
        // the third warning's removal (CB-6.4.3.1) the engine gives itself, but a judge may give
        // the first on what he saw.
        .penalty_grounds =
            {
                {"CB-6.4.2.4", "talking or prompting during the game", false},
                {"CB-6.4.2.1", "displacing pieces when it is not his turn", false},
                {"CB-6.4.2.3", "disrespect towards an opponent or the judge", false},
                {"CB-6.4.2.2", "an impossible move", false},
                {"CB-6.4.3.2", "offensive behaviour, language or gestures", true},
                {"CB-6.4.3.3", "aggressive behaviour", true},
            },
        .boards = nullptr,
        .validate = &ChessballMatch::validate,
        .make_match = &make,
    };
    return game;
}

}  // namespace venue::games::chessball
