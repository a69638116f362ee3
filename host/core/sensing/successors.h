// Sequences of one or two legal moves that leave exactly the sensed board: the search shared by
// plain moves, quick replies and corrections.
//
// Cost: a move is tested against the board through its footprint (no copy, no do_move); a
// second ply is searched only after a first move that vacated a differing square and whose
// remaining differences one opponent move could make. So a typical board costs one pass over
// the legal moves and at most a few do_move + generate_legal calls.
#pragma once

#include <array>
#include <cstdint>

#include "chess/movegen.h"
#include "sensing/recognition.h"
#include "sensing/settle.h"

namespace venue::sensing {

// Fixed-capacity output of the search; `dropped` counts matches beyond the capacity.
struct SequenceList {
    static constexpr int CAPACITY = 8;
    std::array<MoveSeq, CAPACITY> items{};
    std::uint8_t size = 0;
    std::uint16_t dropped = 0;
    void push(const MoveSeq& s) {
        if (size < CAPACITY)
            items[size++] = s;
        else
            ++dropped;
    }
};

struct SequenceSearch {
    bool one_ply = true;
    bool two_ply = true;
    // When not all ones, the first move must take one of the mover's pieces off one of these
    // squares (a correction must move the piece the last move moved).
    Bitboard first_vacates = ~Bitboard(0);
};

// Every one-ply (into one_ply_out) and two-ply (into two_ply_out) sequence from base that shows
// the sensed board. `legal` holds base's legal moves and `diff` = differing_squares(sensed, base).
//
// A two-ply sequence whose reply lands on the first move's square (a recapture) hides the first
// move's piece. It is kept only when that piece was seen there on the way (evidence; none: not
// kept). Otherwise Nxg6 fxg6, which leaves e5 and f7 empty and g6 as it was, would read a
// capture in progress (Nxf7 with both pieces in the hands), and a promotion taken at once would
// be four readings, one per promotion piece.
void find_sequences(const Position& base, const chess::MoveList& legal, const Placement& sensed,
                    Bitboard diff, const SequenceSearch& search, const Evidence* evidence,
                    SequenceList& one_ply_out, SequenceList& two_ply_out);

// The squares from which a move takes the mover's own pieces (from, and the rook's square when
// castling).
Bitboard vacated_by(const Footprint& f, const Position& before);

}  // namespace venue::sensing
