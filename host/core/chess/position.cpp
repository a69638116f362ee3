#include "chess/position.h"

#include <cstring>

#include "chess/zobrist.h"

namespace venue::chess {
namespace {

// Castling rights that a move from or to each square removes.
constexpr std::uint8_t castling_lost(Square s) {
    switch (s) {
        case SQ_A1:
            return WHITE_OOO;
        case SQ_E1:
            return WHITE_OO | WHITE_OOO;
        case SQ_H1:
            return WHITE_OO;
        case SQ_A8:
            return BLACK_OOO;
        case SQ_E8:
            return BLACK_OO | BLACK_OOO;
        case SQ_H8:
            return BLACK_OO;
        default:
            return 0;
    }
}

struct CastlingLostTable {
    std::uint8_t lost[SQUARE_NB];
    constexpr CastlingLostTable() : lost() {
        for (int s = 0; s < SQUARE_NB; ++s) lost[s] = castling_lost(Square(s));
    }
};
constexpr CastlingLostTable CASTLING_LOST;

}  // namespace

std::string FenError::to_string() const {
    static constexpr const char* NAMES[] = {
        "?",          "piece placement", "side to move",   "castling",
        "en passant", "halfmove clock",  "fullmove number"};
    const char* name = field >= 1 && field <= 6 ? NAMES[field] : NAMES[0];
    return "FEN field " + std::to_string(field) + " (" + name + "): " + message;
}

Position Position::start() {
    return *from_fen(START_FEN);
}

void Position::clear() {
    *this = Position();
}

void Position::put_piece(Piece p, Square s, PieceId id) {
    Bitboard b = square_bb(s);
    board_[s] = p;
    ids_[s] = id;
    by_type_[NO_PIECE_TYPE] |= b;
    by_type_[type_of(p)] |= b;
    by_color_[color_of(p)] |= b;
    key_ ^= zobrist::keys().piece_square[p][s];
}

void Position::remove_piece(Square s) {
    Piece p = board_[s];
    Bitboard b = square_bb(s);
    by_type_[NO_PIECE_TYPE] ^= b;
    by_type_[type_of(p)] ^= b;
    by_color_[color_of(p)] ^= b;
    board_[s] = NO_PIECE;
    ids_[s] = NO_PIECE_ID;
    key_ ^= zobrist::keys().piece_square[p][s];
}

void Position::move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard b = square_bb(from) | square_bb(to);
    by_type_[NO_PIECE_TYPE] ^= b;
    by_type_[type_of(p)] ^= b;
    by_color_[color_of(p)] ^= b;
    board_[to] = p;
    board_[from] = NO_PIECE;
    ids_[to] = ids_[from];
    ids_[from] = NO_PIECE_ID;
    const auto& z = zobrist::keys();
    key_ ^= z.piece_square[p][from] ^ z.piece_square[p][to];
}

Square Position::square_of_id(PieceId id) const {
    for (int s = 0; s < SQUARE_NB; ++s)
        if (ids_[s] == id && board_[s] != NO_PIECE) return Square(s);
    return SQ_NONE;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
    return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) |
           (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) | (knight_attacks(s) & pieces(KNIGHT)) |
           (rook_attacks(s, occupied) & pieces(ROOK, QUEEN)) |
           (bishop_attacks(s, occupied) & pieces(BISHOP, QUEEN)) | (king_attacks(s) & pieces(KING));
}

Bitboard Position::pinned(Color c) const {
    Square ksq = king_square(c);
    Bitboard snipers = (rook_attacks(ksq, 0) & pieces(~c) & pieces(ROOK, QUEEN)) |
                       (bishop_attacks(ksq, 0) & pieces(~c) & pieces(BISHOP, QUEEN));
    Bitboard result = 0;
    while (snipers) {
        Square s = pop_lsb(snipers);
        Bitboard blockers = between_bb(ksq, s) & ~square_bb(s) & pieces();
        if (blockers && !more_than_one(blockers)) result |= blockers & pieces(c);
    }
    return result;
}

