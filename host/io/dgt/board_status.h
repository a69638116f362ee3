// What the DGT driver tells its caller: sensed boards (in chess terms), raw field updates for
// the log, and the state of each board's link. Shared by BoardSession (pure) and BoardRunner.
//
// Link state of one board, as the session sees it:
//
//              start() (link opened, start sequence sent)
//   DISCONNECTED ------------------------------------------> CONNECTING
//        ^                                                       | first valid message
//        |  on_link_lost() (from any state)                      v
//        +---------------------------------------------------- CONNECTED <---+
//                                                                | no valid  | a valid
//                                                                v message   | message
//                                                              SILENT -------+
//                     for silence_timeout (CONNECTING goes SILENT the same way)
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "io/dgt/clock_session.h"
#include "io/dgt/dgt_board.h"
#include "io/dgt/dgt_message.h"
#include "sensing/placement.h"

namespace venue::io::dgt {

enum class BoardLinkState : std::uint8_t {
    DISCONNECTED,  // no link open
    CONNECTING,    // link open, start sequence sent, nothing valid received yet
    CONNECTED,     // valid messages within the silence timeout
    SILENT,        // link open but nothing valid for silence_timeout
};
const char* state_name(BoardLinkState s);

// Where the orientation in use came from.
enum class OrientationSource : std::uint8_t {
    ASSUMED,   // nothing decided yet: snapshots use BoardSessionConfig::assumed_orientation
    DETECTED,  // the first start position seen (either way round) decided it
    SET,       // set by the caller (configuration or the arbiter)
};
const char* source_name(OrientationSource s);

// One board's state for the devices panel and logs. Ages are -1 when nothing was received.
struct BoardStatus {
    BoardLinkState state = BoardLinkState::DISCONNECTED;
    std::string serial;              // SERIALNR digits; "" until the board said it
    std::optional<Version> version;  // VERSION
    Orientation orientation = Orientation::NORMAL;
    OrientationSource orientation_source = OrientationSource::ASSUMED;
    bool has_board = false;                 // a BOARD_DUMP arrived since the last start()
    std::int64_t last_message_age_us = -1;  // at the time the status was taken
    std::uint64_t messages = 0;             // valid messages since the session was created
    std::uint64_t parse_errors = 0;         // ParseErrors (stray bytes, bad lengths, ...)
    std::uint64_t skipped_bytes = 0;        // bytes that were part of no valid message
    std::uint64_t magic_pieces = 0;         // squares read with a "magic piece" (13..15)
    std::uint64_t silences = 0;             // times the board went SILENT
    std::string last_parse_error;           // describe(ParseError) of the latest one

    // Link figures, filled by BoardRunner (zero in a bare session).
    std::string device;
    std::uint64_t opens = 0;
    std::uint64_t open_failures = 0;
    std::uint64_t link_errors = 0;     // read/write errors that dropped the link
    std::uint64_t dropped_events = 0;  // the caller's queue was full: oldest events dropped
    std::string last_link_error;
    // Reconnecting since (BoardRunner::now_us(), the steady clock): when the link last went down,
    // or the first failed open; 0 while connected and before the first attempt.
    std::int64_t down_since_us = 0;
};

// One FIELD_UPDATE as received, with the chess square it means in the orientation in use.
// Kept for the log (the daemon logs each as a BoardFieldUpdate): the recogniser works from
// snapshots.
struct SensedFieldUpdate {
    std::uint8_t sensor = 0;  // DGT index as sent
    Piece piece = Piece::EMPTY;
    // SQ_NONE while the orientation is only assumed (OrientationSource::ASSUMED).
    chess::Square square = chess::SQ_NONE;
    std::int64_t t_us = 0;
};

// What a session (and a runner's poll()) hands out, in the order it happened.
// ClockEvent: from a DGT 3000 attached to the board (clock_session.h).
using BoardEvent = std::variant<sensing::Snapshot, SensedFieldUpdate, BoardStatus, ClockEvent>;

// The chess piece for a DGT code. Magic pieces (13..15) and EMPTY are NO_PIECE: they are result
// signals, not pieces, and the recogniser must not read them as moves (they are counted in
// BoardStatus::magic_pieces and logged through SensedFieldUpdate).
chess::Piece to_chess_piece(Piece p);

// The chess square a sensor stands for when the board lies in orientation o.
chess::Square to_chess_square(std::uint8_t sensor, Orientation o);

// A board dump in chess terms: a1..h8, chess piece codes.
sensing::Placement to_chess_placement(const BoardCodes& board, Orientation o);

}  // namespace venue::io::dgt
