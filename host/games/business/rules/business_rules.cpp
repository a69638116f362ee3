#include "games/business/rules/business_rules.h"

#include "games/business/rules/business_match.h"

namespace venue::games::business {

namespace {

using engine::GameOption;
using engine::OptionKind;

const char* offence_name(SecondOffence s) {
    return s == SecondOffence::TIME_PENALTY ? "time_penalty" : "expel";
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
