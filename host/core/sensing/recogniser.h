// MoveRecogniser: sensed boards in, moves out. Settles the boards (SettleFilter), reads each new
// stable board against the game once (read_board), and reports what it saw.
//
// The game is the caller's: pass it to every call. The recogniser never plays moves; the caller
// applies a Recognised (play the moves), a TakeBack (undo plies, play `then`), or asks the
// arbiter. When the game changes, the stable board is read again against it (after the caller
// plays a recognised move, that reading is Unchanged), so a board is never reported twice for
// the same game position.
//
// Pure: no I/O, no clock, no threads. Time comes in with each board and each tick.
#pragma once

#include <cstdint>
#include <optional>

#include "chess/game.h"
#include "sensing/matcher.h"
#include "sensing/settle.h"

namespace venue::sensing {

// A reading and the stable board it was made from (for the caller's log).
struct Report {
    Recognition result;
    Snapshot board;  // t_us: when this board was first sensed
};

class MoveRecogniser {
  public:
    explicit MoveRecogniser(RecogniserConfig config = {});

    // A sensed board (typically after every field update). Returns a report when the previous
    // board had settled before this one came and has not been read yet against this game.
    std::optional<Report> feed(const Snapshot& board, const chess::Game& game);
    // Time passing. Returns a report when the latest board has now settled, or when the game has
    // changed since the stable board was last read.
    std::optional<Report> tick(std::int64_t now_us, const chess::Game& game);
    // Whether tick(now_us, game) may read a board: the latest board is due to settle, or the game
    // has changed since the stable board was last read. Changes nothing (a caller holding events
    // not yet applied to `game` applies them first when this says so).
    bool reads_at(std::int64_t now_us, const chess::Game& game) const;

    // The last stable board, if any.
    const Snapshot* stable() const { return settle_.has_stable() ? &settle_.stable() : nullptr; }
    const RecogniserConfig& config() const { return config_; }
    // Forgets every board (after a reconnect: the next stable board is read afresh).
    void reset();

    bool is_ok() const { return settle_.is_ok(); }

  private:
    std::optional<Report> read_if_new(const chess::Game& game);
    bool read_already(const chess::Game& game) const;

    RecogniserConfig config_;
    SettleFilter settle_;
    // What was last read: the stable board's serial and the game's state then.
    std::uint32_t read_serial_ = 0;
    std::size_t read_plies_ = 0;
    std::uint64_t read_key_ = 0;
    Move read_last_move_;
    Snapshot last_read_;  // the last stable board read
    bool has_last_read_ = false;
};

}  // namespace venue::sensing
