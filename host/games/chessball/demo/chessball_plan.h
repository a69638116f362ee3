// The Chessball demo's script, decided before anything runs: who claims each move of a real game,
// which teammates press a few microseconds too late, where a player first touches a teammate's
// piece (the impossible move), and which judge warnings lead to a removal that leaves the rest of
// the game playable. Pure: no I/O, no clock; the same game, players and seed give the same plan.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chess/pgn.h"
#include "common/result.h"
#include "venue/match_config.h"

namespace venue::games::chessball {

// A judge's warning given before a ply's claim (talking, prompting: CB-6.4.2).
struct JudgeWarning {
    std::string player;  // player id
    std::string reason;
    std::string clause = "CB-6.4.2.4";  // the ground the judge chooses (talking, prompting)
};

struct PlyPlan {
    int ply = 0;  // 1 = White's first move
    chess::Move move;
    chess::Color side = chess::WHITE;
    int mover = 0;  // index in the side's team: the owner of the file the piece stands on
    int button = 0;
    // A teammate who presses rival_delay_us after the mover (loses by that margin); -1: none.
    int rival = -1;
    int rival_button = -1;
    double rival_delay_us = 0;
    // A player of the other team who presses while this ply is thought over (out of turn).
    int out_of_turn_button = -1;
    // The mover first moves this piece from a teammate's file: an impossible move (CB-6.4.2.2).
    std::optional<chess::Move> wrong_move;
    std::vector<JudgeWarning> warnings_before;
};

struct ChessballPlan {
    engine::MatchConfig match;
    std::vector<PlyPlan> plies;
    chess::Position start;
    std::string result;          // the source game's result ("1-0", ...)
    bool ends_by_rule = false;   // the last move ends the game by itself (mate, stalemate)
    std::string title;           // "White - Black, Site Date"
    std::string removed_player;  // id of the player removed after three warnings ("" if none)
    int removal_before_ply = 0;
};

// The demo's teams: n players a side (2..8), named, with files and buttons dealt out.
engine::MatchConfig chessball_match_config(int players_per_team);

// The plan for `game` under `match` (from chessball_match_config). Fails when the game is too
// short (fewer than 16 plies) or has no variation the incidents can be placed in.
Result<ChessballPlan, std::string> make_chessball_plan(const chess::PgnGame& game,
                                                       engine::MatchConfig match,
                                                       std::uint64_t seed);

}  // namespace venue::games::chessball
