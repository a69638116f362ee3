// The DGT driver's protocol logic for one board, pure: no I/O, no clock, no threads. Bytes and
// times (microseconds on any monotonic clock) come in as arguments; commands to write and
// events for the caller come out. BoardRunner drives it over a Link; tests drive it directly.
//
//   start(now)          link (re)opened: queues 4b 4d 42 45 (update nice, version, board
//                       dump, serial number) and resets the parser; the board is re-read
//   on_bytes(b, now)    board output: BOARD_DUMP / FIELD_UPDATE keep the 64 squares, SERIALNR
//                       and VERSION are recorded, parse errors counted (never fatal); each
//                       message is timed `now`, or a microsecond after the one before it when
//                       one read brings several (their order is kept in their times)
//   on_tick(now)        keep-alive: RETURN_SERIALNR every keepalive_interval; SILENT after
//                       silence_timeout without a valid message (state diagram: board_status.h)
//   on_link_lost(now)   the runner closed the link
//   take_output()       bytes to write;  take_events()  snapshots, field updates, statuses,
//                       and the clock's events, all in the order the board sent them (a lever
//                       pressed after a piece was set down comes after that field update, and
//                       before the ones that follow it, even within one read)
//
// A snapshot is emitted whenever the sensed board, in chess terms and in the orientation in use,
// differs from the last one emitted; after a reconnect the fresh dump is compared with the last
// snapshot, so moves made while the link was down arrive as one changed snapshot and an
// unchanged board emits nothing. Field updates that arrive before the first dump of a session
// are applied but emit no snapshot: the dump that follows is the authoritative board.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "io/dgt/board_status.h"
#include "io/dgt/dgt_bytes.h"
#include "io/dgt/dgt_parser.h"

namespace venue::io::dgt {

struct BoardSessionConfig {
    std::int64_t keepalive_interval_us = 1'000'000;  // RETURN_SERIALNR, as common clients do
    std::int64_t silence_timeout_us = 3'000'000;     // no valid message for this long: SILENT
    // Set: fixed, never detected. Unset: decided by the first start position seen.
    std::optional<Orientation> orientation;
    // Used for snapshots until the orientation is detected or set (source ASSUMED).
    Orientation assumed_orientation = Orientation::NORMAL;
    // A DGT 3000 attached to the board (its readings and acknowledgements arrive as BWTIME).
    ClockSessionConfig clock;
};

class BoardSession {
  public:
    explicit BoardSession(BoardSessionConfig config = {});

    // The link is open: queue the start sequence and expect a fresh board dump.
    void start(std::int64_t now_us);
    void on_bytes(std::span<const std::uint8_t> bytes, std::int64_t now_us);
    void on_tick(std::int64_t now_us);
    void on_link_lost(std::int64_t now_us);

    // Fixes the orientation (the arbiter turned the board, or configuration). A snapshot follows
    // if the board reads differently. clear_orientation() goes back to detection.
    void set_orientation(Orientation o, std::int64_t now_us);
    void clear_orientation(std::int64_t now_us);

    // Lights chess squares `squares` (a1 = 0 .. h8 = 63, in the orientation in use) and puts
    // every other light out; none puts them all out. For boards with LEDs (SET_LEDS, DGT
    // Revelation II; others ignore it). Sent again after a reconnect and when the orientation
    // changes, so the board goes on showing the host's squares. False (and *why, nothing lit or
    // put out) for a square off the board.
    bool light_squares(const std::vector<int>& squares, std::string* why = nullptr);
    // The squares the host last had lit; unset: never asked.
    const std::optional<std::vector<int>>& lit_squares() const { return lit_; }

    Bytes take_output();
    std::vector<BoardEvent> take_events();
    bool has_events() const { return !events_.empty() || clock_.has_events(); }

    BoardStatus status(std::int64_t now_us) const;
    BoardLinkState state() const { return state_; }
    // The squares as the board numbers them (DGT index order), and whether a dump arrived.
    const BoardCodes& board_codes() const { return board_; }
    // The latest snapshot emitted, if any.
    const std::optional<sensing::Snapshot>& last_snapshot() const { return last_snapshot_; }
    const BoardSessionConfig& config() const { return config_; }

    // The clock attached to the board: queue commands here (set-and-run, text); its events come
    // out of take_events() as ClockEvent, its bytes out of take_output().
    ClockSession& clock() { return clock_; }
    const ClockSession& clock() const { return clock_; }

    // Invariants, checked after each mutation in debug builds.
    bool is_ok() const;

  private:
    void on_message(const Message& m, std::int64_t now_us);
    // The clock's events join the board's at once, so that the link's order is kept.
    void take_clock_events();
    void on_board_changed(std::int64_t now_us);
    void maybe_emit_snapshot(std::int64_t now_us);
    void set_state(BoardLinkState s, std::int64_t now_us);
    void push_status(std::int64_t now_us);
    void send_light();  // lit_ to the board, in the orientation in use
    Orientation orientation() const;

    BoardSessionConfig config_;
    DgtParser parser_;
    ClockSession clock_;
    BoardCodes board_ = empty_board();
    bool has_board_ = false;  // a dump arrived since start()
    BoardLinkState state_ = BoardLinkState::DISCONNECTED;
    OrientationSource source_ = OrientationSource::ASSUMED;
    Orientation orientation_ = Orientation::NORMAL;
    std::string serial_;
    std::optional<Version> version_;
    std::int64_t last_message_us_ = -1;
    std::int64_t started_us_ = 0;
    std::int64_t next_keepalive_us_ = 0;
    std::uint64_t messages_ = 0;
    std::uint64_t parse_errors_ = 0;
    std::uint64_t magic_pieces_ = 0;
    std::uint64_t silences_ = 0;
    std::string last_parse_error_;
    std::optional<sensing::Snapshot> last_snapshot_;
    Bytes output_;
    std::vector<BoardEvent> events_;
    std::optional<std::vector<int>> lit_;  // the squares the host last had lit; unset: never asked
};

}  // namespace venue::io::dgt
