#include "venue/pgn_export.h"

#include <sstream>

#include "chess/uci.h"
#include "venue/chess_match.h"

namespace venue::engine {

std::string pgn_player_names(const TeamConfig& team) {
    std::string names;
    for (const PlayerConfig& p : team.players) names += (names.empty() ? "" : " / ") + p.name;
    if (names.empty()) names = team.name;
    return names.empty() ? "?" : names;
}

std::string pgn_date(const MatchConfig& config) {
    return config.date.empty() ? "????.??.??" : config.date;
}

namespace {

chess::PgnGame headers(const Match& match) {
    const MatchConfig& c = match.config();
    chess::PgnGame g;
    g.set_tag("Event", c.event.empty() ? "?" : c.event);
    g.set_tag("Site", c.site.empty() ? "?" : c.site);
    g.set_tag("Date", pgn_date(c));
    g.set_tag("Round", c.round.empty() ? "?" : c.round);
    g.set_tag("White", pgn_player_names(c.white()));
    g.set_tag("Black", pgn_player_names(c.black()));
    g.set_tag("Result", match.result());
    g.set_tag("GameId", c.id);
    if (!c.white().name.empty()) g.set_tag("WhiteTeam", c.white().name);
    if (!c.black().name.empty()) g.set_tag("BlackTeam", c.black().name);
    g.set_tag("TimeControl", std::to_string(c.time.base_ms / 1000) + "+" +
                                 std::to_string(c.time.increment_ms / 1000));
    if (!match.termination().empty()) g.set_tag("Termination", match.termination());
    g.result = match.result();
    return g;
}

// An earlier part, "FEN moves UCI ...", replayed; nullopt if it does not replay (a log written
// by another build: the part is then left out rather than exported wrong).
std::optional<chess::Game> replay_part(const std::string& part) {
    const auto cut = part.find(" moves");
    auto start = chess::Position::from_fen(part.substr(0, cut));
    if (!start) return std::nullopt;
    chess::Game g(*start);
    if (cut == std::string::npos) return g;
    std::istringstream moves(part.substr(cut + 6));
    for (std::string uci; moves >> uci;) {
        auto m = chess::parse_uci(g.position(), uci);
        if (!m) return std::nullopt;
        g.play(*m);
    }
    return g;
}

// Moves of `game` with the clocks from the match's list, starting at clock index `first`.
void add_moves(chess::PgnGame& g, const chess::Game& game, const ChessMatch& match,
               std::size_t first) {
    g.start = game.start_position();
    const auto& clocks = match.clock_after_move();
    for (std::size_t i = 0; i < game.moves().size(); ++i) {
        chess::PgnMove m;
        m.move = game.moves()[i];
        if (first + i < clocks.size()) m.clock_ms = clocks[first + i];
        g.moves.push_back(m);
    }
}

}  // namespace

std::vector<chess::PgnGame> to_pgn_parts(const Match& match) {
    return match.record();
}

// A chess match's record: the game's parts (ChessMatch::record() is declared in chess_match.h).
std::vector<chess::PgnGame> ChessMatch::record() const {
    const ChessMatch& match = *this;
    const std::vector<GamePart>& edits = match.earlier_parts();
    std::vector<chess::Game> parts;
    for (const GamePart& p : edits)
        if (auto g = replay_part(p.line)) parts.push_back(*g);
    parts.push_back(match.game());
    std::vector<chess::PgnGame> out;
    std::size_t clock_index = 0;
    for (std::size_t k = 0; k < parts.size(); ++k) {
        chess::PgnGame g = headers(match);
        if (parts.size() > 1) {
            const bool last = k + 1 == parts.size();
            g.set_tag("GameId", match.config().id + "-p" + std::to_string(k + 1));
            if (!last) {
                g.set_tag("Result", "*");
                g.result = "*";
                g.set_tag("Termination", "position edited: " + edits[k].edit);
            }
            g.comment =
                "Part " + std::to_string(k + 1) + " of " + std::to_string(parts.size()) +
                (k == 0 ? "" : ": from the position after this edit: " + edits[k - 1].edit) +
                (last ? "" : "; the game continues in part " + std::to_string(k + 2));
        }
        add_moves(g, parts[k], match, clock_index);
        // An illegal move that stood is in no part's moves, but has its clock entry.
        clock_index += parts[k].moves().size() + (k < edits.size() && edits[k].by_move ? 1 : 0);
        out.push_back(std::move(g));
    }
    return out;
}

std::optional<chess::PgnGame> to_pgn(const Match& match) {
    auto parts = to_pgn_parts(match);
    if (parts.empty()) return std::nullopt;
    return std::move(parts.back());
}

}  // namespace venue::engine
