// Position: a chess position as bitboards plus a mailbox, with every piece's
// identity (see types.h) carried through moves.
//
// A Position is a small value type (copy it to keep the position before a move;
// there is no undo). It holds what FEN holds, plus derived data kept current by
// do_move(): the Zobrist key, the checkers and the pieces' identities.
#pragma once

#include <string>
#include <string_view>

#include "chess/bitboard.h"
#include "chess/types.h"
#include "common/result.h"

namespace venue::chess {

// Why a FEN string was refused: the field (1 = placement ... 6 = fullmove number)
// and what was wrong with it.
struct FenError {
    int field = 0;
    std::string message;
    std::string to_string() const;
};

// The placement field of FEN for a board of 64 squares (a1 first): "rnbqkbnr/pppppppp/8/...".
std::string fen_placement(const Piece* board);

class Position {
  public:
    // An empty board (no kings: not a legal position until set up by from_fen).
    Position() {
        for (PieceId& id : ids_) id = NO_PIECE_ID;
    }

    static constexpr std::string_view START_FEN =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    // The standard start position.
    static Position start();
    // Parses Forsyth-Edwards Notation. Missing halfmove/fullmove fields default to
    // 0 and 1 (as many real-world files omit them); anything else wrong is an error.
    static Result<Position, FenError> from_fen(std::string_view fen);
    std::string fen() const;

    Piece piece_on(Square s) const { return board_[s]; }
    PieceId id_on(Square s) const { return ids_[s]; }
    bool empty(Square s) const { return board_[s] == NO_PIECE; }
    // The square where the piece with this identity stands now, or SQ_NONE.
    Square square_of_id(PieceId id) const;

    Bitboard pieces() const { return by_type_[NO_PIECE_TYPE]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
    Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
    Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
    Square king_square(Color c) const { return lsb(pieces(c, KING)); }

    Color side_to_move() const { return side_; }
    std::uint8_t castling_rights() const { return castling_; }
    bool can_castle(CastlingRights cr) const { return castling_ & cr; }
    // The square behind a pawn that has just advanced two squares (as FEN writes
    // it), whether or not a capture there is possible; SQ_NONE otherwise.
    Square en_passant_square() const { return ep_square_; }
    // True when an en passant capture is legal now: what the Laws compare for
    // repetition (Art. 9.2.3).
    bool en_passant_possible() const { return ep_legal_; }
    int halfmove_clock() const { return halfmove_clock_; }
    int fullmove_number() const { return fullmove_number_; }
    // Zobrist key of what the Laws compare for repetition: placement, side to
    // move, castling rights and whether en passant is possible.
    std::uint64_t key() const { return key_; }

    Bitboard checkers() const { return checkers_; }
    bool in_check() const { return checkers_ != 0; }
    // Pieces of either colour attacking s, given an occupancy.
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
    // Pieces of colour c that stand between their own king and an enemy slider.
    Bitboard pinned(Color c) const;

    // Plays a move that must be legal (from the legal move generator or
    // parse_* functions). Keeps identities, key, checkers and clocks current.
    void do_move(Move m);
    // Gives the move to the opponent ("null move"); only valid when not in check.
    void do_null_move();

    // The piece a move captures (the pawn behind for en passant), or NO_PIECE.
    Piece captured_piece(Move m) const;
    bool is_capture(Move m) const { return captured_piece(m) != NO_PIECE; }

    // Full consistency check of the internal structure; the reason goes to *why.
    bool is_ok(std::string* why = nullptr) const;

    bool operator==(const Position& o) const;

  private:
    void clear();
    void put_piece(Piece p, Square s, PieceId id);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    void update_derived();
    bool compute_ep_legal() const;
    std::uint64_t compute_key() const;

    Bitboard by_type_[PIECE_TYPE_NB] = {};
    Bitboard by_color_[COLOR_NB] = {};
    Piece board_[SQUARE_NB] = {};
    PieceId ids_[SQUARE_NB] = {};
    Bitboard checkers_ = 0;
    std::uint64_t key_ = 0;
    Color side_ = WHITE;
    std::uint8_t castling_ = NO_CASTLING;
    Square ep_square_ = SQ_NONE;
    bool ep_legal_ = false;
    int halfmove_clock_ = 0;
    int fullmove_number_ = 1;
};

}  // namespace venue::chess
