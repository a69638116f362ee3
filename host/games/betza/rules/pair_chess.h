// The chess played on one pushed-together pair of half-boards (BETZA-1, BETZA-4, BETZA-7.1,
// BETZA-7.2, BETZA-7.4, BETZA-8, BETZA-A4..A7, BETZA-A10, BETZA-A20).
//
// The two half-boards are copied into one 8x8 mailbox (BETZA-4.3) that knows each piece's army,
// and moves are chess::Move values on that board (castling: king from -> king to, as in the chess
// core). A mailbox, not the core's bitboards: a pawn's direction depends on the half-board it
// stands on and friend or foe on the armies' controllers, which a two-colour generator cannot say.
//
// Whose king is guarded: the moving army's own king, on this pair only (BETZA-8, BETZA-7.4). Kings
// of other armies the same player controls are not: the catalogue's Rule 8 speaks of "its own
// king", and a co-controlled king left in check is no foe's to mate (BETZA-7 mates only kings of
// armies the mover does not control). docs/games/betza.md gives the reasoning.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "games/betza/rules/army_position.h"
#include "games/betza/rules/betza_rules.h"

namespace venue::games::betza {

struct JoinedBoard {
    Pair pair;
    std::array<Man, 64> squares{};

    static JoinedBoard of(const ArmyPosition& position, const Pair& pair);
    // Puts the 64 squares back on the pair's two half-boards.
    void write_back(ArmyPosition& position) const;
    const Man& at(chess::Square s) const { return squares[std::size_t(s)]; }
};

// Whether a piece of `army` may capture `target` (BETZA-7.1, BETZA-A20: never a co-controlled
// piece unless the option allows it, never its own army's; BETZA-A10: never a king).
bool may_capture(const ArmyPosition& position, const BetzaRules& rules, int army,
                 const Man& target);

// The rank step of the pawn of `army` standing on joined square `sq` (BETZA-X.1, BETZA-A4).
int pawn_step(const BetzaRules& rules, int army, const Pair& pair, chess::Square sq);

// The squares of the pieces that attack `sq` on the joined board and whose controller is not
// `defender_controller` (BETZA-7.1, BETZA-7.2: alliances do not count).
std::vector<chess::Square> foe_attackers(const ArmyPosition& position, const BetzaRules& rules,
                                         const JoinedBoard& board, chess::Square sq,
                                         int defender_controller);

// Whether the army's king stands on the pair and is attacked there by a piece of another player.
bool in_check(const ArmyPosition& position, const BetzaRules& rules, int army, const Pair& pair);
// The squares (joined board) of the pieces giving that check.
std::vector<chess::Square> checkers(const ArmyPosition& position, const BetzaRules& rules, int army,
                                    const Pair& pair);

// Every legal move of `army` on `pair`: pseudo-legal chess moves of its pieces on the joined board
// that do not leave its own king attacked on that pair. `passing` is the en passant chance the
// army may take on this pair now, if any (the turn logic decides: BETZA-A5).
std::vector<chess::Move> legal_moves(const ArmyPosition& position, const BetzaRules& rules,
                                     int army, const Pair& pair,
                                     const std::optional<PassingChance>& passing);

// Whether the army is checkmated on the pair: in check there and no legal reply there (BETZA-7,
// BETZA-8).
bool is_mated(const ArmyPosition& position, const BetzaRules& rules, int army, const Pair& pair,
              const std::optional<PassingChance>& passing);

// What a move did, for the turn logic and the record.
struct PlayedMove {
    Man captured;                              // empty when nothing was taken
    std::optional<PassingChance> double_step;  // set when a pawn advanced two squares
};

// Plays a legal move (from legal_moves) on the pair, stamping the moved piece with the next move
// number. A double step fills `double_step` except `for_army` and `turn`, which the caller knows.
PlayedMove play_on_pair(ArmyPosition& position, const Pair& pair, chess::Move move,
                        const std::optional<PassingChance>& passing);

}  // namespace venue::games::betza
