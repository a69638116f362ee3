// BoardBridge: one electronic board's sensed positions as engine events. The driver
// (io/dgt) hands over whole boards; the move recogniser (core/sensing) reads each stable
// board once against the game the match plays on that board (Match::board_role: the match's
// game, or in a game of several boards the game on that board, the position a board is being
// set up to, or none); this class says what that reading means for the match.
//
//   stable board read as            event(s)
//   a move (or move and reply)      MoveSensed per move, but not the move the match already
//                                   holds (a quick reply, read again once the match has
//                                   played the first move; or a move sensed alone, read
//                                   again with the reply that came before its clock press)
//   the game's position             BoardRestored, when the match waits for a restore or holds
//                                   a move not yet completed (the piece was put back)
//   nothing legal, a wrong mover,   BoardMismatch with the squares that differ, unless the
//   an earlier position             match already waits for a restore (then it is expected)
//   a move, the reply begun         MoveSensed for the move (the board shows it made, and
//                                   only the opponent's pieces lifted since), as above
//   half a move, an ambiguity       nothing: wait for the next board
//   a board being set up            only its position counts (BoardRestored), nothing else
//   a board with no game on it      nothing (the snapshots are logged all the same)
//   a board the match reads itself  BoardSettled with the board as it stands (BoardRole::
//                                   read_by_match: a game whose moves span two boards)
//
// Every board the driver senses (one per sensor change, whole boards in chess terms) is logged
// as a BoardSnapshot: the raw evidence the moves were read from, replayable without changing
// any state. The recogniser reads only the stable ones (move-recognition.md). Every field update
// the board sends is logged too, one by one, as a BoardFieldUpdate: the raw order, and the
// reports that change no board (a repeat, a magic piece), which no snapshot shows.
// Pure: no I/O, no clock; times come in with the boards and ticks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "io/dgt/board_status.h"
#include "sensing/recogniser.h"
#include "venue/event.h"
#include "venue/match.h"

namespace venue::runtime {

class BoardBridge {
  public:
    BoardBridge(std::string match_id, std::string board_id, sensing::RecogniserConfig config = {});

    const std::string& board_id() const { return board_; }
    const std::string& match_id() const { return match_; }

    // A sensed board (t_us on the driver's clock), arriving at host_ns.
    void on_board(const sensing::Snapshot& board, const engine::Match& match, std::int64_t host_ns,
                  std::vector<engine::Event>& out);
    // One field update as the board sent it (before the snapshot it may cause), arriving at
    // host_ns: logged as it is; the recogniser reads the snapshots only.
    void on_field_update(const io::dgt::SensedFieldUpdate& update, std::int64_t host_ns,
                         std::vector<engine::Event>& out) const;
    // Time passing (the driver's clock): a board that has now settled is read.
    void tick(std::int64_t now_us, const engine::Match& match, std::int64_t host_ns,
              std::vector<engine::Event>& out);
    // Whether tick(now_us, match, ...) may read a board (one is due to settle, or the match's
    // game changed since the last reading): a caller holding events for the match that are not
    // applied yet applies them first, so that the board is read against the match as it is.
    bool reads_at(std::int64_t now_us, const engine::Match& match) const {
        return recogniser_.reads_at(now_us, game_of(match.board_role(board_)));
    }
    // The link was lost: the next board is read afresh.
    void reset();

    // A board has been sensed that is not read yet (it has not settled): a clock press now
    // may belong to a move the recogniser has not reported yet.
    bool settling() const { return has_fed_ && (!has_read_ || last_fed_ != last_read_); }
    // The board stands still with a move under way on it (a piece in the hand: the last reading
    // is a partial move): a clock press now may complete a move whose reply has begun with a
    // capture, which the board shows only once the reply is set down (press_hold.h).
    bool in_progress() const {
        return !settling() && last_reading_ &&
               std::holds_alternative<sensing::InProgress>(*last_reading_);
    }
    // When the board last changed (the host time given to on_board), for press_hold.h.
    std::int64_t last_change_ns() const { return last_change_ns_; }
    std::int64_t settle_us() const { return recogniser_.config().settle_us; }

    // The last reading, for status displays.
    const std::optional<sensing::Recognition>& last_reading() const { return last_reading_; }

  private:
    // The game read against: the one the match plays on this board, or none.
    static const chess::Game& game_of(const engine::BoardRole& role);
    void on_report(const sensing::Report& report, const engine::Match& match, std::int64_t host_ns,
                   std::vector<engine::Event>& out);
    // MoveSensed for each move read but the one the match already holds.
    void sense(const sensing::MoveSeq& moves, const engine::BoardRole& role,
               const engine::Match& match, std::int64_t host_ns, std::vector<engine::Event>& out);
    void mismatch(chess::Bitboard squares, const engine::BoardRole& role, std::int64_t host_ns,
                  std::vector<engine::Event>& out);

    std::string match_;
    std::string board_;
    sensing::MoveRecogniser recogniser_;
    std::optional<sensing::Recognition> last_reading_;
    chess::Bitboard last_mismatch_ = 0;  // squares last reported, so a mismatch is said once
    sensing::Placement last_fed_{};      // the last board sensed
    std::int64_t last_change_ns_ = 0;    // ... and when it came
    sensing::Placement last_read_{};     // the board of the last reading
    bool has_fed_ = false;
    bool has_read_ = false;
};

}  // namespace venue::runtime
