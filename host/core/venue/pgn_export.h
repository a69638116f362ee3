// A match as PGN: stable headers for broadcasts ([Round "round.board"], [GameId]) and [%clk]
// after every move whose clock time is known.
//
// A game whose position was edited in play (a removed player's men taken off the board) is no
// longer one PGN game: no PGN reader accepts a position change between moves. It is exported as
// parts, one PGN game each, [GameId "<id>-p<N>"], the later ones from [FEN] of the edited
// position, each saying in its opening comment which part it is.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "chess/pgn.h"
#include "venue/match.h"

namespace venue::engine {

// A team as PGN's White or Black tag: its players' names joined by " / " (the team's name when
// it lists none, "?" when it has neither).
std::string pgn_player_names(const TeamConfig& team);

// The PGN Date of a match: the day the host wrote into its config, or "????.??.??".
std::string pgn_date(const MatchConfig& config);

// The part being played now (the whole game when it was never edited); none when the match's
// record holds no PGN game (a game not played on a chess board).
std::optional<chess::PgnGame> to_pgn(const Match& match);

// The match's record, Match::record(): what `venue export pgn` writes. A chess match gives every
// part, oldest first; a game played on several boards may give a game per board (its own record);
// to_pgn() is then the last of them.
std::vector<chess::PgnGame> to_pgn_parts(const Match& match);

}  // namespace venue::engine
