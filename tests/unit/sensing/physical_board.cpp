#include "physical_board.h"

#include <algorithm>
#include <cassert>

#include "chess/bitboard.h"

namespace venue::sensing::testing {

using namespace chess;

PhysicalBoard::PhysicalBoard(const Position& start, std::uint64_t seed, HumanStyle style,
                             std::int64_t t0_us)
    : style_(style), board_(placement_of(start)), t_(t0_us), rng_(seed) {
    emit();
}

bool PhysicalBoard::chance(double p) {
    return std::uniform_real_distribution<double>(0.0, 1.0)(rng_) < p;
}

void PhysicalBoard::emit() {
    out_.push_back(Snapshot{board_, t_});
}

void PhysicalBoard::set(Square s, Piece p) {
    board_[s] = p;
    emit();
}

void PhysicalBoard::wait(std::int64_t lo_us, std::int64_t hi_us) {
    t_ += std::uniform_int_distribution<std::int64_t>(lo_us, hi_us)(rng_);
}

void PhysicalBoard::maybe_flicker() {
    if (!chance(style_.flicker)) return;
    ++counts_.flickers;
    const Square s = Square(std::uniform_int_distribution<int>(0, 63)(rng_));
    const Piece was = board_[s];
    Piece ghost = NO_PIECE;
    if (was == NO_PIECE) {
        static constexpr Piece ANY[] = {W_PAWN, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
                                        B_PAWN, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING};
        ghost = ANY[std::uniform_int_distribution<int>(0, 11)(rng_)];
    }
    wait(1'000, style_.settle_us / 5);
    set(s, ghost);
    // Always shorter than the settle time: a flicker must never be read.
    wait(2'000, style_.settle_us * 3 / 5);
    set(s, was);
}

void PhysicalBoard::hand_pause() {
    if (chance(style_.hold_long))
        wait(style_.settle_us + 20'000, 5 * style_.settle_us);
    else
        wait(style_.settle_us / 5, style_.settle_us * 4 / 5);
    maybe_flicker();
}

void PhysicalBoard::slide(Square from, Square to, Piece piece) {
    ++counts_.slides;
    // between_bb gives the squares strictly between plus `to`: walk them from `from` outwards.
    Bitboard path = between_bb(from, to);
    std::vector<Square> steps;
    while (path) steps.push_back(pop_lsb(path));
    std::sort(steps.begin(), steps.end(), [&](Square a, Square b) {
        return std::abs(int(a) - int(from)) < std::abs(int(b) - int(from));
    });
    const bool pause = chance(style_.slide_pause) && steps.size() > 1;
    const std::size_t pause_at =
        pause ? std::uniform_int_distribution<std::size_t>(0, steps.size() - 2)(rng_)
              : steps.size();
    Square at = from;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        wait(8'000, 60'000);
        if (chance(style_.two_squares_seen)) {
            // One scan sees the piece on both squares.
            ++counts_.two_squares;
            set(steps[i], piece);
            wait(2'000, 20'000);
            set(at, NO_PIECE);
        } else {
            board_[steps[i]] = piece;
            set(at, NO_PIECE);
        }
        at = steps[i];
        if (i == pause_at) {
            ++counts_.slide_pauses;
            wait(style_.settle_us + 30'000, 3 * style_.settle_us);
        }
    }
}

void PhysicalBoard::carry(Square from, Square to, Piece set_down) {
    const Piece piece = board_[from];
    assert(board_[to] == NO_PIECE);
    const PieceType pt = type_of(piece);
    const bool line = line_bb(from, to) != 0;
    bool can_slide = set_down == piece && line && pt != KNIGHT;
    Bitboard path = between_bb(from, to) & ~square_bb(to);
    while (path && can_slide) can_slide = board_[pop_lsb(path)] == NO_PIECE;
    if (can_slide && chance(style_.slide)) {
        slide(from, to, piece);
        maybe_flicker();
        return;
    }
    set(from, NO_PIECE);
    hand_pause();
    set(to, set_down);
    maybe_flicker();
}

void PhysicalBoard::make_move(const Position& before, Move m) {
    assert(differing_squares(board_, before) == 0);
    const Square from = m.from(), to = m.to();
    const Color us = before.side_to_move();
    const Piece mover = before.piece_on(from);
    switch (m.kind()) {
        case MoveKind::NORMAL:
        case MoveKind::PROMOTION: {
            const bool capture = before.piece_on(to) != NO_PIECE;
            const bool promo = m.kind() == MoveKind::PROMOTION;
            const Piece final_piece = promo ? make_piece(us, m.promotion()) : mover;
            if (capture && chance(0.5)) {
                // Captured piece off first, then the move.
                ++counts_.captured_first;
                set(to, NO_PIECE);
                hand_pause();
            }
            if (!promo) {
                if (board_[to] == NO_PIECE) {
                    carry(from, to, final_piece);
                } else {
                    // Mover in the hand, captured piece off, mover down.
                    set(from, NO_PIECE);
                    hand_pause();
                    set(to, NO_PIECE);
                    hand_pause();
                    set(to, final_piece);
                }
                break;
            }
            set(from, NO_PIECE);
            hand_pause();
            if (board_[to] != NO_PIECE) {
                set(to, NO_PIECE);
                hand_pause();
            }
            if (chance(style_.pawn_on_last_rank)) {
                ++counts_.pawn_on_last_rank;
                set(to, mover);
                hand_pause();
                set(to, NO_PIECE);
                hand_pause();
            }
            if (m.promotion() != QUEEN && chance(style_.wrong_promotion_first)) {
                // A queen set down and read, then swapped for the piece really chosen.
                ++counts_.promotion_swaps;
                set(to, make_piece(us, QUEEN));
                wait(style_.settle_us + 30'000, 3 * style_.settle_us);
                set(to, NO_PIECE);
                hand_pause();
            }
            set(to, final_piece);
            maybe_flicker();
            break;
        }
        case MoveKind::EN_PASSANT: {
            const Square captured = make_square(file_of(to), rank_of(from));
            const int order = std::uniform_int_distribution<int>(0, 2)(rng_);
            if (order == 0) {
                ++counts_.captured_first;
                set(captured, NO_PIECE);
                hand_pause();
                carry(from, to, mover);
            } else if (order == 1) {
                set(from, NO_PIECE);
                hand_pause();
                set(captured, NO_PIECE);
                hand_pause();
                set(to, mover);
            } else {
                ++counts_.captured_last;
                carry(from, to, mover);
                hand_pause();
                set(captured, NO_PIECE);
            }
            maybe_flicker();
            break;
        }
        case MoveKind::CASTLING: {
            const bool king_side = to > from;
            const Square rook_from = Square(king_side ? from + 3 : from - 4);
            const Square rook_to = Square(king_side ? from + 1 : from - 1);
            const Piece rook = before.piece_on(rook_from);
            const int order = std::uniform_int_distribution<int>(0, 2)(rng_);
            if (order == 0) {
                ++counts_.castled_king_first;
                carry(from, to, mover);
                hand_pause();
                carry(rook_from, rook_to, rook);
            } else if (order == 1) {
                ++counts_.castled_rook_first;
                carry(rook_from, rook_to, rook);
                if (chance(style_.rook_first_settles)) {
                    // The rook stands long enough to be read as a rook move.
                    ++counts_.rook_first_settled;
                    wait(style_.settle_us + 30'000, 3 * style_.settle_us);
                } else {
                    hand_pause();
                }
                carry(from, to, mover);
            } else {
                // Both pieces in the air.
                set(from, NO_PIECE);
                hand_pause();
                set(rook_from, NO_PIECE);
                hand_pause();
                if (chance(0.5)) {
                    set(to, mover);
                    hand_pause();
                    set(rook_to, rook);
                } else {
                    set(rook_to, rook);
                    hand_pause();
                    set(to, mover);
                }
            }
            maybe_flicker();
            break;
        }
    }
    assert(differing_squares(board_, [&] {
               Position after = before;
               after.do_move(m);
               return after;
           }()) == 0);
}

bool PhysicalBoard::want_quick_reply() {
    return chance(style_.quick_reply);
}

void PhysicalBoard::think(bool quick) {
    if (quick) {
        ++counts_.quick_replies;
        wait(style_.settle_us / 10, style_.settle_us * 3 / 5);
        return;
    }
    wait(style_.settle_us + 30'000, 2 * style_.settle_us);
    if (chance(style_.knock_over)) {
        ++counts_.knock_overs;
        Bitboard occupied = 0;
        for (int s = 0; s < 64; ++s)
            if (board_[s] != NO_PIECE) occupied |= square_bb(Square(s));
        int pick = std::uniform_int_distribution<int>(0, popcount(occupied) - 1)(rng_);
        while (pick--) occupied &= occupied - 1;
        const Square s = lsb(occupied);
        const Piece was = board_[s];
        set(s, NO_PIECE);  // a piece lying on its side reads as nothing
        wait(style_.settle_us + 30'000, 4 * style_.settle_us);
        set(s, was);
        wait(style_.settle_us + 30'000, 2 * style_.settle_us);
    }
    wait(0, 8 * style_.settle_us);
}

}  // namespace venue::sensing::testing
