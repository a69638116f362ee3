// Moves read from the DGT boards that carry the half-boards (BETZA-4, BETZA-4.3, BETZA-2.1,
// BETZA-A21).
//
// At the venue each half-board is the near half of a DGT board of its own: ranks 1 to 4 in the
// board's normal orientation, as the player seated at it sees them, so local square (file f,
// rank r) is the DGT board's square (f, r); the far half stays empty. A DGT board knows two
// colours only: an army's pieces show in its layout's colour (BETZA-A3), whichever board they
// stand on. Which army a piece belongs to is the host's to know (BETZA-A21): the game tracks
// every man from the set-up, so a board is read by asking which legal move of the army on move,
// on the pushed pair, leaves both of the pair's boards showing what they show. A move onto the
// partner's half is a piece lifted from one DGT board and set on the other at the mapped square
// (geometry.h); a capture across the join, the captured man lifted first or last, reads the same.
//
//   the pair's two boards show               reading
//   the game                                 UNCHANGED
//   the game after exactly one legal move    MOVE
//   the game with men lifted only, or a      IN_PROGRESS (a man in the hand, or set down on
//   legal move partly seen                   the partner's board before its own board settled)
//   anything else                            UNEXPLAINED: the squares that differ (A21's flag)
// A board off the pair is read against the game alone: men lifted are in progress (a player
// steadying a piece), anything else is unexplained. Pure: no I/O, no clock.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "games/betza/rules/betza_game.h"
#include "sensing/placement.h"

namespace venue::games::betza {

// What one half-board shows: the near half's 32 squares (local index, geometry.h) as two-colour
// pieces, and the far half's squares that hold anything (they should hold nothing).
struct HalfView {
    std::array<chess::Piece, HALF_SQUARES> near{};
    std::vector<chess::Square> far;  // DGT squares of the far half that are occupied
    bool operator==(const HalfView&) const = default;
};

// The half-board `board` as the game holds it, as a DGT board would show it.
HalfView expected_view(const ArmyPosition& position, int board);
// A sensed DGT board's placement as a half-board, and a half-board's near half as a DGT board's
// placement (the far half empty).
HalfView sensed_view(const sensing::Placement& placement);
sensing::Placement placement_of(const HalfView& view);

struct HalfBoardReading {
    enum class Kind {
        UNCHANGED,
        MOVE,
        IN_PROGRESS,
        UNEXPLAINED
    };
    Kind kind = Kind::UNCHANGED;
    chess::Move move;                 // MOVE: in the joined coordinates of the pushed pair
    std::vector<HalfSquare> squares;  // UNEXPLAINED: the local squares that differ
    std::vector<int> far_boards;      // UNEXPLAINED: boards with men on their far half
};

// Reads the pushed pair's two boards (views by half-board number) against the army on move's
// legal moves there.
HalfBoardReading read_pair(const BetzaGame& game, const Pair& pair, const HalfView& first,
                           const HalfView& second);
// Reads a board that is not on the pushed pair (or any board while no pair is pushed).
HalfBoardReading read_idle(const BetzaGame& game, int board, const HalfView& view);

// A retired army's men that the game took off (time forfeit, BETZA-A12's eliminate_army) stand on
// their boards until someone lifts them: `leaving` holds them. The view with those still standing
// counted as gone, and whether any still stands.
HalfView without_leaving(const HalfView& seen, const HalfView& want, const HalfView& leaving);
bool holds_any(const HalfView& seen, const HalfView& leaving);

// "e3" for a local square: the square on the DGT board, as its player reads it.
std::string local_words(const HalfSquare& s);

}  // namespace venue::games::betza
