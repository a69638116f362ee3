// A picture of a board that a game plays on and that is not one chess game's (Match::
// board_pictures): each square's man as a chess piece (its colour and type), the squares to look
// at, and a caption. What the console's Board panel draws for such a game (half-boards
// and the board two of them make). Pure data.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "chess/types.h"

namespace venue::engine {

struct BoardPicture {
    std::string caption;                     // "Half-board 2 on 10002 · used"
    std::array<chess::Piece, 64> squares{};  // by chess::Square (a1 = 0); NO_PIECE: empty
    std::vector<chess::Square> marked;       // squares to look at (they differ from the game)
    bool active = false;                     // where play is now (the pushed pair)
    bool dim = false;                        // out of play for now (used this turn)
};

}  // namespace venue::engine
