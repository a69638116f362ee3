// Chessball's pre-agreed conditions (catalogue CB-6.1 and the CB-A defaults): the keys of the
// venue file's [match.chessball] table, and the registry's description of the game.
#pragma once

#include <cstdint>

#include "games/chessball/rules/file_ownership.h"
#include "venue/game_rules.h"

namespace venue::games::chessball {

// CB-A1: which file makes a man a player's.
enum class Ownership : std::uint8_t {
    CURRENT_FILE,  // the default: the file the man stands on when it moves (CB-3.3, CB-6.4.4)
    START_FILE,    // the file it stood on at the start (CB-2.3's "beginning of the verticals")
};

// CB-A21: a removal whose men shield their own king (taking them off would leave the side not
// to move in check). `apply_anyway` is not offered: the position would be illegal (the side to
// move could take the king), and the chess core refuses it.
enum class RemovalExposesKing : std::uint8_t {
    ARBITER,              // the default: the clock pauses, every man stays; the judge decides
    KEEP_BLOCKING_PIECE,  // the others come off at once; the shielding man stays
};

// CB-A2: who may castle when the king's file and the rook's have different owners.
enum class Castling : std::uint8_t {
    KING_OWNER,       // the default: the owner of the king's file (castling is a king move)
    SAME_OWNER_ONLY,  // only a player who owns both files
    ROOK_OWNER_TOO,   // the owner of either file
    FORBIDDEN,        // no castling at all
};

// CB-A3: two presses of the team on move in one hub sample (a true tie).
enum class ClaimTie : std::uint8_t {
    RANDOM,       // the default: the hub's seeded draw (LFSR16, its state logged) picks one
    REJECT_BOTH,  // every press of the tie is refused; the players press again
};

// CB-A5: the claim holder presses his button again, without a move on the board.
enum class ClaimRelease : std::uint8_t {
    ALLOWED,    // the default: the claim goes back to the team; its clock runs on
    FORBIDDEN,  // refused: he keeps the claim until his move (or the judge releases it)
    WARNING,    // released, and a warning for him is proposed to the judge
};

// CB-A13: repetition, which the seed does not list among the draws.
enum class Repetition : std::uint8_t {
    FIVEFOLD_AUTO,   // the default: the Laws' automatic fivefold (Art. 9.6.1)
    OFF,             // no draw by repetition at all
    THREEFOLD_AUTO,  // a position appearing the third time draws, without a claim
};

struct ChessballRules {
    Ownership ownership = Ownership::CURRENT_FILE;  // CB-A1 (CB-A20 follows it)
    bool auto_warnings = false;              // CB-6.4.2.2: false = the judge confirms each one
    std::int64_t warning_bonus_ms = 120000;  // CB-6.4.2.5: to the opposing team per warning
    bool third_warning_bonus = true;         // CB-A19
    int warnings_to_remove = 3;              // CB-6.4.3.1
    RemovalExposesKing removal_exposes_king = RemovalExposesKing::ARBITER;  // CB-A21
    Castling castling = Castling::KING_OWNER;                               // CB-A2
    bool claim_without_moves = false;    // CB-A4: grant a claim with no legal move (he releases)
    int fifty_move_plies = 100;          // CB-A12: 100 (50 moves a team) or 50
    bool release_after_illegal = false;  // CB-A17: the claim goes back to the team (else kept)
    bool pause_on_illegal = false;       // CB-A18: the clocks stop while the board is restored
    bool all_removed_forfeit = true;     // CB-A23: a team with nobody left forfeits (else judge)
    bool touch_move = true;  // CB-A9: the holder's first lifted man must move (judge flagged)
    ClaimTie claim_tie = ClaimTie::RANDOM;               // CB-A3
    ClaimRelease claim_release = ClaimRelease::ALLOWED;  // CB-A5, by the holder's own press
    bool destination_restricted = false;  // CB-A7: the target square must be on his files too
    bool flag_strict_loss = false;        // CB-A10: a flag always loses (else the Laws' 6.9)
    bool fifty_move_claim = false;        // CB-A12: a captain claims it (else automatic)
    Repetition repetition = Repetition::FIVEFOLD_AUTO;  // CB-A13
    bool captain_draw_offers = false;  // CB-A14: captains may offer and accept draws (the judge
                                       // enters them)
    int captain_timeouts = 0;          // CB-A15: time-outs per team and game (0: none)
    std::int64_t captain_timeout_ms = 60000;  // CB-A15: how long each one stops the clocks
    // CB-6.1's recorded conditions: without a judge nobody confirms a warning, so they apply at
    // once; the one-hand rule (CB-4.1) is not sensed, the judge warns for it.
    Succession succession;  // CB-A22: the successor scan of CB-6.4.4.3-4
    // CB-A25: reserves (players without files) may replace a player while his team's clock is
    // stopped (the judge enters the substitution).
    bool substitutes = false;
    bool publish_allocation = true;  // CB-A24: the public feeds show who owns which file
    bool judge_present = true;
    bool one_hand = false;

    // The rules a match config sets (absent keys keep their defaults), and back.
    static ChessballRules of(const engine::MatchConfig& config);
    void write_to(engine::MatchConfig& config) const;
};

// The registry's entry (host/games/registered_games.cpp).
const engine::GameRules& rules();

}  // namespace venue::games::chessball
