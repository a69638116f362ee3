// Business Chess as PGN: one PGN game per branch (the assistants' five score sheets, BC-II.6).
//
// Each branch is a whole game from the start position (a daughter repeats its mother's moves up
// to the split, so that any viewer replays it), tied into the tree by headers:
//   [GameId "m1-b3"] [Branch "3"] [ParentBranch "1"] [SplitPly "22"] [Board "3"]
//   [Rating "4"]  (now, or the stake it was scored with once closed)
//   [BranchResult "0-1"]  [Termination "selection"]
// and an opening comment with the rating history ("rating 2 from ply 22 (split from branch 1),
// 3 from ply 30 (pass from branch 2), ..."). [Result] is the branch's result ("*" while open).
// Branch 1 carries no ParentBranch. See docs/games/business.md.
#pragma once

#include <vector>

#include "chess/pgn.h"
#include "games/business/rules/business_match.h"

namespace venue::games::business {

std::vector<chess::PgnGame> branch_pgns(const BusinessMatch& match);

}  // namespace venue::games::business