Piece Position::captured_piece(Move m) const {
    if (m.kind() == MoveKind::EN_PASSANT) return make_piece(~side_, PAWN);
    if (m.kind() == MoveKind::CASTLING) return NO_PIECE;
    return board_[m.to()];
}

// Whether the side to move has a legal en passant capture on ep_square_.
bool Position::compute_ep_legal() const {
    Color us = side_;
    Square ep = ep_square_;
    Square captured = Square(us == WHITE ? ep - 8 : ep + 8);
    Bitboard candidates = pawn_attacks(~us, ep) & pieces(us, PAWN);
    Square ksq = king_square(us);
    while (candidates) {
        Square from = pop_lsb(candidates);
        Bitboard occ = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
        Bitboard attackers = attackers_to(ksq, occ) & pieces(~us) & ~square_bb(captured);
        if (!attackers) return true;
    }
    return false;
}

void Position::do_move(Move m) {
    const auto& z = zobrist::keys();
    const Color us = side_, them = ~us;
    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from];

    if (ep_legal_) key_ ^= z.en_passant_file[file_of(ep_square_)];
    ep_square_ = SQ_NONE;
    ep_legal_ = false;
    ++halfmove_clock_;
    if (us == BLACK) ++fullmove_number_;

    switch (m.kind()) {
        case MoveKind::CASTLING: {
            const bool king_side = to > from;
            const Square rook_from = Square(king_side ? from + 3 : from - 4);
            const Square rook_to = Square(king_side ? from + 1 : from - 1);
            move_piece(from, to);
            move_piece(rook_from, rook_to);
            break;
        }
        case MoveKind::EN_PASSANT:
            remove_piece(Square(us == WHITE ? to - 8 : to + 8));
            move_piece(from, to);
            halfmove_clock_ = 0;
            break;
        case MoveKind::NORMAL:
        case MoveKind::PROMOTION:
            if (board_[to] != NO_PIECE) {
                remove_piece(to);
                halfmove_clock_ = 0;
            }
            move_piece(from, to);
            if (type_of(pc) == PAWN) {
                halfmove_clock_ = 0;
                if (m.kind() == MoveKind::PROMOTION) {
                    PieceId id = ids_[to];
                    remove_piece(to);
                    put_piece(make_piece(us, m.promotion()), to, id);
                } else if ((int(to) ^ int(from)) == 16) {
                    ep_square_ = Square((int(from) + int(to)) / 2);
                }
            }
            break;
    }

    const std::uint8_t rights = castling_ & ~(CASTLING_LOST.lost[from] | CASTLING_LOST.lost[to]);
    if (rights != castling_) {
        key_ ^= z.castling[castling_] ^ z.castling[rights];
        castling_ = rights;
    }

    side_ = them;
    key_ ^= z.side;
    checkers_ = attackers_to(king_square(them)) & pieces(us);
    if (ep_square_ != SQ_NONE && (pawn_attacks(us, ep_square_) & pieces(them, PAWN))) {
        ep_legal_ = compute_ep_legal();
        if (ep_legal_) key_ ^= z.en_passant_file[file_of(ep_square_)];
    }
}

void Position::do_null_move() {
    const auto& z = zobrist::keys();
    if (ep_legal_) key_ ^= z.en_passant_file[file_of(ep_square_)];
    ep_square_ = SQ_NONE;
    ep_legal_ = false;
    ++halfmove_clock_;
    if (side_ == BLACK) ++fullmove_number_;
    side_ = ~side_;
    key_ ^= z.side;
    checkers_ = attackers_to(king_square(side_)) & pieces(~side_);
}

void Position::update_derived() {
    checkers_ = attackers_to(king_square(side_)) & pieces(~side_);
    ep_legal_ = ep_square_ != SQ_NONE && compute_ep_legal();
    key_ = compute_key();
}

std::uint64_t Position::compute_key() const {
    const auto& z = zobrist::keys();
    std::uint64_t k = 0;
    for (int s = 0; s < SQUARE_NB; ++s)
        if (board_[s] != NO_PIECE) k ^= z.piece_square[board_[s]][s];
    k ^= z.castling[castling_];
    if (ep_legal_) k ^= z.en_passant_file[file_of(ep_square_)];
    if (side_ == BLACK) k ^= z.side;
    return k;
}

