// Chessball's pre-agreed conditions (catalogue CB-6.1 and the CB-A defaults): the keys of the
// venue file's [match.chessball] table, and the registry's description of the game.
#pragma once

#include <cstdint>

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

    // The rules a match config sets (absent keys keep their defaults), and back.
    static ChessballRules of(const engine::MatchConfig& config);
    void write_to(engine::MatchConfig& config) const;
};

// The registry's entry (host/games/registered_games.cpp).
const engine::GameRules& rules();

}  // namespace venue::games::chessball
