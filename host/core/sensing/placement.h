// Placement: what a board's sensors see, one piece code (or NO_PIECE) per square, and the
// footprint a move leaves on it.
//
// Encoding: Placement[s] for s = a1, b1, ..., h8 (the chess core's Square order), holding the
// chess core's Piece codes. The DGT driver translates board codes and orientation into this, so
// nothing here knows about DGT.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "chess/position.h"

namespace venue::sensing {

using chess::Bitboard;
using chess::Move;
using chess::Piece;
using chess::Position;
using chess::Square;

using Placement = std::array<Piece, chess::SQUARE_NB>;

// One sensed board and when it was sensed. Times are microseconds on any clock the caller
// chooses (only differences matter); they are passed in, never read here.
struct Snapshot {
    Placement squares{};
    std::int64_t t_us = 0;
};

// The pieces of a position as a sensor would see them.
Placement placement_of(const Position& pos);

// Squares whose contents differ.
Bitboard differing_squares(const Placement& a, const Placement& b);
Bitboard differing_squares(const Placement& a, const Position& b);

// True when the sensed board shows exactly the position's pieces. `first` names squares worth
// comparing first, because a mismatch there is likely (it is only a speed hint).
bool same_placement(const Placement& a, const Position& b, Bitboard first = 0);

// The squares a legal move changes and what stands on each afterwards: two for a normal move or
// a promotion, three for en passant, four for castling. A sensed board shows the position after
// the move exactly when it differs from the position before on these squares and nowhere else,
// with these contents. Slot 0 is always the from-square, slot 1 the landing square.
struct Footprint {
    static constexpr int MAX_SQUARES = 4;
    Bitboard squares = 0;
    std::uint8_t count = 0;
    std::array<Square, MAX_SQUARES> square{};
    std::array<Piece, MAX_SQUARES> after{};
};

// The footprint of m, a legal move in pos.
Footprint footprint(const Position& pos, Move m);

// Whether the sensed board shows the position after the move, given the squares where it differs
// from the position before (differing_squares(sensed, pos)).
inline bool shows_after(const Placement& sensed, Bitboard diff, const Footprint& f) {
    if (diff != f.squares) return false;
    for (int i = 0; i < f.count; ++i)
        if (sensed[f.square[i]] != f.after[i]) return false;
    return true;
}

// The squares where the sensed board differs from the position after the move, given its
// differences from the position before.
Bitboard differing_after(const Placement& sensed, Bitboard diff, const Footprint& f);

// The squares a move touches on a real board: its footprint and the squares a sliding piece
// (or the castling rook) passes over.
Bitboard path_of(const Position& before, Move m);

// Board text for logs and test messages: FEN's placement field ("rnbqkbnr/pppppppp/8/...").
std::string to_string(const Placement& p);
// The same text read back; nullopt when it is not eight ranks of eight squares.
std::optional<Placement> parse_placement(std::string_view text);
// Square names in a1..h8 order: "e2 e4".
std::string squares_to_string(Bitboard squares);

}  // namespace venue::sensing
