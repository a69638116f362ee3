// Physical actions on an emulated board, one per script line.
//
//   lift SQ                 take the piece off SQ
//   put SQ PIECE            set PIECE (FEN letter: P N B R Q K, lower case for black) on SQ
//   move SQ1 SQ2            lift SQ2 if occupied (a capture), lift SQ1, put that piece on SQ2
//   slide SQ1 SQ2 ... SQn   drag a piece from SQ1 over the middle squares to SQn; each middle
//                           square is seen occupied, then empty
//   overlap SQ1 SQ2         a piece seen on two squares in one scan: "placed on SQ2" is
//                           reported before "SQ1 empty"
//   knock SQ [SQ2]          knock the piece over: off its sensor, or fallen onto SQ2
//   restore SQ              stand a knocked-over piece up again on SQ
//   flicker SQ [N]          the sensor under SQ drops out and recovers N times (default 1)
//   setup start | setup FEN | clear
//   wait MS                 pause the script (the board keeps answering)
//   lever                   press the clock's lever on the high side
//   button back|plus|run|minus|ok
//   unplug MS               pull the cable: the pty closes; a new one opens after MS
//   quit                    stop the emulator
// Squares are chess squares (a1..h8) whatever the board's orientation. Blank lines and lines
// starting with '#' are ignored.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "io/dgt/dgt_board.h"
#include "io/dgt/dgt_clock.h"

namespace venue::sim::dgt {

enum class ActionKind : std::uint8_t {
    LIFT,
    PUT,
    MOVE,
    SLIDE,
    OVERLAP,
    KNOCK,
    RESTORE,
    FLICKER,
    SETUP,
    CLEAR,
    WAIT,
    LEVER,
    BUTTON,
    UNPLUG,
    QUIT,
};

struct Action {
    ActionKind kind = ActionKind::WAIT;
    std::vector<std::uint8_t> squares;  // normal-orientation indices (io::dgt::parse_square)
    io::dgt::Piece piece = io::dgt::Piece::EMPTY;
    int count = 0;                // FLICKER repetitions; WAIT and UNPLUG milliseconds
    io::dgt::BoardCodes board{};  // SETUP
    io::dgt::ClockButton button = io::dgt::ClockButton::OK;
};

struct ActionError {
    std::string what;  // names the word that is wrong
};

// Nothing (monostate) for blank and comment lines.
using ParsedLine = std::variant<std::monostate, Action, ActionError>;
ParsedLine parse_action(std::string_view line);

}  // namespace venue::sim::dgt
