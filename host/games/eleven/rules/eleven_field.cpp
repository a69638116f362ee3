#include "games/eleven/rules/eleven_field.h"

#include <algorithm>

namespace venue::games::eleven {

using namespace chess;

std::array<Square, 2> goal_squares(Color side) {
    return side == WHITE ? std::array<Square, 2>{SQ_D1, SQ_E1}
                         : std::array<Square, 2>{SQ_D8, SQ_E8};
}

bool is_goal_square(Color side, Square s) {
    const auto g = goal_squares(side);
    return s == g[0] || s == g[1];
}

Square king_home(Color side, const ElevenRules& rules) {
    if (rules.king_square == KingSquare::E_FILE) return side == WHITE ? SQ_E1 : SQ_E8;
    // a1 is dark: d1 is light (White's colour), d8 dark (Black's). Both are on the d-file.
    return side == WHITE ? SQ_D1 : SQ_D8;
}

Square corner_square(Square aimed) {
    const int rank = rank_of(aimed);
    return make_square(file_of(aimed) <= 3 ? 0 : 7, rank);
}

bool in_centre(Square s, const ElevenRules& rules) {
    return std::find(rules.centre.begin(), rules.centre.end(), s) != rules.centre.end();
}

namespace {

Piece piece_of_letter(char c) {
    // Indexed by the Piece's value: W_PAWN = 1 ... W_KING = 6, B_PAWN = 9 ... B_KING = 14.
    const std::string_view letters = " PNBRQK  pnbrqk";
    const std::size_t i = c == ' ' ? std::string_view::npos : letters.find(c);
    return i == std::string_view::npos ? NO_PIECE : Piece(i);
}

char letter_of(Piece p) {
    const char* white = " PNBRQK";
    const char* black = " pnbrqk";
    return color_of(p) == WHITE ? white[type_of(p)] : black[type_of(p)];
}

}  // namespace

Result<Placement, std::string> placement_of(std::string_view board) {
    Placement p{};
    int rank = 7, file = 0;
    for (std::size_t i = 0; i < board.size(); ++i) {
        const char c = board[i];
        const std::string at =
            "character " + std::to_string(i + 1) + " ('" + std::string(1, c) + "')";
        if (c == '/') {
            if (file != 8)
                return unexpected(at + ": rank " + std::to_string(rank + 1) + " has " +
                                  std::to_string(file) + " squares, not 8");
            if (--rank < 0) return unexpected(at + ": more than 8 ranks");
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8) return unexpected(at + ": more than 8 squares in the rank");
        } else {
            const Piece piece = piece_of_letter(c);
            if (piece == NO_PIECE) return unexpected(at + ": not a piece (PNBRQK, pnbrqk)");
            if (file > 7) return unexpected(at + ": more than 8 squares in the rank");
            p[make_square(file++, rank)] = piece;
        }
    }
    if (rank != 0 || file != 8)
        return unexpected("the board has " + std::to_string(8 - rank) + " rank(s) and ends after " +
                          std::to_string(file) + " squares: 8 of 8 needed");
    return p;
}

std::string board_text(const Placement& p) {
    std::string s;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const Piece piece = p[make_square(file, rank)];
            if (piece == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) s += char('0' + empty);
            empty = 0;
            s += letter_of(piece);
        }
        if (empty) s += char('0' + empty);
        if (rank) s += '/';
    }
    return s;
}

}  // namespace venue::games::eleven
