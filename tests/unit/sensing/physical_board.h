// A simulated physical board for tests: people playing moves on a sensor board, turned into the
// stream of sensed boards (with times) a driver would hand to the recogniser.
//
// Human habits it reproduces, each at random (seeded): pieces lifted and held; captures with the
// captured piece removed first, in between or last; castling king first, rook first or both in
// the air, and sometimes the rook set down long enough to be read as a rook move; en passant in
// any order; promotions with the pawn first set on the last rank, or a queen set down then
// swapped; slides over the squares between (sometimes a piece seen on two squares in one scan,
// sometimes a pause on the way long enough to settle); sensor flicker shorter than the settle
// time; a piece knocked over and put back; and quick replies, the opponent's move begun before
// the previous one settled.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "chess/position.h"
#include "sensing/placement.h"

namespace venue::sensing::testing {

struct HumanStyle {
    std::int64_t settle_us = 250'000;    // the recogniser's: flickers stay shorter, thinking longer
    double slide = 0.5;                  // slide a sliding piece instead of lifting it
    double slide_pause = 0.08;           // ...and stop on the way long enough to settle
    double two_squares_seen = 0.3;       // a sliding piece seen on both squares in one scan
    double flicker = 0.15;               // per action, a square flickers
    double knock_over = 0.05;            // per move, a piece is knocked over and put back
    double quick_reply = 0.15;           // the reply begins before the move settled
    double pawn_on_last_rank = 0.3;      // the pawn is set on the promotion square first
    double wrong_promotion_first = 0.1;  // a queen is set down, settles, and is swapped
    double rook_first_settles = 0.2;     // castling rook first, with the king left until it settles
    double hold_long = 0.2;              // a piece held in the air longer than the settle time
};

struct ActionCounts {
    int slides = 0, slide_pauses = 0, two_squares = 0, flickers = 0, knock_overs = 0,
        quick_replies = 0, pawn_on_last_rank = 0, promotion_swaps = 0, rook_first_settled = 0,
        captured_first = 0, captured_last = 0, castled_king_first = 0, castled_rook_first = 0;
};

class PhysicalBoard {
  public:
    PhysicalBoard(const chess::Position& start, std::uint64_t seed, HumanStyle style = {},
                  std::int64_t t0_us = 1'000'000);

    // The player to move makes m, legal in `before`, which the board must show.
    void make_move(const chess::Position& before, chess::Move m);
    // Time before the next move: more than the settle time (maybe with a piece knocked over and
    // put back meanwhile), or, when quick, less than the settle time.
    void think(bool quick);
    // Whether the next move should be a quick reply (drawn from the style).
    bool want_quick_reply();

    const std::vector<Snapshot>& snapshots() const { return out_; }
    const Placement& board() const { return board_; }
    std::int64_t now() const { return t_; }
    const ActionCounts& counts() const { return counts_; }

  private:
    void emit();
    void set(chess::Square s, chess::Piece p);
    void wait(std::int64_t lo_us, std::int64_t hi_us);
    void maybe_flicker();
    void hand_pause();  // time between two actions of one hand
    // Moves the piece on `from` to `to` (which must be empty): lift and set down, or a slide.
    void carry(chess::Square from, chess::Square to, chess::Piece set_down);
    void slide(chess::Square from, chess::Square to, chess::Piece piece);
    bool chance(double p);

    HumanStyle style_;
    Placement board_;
    std::int64_t t_;
    std::vector<Snapshot> out_;
    std::mt19937_64 rng_;
    ActionCounts counts_;
};

}  // namespace venue::sensing::testing
