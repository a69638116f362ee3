// Evidence: what the sensors showed on the way to a stable board, kept as times per square.
//
// It never makes a move by itself. It only chooses between exact readings of a stable board that
// the board alone cannot tell apart: which piece was promoted before it was taken at once, in
// which order two moves came, whether a pawn went on from the square where it paused. Its window
// starts when the board last agreed with the game (set_since), so it spans every board of the
// moves not yet read, however many stable boards came between.
//
// Layout: per square, its last few contents with their start times (64 x 6 intervals), and per
// square and piece, when that piece last left that square (64 x 16 x 8 bytes). Copied once per
// stable board; nothing is allocated.
#pragma once

#include <array>
#include <cstdint>
#include <limits>

#include "sensing/placement.h"

namespace venue::sensing {

class Evidence {
  public:
    static constexpr std::int64_t NEVER = std::numeric_limits<std::int64_t>::min();

    // glitch_us: an excursion shorter than this (a sensor flicker, a piece lifted and put straight
    // back, a piece sliding over) does not end the content it interrupts (see held_since_us).
    explicit Evidence(std::int64_t glitch_us = 0);

    // A board sensed at t_us, replacing `before` (null for the first board).
    void record(const Placement* before, const Placement& board, std::int64_t t_us);
    // The window starts after this time (when the board last agreed with the game).
    void set_since(std::int64_t t_us) { since_us_ = t_us; }
    std::int64_t since_us() const { return since_us_; }

    // Squares that changed inside the window.
    Bitboard touched() const;
    // Whether piece p stood on s at some time inside the window (or stands there now).
    bool was_seen(Square s, Piece p) const { return now_[s] == p || left_us_[s][p] > since_us_; }
    // Whether piece p stood on s inside the window other than as a possible flicker: it stands
    // there now, or a stay of it that ended inside the window lasted the glitch time or did not
    // give the square back to the content it had before (empty, p briefly, empty again is what a
    // faulty sensor shows as well as a hand). Only such sightings may decide between readings.
    bool was_placed(Square s, Piece p) const;
    // When s last changed (NEVER if it has not).
    std::int64_t last_change_us(Square s) const { return history_[s][0].start_us; }
    // Since when s has held its present content, bridging excursions shorter than the glitch
    // time (X, then Y briefly, then X again counts as X all along). NEVER: always.
    std::int64_t held_since_us(Square s) const;

  private:
    struct Interval {
        std::int64_t start_us = NEVER;
        Piece content = chess::NO_PIECE;
    };
    static constexpr int HISTORY = 6;  // the present content and the five before it

    Placement now_{};
    std::array<std::array<Interval, HISTORY>, chess::SQUARE_NB> history_{};
    std::int64_t glitch_us_;
    std::array<std::array<std::int64_t, chess::PIECE_NB>, chess::SQUARE_NB> left_us_;
    std::int64_t since_us_ = NEVER;
};

}  // namespace venue::sensing
