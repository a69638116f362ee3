// The half-boards of Betza's Chess for Any Number of Players and how two of them join into one
// 8x8 board (catalogue BETZA-2, BETZA-4.3, BETZA-A3).
//
// Coordinates:
//   HalfSquare  a square of one half-board in its owner's local view: file 0..7 (a..h as the
//               owner sees them from the seat), rank 0..3 where rank 0 is the outer edge (the
//               owner's rank 1) and rank 3 the inner edge, the one that meets the partner board.
//   Pair        an ORDERED pair of distinct half-boards (first, second). On the joined board the
//               first board keeps its coordinates, (f, r) -> square (f, r); the second is turned
//               180 degrees and butted against it, (f, r) -> square (7 - f, 7 - r) (BETZA-4.3).
//               So the join lies between ranks 4 and 5 of the joined board, and square colours
//               are kept. The rules never depend on the order; only coordinates do.
#pragma once

#include <cstdint>

#include "chess/types.h"

namespace venue::games::betza {

constexpr int MIN_ARMIES = 2;  // BETZA-0.1
constexpr int MAX_ARMIES = 8;  // what the venue seats; the rules set no limit
constexpr int HALF_FILES = 8;
constexpr int HALF_RANKS = 4;
constexpr int HALF_SQUARES = HALF_FILES * HALF_RANKS;
constexpr int OUTER_RANK = 0;
constexpr int INNER_RANK = HALF_RANKS - 1;

struct HalfSquare {
    int board = 0;
    int file = 0;
    int rank = 0;

    constexpr int index() const { return rank * HALF_FILES + file; }
    constexpr bool operator==(const HalfSquare&) const = default;
};

struct Pair {
    int first = 0;
    int second = 1;

    constexpr bool contains(int board) const { return board == first || board == second; }
    // The same two boards, in either order (the rules see a pair as a set).
    constexpr bool same_boards(const Pair& other) const {
        return (first == other.first && second == other.second) ||
               (first == other.second && second == other.first);
    }
    constexpr bool operator==(const Pair&) const = default;
};

// BETZA-4.3: where a half-board square lands on the joined board of `pair` (its board must be
// one of the pair's).
constexpr chess::Square joined_square(const Pair& pair, const HalfSquare& s) {
    return s.board == pair.first ? chess::make_square(s.file, s.rank)
                                 : chess::make_square(7 - s.file, 7 - s.rank);
}

// The inverse: which half-board square a square of the joined board is.
constexpr HalfSquare half_square(const Pair& pair, chess::Square sq) {
    const int file = chess::file_of(sq), rank = chess::rank_of(sq);
    if (rank < HALF_RANKS) return HalfSquare{pair.first, file, rank};
    return HalfSquare{pair.second, 7 - file, 7 - rank};
}

// Which board of the pair a joined square belongs to.
constexpr int board_of(const Pair& pair, chess::Square sq) {
    return chess::rank_of(sq) < HALF_RANKS ? pair.first : pair.second;
}

// The rank step, on the joined board, of a move toward the join on the board holding `sq`: up
// on the first board, down on the second.
constexpr int toward_join_step(chess::Square sq) {
    return chess::rank_of(sq) < HALF_RANKS ? +1 : -1;
}

// BETZA-A3: the two orientations of an army on its half-board, as its player sees it.
//   WHITE  R N B Q K B N R  (queen on the d-file, king on the e-file), like White in chess
//   BLACK  R N B K Q B N R  (king on d, queen on e): Black's back rank seen from Black's seat
// A White-layout army on the first board and a Black-layout one on the second make exactly the
// start position of chess.
enum class Layout : std::uint8_t {
    WHITE,
    BLACK
};

// The piece type a layout puts on a local square at the start (NO_PIECE_TYPE on ranks 2 and 3).
chess::PieceType start_piece(Layout layout, int file, int rank);

// The local file of the king of a layout at the start.
constexpr int king_start_file(Layout layout) {
    return layout == Layout::WHITE ? 4 : 3;
}

// The colour the army's pieces are shown in (and read as from a two-colour e-board).
constexpr chess::Color colour_of(Layout layout) {
    return layout == Layout::WHITE ? chess::WHITE : chess::BLACK;
}

}  // namespace venue::games::betza
