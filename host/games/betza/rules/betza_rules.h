// The pre-agreed conditions of Betza's Chess for Any Number of Players: one field per ambiguity
// of the catalogue's table (BETZA-A1..A21), each at the catalogue's default, with the listed
// alternatives. The keys are those of the venue file's [match.betza] table; `options()` describes
// each key once (engine::GameOption) so that the loader, the wizard and the doc can use them when
// the game is registered.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/betza/rules/geometry.h"
#include "venue/game_options.h"

namespace venue::games::betza {

// BETZA-A1: which reconstruction of the lost rules 3, 5, 6, 7 and 9 (and of the 1995 Rules 6-8)
// the engine plays. Only one is known; a corrected text will be a new value, never a silent
// change of this one.
enum class RulesVersion : std::uint8_t {
    RECONSTRUCTED_V1
};
enum class BattingOrder : std::uint8_t {
    RANDOM,             // A2 default: drawn from the match's seed
    SEATING_CLOCKWISE,  // army 0, 1, ..., N-1
    ARBITER_ENTERED     // the order the arbiter types in (BetzaRules::entered_order)
};
enum class LayoutRule : std::uint8_t {
    ALTERNATE,       // A3 default: White layout, Black layout, ... in batting order
    ALL_WHITE,       // every army queen-on-d
    PER_ARMY_CHOICE  // BetzaRules::chosen_layouts, army by army
};
enum class PawnForward : std::uint8_t {
    AWAY_FROM_JOIN_ON_FOREIGN,  // A4/X.1 default
    ALWAYS_TOWARD_JOIN
};
enum class PromotionZone : std::uint8_t {
    FOREIGN_OUTER_EDGE,  // A4 default
    ANY_OUTER_EDGE
};
enum class EnPassant : std::uint8_t {
    NEXT_ARMY_SAME_PAIR,  // A5 default
    OFF
};
enum class ExtraMoves : std::uint8_t {
    OPTIONAL,  // A8 default
    NONE,      // one move per turn
    COMPULSORY_WHEN_LEGAL
};
enum class Capturer : std::uint8_t {
    MOVER,                        // A9 default
    CONTROLLER_OF_CHECKING_PIECE  // tie (several controllers) -> the mover
};
enum class PrecheckPairs : std::uint8_t {
    ALLOWED,  // A10 default
    FORBIDDEN
};
enum class SelfMateCapturer : std::uint8_t {
    LAST_CHECKING_MOVER,  // A11 default
    ARBITER
};
enum class Stalemate : std::uint8_t {
    SKIP_TURN,  // A12 default
    ELIMINATE_ARMY,
    DRAW_GAME
};
// A13: AUTO is the catalogue's default, off for N >= 3 and the Laws' rule for N = 2.
enum class DrawRule : std::uint8_t {
    AUTO,
    ON,
    OFF
};
enum class Scoring : std::uint8_t {
    LAST_ALIVE,  // A17 default
    PLACE_POINTS
};

struct BetzaRules {
    RulesVersion rules_version = RulesVersion::RECONSTRUCTED_V1;  // A1, N.1
    BattingOrder order = BattingOrder::RANDOM;                    // A2, BETZA-3
    std::vector<int> entered_order;                               // A2 arbiter_entered: armies
    LayoutRule layout = LayoutRule::ALTERNATE;                    // A3
    std::vector<Layout> chosen_layouts;                           // A3 per_army_choice: by army
    PawnForward pawn_forward = PawnForward::AWAY_FROM_JOIN_ON_FOREIGN;            // A4, X.1
    PromotionZone promotion_zone = PromotionZone::FOREIGN_OUTER_EDGE;             // A4
    EnPassant en_passant = EnPassant::NEXT_ARMY_SAME_PAIR;                        // A5
    bool castling = true;                                                         // A6
    ExtraMoves extra_moves = ExtraMoves::OPTIONAL;                                // A8, BETZA-6
    Capturer capturer = Capturer::MOVER;                                          // A9, BETZA-7
    PrecheckPairs precheck_pairs = PrecheckPairs::ALLOWED;                        // A10
    SelfMateCapturer self_mate_capturer = SelfMateCapturer::LAST_CHECKING_MOVER;  // A11
    Stalemate stalemate = Stalemate::SKIP_TURN;                                   // A12
    DrawRule fifty_move = DrawRule::AUTO;                                         // A13
    DrawRule repetition = DrawRule::AUTO;                                         // A13
    bool record_alliances = false;                                                // A14
    std::int64_t clock_ms = 0;       // A15: 0 = untimed; else per_army_countdown of this many ms
    bool friendly_reassign = false;  // A16, BETZA-9.1
    Scoring scoring = Scoring::LAST_ALIVE;  // A17
    bool capture_own_controlled = false;    // A20, BETZA-7.1
    bool rfid_pieces = false;               // A21: pieces identify themselves (record only)

    // The rules a [match.betza] option map sets (absent or unknown values keep the default), and
    // back: of(write_to(r)) == r for every r.
    static BetzaRules of(const engine::GameOptions& options);
    void write_to(engine::GameOptions& options) const;
    // Why these rules cannot run a game of `armies` armies, naming the clause; nullopt if they can.
    std::optional<std::string> problem(int armies) const;

    bool operator==(const BetzaRules&) const = default;
};

// A13: whether the Laws' 50-move and repetition rules apply to a game of `armies` armies.
bool fifty_move_applies(const BetzaRules& rules, int armies);
bool repetition_applies(const BetzaRules& rules, int armies);

// Every key of [match.betza], described once (kind, default, choices, clause, help).
std::vector<engine::GameOption> betza_options();

}  // namespace venue::games::betza
