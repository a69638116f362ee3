#include "io/dgt/dgt_square.h"

namespace venue::io::dgt {

std::string square_name(std::uint8_t index) {
    if (!is_valid_index(index)) return "??";
    return {static_cast<char>('a' + file_of(index)), static_cast<char>('1' + rank_of(index))};
}

std::optional<std::uint8_t> parse_square(std::string_view name) {
    if (name.size() != 2) return std::nullopt;
    char f = name[0];
    if (f >= 'A' && f <= 'H') f = static_cast<char>(f - 'A' + 'a');
    const char r = name[1];
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return std::nullopt;
    return dgt_index(f - 'a', r - '1');
}

}  // namespace venue::io::dgt
