// Forsyth-Edwards Notation: Position::from_fen and Position::fen.
#include <charconv>
#include <vector>

#include "chess/position.h"

namespace venue::chess {
namespace {

constexpr std::string_view PIECE_CHARS = " PNBRQK  pnbrqk";

std::vector<std::string_view> split_fields(std::string_view s) {
    std::vector<std::string_view> fields;
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
        size_t j = i;
        while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
        if (j > i) fields.push_back(s.substr(i, j - i));
        i = j;
    }
    return fields;
}

bool parse_int(std::string_view s, int& out) {
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && ptr == s.data() + s.size();
}

std::string square_name(Square s) {
    return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

}  // namespace

Result<Position, FenError> Position::from_fen(std::string_view fen) {
    auto err = [](int field, std::string msg) {
        return unexpected(FenError{field, std::move(msg)});
    };
    auto fields = split_fields(fen);
    if (fields.empty()) return err(1, "empty string");
    if (fields.size() < 4)
        return err(int(fields.size()) + 1, "missing (a FEN has 6 fields, at least 4 are needed)");
    if (fields.size() > 6) return err(7, "unexpected extra text '" + std::string(fields[6]) + "'");

    Position pos;
    // Field 1: ranks 8 to 1, separated by '/'.
    int rank = 7, file = 0;
    for (char c : fields[0]) {
        if (c == '/') {
            if (file != 8)
                return err(1, "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                                  " squares, not 8");
            if (--rank < 0) return err(1, "more than 8 ranks");
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8) return err(1, "rank " + std::to_string(rank + 1) + " is longer than 8");
        } else if (c == '0' || c == '9') {
            return err(1, std::string("'") + c + "' is not a count of 1 to 8 empty squares");
        } else {
            size_t idx = PIECE_CHARS.find(c);
            if (idx == std::string_view::npos || c == ' ')
                return err(1, std::string("unknown piece letter '") + c + "'");
            if (file > 7) return err(1, "rank " + std::to_string(rank + 1) + " is longer than 8");
            Square s = make_square(file, rank);
            pos.put_piece(Piece(idx), s, PieceId(s));
            ++file;
        }
    }
    if (rank != 0) return err(1, "only " + std::to_string(8 - rank) + " ranks, not 8");
    if (file != 8) return err(1, "rank 1 has " + std::to_string(file) + " squares, not 8");
    for (Color c : {WHITE, BLACK}) {
        int kings = popcount(pos.pieces(c, KING));
        if (kings != 1)
            return err(1, std::string(c == WHITE ? "white" : "black") + " has " +
                              std::to_string(kings) + " kings, not 1");
    }
    if (pos.pieces(PAWN) & (RANK_1_BB | RANK_8_BB)) return err(1, "a pawn stands on rank 1 or 8");

    // Field 2.
    if (fields[1] == "w")
        pos.side_ = WHITE;
    else if (fields[1] == "b")
        pos.side_ = BLACK;
    else
        return err(2, "'" + std::string(fields[1]) + "' is neither 'w' nor 'b'");
    if (pos.attackers_to(pos.king_square(~pos.side_)) & pos.pieces(pos.side_))
        return err(2, "the side not to move is in check");

    // Field 3.
    if (fields[2] != "-") {
        for (char c : fields[2]) {
            std::uint8_t right;
            Square king, rook;
            Piece king_piece, rook_piece;
            switch (c) {
                case 'K':
                    right = WHITE_OO, king = SQ_E1, rook = SQ_H1;
                    break;
                case 'Q':
                    right = WHITE_OOO, king = SQ_E1, rook = SQ_A1;
                    break;
                case 'k':
                    right = BLACK_OO, king = SQ_E8, rook = SQ_H8;
                    break;
                case 'q':
                    right = BLACK_OOO, king = SQ_E8, rook = SQ_A8;
                    break;
                default:
                    return err(3, std::string("unknown castling letter '") + c + "'");
            }
            if (pos.castling_ & right) return err(3, std::string("letter '") + c + "' repeated");
            Color color = (c == 'K' || c == 'Q') ? WHITE : BLACK;
            king_piece = make_piece(color, KING);
            rook_piece = make_piece(color, ROOK);
            if (pos.board_[king] != king_piece || pos.board_[rook] != rook_piece)
                return err(3, std::string("right '") + c + "' needs the king on " +
                                  square_name(king) + " and a rook on " + square_name(rook));
            pos.castling_ |= right;
        }
    }

    // Field 4.
    if (fields[3] != "-") {
        std::string_view f = fields[3];
        if (f.size() != 2 || f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8')
            return err(4, "'" + std::string(f) + "' is not a square");
        Square ep = make_square(f[0] - 'a', f[1] - '1');
        int expected_rank = pos.side_ == WHITE ? 5 : 2;
        if (rank_of(ep) != expected_rank)
            return err(4, std::string(f) + " is not on rank " + std::to_string(expected_rank + 1));
        Square pawn = Square(pos.side_ == WHITE ? ep - 8 : ep + 8);
        Square origin = Square(pos.side_ == WHITE ? ep + 8 : ep - 8);
        if (pos.board_[pawn] != make_piece(~pos.side_, PAWN) || !pos.empty(ep) ||
            !pos.empty(origin))
            return err(4, "no pawn can just have passed " + std::string(f));
        pos.ep_square_ = ep;
    }

    // Fields 5 and 6 (optional).
    if (fields.size() > 4 &&
        (!parse_int(fields[4], pos.halfmove_clock_) || pos.halfmove_clock_ < 0))
        return err(5, "'" + std::string(fields[4]) + "' is not a non-negative number");
    if (fields.size() > 5 &&
        (!parse_int(fields[5], pos.fullmove_number_) || pos.fullmove_number_ < 1))
        return err(6, "'" + std::string(fields[5]) + "' is not a positive number");

    pos.update_derived();
    if (popcount(pos.checkers_) > 2) return err(1, "more than two pieces give check");
    return pos;
}

std::string fen_placement(const Piece* board) {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empty_run = 0;
        for (int file = 0; file < 8; ++file) {
            Piece p = board[make_square(file, rank)];
            if (p == NO_PIECE) {
                ++empty_run;
                continue;
            }
            if (empty_run) out += char('0' + empty_run);
            empty_run = 0;
            out += PIECE_CHARS[p];
        }
        if (empty_run) out += char('0' + empty_run);
        if (rank) out += '/';
    }
    return out;
}

std::string Position::fen() const {
    std::string out = fen_placement(board_);
    out += side_ == WHITE ? " w " : " b ";
    if (!castling_) out += '-';
    if (castling_ & WHITE_OO) out += 'K';
    if (castling_ & WHITE_OOO) out += 'Q';
    if (castling_ & BLACK_OO) out += 'k';
    if (castling_ & BLACK_OOO) out += 'q';
    out += ' ';
    out += ep_square_ == SQ_NONE ? std::string("-") : square_name(ep_square_);
    out += ' ' + std::to_string(halfmove_clock_) + ' ' + std::to_string(fullmove_number_);
    return out;
}

}  // namespace venue::chess
