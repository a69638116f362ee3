// Who owns which file in a Chessball team (catalogue CB-2.3), and what a
// removal takes off the board and hands on (CB-6.4.4 with the CB-A22 defaults).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "chess/position.h"
#include "common/result.h"
#include "venue/match_config.h"

namespace venue::games::chessball {

class FileOwnership {
  public:
    // CB-2.3 / CB-A24: every file a..h has exactly one owner, every player at
    // least one file. The error names the file or player at fault. With `reserves` (CB-A25's
    // substitutes) a player without files is a reserve, who owns none until he comes on.
    static Result<FileOwnership, std::string> from_team(const engine::TeamConfig& team,
                                                        bool reserves = false);

    int owner(int file) const { return owner_[std::size_t(file)]; }  // player index
    // The player's files in alphabetical order, e.g. "ab".
    std::string files_of(int player) const;
    void transfer(int from_player, int to_player);
    void transfer_file(int file, int to_player) { owner_[std::size_t(file)] = to_player; }
    const std::array<int, 8>& owners() const { return owner_; }
    void set_owners(const std::array<int, 8>& owners) { owner_ = owners; }

  private:
    std::array<int, 8> owner_{};
};

// CB-A22: how the "next file in alphabetical order" of CB-6.4.4.3-4 is read. The defaults are
// the catalogue's; each field is a [match.chessball] key (chessball_rules.h).
struct Succession {
    bool from_each_file = false;    // successor_from: after his highest file, or after each file
    bool wrap = true;               // successor_wrap: h -> a; without, the scan turns back leftward
    bool single_next_file = false;  // fallback_scan: only the one next file, not on until men
    bool per_file = false;  // control_transfer: each file to its own successor, not all to one
};

// What removing a player does (CB-6.4.4.1-4, with CB-A22: by default the scan starts after the
// player's highest file, alphabetically with wrap, skipping his own files).
struct RemovalPlan {
    std::vector<chess::Square> squares;  // the team's pieces to take off (never the king)
    int recipient = -1;  // the player who takes over his files (-1: none left); per_file: the
                         // first file's
    std::array<int, 8> file_to{-1, -1, -1, -1, -1, -1, -1, -1};  // each of his files' new owner
};

// Every square's own file: piece files under CB-A1's default (current_file).
std::array<int, chess::SQUARE_NB> current_files();

// `piece_file[s]`: the file by which the man on square s belongs to a player (its current
// file, or with CB-A1's start_file the file it started on; CB-A20 follows CB-A1).
RemovalPlan plan_removal(const chess::Position& pos, chess::Color team,
                         const FileOwnership& ownership, int player,
                         const std::vector<bool>& removed,
                         const std::array<int, chess::SQUARE_NB>& piece_file,
                         const Succession& succession = {});

// The position with the given squares emptied: same side to move, castling
// rights only where king and rook still stand, no en passant square. Fails
// when the result is no legal position (a king of the side not to move left in
// check: CB-A21, the judge decides).
Result<chess::Position, std::string> without_pieces(const chess::Position& pos,
                                                    const std::vector<chess::Square>& squares);

// CB-A21: which of `squares` can come off: all when that leaves a legal position; otherwise all
// but the fewest men (one, else two) whose staying makes it legal; none when no such choice
// does.
struct RemovalSplit {
    std::vector<chess::Square> off;   // to take off
    std::vector<chess::Square> kept;  // shielding their king: they stay
};
RemovalSplit split_removal(const chess::Position& pos, const std::vector<chess::Square>& squares);

}  // namespace venue::games::chessball
