#include "io/dgt/dgt_piece.h"

#include <string_view>

namespace venue::io::dgt {

namespace {
// Indexed by piece code; the order follows the DGT table (king before queen).
constexpr std::string_view PIECE_CHARS = ".PRNBKQprnbkq123";
}  // namespace

char piece_char(Piece p) {
    return PIECE_CHARS[code_of(p) & 0x0f];
}

std::optional<Piece> piece_from_char(char c) {
    // Only the chess letters and '.': the magic pieces are never placed by name.
    for (std::uint8_t code = 0; code <= code_of(Piece::B_QUEEN); ++code) {
        if (PIECE_CHARS[code] == c) return Piece(code);
    }
    return std::nullopt;
}

}  // namespace venue::io::dgt
