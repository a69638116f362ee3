// The script of a simulated Business Chess match, decided before anything runs: for every turn
// (one team's move on every open branch, BC-I.8), the representative's key changes, the move
// made on each demonstration board, red-line incidents and the arbiter's cards, and what the
// engine must show afterwards (ratings, score). Pure: no I/O, no clock; the same scenario, game
// and seed give the same plan.
//
// A scenario says *when* the key changes happen (the shape of the tree); the moves come from a
// source game for the branch that continues it (the lowest open branch whose moves are that
// game's so far) and from choose_move() for every other branch. The plan is made by playing the
// whole match through the rules engine itself, so that a plan that the rules would refuse is an
// error here, not a stuck demo.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "chess/pgn.h"
#include "common/result.h"
#include "games/business/rules/branch.h"
#include "venue/event.h"
#include "venue/match_config.h"

namespace venue::games::business {

// When, in a turn, an entry is made.
enum class TurnStage : std::uint8_t {
    BEFORE_MOVES,  // a branching: the new board is set up before the daughter's first move
    AFTER_MOVES,   // the other key changes: after the moves, before the press (BC-I.8)
    AFTER_PRESS,   // once the team's clock has stopped (a replacement, BC-I.12)
};

// A second member of `zone`'s team crosses the red line while one is beyond it (BC-I.10): the
// beams see both go in, the engine raises it, the arbiter names `player` (a yellow card, the
// second time a red one: BC-I.11), and both walk back out.
struct RedLineIncident {
    chess::Color zone = chess::WHITE;
    std::string player;  // the member the arbiter names
    std::string reason;
};

// One scripted entry of a scenario.
struct ScenarioEntry {
    int move = 0;                      // the move number (1 = the first)
    chess::Color side = chess::WHITE;  // whose turn it is
    TurnStage stage = TurnStage::AFTER_MOVES;
    std::optional<engine::KeyChange> change;  // side = the team entering it
    std::optional<RedLineIncident> red_line;
    // The engine must accept the key change; false: the plan expects it refused with `refused`.
    std::string refused;
};

struct BusinessScenario {
    std::string name;         // "short", "scheme4"
    std::string description;  // one line, for the demo's header
    std::string source_pgn;   // the game the first branch follows (its first game)
    std::vector<ScenarioEntry> entries;
};

// The default demo: Morphy's Opera Game on branch 1, three branches, a pass, a selection, a
// yellow card, mate on branch 1, board C and a draw; about twenty moves.
BusinessScenario short_scenario();
// The seed's Scheme 4 (issue #7): two branches after move 7, three after 11, four after 12,
// five after 18; selections and a draw on moves 24, 25, 29 and 37 leave one branch of rating 8;
// passes, a red-line violation with a yellow and a red card, a replacement, board C, and Black
// resigning the last branch on move 41. Branch 1 follows Kasparov - Topalov, Wijk aan Zee 1999.
BusinessScenario scheme_four_scenario();
// By name ("short", "scheme4"), or nullopt.
std::optional<BusinessScenario> business_scenario(const std::string& name);

// A move made on one board in a turn.
struct BoardMove {
    std::string board;
    int branch = 0;
    chess::Move move;
    std::string uci;
    std::string san;
    chess::Position before;  // the branch's position before the move (the board shows it)
};

// A board the arbiter sets up (a cloned branch, board C) before play goes on (BC-II.3, II.4).
struct BoardSetup {
    std::string board;
    int branch = 0;
    std::string fen;
    // BC-II.3: once the board reads the position, the arbiter checks it with both captains and
    // resumes the clock (false: the board's reading resumes it).
    bool captains_check = false;
};

struct PlannedEntry {
    std::optional<engine::KeyChange> change;
    std::optional<RedLineIncident> red_line;
    std::string refused;              // the code the engine must refuse it with ("" = accept)
    std::optional<BoardSetup> setup;  // the board the accepted change asks to set up
    std::optional<std::string> card;  // red line: "yellow" or "red"
};

// BC-II.3: the arbiter's resume once he and both captains have checked the clone on its board.
engine::ArbiterAction captains_check(const std::string& match, const BoardSetup& s);

struct BusinessTurn {
    int move = 0;
    chess::Color side = chess::WHITE;
    std::vector<PlannedEntry> before;  // BEFORE_MOVES
    std::vector<BoardMove> moves;      // one per open branch, in branch order
    std::vector<PlannedEntry> after;   // AFTER_MOVES
    bool press = true;                 // false: the turn's moves ended the game (no press)
    std::vector<PlannedEntry> after_press;
    // What the engine shows once the turn is over.
    Score score;
    int open_branches = 0;
    std::map<int, int> ratings;     // open branch -> rating
    bool one_branch_bonus = false;  // the press added BC-I.7's 30 s
};

struct BusinessPlan {
    engine::MatchConfig match;
    std::string scenario;
    std::string title;  // the source game: "White - Black, Site Date"
    std::vector<BusinessTurn> turns;
    std::string result;  // the match's result by the total score
    Score final_score;
    int return_rating = 0;
    std::size_t branches = 0;  // branches opened in all
};

// Two teams of five plus one reserve, one clock of 90 minutes a team, demonstration boards "1"
// .. "5" and the control board "C" (BC-P, the seed's defaults).
engine::MatchConfig business_match_config();

// The plan for `scenario` under `match`. Fails, naming the turn, when the rules refuse a
// scripted entry, when no move can be chosen, or when the match does not end.
Result<BusinessPlan, std::string> make_business_plan(const BusinessScenario& scenario,
                                                     engine::MatchConfig match, std::uint64_t seed);

}  // namespace venue::games::business