bool Position::operator==(const Position& o) const {
    return std::memcmp(board_, o.board_, sizeof board_) == 0 &&
           std::memcmp(ids_, o.ids_, sizeof ids_) == 0 && side_ == o.side_ &&
           castling_ == o.castling_ && ep_square_ == o.ep_square_ &&
           halfmove_clock_ == o.halfmove_clock_ && fullmove_number_ == o.fullmove_number_;
}

bool Position::is_ok(std::string* why) const {
    auto fail = [&](const char* reason) {
        if (why) *why = reason;
        return false;
    };
    Bitboard all = 0;
    for (int s = 0; s < SQUARE_NB; ++s) {
        Piece p = board_[s];
        Bitboard b = square_bb(Square(s));
        if (p == NO_PIECE) {
            if (pieces() & b) return fail("occupied bitboard has an empty square");
            if (ids_[s] != NO_PIECE_ID) return fail("empty square carries a piece id");
            continue;
        }
        if (type_of(p) == NO_PIECE_TYPE || type_of(p) > KING) return fail("bad piece code");
        if (!(pieces(color_of(p), type_of(p)) & b)) return fail("bitboards disagree with board");
        if (ids_[s] == NO_PIECE_ID) return fail("piece without id");
        all |= b;
    }
    if (all != pieces()) return fail("occupied bitboard has extra squares");
    if ((pieces(WHITE) & pieces(BLACK)) || (pieces(WHITE) | pieces(BLACK)) != pieces())
        return fail("colour bitboards inconsistent");
    for (int a = PAWN; a <= KING; ++a)
        for (int b = a + 1; b <= KING; ++b)
            if (pieces(PieceType(a)) & pieces(PieceType(b))) return fail("type bitboards overlap");
    for (int a = 0; a < SQUARE_NB; ++a)
        for (int b = a + 1; b < SQUARE_NB; ++b)
            if (ids_[a] != NO_PIECE_ID && ids_[a] == ids_[b]) return fail("duplicate piece id");
    if (popcount(pieces(WHITE, KING)) != 1 || popcount(pieces(BLACK, KING)) != 1)
        return fail("each side needs exactly one king");
    if (pieces(PAWN) & (RANK_1_BB | RANK_8_BB)) return fail("pawn on first or last rank");
    if (attackers_to(king_square(~side_)) & pieces(side_))
        return fail("side not to move is in check");
    if (checkers_ != (attackers_to(king_square(side_)) & pieces(~side_)))
        return fail("checkers out of date");
    if (key_ != compute_key()) return fail("key out of date");
    if ((castling_ & WHITE_OO) && (board_[SQ_E1] != W_KING || board_[SQ_H1] != W_ROOK))
        return fail("white O-O right without king e1 and rook h1");
    if ((castling_ & WHITE_OOO) && (board_[SQ_E1] != W_KING || board_[SQ_A1] != W_ROOK))
        return fail("white O-O-O right without king e1 and rook a1");
    if ((castling_ & BLACK_OO) && (board_[SQ_E8] != B_KING || board_[SQ_H8] != B_ROOK))
        return fail("black O-O right without king e8 and rook h8");
    if ((castling_ & BLACK_OOO) && (board_[SQ_E8] != B_KING || board_[SQ_A8] != B_ROOK))
        return fail("black O-O-O right without king e8 and rook a8");
    if (ep_square_ != SQ_NONE) {
        if (rank_of(ep_square_) != (side_ == WHITE ? 5 : 2))
            return fail("en passant square on the wrong rank");
        Square pawn = Square(side_ == WHITE ? ep_square_ - 8 : ep_square_ + 8);
        if (board_[pawn] != make_piece(~side_, PAWN))
            return fail("en passant square without the pawn that passed it");
    }
    if (ep_legal_ != (ep_square_ != SQ_NONE && compute_ep_legal()))
        return fail("en passant legality out of date");
    return true;
}

}  // namespace venue::chess
