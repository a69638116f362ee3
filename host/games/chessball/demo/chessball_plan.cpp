#include "games/chessball/demo/chessball_plan.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "chess/movegen.h"
#include "chess/uci.h"
#include "games/chessball/rules/chessball_rules.h"
#include "games/chessball/rules/file_ownership.h"

namespace venue::games::chessball {

namespace {

constexpr const char* WHITE_NAMES[8] = {"Aliya",  "Bulat", "Dina",  "Emil",
                                        "Farida", "Gleb",  "Ilnur", "Kamila"};
constexpr const char* BLACK_NAMES[8] = {"Fyodor", "Galina", "Igor",   "Kira",
                                        "Lev",    "Marina", "Nikita", "Olga"};

const engine::TeamConfig& team_of(const engine::MatchConfig& m, chess::Color c) {
    return m.side(c);
}

// The legal move a careless player might make instead of his own: a quiet step of a teammate's
// pawn or piece (no capture, no castling, no promotion), so that setting it back is simple.
std::optional<chess::Move> careless_move(const chess::Position& pos, const FileOwnership& own,
                                         int player) {
    std::optional<chess::Move> best;
    for (chess::Move m : chess::legal_moves(pos)) {
        if (m.kind() != chess::MoveKind::NORMAL || pos.is_capture(m)) continue;
        if (own.owner(chess::file_of(m.from())) == player) continue;
        if (chess::type_of(pos.piece_on(m.from())) == chess::KING) continue;
        // A one-square pawn step reads best as a slip of the hand.
        const bool pawn_step = chess::type_of(pos.piece_on(m.from())) == chess::PAWN &&
                               std::abs(int(m.to()) - int(m.from())) == 8;
        if (pawn_step) return m;
        if (!best) best = m;
    }
    return best;
}

struct Removal {
    int before_ply = 0;  // 0-based index of the first move after it
    FileOwnership after;
};

// Removing `player` of `team` just before moves[r] must leave every later move legal, and the
// game must end as it did (mate stays mate).
std::optional<Removal> removal_fits(const std::vector<chess::Position>& positions,
                                    const std::vector<chess::Move>& moves, std::size_t r,
                                    chess::Color team, const FileOwnership& own, int player,
                                    int team_size) {
    const chess::Position& before = positions[r];
    std::vector<bool> removed(std::size_t(team_size), false);
    auto plan = plan_removal(before, team, own, player, removed, current_files());
    if (plan.squares.empty() || plan.recipient < 0) return std::nullopt;
    auto edited = without_pieces(before, plan.squares);
    if (!edited) return std::nullopt;
    chess::Position p = *edited;
    for (std::size_t j = r; j < moves.size(); ++j) {
        auto m = chess::parse_uci(p, chess::to_uci(moves[j]));
        if (!m) return std::nullopt;
        p.do_move(*m);
        const bool over = chess::legal_moves(p).empty();
        if (over != (j + 1 == moves.size() && chess::legal_moves(positions.back()).empty()))
            return std::nullopt;
    }
    Removal out{int(r), own};
    out.after.transfer(player, plan.recipient);
    return out;
}

}  // namespace

engine::MatchConfig chessball_match_config(int n) {
    engine::MatchConfig m;
    m.id = "cb1";
    m.game = "chessball";
    m.options = engine::default_options(rules().options);  // as a venue file without the table
    m.event = "Venue demo: Chessball";
    m.site = "Venue simulator";
    m.round = "1.1";
    m.board = "00042";
    m.time.base_ms = 30 * 60 * 1000;  // CB-A16: per team
    m.time.increment_ms = 0;
    m.time.mode = engine::TimeMode::SUDDEN_DEATH;
    m.white().name = "Kazan";
    m.black().name = "Moscow";
    // Files dealt out in order, as evenly as they go: 4 players own ab, cd, ef, gh.
    for (chess::Color c : {chess::WHITE, chess::BLACK}) {
        engine::TeamConfig& team = m.side(c);
        int file = 0;
        for (int i = 0; i < n; ++i) {
            engine::PlayerConfig p;
            p.id = std::string(c == chess::WHITE ? "W" : "B") + std::to_string(i + 1);
            p.name = c == chess::WHITE ? WHITE_NAMES[i] : BLACK_NAMES[i];
            p.seat = i + 1;
            p.buttons = {(c == chess::WHITE ? 0 : 8) + i};
            const int count = 8 / n + (i < 8 % n ? 1 : 0);
            for (int k = 0; k < count; ++k) p.files += char('a' + file++);
            team.players.push_back(p);
        }
    }
    return m;
}

Result<ChessballPlan, std::string> make_chessball_plan(const chess::PgnGame& game,
                                                       engine::MatchConfig match,
                                                       std::uint64_t seed) {
    const chess::Game line = game.main_line();
    const std::vector<chess::Move>& moves = line.moves();
    if (moves.size() < 16)
        return unexpected("the game has " + std::to_string(moves.size()) +
                          " plies; the demo needs at least 16");

    FileOwnership own[2];
    for (chess::Color c : {chess::WHITE, chess::BLACK}) {
        auto o = FileOwnership::from_team(team_of(match, c));
        if (!o) return unexpected(o.error());
        own[c] = *o;
    }

    std::vector<chess::Position> positions{game.start};
    for (chess::Move m : moves) {
        positions.push_back(positions.back());
        positions.back().do_move(m);
    }

    // Place the incidents: an impossible move at ply k by its mover P, then his removal later.
    const std::size_t n = moves.size();
    std::optional<std::size_t> k_found;
    std::optional<chess::Move> wrong;
    std::optional<Removal> removal;
    for (std::size_t k = 6; k + 8 < n && !removal; ++k) {
        const chess::Position& pos = positions[k];
        const chess::Color side = pos.side_to_move();
        const int p = own[side].owner(chess::file_of(moves[k].from()));
        auto w = careless_move(pos, own[side], p);
        if (!w) continue;
        // Removal around two thirds of the way from the incident to the end.
        const std::size_t first = k + 4, last = n - 3;
        const std::size_t aim = std::clamp<std::size_t>(k + (n - k) * 2 / 3, first, last);
        for (std::size_t d = 0; d <= last - first && !removal; ++d) {
            for (std::size_t r : {aim + d, aim - std::min(d, aim)}) {
                if (r < first || r > last) continue;
                removal = removal_fits(positions, moves, r, side, own[side], p,
                                       int(team_of(match, side).players.size()));
                if (removal) break;
            }
        }
        if (removal) {
            k_found = k;
            wrong = w;
        }
    }

    ChessballPlan plan;
    plan.start = game.start;
    plan.result = game.result;
    plan.ends_by_rule = chess::legal_moves(positions.back()).empty();
    plan.title = game.tag("White") + " - " + game.tag("Black") + ", " + game.tag("Site") + " " +
                 game.tag("Date");

    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    chess::Color removed_team = chess::WHITE;
    int removed_index = -1;
    if (removal) {
        removed_team = positions[*k_found].side_to_move();
        removed_index = own[removed_team].owner(chess::file_of(moves[*k_found].from()));
        plan.removed_player = team_of(match, removed_team).players[std::size_t(removed_index)].id;
        plan.removal_before_ply = removal->before_ply + 1;
    }

    for (std::size_t j = 0; j < n; ++j) {
        const chess::Color side = positions[j].side_to_move();
        const FileOwnership& o =
            (removal && j >= std::size_t(removal->before_ply) && side == removed_team)
                ? removal->after
                : own[side];
        const engine::TeamConfig& team = team_of(match, side);
        const engine::TeamConfig& other = team_of(match, ~side);
        auto gone = [&](chess::Color c, int i) {
            return removal && c == removed_team && i == removed_index &&
                   j >= std::size_t(removal->before_ply);
        };
        PlyPlan ply;
        ply.ply = int(j) + 1;
        ply.move = moves[j];
        ply.side = side;
        ply.mover = o.owner(chess::file_of(moves[j].from()));
        ply.button = team.players[std::size_t(ply.mover)].buttons.front();
        if (k_found && j == *k_found) ply.wrong_move = wrong;
        // About one claim in three is contested by a teammate: mostly within microseconds
        // (both reached for the button at once), sometimes a human tenth of a second late.
        if (!ply.wrong_move && unit(rng) < 0.35 && team.players.size() > 1) {
            int r = int(rng() % (team.players.size() - 1));
            if (r >= ply.mover) ++r;
            if (!gone(side, r)) {
                ply.rival = r;
                ply.rival_button = team.players[std::size_t(r)].buttons.front();
                const double us =
                    unit(rng) < 0.75 ? 1.5 + unit(rng) * 38.5 : 80'000 + unit(rng) * 120'000;
                ply.rival_delay_us = std::round(us * 16) / 16;  // the hub's 1/16 µs cycles
            }
        }
        if (unit(rng) < 0.08) {
            const int p = int(rng() % other.players.size());
            if (!gone(~side, p))
                ply.out_of_turn_button = other.players[std::size_t(p)].buttons.front();
        }
        if (removal) {
            const int k = int(*k_found), r = removal->before_ply;
            const int middle = k + std::max(1, (r - k) / 2);
            if (int(j) == middle)
                ply.warnings_before.push_back({plan.removed_player, "talking to a teammate"});
            if (int(j) == r)
                ply.warnings_before.push_back({plan.removed_player, "prompting a teammate"});
        }
        plan.plies.push_back(std::move(ply));
    }
    plan.match = std::move(match);
    plan.match.start_fen = game.start == chess::Position::start() ? "" : game.start.fen();
    return plan;
}

}  // namespace venue::games::chessball
