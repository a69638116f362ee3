#include "chess/zobrist.h"

namespace venue::chess::zobrist {
namespace {

// splitmix64: each output is a well-mixed function of a counter.
std::uint64_t splitmix(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

Keys build() {
    Keys k{};
    std::uint64_t state = 0x56656E7565ULL;  // "Venue"
    for (auto& row : k.piece_square)
        for (auto& key : row) key = splitmix(state);
    for (auto& key : k.castling) key = splitmix(state);
    for (auto& key : k.en_passant_file) key = splitmix(state);
    k.side = splitmix(state);
    return k;
}

}  // namespace

const Keys& keys() {
    static const Keys k = build();
    return k;
}

}  // namespace venue::chess::zobrist
