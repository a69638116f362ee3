// Business Chess branches (catalogue BC-BR-1): one continuation of the game on one
// demonstration board, with its own rating (an integer number of chips).
//
// Branch life:
//
//   (branch 1 at the start, or BRANCH of a mother) ──▶ SETTING UP (setup_board: the board must
//        show the position and confirm it, X-6) ──board confirms──▶ OPEN ──mate, stalemate,
//        draw, resignation, selection, flag──▶ CLOSED (result, the stake scored, board free)
//
// An open branch also goes through SETTING UP when it moves to the control board C (BC-II.4).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chess/game.h"

namespace venue::games::business {

// One entry of a branch's rating history: its rating from `ply` on (plies of the branch's own
// game, counted from the start of the whole game), and why.
struct RatingStep {
    int ply = 0;
    int rating = 0;
    std::string why;  // "start", "split from branch 1", "pass to branch 2", ...
};

struct Branch {
    int number = 0;
    int parent = 0;           // 0 for branch 1
    int split_ply = 0;        // plies of the mother's game when this branch split from it
    std::string board;        // the board it is played on ("" while its clone is set up)
    std::string setup_board;  // a board that must be set up and confirmed first ("" = none)
    int rating = 0;           // chips on it now (0 once closed)
    int stake = 0;            // closed: the rating it was scored with
    std::vector<RatingStep> history;
    chess::Game game;  // the whole game, the mother's moves included (BC-A28)
    std::vector<std::optional<std::int64_t>> clocks;  // mover's time after each ply, where known
    bool open = true;
    std::string result = "*";
    std::string termination;
    std::optional<chess::Move> pending;   // this turn's move, until the clock press
    std::vector<chess::Square> mismatch;  // the board matches no legal reading on these squares
    // BC-A30 touch-move: the first man of the side to move lifted on the branch's board, and the
    // ply of the branch's game it was lifted at (it binds only until that ply's move is made).
    std::optional<chess::Square> touched;
    int touched_ply = 0;

    bool ready() const { return open && setup_board.empty(); }
    int ply() const { return int(game.ply_count()); }
};

// Score in half points (a win is 2 × rating, a draw 1 × rating each).
struct Score {
    int white = 0;
    int black = 0;
    bool operator==(const Score&) const = default;
};

// BC-I.21 with BC-A16: the return game's rating from the final score (half points).
int return_game_rating(Score final_score, int game_rating, bool half_up);

}  // namespace venue::games::business
