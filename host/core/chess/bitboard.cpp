#include "chess/bitboard.h"

#include <cstdlib>
#include <vector>

namespace venue::chess::detail {
namespace {

// xorshift64*: tiny, fast and good enough to find magic numbers. The seed is
// fixed so the tables (and their memory layout) are the same on every run.
class MagicRng {
  public:
    explicit MagicRng(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next() {
        s_ ^= s_ >> 12;
        s_ ^= s_ << 25;
        s_ ^= s_ >> 27;
        return s_ * 2685821657736338717ULL;
    }
    // Few set bits make good magic candidates.
    std::uint64_t sparse() { return next() & next() & next(); }

  private:
    std::uint64_t s_;
};

bool on_board(int file, int rank) {
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

// Attacks of a slider on an occupied board, by walking each ray: slow, used
// only to fill the tables.
Bitboard slide(Square s, Bitboard occupied, const int (*dirs)[2]) {
    Bitboard attacks = 0;
    for (int d = 0; d < 4; ++d) {
        int f = file_of(s) + dirs[d][0], r = rank_of(s) + dirs[d][1];
        while (on_board(f, r)) {
            Square t = make_square(f, r);
            attacks |= square_bb(t);
            if (occupied & square_bb(t)) break;
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return attacks;
}

constexpr int ROOK_DIRS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BISHOP_DIRS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Rook needs at most 2^12 entries per square, bishop 2^9.
std::vector<Bitboard>& rook_table() {
    static std::vector<Bitboard> t(0x19000);
    return t;
}
std::vector<Bitboard>& bishop_table() {
    static std::vector<Bitboard> t(0x1480);
    return t;
}

void init_magics(Magic* magics, Bitboard* table, const int (*dirs)[2], std::uint64_t seed) {
    MagicRng rng(seed);
    std::vector<Bitboard> occupancy(4096), reference(4096);
    std::vector<int> epoch(4096, 0);
    int attempt = 0;
    Bitboard* next_slot = table;

    for (int sq = 0; sq < 64; ++sq) {
        Square s = Square(sq);
        // Edges never matter for the square's own ray ends, except on the edge it stands on.
        Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) |
                         ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
        Magic& m = magics[sq];
        m.mask = slide(s, 0, dirs) & ~edges;
        m.shift = unsigned(64 - popcount(m.mask));
        m.attacks = next_slot;

        // Every subset of the mask (Carry-Rippler enumeration) and its attack set.
        int size = 0;
        Bitboard b = 0;
        do {
            occupancy[size] = b;
            reference[size] = slide(s, b, dirs);
            ++size;
            b = (b - m.mask) & m.mask;
        } while (b);

        for (;;) {
            m.magic = rng.sparse();
            if (popcount((m.mask * m.magic) >> 56) < 6) continue;
            ++attempt;
            bool ok = true;
            for (int i = 0; i < size && ok; ++i) {
                unsigned idx = m.index(occupancy[i]);
                if (epoch[idx] < attempt) {
                    epoch[idx] = attempt;
                    next_slot[idx] = reference[i];
                } else if (next_slot[idx] != reference[i]) {
                    ok = false;
                }
            }
            if (ok) break;
        }
        next_slot += size;
    }
}

Tables build() {
    Tables t{};
    for (int sq = 0; sq < 64; ++sq) {
        Square s = Square(sq);
        int f = file_of(s), r = rank_of(s);
        auto add = [&](Bitboard& bb, int df, int dr) {
            if (on_board(f + df, r + dr)) bb |= square_bb(make_square(f + df, r + dr));
        };
        add(t.pawn_attacks[WHITE][sq], -1, 1);
        add(t.pawn_attacks[WHITE][sq], 1, 1);
        add(t.pawn_attacks[BLACK][sq], -1, -1);
        add(t.pawn_attacks[BLACK][sq], 1, -1);
        for (auto [df, dr] :
             {std::pair{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}})
            add(t.knight_attacks[sq], df, dr);
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr)
                if (df || dr) add(t.king_attacks[sq], df, dr);
    }

    init_magics(t.rook_magics, rook_table().data(), ROOK_DIRS, 0x9E3779B97F4A7C15ULL);
    init_magics(t.bishop_magics, bishop_table().data(), BISHOP_DIRS, 0xD1B54A32D192ED03ULL);

    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            Square sa = Square(a), sb = Square(b);
            t.between[a][b] = square_bb(sb);
            if (a == b) continue;
            for (const auto* dirs : {ROOK_DIRS, BISHOP_DIRS}) {
                if (slide(sa, 0, dirs) & square_bb(sb)) {
                    t.line[a][b] =
                        (slide(sa, 0, dirs) & slide(sb, 0, dirs)) | square_bb(sa) | square_bb(sb);
                    t.between[a][b] |=
                        slide(sa, square_bb(sb), dirs) & slide(sb, square_bb(sa), dirs);
                }
            }
        }
    }
    return t;
}

}  // namespace

const Tables& tables() {
    static const Tables t = build();
    return t;
}

const Tables& TABLES = tables();

}  // namespace venue::chess::detail
