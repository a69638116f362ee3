#include "io/dgt/dgt_board.h"

namespace venue::io::dgt {

BoardCodes empty_board() {
    BoardCodes b{};
    b.fill(Piece::EMPTY);
    return b;
}

BoardCodes start_position() {
    // DGT order: index 0 = a8. Note queen (12/6) on d, king (11/5) on e.
    return *from_placement("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
}

BoardCodes rotated(const BoardCodes& board) {
    BoardCodes out{};
    for (std::uint8_t i = 0; i < SQUARE_NB; ++i) out[flip(i)] = board[i];
    return out;
}

std::optional<Orientation> detect_orientation(const BoardCodes& board) {
    const BoardCodes start = start_position();
    if (board == start) return Orientation::NORMAL;
    if (board == rotated(start)) return Orientation::ROTATED;
    return std::nullopt;
}

std::string to_placement(const BoardCodes& board) {
    std::string out;
    // DGT index order is already rank 8 first, a-file first: the order FEN is written in.
    for (int row = 0; row < 8; ++row) {
        int empties = 0;
        for (int file = 0; file < 8; ++file) {
            const Piece p = board[static_cast<std::size_t>(row * 8 + file)];
            if (p == Piece::EMPTY) {
                ++empties;
                continue;
            }
            if (empties > 0) out += static_cast<char>('0' + empties);
            empties = 0;
            out += is_magic(p) ? '?' : piece_char(p);
        }
        if (empties > 0) out += static_cast<char>('0' + empties);
        if (row < 7) out += '/';
    }
    return out;
}

std::optional<BoardCodes> from_placement(std::string_view placement) {
    if (const auto space = placement.find(' '); space != std::string_view::npos) {
        placement = placement.substr(0, space);
    }
    BoardCodes b = empty_board();
    int row = 0;
    int file = 0;
    for (const char c : placement) {
        if (c == '/') {
            if (file != 8 || row == 7) return std::nullopt;
            ++row;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8) return std::nullopt;
        } else {
            const auto p = piece_from_char(c);
            if (!p || *p == Piece::EMPTY || file >= 8) return std::nullopt;
            b[static_cast<std::size_t>(row * 8 + file)] = *p;
            ++file;
        }
    }
    if (row != 7 || file != 8) return std::nullopt;
    return b;
}

}  // namespace venue::io::dgt
