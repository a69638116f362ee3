// Positions made by hand rather than by a legal move: the arbiter's edits. Removing a player
// (a team game) takes his men off the board; an illegal move the arbiter lets stand puts a piece
// where the rules would not. Either way the game goes on from a new position, which must still be
// one chess can go on from (two kings, the side not to move not in check): that is what from_fen
// checks.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "chess/position.h"
#include "common/result.h"

namespace venue::chess {

struct PositionEdit {
    std::array<Piece, SQUARE_NB> board{};
    Color side_to_move = WHITE;
    std::uint8_t castling = NO_CASTLING;  // rights whose king or rook has left are dropped
    int halfmove_clock = 0;
    int fullmove_number = 1;
};

// The position as an edit (its en passant square is dropped: an edit is not a double step).
PositionEdit edit_of(const Position& pos);
// The position an edit describes, or why chess cannot go on from it.
Result<Position, std::string> position_of(const PositionEdit& edit);

// A move as the pieces went, whatever the rules say: "e1g3", and for a pawn reaching the last
// rank the piece it became, "e7e8q". Castling is the king's move plus the rook's, so it is always
// legal or refused; an illegal move that stands is one piece going from one square to another.
struct PhysicalMove {
    Square from = SQ_NONE;
    Square to = SQ_NONE;
    PieceType promotion = NO_PIECE_TYPE;
};
Result<PhysicalMove, std::string> parse_physical_move(std::string_view text);
std::string to_string(const PhysicalMove& m);

// The position after m by the side to move in pos, played as the pieces went: what it captures
// comes off, castling rights of a king or rook that moved or was taken are lost, the move counters
// go on as after any move. Refused, with the reason, when no piece of the side to move stands on
// m.from, m.to holds one of its own pieces or a king, the promotion does not fit, or chess cannot
// go on from the result (the mover's own king left in check).
Result<Position, std::string> after_illegal_move(const Position& pos, const PhysicalMove& m);

}  // namespace venue::chess
