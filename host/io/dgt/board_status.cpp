#include "io/dgt/board_status.h"

#include <array>

namespace venue::io::dgt {

const char* state_name(BoardLinkState s) {
    switch (s) {
        case BoardLinkState::DISCONNECTED:
            return "disconnected";
        case BoardLinkState::CONNECTING:
            return "connecting";
        case BoardLinkState::CONNECTED:
            return "connected";
        case BoardLinkState::SILENT:
            return "silent";
    }
    return "?";
}

const char* source_name(OrientationSource s) {
    switch (s) {
        case OrientationSource::ASSUMED:
            return "assumed";
        case OrientationSource::DETECTED:
            return "detected";
        case OrientationSource::SET:
            return "set";
    }
    return "?";
}

chess::Piece to_chess_piece(Piece p) {
    // A table, not arithmetic: DGT puts the king before the queen, the chess core after it.
    static constexpr std::array<chess::Piece, PIECE_CODE_NB> TABLE{
        chess::NO_PIECE, chess::W_PAWN,   chess::W_ROOK,   chess::W_KNIGHT,
        chess::W_BISHOP, chess::W_KING,   chess::W_QUEEN,  chess::B_PAWN,
        chess::B_ROOK,   chess::B_KNIGHT, chess::B_BISHOP, chess::B_KING,
        chess::B_QUEEN,  chess::NO_PIECE, chess::NO_PIECE, chess::NO_PIECE,
    };
    return TABLE[code_of(p) & 0x0f];
}

chess::Square to_chess_square(std::uint8_t sensor, Orientation o) {
    if (!is_valid_index(sensor)) return chess::SQ_NONE;
    const std::uint8_t normal = orient(sensor, o);
    return chess::make_square(file_of(normal), rank_of(normal));
}

sensing::Placement to_chess_placement(const BoardCodes& board, Orientation o) {
    sensing::Placement out{};
    for (std::uint8_t i = 0; i < SQUARE_NB; ++i)
        out[to_chess_square(i, o)] = to_chess_piece(board[i]);
    return out;
}

}  // namespace venue::io::dgt
