#include "feed/feed_model.h"

#include <algorithm>
#include <set>
#include <type_traits>

#include "chess/pgn.h"
#include "chess/san.h"
#include "chess/uci.h"
#include "sensing/placement.h"
#include "venue/chess_match.h"
#include "venue/game_rules.h"
#include "venue/pgn_export.h"

namespace venue::feed {

using chess::Color;
using nlohmann::json;

namespace {

const char* side_name(Color c) {
    return c == chess::WHITE ? "white" : "black";
}

json side_or_null(std::optional<Color> c) {
    return c ? json(side_name(*c)) : json(nullptr);
}

// A player's side as the feed names it: "white" or "black" in a game of two, else its index.
json side_json(const engine::MatchConfig& c, int side) {
    return c.side_count() == 2 ? json(side_name(Color(side))) : json(side);
}

template <class T>
json or_null(const std::optional<T>& v) {
    return v ? json(*v) : json(nullptr);
}

// Where a player of the match's configuration stands: team and index, or nothing.
struct Seat {
    int team = 0;  // the side's index (chess::WHITE, chess::BLACK in a game of two)
    int index = 0;
    const engine::PlayerConfig* config = nullptr;
};

std::optional<Seat> find_player(const engine::MatchConfig& c, const std::string& id) {
    for (int team = 0; team < c.side_count(); ++team) {
        const auto& players = c.side(team).players;
        for (std::size_t i = 0; i < players.size(); ++i)
            if (players[i].id == id) return Seat{team, int(i), &players[i]};
    }
    return std::nullopt;
}

// {"id", "name", "team"} of a player named in a decision (the id alone when unknown).
json player_ref(const engine::MatchConfig& c, const std::string& id) {
    auto seat = find_player(c, id);
    return {{"id", id},
            {"name", seat ? seat->config->name : id},
            {"team", seat ? side_json(c, seat->team) : json(nullptr)}};
}

json last_move_json(const LastMove& m) {
    return {{"uci", m.uci}, {"san", m.san}, {"ply", m.ply}};
}

// The last move of a game, from the game itself; nullopt before its first move.
std::optional<LastMove> last_of(const chess::Game& game, int plies_before) {
    if (game.moves().empty()) return std::nullopt;
    const std::size_t n = game.ply_count();
    LastMove m;
    m.uci = chess::to_uci(game.moves().back());
    m.san = chess::to_san(game.position_at(n - 1), game.moves().back());
    m.ply = plies_before + int(n);
    return m;
}

json board_json(const std::string& id, const chess::Game& game, std::optional<LastMove> last,
                const std::vector<engine::BoardMark>& marks = {}) {
    const chess::Position& pos = game.position();
    json m = json::array();
    for (const engine::BoardMark& mark : marks)
        m.push_back({{"square", chess::square_to_string(mark.square)},
                     {"kind", mark.kind},
                     {"label", mark.label}});
    return {{"id", id},
            {"fen", pos.fen()},
            {"to_move", side_name(pos.side_to_move())},
            {"check", pos.in_check()},
            {"last_move", last ? last_move_json(*last) : json(nullptr)},
            {"marks", std::move(m)}};
}

json squares_json(const std::vector<chess::Square>& squares) {
    json a = json::array();
    for (chess::Square s : squares) a.push_back(chess::square_to_string(s));
    return a;
}

// The boards a game draws that are not one chess game's (Match::board_pictures): the board two
// half-boards make when pushed together, and each half-board, with the squares to look at.
json pictures_json(const engine::Match& match) {
    json list = json::array();
    for (const engine::BoardPicture& p : match.board_pictures())
        list.push_back({{"caption", p.caption},
                        {"placement", sensing::to_string(p.squares)},
                        {"marked", squares_json(p.marked)},
                        {"active", p.active},
                        {"dim", p.dim}});
    return list;
}

json team_json(const engine::Match& match, int team) {
    const engine::MatchConfig& c = match.config();
    const engine::TeamConfig& t = c.side(team);
    json players = json::array();
    for (std::size_t i = 0; i < t.players.size(); ++i) {
        const engine::PlayerConfig& p = t.players[i];
        const engine::PlayerStatus st = match.player_status(team, int(i));
        players.push_back({{"id", p.id},
                           {"name", p.name},
                           {"seat", p.seat},
                           {"files", st.files_public ? st.files : std::string()},
                           {"warnings", st.warnings},
                           {"out", st.out},
                           {"holds_claim", st.holds_claim}});
    }
    return {{"name", t.name}, {"players", std::move(players)}};
}

json clock_json(const engine::Match& match, const MatchMemory* memory) {
    const engine::ClockMirror& clock = match.clock();
    json j = {{"white_ms", clock.white_ms},
              {"black_ms", clock.black_ms},
              {"running", side_or_null(clock.running)},
              {"hub_us", memory ? or_null(memory->clock_hub_us) : json(nullptr)},
              {"seq", memory ? memory->clock_seq : 0}};
    const std::string white = match.clock_face_label(chess::WHITE);
    const std::string black = match.clock_face_label(chess::BLACK);
    if (!white.empty() || !black.empty()) j["labels"] = {{"white", white}, {"black", black}};
    return j;
}

json claim_json(const engine::Match& match, const MatchMemory* memory) {
    if (!match.claims_the_move()) return nullptr;
    const engine::MatchConfig& c = match.config();
    json holder = nullptr;
    for (int team = 0; team < c.side_count(); ++team) {
        const engine::TeamConfig& t = c.side(team);
        for (std::size_t i = 0; i < t.players.size(); ++i)
            if (match.player_status(team, int(i)).holds_claim)
                holder = player_ref(c, t.players[i].id);
    }
    json latest = nullptr;
    if (memory && memory->claim) {
        const ClaimRecord& r = *memory->claim;
        json rivals = json::array();
        for (const Rival& x : r.rivals) {
            json j = player_ref(c, x.player);
            j["code"] = x.code;
            j["margin_us"] = x.margin_us;
            // Set when the hub could not resolve the gap: the margin says only "within" it.
            j["margin_within_us"] = x.margin_within_us ? json(x.margin_within_us) : json(nullptr);
            rivals.push_back(std::move(j));
        }
        latest = {{"player", player_ref(c, r.player)},
                  {"button", r.button},
                  {"hub_us", or_null(r.hub_us)},
                  {"seq", r.seq},
                  {"active", r.active},
                  {"rivals", std::move(rivals)}};
    }
    return {{"holder", std::move(holder)}, {"latest", std::move(latest)}};
}

json incidents_json(const engine::MatchConfig& c, const MatchMemory* memory) {
    json a = json::array();
    if (!memory) return a;
    for (const Incident& i : memory->incidents) {
        json team = side_or_null(i.team);
        if (!i.team && !i.player.empty())
            if (auto seat = find_player(c, i.player)) team = side_json(c, seat->team);
        a.push_back({{"seq", i.seq},
                     {"kind", i.kind},
                     {"team", std::move(team)},
                     {"player", i.player.empty() ? json(nullptr) : player_ref(c, i.player)},
                     {"count", or_null(i.count)},
                     {"amount_ms", or_null(i.amount_ms)},
                     {"text", i.text},
                     {"rule", i.rule},
                     {"news", i.news.empty() ? json(nullptr) : json(i.news)},
                     {"facts", i.news.empty() ? json(nullptr) : json(i.facts)}});
    }
    return a;
}

json boards_json(const engine::Match& match, const MatchMemory* memory) {
    json boards = json::array();
    auto remembered = [&](const std::string& board) -> std::optional<LastMove> {
        if (!memory) return std::nullopt;
        auto it = memory->last_move.find(board);
        if (it == memory->last_move.end()) return std::nullopt;
        return it->second;
    };
    if (match.plays_a_tree()) {
        // A game per board, each a whole game from the start, in the tree by its mother.
        for (const engine::GameView& g : match.games()) {
            auto last = last_of(*g.game, 0);
            json j = board_json(g.board, *g.game, last, g.marks);
            j["branch"] = g.number;
            j["open"] = g.open;
            j["rating"] = or_null(g.rating);
            j["parent"] = g.parent ? json(g.parent) : json(nullptr);
            j["split_ply"] = g.parent ? json(g.split_ply) : json(nullptr);
            j["result"] = g.result;
            j["ply"] = int(g.game->ply_count());
            j["restore_squares"] = squares_json(g.restore_squares);
            boards.push_back(std::move(j));
        }
        return boards;
    }
    // One chess board (none for a game not played on one). The game being played is the last
    // part (an edit of the position, such as a removed player's men taken off, starts a new
    // part); plies count the whole game.
    const engine::ChessMatch* cm = match.chess();
    if (!cm) {
        // A game of its own (no ChessMatch) shows the board it gives, if any, with its marks.
        for (const engine::GameView& g : match.games()) {
            if (!g.game) continue;
            auto last = last_of(*g.game, g.plies_before);
            json j = board_json(g.board, *g.game, last, g.marks);
            j["branch"] = nullptr;
            j["open"] = g.open;
            j["rating"] = nullptr;
            j["parent"] = nullptr;
            j["split_ply"] = nullptr;
            j["result"] = g.result;
            j["ply"] = g.plies_before + int(g.game->ply_count());
            j["restore_squares"] = squares_json(g.restore_squares);
            boards.push_back(std::move(j));
        }
        return boards;
    }
    const int plies = int(cm->clock_after_move().size());
    const int before = plies - int(cm->game().ply_count());
    auto last = last_of(cm->game(), before);
    if (!last) last = remembered(match.config().board);
    if (!last) last = remembered("");
    json j = board_json(match.config().board, cm->game(), last);
    j["branch"] = nullptr;
    j["open"] = match.phase() != engine::MatchPhase::FINISHED;
    j["rating"] = nullptr;
    j["parent"] = nullptr;
    j["split_ply"] = nullptr;
    j["result"] = match.result();
    j["ply"] = plies;
    j["restore_squares"] = squares_json(cm->restore_squares());
    boards.push_back(std::move(j));
    return boards;
}

void add_incident(MatchMemory& mm, Incident i) {
    mm.incidents.push_back(std::move(i));
    while (mm.incidents.size() > MAX_INCIDENTS) mm.incidents.pop_front();
}

// Whether the match's game lists news of `kind` as a headline (GameRules::headline_news).
bool is_headline(const engine::VenueState& state, const std::string& match,
                 const std::string& kind) {
    const engine::Match* m = state.match(match);
    const engine::GameRules* game = m ? engine::find_game(m->config().game) : nullptr;
    return game && std::find(game->headline_news.begin(), game->headline_news.end(), kind) !=
                       game->headline_news.end();
}

void remember_decision(MatchMemory& mm, const runtime::Applied& a, const engine::Decision& d,
                       const engine::VenueState& state) {
    using namespace engine;
    const std::int64_t seq = a.seq;
    auto incident = [&](std::string kind) {
        Incident i;
        i.seq = seq;
        i.kind = std::move(kind);
        i.text = d.reason;
        i.rule = d.rule;
        return i;
    };
    std::visit(
        [&](const auto& b) {
            using T = std::decay_t<decltype(b)>;
            if constexpr (std::is_same_v<T, ClaimGranted>) {
                ClaimRecord r;
                r.player = b.player;
                r.button = b.button;
                r.hub_us = a.event.hub_us;
                r.seq = seq;
                r.rivals = std::move(mm.tie_losers);
                mm.tie_losers.clear();
                mm.claim = std::move(r);
            } else if constexpr (std::is_same_v<T, ClaimRefused>) {
                const auto* press = std::get_if<engine::ClaimPressed>(&a.event.body);
                const Rival rival{b.player, b.code, b.margin_us,
                                  press ? press->margin_within_us : 0};
                const bool same_press =
                    mm.claim && mm.claim->active && mm.claim->hub_us == a.event.hub_us;
                const bool held = b.code == "CLAIM_HELD" && mm.claim && mm.claim->active;
                if ((held || (b.code == "TIE_LOST" && same_press)) &&
                    mm.claim->rivals.size() < MAX_RIVALS)
                    mm.claim->rivals.push_back(rival);
                else if (b.code == "TIE_LOST" && !same_press && mm.tie_losers.size() < MAX_RIVALS)
                    mm.tie_losers.push_back(rival);
            } else if constexpr (std::is_same_v<T, ClaimEnded>) {
                if (mm.claim) mm.claim->active = false;
                mm.tie_losers.clear();
            } else if constexpr (std::is_same_v<T, MoveAccepted>) {
                mm.last_move[b.board] = LastMove{b.board, b.uci, b.san, b.ply};
            } else if constexpr (std::is_same_v<T, WarningGiven>) {
                Incident i = incident("warning");
                i.player = b.player;
                i.count = b.count;
                add_incident(mm, std::move(i));
            } else if constexpr (std::is_same_v<T, WarningProposed>) {
                Incident i = incident("warning_proposed");
                i.player = b.player;
                i.count = b.ref;
                add_incident(mm, std::move(i));
            } else if constexpr (std::is_same_v<T, PlayerRemoved>) {
                Incident i = incident("removal");
                i.player = b.player;
                add_incident(mm, std::move(i));
            } else if constexpr (std::is_same_v<T, PlayerReplaced>) {
                Incident i = incident("replacement");
                i.team = b.side;
                i.player = b.player_in;
                add_incident(mm, std::move(i));
            } else if constexpr (std::is_same_v<T, TimeAdded>) {
                Incident i = incident("time_added");
                i.team = b.side;
                i.amount_ms = b.amount_ms;
                add_incident(mm, std::move(i));
            } else if constexpr (std::is_same_v<T, IllegalMoveCounted>) {
                Incident i = incident("illegal_move");
                i.team = b.side;
                i.count = b.count;
                add_incident(mm, std::move(i));
            } else if constexpr (std::is_same_v<T, ArbiterFlag>) {
                Incident i = incident("arbiter_flag");
                i.team = b.side;
                add_incident(mm, std::move(i));
            } else if constexpr (std::is_same_v<T, GameEnded>) {
                add_incident(mm, incident("game_ended"));
            } else if constexpr (std::is_same_v<T, GameNews>) {
                if (!is_headline(state, b.match, b.kind)) return;
                Incident i = incident("news");
                i.news = b.kind;
                i.facts = b.facts;
                // A two-sided game's news names its side by colour.
                if (auto side = b.facts.find("side"); side != b.facts.end())
                    for (chess::Color c : {chess::WHITE, chess::BLACK})
                        if (side->second == chess::color_name(c)) i.team = c;
                add_incident(mm, std::move(i));
            }
        },
        d.body);
}

// A game played on a field of points (engine::FieldView): the grid, its lines, what is where.
json field_json(const engine::FieldView& f) {
    const auto point = [](engine::FieldPoint p) { return json::array({p.x, p.y}); };
    json lines = json::array();
    for (const engine::FieldLine& l : f.lines)
        lines.push_back({{"from", point(l.from)},
                         {"to", point(l.to)},
                         {"kind", l.kind},
                         {"side", l.side < 0 ? json(nullptr) : json(l.side)}});
    json tokens = json::array();
    for (const engine::FieldToken& t : f.tokens)
        tokens.push_back({{"at", point(t.at)},
                          {"side", t.side < 0 ? json(nullptr) : json(t.side)},
                          {"piece", t.ball() ? json(nullptr) : json(std::string(1, t.piece))},
                          {"ball", t.ball()},
                          {"carrier", t.carrier},
                          {"words", t.words}});
    return {{"squares", f.squares},         {"points_per_square", f.points_per_square},
            {"edge_points", f.edge_points}, {"points", f.points()},
            {"lines", std::move(lines)},    {"tokens", std::move(tokens)}};
}

}  // namespace

void remember(FeedMemory& memory, const runtime::Applied& a, const engine::VenueState& state) {
    const std::string id = match_of(a.event.body);
    if (!id.empty()) {
        MatchMemory& mm = memory.matches[id];
        mm.seq = a.seq;
        const bool clock_event = std::holds_alternative<engine::ClockReading>(a.event.body) ||
                                 std::holds_alternative<engine::ClockPressed>(a.event.body);
        if (clock_event) {
            // The mirror now holds what this event reported: its hub time, when the hub saw it.
            mm.clock_hub_us = a.event.hub_us;
            mm.clock_seq = a.seq;
        }
    }
    for (const engine::Decision& d : a.decisions) {
        const std::string m = match_of(d.body);
        if (m.empty()) continue;
        MatchMemory& mm = memory.matches[m];
        mm.seq = a.seq;
        remember_decision(mm, a, d, state);
    }
}

std::string points_text(int half_points) {
    const int whole = half_points / 2;
    const bool half = half_points % 2 != 0;
    if (whole == 0 && half) return "\u00bd";
    return std::to_string(whole) + (half ? "\u00bd" : "");
}

json match_document(const engine::Match& match, const MatchMemory* memory) {
    const engine::MatchConfig& c = match.config();
    // Score in half points: a win 2, a draw 1 each, or the game's own count (Match::standing).
    const engine::Standing standing = match.standing();
    const bool over = match.phase() == engine::MatchPhase::FINISHED;
    const int on_move = match.side_on_move();
    std::vector<json> teams;  // each side's name and players, once
    json sides = json::array();
    std::string score_text;
    for (int side = 0; side < match.side_count(); ++side) {
        teams.push_back(team_json(match, side));
        json entry = teams.back();
        entry["index"] = side;
        entry["label"] = match.side_label(side);
        entry["half_points"] = standing.of(side);
        entry["on_move"] = !over && side == on_move;
        entry["played_by"] = match.side_played_by(side);
        sides.push_back(std::move(entry));
        score_text += (side ? "-" : "") + points_text(standing.of(side));
    }
    json score = {{"text", std::move(score_text)}};
    json doc = {{"id", c.id},
                {"game", c.game},
                {"event", c.event},
                {"site", c.site},
                {"round", c.round},
                {"phase", engine::to_string(match.phase())},
                {"result", match.result()},
                {"termination", match.termination()},
                {"to_move", over ? json(nullptr) : json(side_name(match.to_move()))},
                {"side_on_move", over ? json(nullptr) : json(on_move)},
                {"sides", std::move(sides)},
                {"score", std::move(score)},
                {"clock", clock_json(match, memory)},
                {"boards", boards_json(match, memory)},
                {"claim", claim_json(match, memory)},
                {"illegal_moves",
                 {{"white", match.chess() ? match.chess()->illegal_moves(chess::WHITE) : 0},
                  {"black", match.chess() ? match.chess()->illegal_moves(chess::BLACK) : 0}}},
                {"incidents", incidents_json(c, memory)},
                {"seq", memory ? memory->seq : 0}};
    if (const auto facts = match.facts(); !facts.empty()) {
        json list = json::array();
        for (const auto& [name, value] : facts) list.push_back({{"name", name}, {"value", value}});
        doc["facts"] = std::move(list);
    }
    if (const auto field = match.field_view()) doc["field"] = field_json(*field);
    if (json pictures = pictures_json(match); !pictures.empty()) doc["pictures"] = pictures;
    // A game of two sides also as White's and Black's, as overlays written for two read it.
    if (match.side_count() == 2) {
        doc["teams"] = {{"white", std::move(teams[chess::WHITE])},
                        {"black", std::move(teams[chess::BLACK])}};
        doc["score"]["white_half_points"] = standing.of(chess::WHITE);
        doc["score"]["black_half_points"] = standing.of(chess::BLACK);
    }
    return doc;
}

json event_header(const engine::VenueState& state) {
    // Every match of a venue file carries the event's name and site; the first one says it.
    std::string name, site;
    for (const auto& [id, m] : state.matches()) {
        if (name.empty()) name = m->config().event;
        if (site.empty()) site = m->config().site;
    }
    return {{"name", name}, {"site", site}};
}

json event_document(const engine::VenueState& state, const FeedMemory& memory, std::int64_t seq) {
    json matches = json::array();
    for (const auto& [id, m] : state.matches()) {
        auto it = memory.matches.find(id);
        matches.push_back(match_document(*m, it == memory.matches.end() ? nullptr : &it->second));
    }
    return {{"api_version", API_VERSION},
            {"id", 0},
            {"seq", seq},
            {"event", event_header(state)},
            {"matches", std::move(matches)}};
}

std::string live_pgn(const engine::Match& match) {
    std::string text;
    for (const chess::PgnGame& part : engine::to_pgn_parts(match)) text += chess::write_pgn(part);
    return text;
}

FeedUpdate make_update(const engine::VenueState& state, std::span<const runtime::Applied> applied,
                       FeedMemory& memory) {
    std::set<std::string> touched;
    for (const runtime::Applied& a : applied) {
        remember(memory, a, state);
        if (auto id = match_of(a.event.body); !id.empty()) touched.insert(id);
        for (const engine::Decision& d : a.decisions)
            if (auto id = match_of(d.body); !id.empty()) touched.insert(id);
    }
    FeedUpdate u;
    u.full = applied.empty();
    u.seq = applied.empty() ? 0 : applied.back().seq;
    u.event_json = event_header(state).dump();
    for (const auto& [id, m] : state.matches()) {
        if (!u.full && !touched.contains(id)) continue;
        auto it = memory.matches.find(id);
        const MatchMemory* mm = it == memory.matches.end() ? nullptr : &it->second;
        u.matches[id] = match_document(*m, mm).dump();
        u.pgn[id] = live_pgn(*m);
    }
    return u;
}

}  // namespace venue::feed
