// A side's formation (catalogue C11-FORM-*, C11-SUB-*, C11-A1..A3, A16): what the host checks
// while the players set their pieces on the board in the formation phase, and the default
// formation a reset or a timed-out invalid formation falls back to.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "games/eleven/rules/eleven_field.h"

namespace venue::games::eleven {

// One thing wrong with a formation: the clause it breaks and what a player is told.
struct FormationProblem {
    std::string clause;  // "C11-FORM-6"
    std::string words;   // "no White pawn in front of the king (d2)"
};

// What the round allows the side: the substitute it declared (C11-FORM-4), and whether it brings
// the substitute on for a pawn this round (C11-SUB-1: the eligible side upgrades one pawn, and
// needs one pawn fewer).
struct FormationRound {
    std::optional<chess::PieceType> substitute;  // nullopt: not declared yet
    bool upgraded = false;
};

// Everything wrong with `side`'s formation in `placement` (empty: it may be played). The other
// side's pieces are not looked at.
std::vector<FormationProblem> formation_problems(const Placement& placement, chess::Color side,
                                                 const FormationRound& round,
                                                 const ElevenRules& rules);

// The default formation (C11-A3), `side`'s pieces only: K d1; P c2 d2 e2 f2; R a1 h1; N b1 g1;
// B c1 f1 (mirrored for Black), the king on king_home() with its pawn in front; the substitute a
// queen.
Placement default_formation(chess::Color side, const ElevenRules& rules);
constexpr chess::PieceType DEFAULT_SUBSTITUTE = chess::QUEEN;

}  // namespace venue::games::eleven
