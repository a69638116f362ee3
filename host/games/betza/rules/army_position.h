// Where every army's pieces stand on the N half-boards, and who controls each army: the state the
// chess side of the rules reads (BETZA-2, BETZA-2.1, BETZA-3.1, BETZA-7).
//
// Boards and armies share their numbers: army i starts on half-board i (its home board), and
// player i starts controlling army i. Boards are not owned by anyone (BETZA-A18): a home board
// matters only for pawns (BETZA-A4) and castling (BETZA-A6).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "games/betza/rules/geometry.h"

namespace venue::games::betza {

constexpr int NO_ARMY = -1;
constexpr int NO_PLAYER = -1;

// One piece and the army it belongs to (BETZA-2.1: the host tracks identity, BETZA-A21).
struct Man {
    chess::PieceType type = chess::NO_PIECE_TYPE;
    std::int8_t army = NO_ARMY;
    bool moved = false;          // castling (BETZA-A6): a king or rook that never moved
    std::uint32_t moved_at = 0;  // number of the last move that moved it (0: never); BETZA-A11

    bool empty() const { return type == chess::NO_PIECE_TYPE; }
    bool operator==(const Man&) const = default;
};

// A pawn that has just advanced two squares, and who may take it in passing (BETZA-A5).
struct PassingChance {
    Pair pair;               // the pair of the double step: the capture must be on the same boards
    HalfSquare skipped;      // the square the pawn passed over
    HalfSquare pawn;         // where the pawn stands
    int for_army = NO_ARMY;  // the army next in batting order when the pawn moved
    std::uint32_t turn = 0;  // the turn in which it moved
    bool operator==(const PassingChance&) const = default;
};

struct ArmyPosition {
    int armies = 0;  // = the number of half-boards
    std::array<std::array<Man, HALF_SQUARES>, MAX_ARMIES> boards{};
    std::array<int, MAX_ARMIES> controller{};  // player id of each army
    std::array<Layout, MAX_ARMIES> layout{};
    std::array<bool, MAX_ARMIES> retired{};  // removed from play (BETZA-A12 eliminate_army)
    std::uint32_t moves_played = 0;

    // Every army on its home board, in its layout; player i controls army i.
    static ArmyPosition start(const std::vector<Layout>& layouts);

    const Man& at(const HalfSquare& s) const {
        return boards[std::size_t(s.board)][std::size_t(s.index())];
    }
    Man& at(const HalfSquare& s) { return boards[std::size_t(s.board)][std::size_t(s.index())]; }
    // The square of the army's king (BETZA-A19: kings are never captured, so there is one).
    std::optional<HalfSquare> king_of(int army) const;
    // Whether any piece of the army stands on the board.
    bool has_piece_on(int army, int board) const;
    // Whether two armies are friends: controlled by the same player (BETZA-7.1).
    bool co_controlled(int army_a, int army_b) const {
        return controller[std::size_t(army_a)] == controller[std::size_t(army_b)];
    }
    // The armies player controls, in army order.
    std::vector<int> armies_of(int player) const;

    bool operator==(const ArmyPosition&) const = default;
};

}  // namespace venue::games::betza
