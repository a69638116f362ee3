#include "games/business/rules/business_rules.h"

#include "games/business/rules/business_match.h"

namespace venue::games::business {

namespace {

using engine::GameOption;
using engine::OptionKind;

const char* offence_name(SecondOffence s) {
    return s == SecondOffence::TIME_PENALTY ? "time_penalty" : "expel";
}

// The names of the choices in the venue file, in the enums' order.
constexpr const char* CLONE_CONFIRMATIONS[] = {"captains", "board"};
constexpr const char* VETO_EFFECTS[] = {"ban_opponent_branching", "ban_all_branching"};
constexpr const char* VETO_SCOPES[] = {"rest_of_game", "opponent_next_turn"};
constexpr const char* INCOMPLETE_COMMITS[] = {"block", "flag", "penalty"};
constexpr const char* REPRESENTATIVES[] = {"any_one_at_a_time", "designated"};
constexpr const char* SINGLE_BRANCH_TIMES[] = {"increment_from_now", "overtime_after_flag"};

template <typename E, std::size_t N>
std::string name_of(E value, const char* const (&names)[N]) {
    return names[std::size_t(value)];
}

template <std::size_t N>
std::vector<std::string> all_of(const char* const (&names)[N]) {
    return {std::begin(names), std::end(names)};
}

// The choice named `key`, or `fallback` when the key is absent (validate() has checked it).
template <typename E, std::size_t N>
E choice_of(const engine::GameOptions& o, const char* key, E fallback,
            const char* const (&names)[N]) {
    const std::string text = o.text(key, names[std::size_t(fallback)]);
    for (std::size_t i = 0; i < N; ++i)
        if (text == names[i]) return E(i);
    return fallback;
}

GameOption choice(const char* key, std::string value, std::vector<std::string> names,
                  const char* rule, const char* help) {
    return {key, key, OptionKind::CHOICE, std::move(value), 1, 0, 0, std::move(names), rule, help};
}

GameOption flag_option(const char* key, bool value, const char* rule, const char* help) {
    return {key, key, OptionKind::FLAG, value, 1, 0, 0, {}, rule, help};
}

std::vector<GameOption> options() {
    const BusinessRules d;
    return {
        {"game_rating",
         "game_rating",
         OptionKind::COUNT,
         std::int64_t(d.game_rating),
         1,
         1,
         0,
         {},
         "BC-I.3",
         "branch 1's rating at the start (a return game: BC-I.21)"},
        {"max_branches",
         "max_branches",
         OptionKind::COUNT,
         std::int64_t(d.max_branches),
         1,
         1,
         0,
         {},
         "BC-I.1",
         "branches open at once, at most the number of demonstration boards"},
        {"boards",
         "boards",
         OptionKind::TEXT_LIST,
         d.boards,
         1,
         1,
         0,
         {},
         "BC-A3",
         "the demonstration boards' ids, in the order new branches take them"},
        {"control_board",
         "control_board",
         OptionKind::TEXT,
         d.control_board,
         1,
         0,
         0,
         {},
         "BC-II.4",
         "the id of board C, the control board"},
        {"players",
         "players",
         OptionKind::COUNT,
         std::int64_t(d.players),
         1,
         1,
         0,
         {},
         "BC-I.4",
         "members of a team at a time"},
        {"reserves",
         "reserves",
         OptionKind::COUNT,
         std::int64_t(d.reserves),
         1,
         0,
         0,
         {},
         "BC-I.4",
         "reserve members of a team"},
        {"veto_window_ms",
         "veto_minutes",
         OptionKind::DURATION,
         d.veto_window_ms,
         60000,
         0,
         0,
         {},
         "BC-I.6",
         "a team may veto branching while its clock shows more than this"},
        {"single_branch_bonus_ms",
         "single_branch_bonus_seconds",
         OptionKind::DURATION,
         d.single_branch_bonus_ms,
         1000,
         0,
         0,
         {},
         "BC-A12",
         "time added per move once one branch remains"},
        {"second_offence",
         "second_offence",
         OptionKind::CHOICE,
         std::string(offence_name(d.second_offence)),
         1,
         0,
         0,
         {"expel", "time_penalty"},
         "BC-A9",
         "a team member's second red-line offence: a red card, or time to the opponent"},
        {"offence_bonus_ms",
         "offence_bonus_seconds",
         OptionKind::DURATION,
         d.offence_bonus_ms,
         1000,
         0,
         0,
         {},
         "BC-I.11",
         "the time given to the opponent under time_penalty"},
        {"clone_pause_auto",
         "clone_pause_auto",
         OptionKind::FLAG,
         d.clone_pause_auto,
         1,
         0,
         0,
         {},
         "BC-A19",
         "the engine pauses the clock while a branch is cloned"},
        {"return_rating_half_up",
         "return_rating_half_up",
         OptionKind::FLAG,
         d.return_rating_half_up,
         1,
         0,
         0,
         {},
         "BC-A16",
         "a return game's rating rounds a half up (10.5 gives 12; false: 11)"},
        choice("clone_confirmation", name_of(d.clone_confirmation, CLONE_CONFIRMATIONS),
               all_of(CLONE_CONFIRMATIONS), "BC-II.3",
               "who confirms a cloned branch: the arbiter with both captains after the board "
               "reads it (captains), or the board alone"),
        choice("veto_effect", name_of(d.veto_effect, VETO_EFFECTS), all_of(VETO_EFFECTS), "BC-A1",
               "what a veto forbids: the other team's branching, or all branching"),
        choice("veto_scope", name_of(d.veto_scope, VETO_SCOPES), all_of(VETO_SCOPES), "BC-A1",
               "how long a veto lasts: the rest of the game, or the other team's next move"),
        {"veto_count",
         "veto_count",
         OptionKind::COUNT,
         std::int64_t(d.veto_count),
         1,
         0,
         0,
         {},
         "BC-A1",
         "vetoes each team may declare; 0 for any number"},
        choice("incomplete_commit", name_of(d.incomplete_commit, INCOMPLETE_COMMITS),
               all_of(INCOMPLETE_COMMITS), "BC-A8",
               "a press while a branch has no move: the clock does not switch (block), the "
               "arbiters are flagged (flag), or block and time to the opponent (penalty)"),
        {"incomplete_penalty_ms",
         "incomplete_penalty_seconds",
         OptionKind::DURATION,
         d.incomplete_penalty_ms,
         1000,
         0,
         0,
         {},
         "BC-A8",
         "the time the opponent receives under incomplete_commit = penalty"},
        choice("representative", name_of(d.representative, REPRESENTATIVES),
               all_of(REPRESENTATIVES), "BC-A10",
               "who may cross the red line: any member one at a time, or one designated member"),
        flag_option("cross_only_on_own_turn", d.cross_only_on_own_turn, "BC-A11",
                    "a member may cross the red line only while his team is to move"),
        choice("single_branch_time", name_of(d.single_branch_time, SINGLE_BRANCH_TIMES),
               all_of(SINGLE_BRANCH_TIMES), "BC-A12",
               "the time per move once one branch remains: from then on, or only once a team's "
               "main time is used up"),
        {"max_replacements",
         "max_replacements",
         OptionKind::COUNT,
         std::int64_t(d.max_replacements),
         1,
         0,
         0,
         {},
         "BC-A20",
         "replacements each team may make; 0 for any number"},
        flag_option("replace_expelled", d.replace_expelled, "BC-A20",
                    "a reserve may take an expelled member's place"),
        flag_option("touch_move", d.touch_move, "BC-A30",
                    "touch-move binds the representative on each board: moving another man than "
                    "the first he lifted is flagged to the arbiter"),
    };
}

std::vector<std::string> boards(const engine::MatchConfig& config) {
    const BusinessRules r = BusinessRules::of(config);
    std::vector<std::string> all;
    if (!config.board.empty()) all.push_back(config.board);
    all.insert(all.end(), r.boards.begin(), r.boards.end());
    all.push_back(r.control_board);
    return all;
}

std::unique_ptr<engine::Match> make(const engine::MatchConfig& config) {
    return std::make_unique<BusinessMatch>(config);
}

}  // namespace

BusinessRules BusinessRules::of(const engine::MatchConfig& config) {
    const engine::GameOptions& o = config.options;
    BusinessRules r;
    r.game_rating = int(o.number("game_rating", r.game_rating));
    r.max_branches = int(o.number("max_branches", r.max_branches));
    r.boards = o.list("boards", r.boards);
    r.control_board = o.text("control_board", r.control_board);
    r.players = int(o.number("players", r.players));
    r.reserves = int(o.number("reserves", r.reserves));
    r.veto_window_ms = o.number("veto_window_ms", r.veto_window_ms);
    r.single_branch_bonus_ms = o.number("single_branch_bonus_ms", r.single_branch_bonus_ms);
    r.second_offence = o.text("second_offence", offence_name(r.second_offence)) == "time_penalty"
                           ? SecondOffence::TIME_PENALTY
                           : SecondOffence::EXPEL;
    r.offence_bonus_ms = o.number("offence_bonus_ms", r.offence_bonus_ms);
    r.clone_pause_auto = o.flag("clone_pause_auto", r.clone_pause_auto);
    r.return_rating_half_up = o.flag("return_rating_half_up", r.return_rating_half_up);
    r.clone_confirmation =
        choice_of(o, "clone_confirmation", r.clone_confirmation, CLONE_CONFIRMATIONS);
    r.veto_effect = choice_of(o, "veto_effect", r.veto_effect, VETO_EFFECTS);
    r.veto_scope = choice_of(o, "veto_scope", r.veto_scope, VETO_SCOPES);
    r.veto_count = int(o.number("veto_count", r.veto_count));
    r.incomplete_commit =
        choice_of(o, "incomplete_commit", r.incomplete_commit, INCOMPLETE_COMMITS);
    r.incomplete_penalty_ms = o.number("incomplete_penalty_ms", r.incomplete_penalty_ms);
    r.representative = choice_of(o, "representative", r.representative, REPRESENTATIVES);
    r.cross_only_on_own_turn = o.flag("cross_only_on_own_turn", r.cross_only_on_own_turn);
    r.single_branch_time =
        choice_of(o, "single_branch_time", r.single_branch_time, SINGLE_BRANCH_TIMES);
    r.max_replacements = int(o.number("max_replacements", r.max_replacements));
    r.replace_expelled = o.flag("replace_expelled", r.replace_expelled);
    r.touch_move = o.flag("touch_move", r.touch_move);
    return r;
}

void BusinessRules::write_to(engine::MatchConfig& config) const {
    engine::GameOptions& o = config.options;
    o.set("game_rating", std::int64_t(game_rating));
    o.set("max_branches", std::int64_t(max_branches));
    o.set("boards", boards);
    o.set("control_board", control_board);
    o.set("players", std::int64_t(players));
    o.set("reserves", std::int64_t(reserves));
    o.set("veto_window_ms", veto_window_ms);
    o.set("single_branch_bonus_ms", single_branch_bonus_ms);
    o.set("second_offence", std::string(offence_name(second_offence)));
    o.set("offence_bonus_ms", offence_bonus_ms);
    o.set("clone_pause_auto", clone_pause_auto);
    o.set("return_rating_half_up", return_rating_half_up);
    o.set("clone_confirmation", name_of(clone_confirmation, CLONE_CONFIRMATIONS));
    o.set("veto_effect", name_of(veto_effect, VETO_EFFECTS));
    o.set("veto_scope", name_of(veto_scope, VETO_SCOPES));
    o.set("veto_count", std::int64_t(veto_count));
    o.set("incomplete_commit", name_of(incomplete_commit, INCOMPLETE_COMMITS));
    o.set("incomplete_penalty_ms", incomplete_penalty_ms);
    o.set("representative", name_of(representative, REPRESENTATIVES));
    o.set("cross_only_on_own_turn", cross_only_on_own_turn);
    o.set("single_branch_time", name_of(single_branch_time, SINGLE_BRANCH_TIMES));
    o.set("max_replacements", std::int64_t(max_replacements));
    o.set("replace_expelled", replace_expelled);
    o.set("touch_move", touch_move);
}

const engine::GameRules& rules() {
    static const engine::GameRules game{
        .id = "business",
        .display_name = "Business Chess",
        .summary =
            "two teams play up to five branches of one game on demonstration boards under "
            "one clock",
        .rules_doc = "docs/games/business.md",
        .sides = {.min_sides = 2,
                  .max_sides = 2,
                  .min_players = 1,
                  .max_players = 12,
                  .side_word = "team"},  // BC-I.4: players and reserves, checked by validate()
        // BC-I.5: one clock, 90 minutes per team, no increment.
        .default_time = {90 * 60000, 0, engine::TimeMode::SUDDEN_DEATH},
        .options = options(),
        .penalty_grounds = {},  // one clause each: BC-I.11 (cards)
        .boards = &boards,
        .validate = &BusinessMatch::validate,
        .make_match = &make,
    };
    return game;
}

}  // namespace venue::games::business
