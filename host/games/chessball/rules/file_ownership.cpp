#include "games/chessball/rules/file_ownership.h"

#include "chess/position_edit.h"

#include <algorithm>
#include <optional>

namespace venue::games::chessball {

Result<FileOwnership, std::string> FileOwnership::from_team(const engine::TeamConfig& team,
                                                            bool reserves) {
    FileOwnership o;
    o.owner_.fill(-1);
    for (std::size_t p = 0; p < team.players.size(); ++p) {
        const auto& player = team.players[p];
        if (player.files.empty() && reserves) continue;  // CB-A25: a reserve
        if (player.files.empty())
            return unexpected("player " + player.id +
                              " owns no file (CB-2.3: at least one each; a reserve needs "
                              "substitutes = \"on_own_clock_stopped\", CB-A25)");
        for (char f : player.files) {
            if (f < 'a' || f > 'h')
                return unexpected("player " + player.id + ": '" + std::string(1, f) +
                                  "' is not a file a-h");
            int& slot = o.owner_[std::size_t(f - 'a')];
            if (slot >= 0)
                return unexpected("file " + std::string(1, f) + " is owned by both " +
                                  team.players[std::size_t(slot)].id + " and " + player.id +
                                  " (CB-A24: one owner per file)");
            slot = int(p);
        }
    }
    for (int f = 0; f < 8; ++f)
        if (o.owner_[std::size_t(f)] < 0)
            return unexpected("file " + std::string(1, char('a' + f)) +
                              " has no owner (CB-A24: every file needs one)");
    return o;
}

std::string FileOwnership::files_of(int player) const {
    std::string files;
    for (int f = 0; f < 8; ++f)
        if (owner_[std::size_t(f)] == player) files += char('a' + f);
    return files;
}

void FileOwnership::transfer(int from_player, int to_player) {
    for (int& o : owner_)
        if (o == from_player) o = to_player;
}

std::array<int, chess::SQUARE_NB> current_files() {
    std::array<int, chess::SQUARE_NB> files{};
    for (int sq = 0; sq < chess::SQUARE_NB; ++sq)
        files[std::size_t(sq)] = chess::file_of(chess::Square(sq));
    return files;
}

RemovalPlan plan_removal(const chess::Position& pos, chess::Color team,
                         const FileOwnership& ownership, int player,
                         const std::vector<bool>& removed,
                         const std::array<int, chess::SQUARE_NB>& piece_file,
                         const Succession& succession) {
    RemovalPlan plan;
    const std::string own = ownership.files_of(player);
    // The team's men (never the king) that belong to `file`: standing on it, or with
    // start_file having started on it, wherever they stand now.
    auto team_men_on = [&](int file) {
        std::vector<chess::Square> squares;
        for (int sq = 0; sq < chess::SQUARE_NB; ++sq) {
            const chess::Square s = chess::Square(sq);
            const chess::Piece p = pos.piece_on(s);
            if (p != chess::NO_PIECE && chess::color_of(p) == team &&
                chess::type_of(p) != chess::KING && piece_file[std::size_t(sq)] == file)
                squares.push_back(s);
        }
        return squares;
    };
    // CB-6.4.4.1: his team's men on his files (CB-6.4.4.2: never the king).
    for (char f : own) {
        auto men = team_men_on(f - 'a');
        plan.squares.insert(plan.squares.end(), men.begin(), men.end());
    }
    // The files after `start` in alphabetical order, skipping his own: with wrap h -> a; without
    // it up to h, then back leftward from `start` (so that every file keeps an owner, CB-2.3).
    auto scan_after = [&](int start) {
        std::vector<int> scan;
        for (int i = 1; i < 8; ++i) {
            const int f = succession.wrap ? (start + i) % 8 : start + i;
            if (f < 8 && ownership.owner(f) != player) scan.push_back(f);
        }
        if (!succession.wrap)
            for (int f = start - 1; f >= 0; --f)
                if (ownership.owner(f) != player) scan.push_back(f);
        return scan;
    };
    const int highest = own.empty() ? 0 : own.back() - 'a';
    const int lowest = own.empty() ? 0 : own.front() - 'a';
    const std::vector<int> scan = scan_after(succession.from_each_file ? lowest : highest);
    // CB-6.4.4.3: nothing but the king there: the next file holding a man goes instead (or,
    // fallback_scan = single_next_file, the next file only, whatever it holds).
    if (plan.squares.empty()) {
        for (int f : scan) {
            plan.squares = team_men_on(f);
            if (!plan.squares.empty() || succession.single_next_file) break;
        }
    }
    // CB-6.4.4.4: his files pass to the owner of the first file the scan reaches who is still in
    // the game; control_transfer = per_file: each file to the first after it.
    auto successor = [&](const std::vector<int>& files) {
        for (int f : files) {
            const int owner = ownership.owner(f);
            if (owner >= 0 && !removed[std::size_t(owner)]) return owner;
        }
        return -1;
    };
    plan.recipient = successor(scan);
    for (char f : own)
        plan.file_to[std::size_t(f - 'a')] =
            succession.per_file ? successor(scan_after(f - 'a')) : plan.recipient;
    if (succession.per_file && !own.empty()) plan.recipient = plan.file_to[std::size_t(lowest)];
    std::sort(plan.squares.begin(), plan.squares.end());
    return plan;
}

Result<chess::Position, std::string> without_pieces(const chess::Position& pos,
                                                    const std::vector<chess::Square>& squares) {
    chess::PositionEdit edit = chess::edit_of(pos);
    for (chess::Square s : squares) edit.board[s] = chess::NO_PIECE;
    return chess::position_of(edit);
}

RemovalSplit split_removal(const chess::Position& pos, const std::vector<chess::Square>& squares) {
    if (without_pieces(pos, squares)) return {squares, {}};
    const auto keeping = [&](std::vector<chess::Square> kept) -> std::optional<RemovalSplit> {
        std::vector<chess::Square> off;
        for (chess::Square s : squares)
            if (std::find(kept.begin(), kept.end(), s) == kept.end()) off.push_back(s);
        if (!without_pieces(pos, off)) return std::nullopt;
        return RemovalSplit{off, kept};
    };
    for (std::size_t i = 0; i < squares.size(); ++i)
        if (auto split = keeping({squares[i]})) return *split;
    for (std::size_t i = 0; i < squares.size(); ++i)
        for (std::size_t j = i + 1; j < squares.size(); ++j)
            if (auto split = keeping({squares[i], squares[j]})) return *split;
    return {{}, squares};
}

}  // namespace venue::games::chessball
