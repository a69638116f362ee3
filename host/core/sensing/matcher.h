// Reading one stable board against the game: the exact readings, and the one Recognition the
// recogniser reports. Pure functions; the recogniser adds only settling and bookkeeping.
//
// Exact readings (the board shows exactly the position they lead to):
//   MOVES / WRONG_MOVER  one move of the side to move, or a move and the reply made before the
//                        first settled (the filter decides which of the two kinds)
//   TAKE_BACK            an earlier position; or a correction: the last move's piece moved on
//                        from a stop on the way of the real move (a slide that paused, a rook set
//                        down before the king in castling, a promotion piece swapped), read as
//                        the last move taken back and replaced, maybe followed by a quick reply
//   WRONG_SIDE           one move of the side not to move (searched only when nothing else fits)
//
// One reading: reported. Several: first, with config.move_beats_take_back (the default), a plain
// take-back gives way to a reading with moves (a move, or a correction) leaving the same board (a
// repeated placement; Recognised::also_take_back says so). Then, when evidence is given, two
// tie-breakers from the board's history, each applied only if it leaves a reading: the moves came
// in the reading's order (a pair [a, b] needs a's squares to have settled before b's); and the
// reading explains what the sensors saw since the board last agreed with the game (every changed
// square is on the way of one of its moves, every piece seen there is one it puts there) as well as
// any other reading does; what no reading explains (a flicker) is noise and decides nothing.
// Whatever remains is one reading, or Ambiguous: never a guess.
#pragma once

#include <cstdint>
#include <functional>

#include "chess/game.h"
#include "sensing/recognition.h"
#include "sensing/settle.h"

namespace venue::sensing {

// Who may move (team games): given the position before a move and the move, may this player's
// side make it? Look at before.id_on(m.from()) for the piece's identity. Empty: anyone may.
using MoverFilter = std::function<bool(const Position& before, Move m)>;

struct RecogniserConfig {
    std::int64_t settle_us = SettleFilter::DEFAULT_SETTLE_US;
    MoverFilter may_move;
    // Prefer a move (or a correction) to a plain take-back leaving the same board. Off: report
    // Ambiguous, unless the evidence decides.
    bool move_beats_take_back = true;
    // Search moves out of turn when nothing else fits (reported as WrongMover, wrong_side).
    bool detect_wrong_side = true;
};

struct Readings {
    ReadingList moves;       // MOVES and WRONG_MOVER, one or two moves
    ReadingList take_backs;  // TAKE_BACK, plain ones first (nearest first), then corrections
    ReadingList wrong_side;  // WRONG_SIDE, searched only when the lists above are empty
};

// Every exact reading of the sensed board, which must differ from the current position (diff =
// differing_squares(sensed, game.position()) is not zero). `legal` = the current legal moves.
Readings find_readings(const Placement& sensed, Bitboard diff, const chess::Game& game,
                       const chess::MoveList& legal, const RecogniserConfig& config,
                       const Evidence* evidence = nullptr);

// The one thing to report about a stable board first sensed at at_us. `evidence` (what was seen
// on the way, from SettleFilter) may be null: then only the board itself counts.
Recognition read_board(const Placement& sensed, std::int64_t at_us, const chess::Game& game,
                       const RecogniserConfig& config, const Evidence* evidence = nullptr);

// A board no exact reading explains: InProgress when it lies on the way to a legal move, a move
// and reply, a correction or an earlier position (pieces only lifted, or set where that target
// has them; a pawn set on its promotion square counts); NoMatch otherwise, with the closest moves.
Recognition explain_partial(const Placement& sensed, Bitboard diff, const chess::Game& game,
                            const chess::MoveList& legal);

// The move made before a reply under way: the one legal move m such that the board shows the
// position after m exactly, except that pieces are lifted (off the board, nowhere set down): the
// replier's own, and at most one of the mover's that a legal reply captures (a capture begun by
// lifting the piece taken). Move::none() when no move, or more than one, fits. The mover's king
// lifted does not count (castling with the rook set down first, the king in the hand), nor the
// piece the move set down: that board is the move still in the mover's hand (a piece with one
// legal move, lifted, is not that move made), so a reply that begins by lifting the piece just
// moved cannot be told from it; the clock press waits for such a reply to be set down instead
// (runtime/press_hold.h).
Move made_under_reply(const Placement& sensed, Bitboard diff, const chess::Position& now,
                      const chess::MoveList& legal);

}  // namespace venue::sensing
