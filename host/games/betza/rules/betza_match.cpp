#include "games/betza/rules/betza_match.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "chess/uci.h"
#include "games/betza/rules/batting_order.h"

namespace venue::games::betza {

using engine::Decision;
using engine::GameInput;
using engine::MatchPhase;

namespace {

// The kinds of GameInput this game knows; the base ignores any other with its reason.
constexpr const char* KINDS[] = {"seed",     "select_pair",    "move",     "end_turn",
                                 "reassign", "rule_self_mate", "alliance", "agree_draw"};

std::string arg(const std::map<std::string, std::string>& args, const char* key) {
    auto it = args.find(key);
    return it == args.end() ? "" : it->second;
}

// A whole number written in full, or nullopt.
template <class T>
std::optional<T> number_of(const std::string& text) {
    T value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

std::optional<chess::PieceType> promotion_of(char c) {
    switch (c) {
        case 'q':
            return chess::QUEEN;
        case 'r':
            return chess::ROOK;
        case 'b':
            return chess::BISHOP;
        case 'n':
            return chess::KNIGHT;
        default:
            return std::nullopt;
    }
}

// "f2f3", "e7e8q" on the joined board: squares only; the core judges legality (BETZA-1).
std::optional<chess::Move> move_of(const std::string& uci) {
    if (uci.size() != 4 && uci.size() != 5) return std::nullopt;
    const chess::Square from = chess::parse_square(std::string_view(uci).substr(0, 2));
    const chess::Square to = chess::parse_square(std::string_view(uci).substr(2, 2));
    if (from == chess::SQ_NONE || to == chess::SQ_NONE) return std::nullopt;
    if (uci.size() == 4) return chess::Move(from, to);
    const auto promotion = promotion_of(uci[4]);
    if (!promotion) return std::nullopt;
    return chess::Move::make(from, to, chess::MoveKind::PROMOTION, *promotion);
}

std::string pair_words(const Pair& p) {
    return std::to_string(p.first) + "+" + std::to_string(p.second);
}

std::string list_words(const std::vector<int>& items) {
    std::string s;
    for (int i : items) s += (s.empty() ? "" : ", ") + std::to_string(i);
    return s;
}

}  // namespace

BetzaMatch::BetzaMatch(engine::MatchConfig config)
    : Match(std::move(config)), rules_(BetzaRules::of(config_.options)) {
    // Only a random order needs the log's seed; any other starts now (the seed is not drawn on).
    if (rules_.order != BattingOrder::RANDOM) start(0);
}

bool BetzaMatch::start(std::uint64_t seed) {
    auto game = BetzaGame::start(side_count(), rules_, seed);
    if (!game) {
        start_problem_ = game.error();
        return false;
    }
    game_.emplace(std::move(*game));
    return true;
}

bool BetzaMatch::wants_seed() const {
    return rules_.order == BattingOrder::RANDOM && !seeded_ && phase_ != MatchPhase::FINISHED;
}

int BetzaMatch::player_of(const std::string& text) const {
    for (int side = 0; side < side_count(); ++side)
        for (const engine::PlayerConfig& p : config_.side(side).players)
            if (!text.empty() && p.id == text) return side;
    const auto n = number_of<int>(text);
    return n && *n >= 0 && *n < side_count() ? *n : -1;
}

std::string BetzaMatch::player_name(int player) const {
    if (player < 0 || player >= side_count()) return "nobody";
    const auto& players = config_.side(player).players;
    if (!players.empty())
        return players.front().name.empty() ? players.front().id : players.front().name;
    return "player " + std::to_string(player);
}

std::string BetzaMatch::army_words(int army) const {
    std::string s = "army " + std::to_string(army);
    if (game_ && army >= 0 && army < game_->armies())
        s += " (" + player_name(game_->controller_of(army)) + ")";
    return s;
}

// --- Inputs -------------------------------------------------------------------------------------

void BetzaMatch::on(const GameInput& e, Out& out) {
    bool known = false;
    for (const char* k : KINDS) known = known || e.kind == k;
    if (!known) return Match::on(e, out);
    if (finished(out)) return;
    if (phase_ == MatchPhase::PAUSED) return ignore("X-3", "the match is paused", out);
    if (e.kind == "seed") return seed(e, out);
    if (!game_)
        return ignore("BETZA-A2",
                      start_problem_.empty()
                          ? "the batting order is not drawn yet: the match waits for its seed"
                          : "the rules cannot run this match: " + start_problem_,
                      out);
    // BETZA-3.1: a player acts for the armies he controls; the arbiter (no player) for any.
    const bool turn_input = e.kind == "select_pair" || e.kind == "move" || e.kind == "end_turn";
    if (turn_input && !e.player.empty()) {
        const int player = player_of(e.player);
        if (player < 0)
            return ignore("BETZA-0.1", "'" + e.player + "' is no player of this match", out);
        if (e.side >= 0 && e.side < game_->armies() && game_->controller_of(e.side) != player)
            return ignore("BETZA-3.1",
                          player_name(player) + " does not control army " + std::to_string(e.side) +
                              ": " + player_name(game_->controller_of(e.side)) + " does",
                          out);
    }
    const Accepted input{e.kind, e.side, e.args};
    auto result = put(input);
    if (const auto* bad = std::get_if<BadInput>(&result))
        return ignore(bad->clause.c_str(), bad->reason, out);
    const Decided& decided = std::get<Decided>(result);
    if (!decided) {
        const Refusal& r = decided.error();
        return ignore(r.clause.c_str(),
                      std::string("refused (") + to_string(r.code) + "): " + r.reason, out);
    }
    accepted_.push_back(input);
    if (phase_ == MatchPhase::WAITING) phase_ = MatchPhase::PLAYING;
    report(decided.value(), out);
    if (game_->ended()) report_end(out);
}

void BetzaMatch::seed(const GameInput& e, Out& out) {
    const std::string value = arg(e.args, "value");
    const auto seed = number_of<std::uint64_t>(value);
    if (!seed) return ignore("BETZA-A2", "the seed is a whole number, not '" + value + "'", out);
    if (rules_.order != BattingOrder::RANDOM)
        return ignore("BETZA-A2", "the batting order is not drawn (order is not random)", out);
    if (seeded_)
        return ignore("BETZA-A2", "the batting order is drawn once, from the first seed", out);
    if (!start(*seed))
        return ignore("BETZA-0.1", "the rules cannot run this match: " + start_problem_, out);
    seed_ = *seed;
    seeded_ = true;
    std::string order;
    for (int army : game_->batting_order())
        order += (order.empty() ? "" : " ") + std::to_string(army);
    out.push_back(
        {engine::GameNews{config_.id, "batting_order", {{"order", order}, {"seed", value}}},
         "BETZA-A2", "the batting order drawn from seed " + value + ": army " + order});
    report(game_->opening_news(), out);
    if (game_->ended()) report_end(out);
}

std::variant<Decided, BetzaMatch::BadInput> BetzaMatch::put(const Accepted& in) {
    BetzaGame& g = *game_;
    auto board = [&](const char* key) { return number_of<int>(arg(in.args, key)); };
    if (in.kind == "select_pair") {
        const auto a = board("board_a"), b = board("board_b");
        if (!a || !b)
            return BadInput{"BETZA-4",
                            "a pair names its two half-boards by number: board_a and board_b, "
                            "0 to " +
                                std::to_string(g.armies() - 1)};
        return g.declare_pair(in.side, Pair{*a, *b});
    }
    if (in.kind == "move") {
        const std::string uci = arg(in.args, "uci");
        const auto m = move_of(uci);
        if (!m)
            return BadInput{"BETZA-4.3",
                            "a move is given as uci on the joined board of the pushed pair "
                            "(\"f2f3\", \"e7e8q\"), not '" +
                                uci + "'"};
        return g.move(in.side, *m);
    }
    if (in.kind == "end_turn") return g.end_turn(in.side);
    if (in.kind == "agree_draw") return g.agree_draw();
    if (in.kind == "alliance") {
        const int a = player_of(arg(in.args, "player_a")), b = player_of(arg(in.args, "player_b"));
        if (a < 0 || b < 0)
            return BadInput{"BETZA-A14", "an alliance names two players: player_a and player_b"};
        return g.record_alliance(a, b);
    }
    // reassign, rule_self_mate: an army and the player who takes it.
    const auto army = board("army");
    const int player = player_of(arg(in.args, "player"));
    const std::string clause = in.kind == "reassign" ? "BETZA-9.1" : "BETZA-A11";
    if (!army || player < 0)
        return BadInput{clause, "name the army (0 to " + std::to_string(g.armies() - 1) +
                                    ") and the player who takes it (his id)"};
    return in.kind == "reassign" ? g.reassign(*army, player) : g.rule_self_mate(*army, player);
}

// --- Decisions
// ------------------------------------------------------------------------------------

void BetzaMatch::report(const std::vector<News>& news, Out& out) {
    for (const News& n : news) {
        if (n.kind == NewsKind::GAME_ENDED) continue;  // report_end says it, with the standing
        std::map<std::string, std::string> facts;
        if (n.army != NO_ARMY) facts["army"] = std::to_string(n.army);
        if (n.from_player != NO_PLAYER)
            facts["from"] = config_.side(n.from_player).players.at(0).id;
        if (n.to_player != NO_PLAYER) facts["to"] = config_.side(n.to_player).players.at(0).id;
        std::string why = n.reason;
        switch (n.kind) {
            case NewsKind::PAIR_DECLARED:
                facts["pair"] = pair_words(n.pair);
                why = "army " + std::to_string(n.army) + " pushes half-boards " +
                      std::to_string(n.pair.first) + " and " + std::to_string(n.pair.second) +
                      " together";
                break;
            case NewsKind::MOVED:
                facts["pair"] = pair_words(n.pair);
                facts["uci"] = chess::to_uci(n.move);
                why = "army " + std::to_string(n.army) + " plays " + chess::to_uci(n.move) +
                      " on " + pair_words(n.pair);
                break;
            case NewsKind::ARMY_CAPTURED:
            case NewsKind::CONTROL_REASSIGNED:
                why += ": " + player_name(n.from_player) + " to " + player_name(n.to_player);
                break;
            case NewsKind::PLAYER_ELIMINATED:
                why = player_name(n.from_player) + " is out: " + why;
                break;
            case NewsKind::TURN_ENDED:
                if (game_ && !game_->ended())
                    why += "; " + army_words(game_->army_on_move()) + " is on move";
                break;
            default:
                break;
        }
        out.push_back(
            {engine::GameNews{config_.id, to_string(n.kind), std::move(facts)}, n.clause, why});
    }
}

// The rules core's standing as the engine's result: the winner's win; a shared draw (last_alive)
// a half point to each player sharing it, as the result of a game can hold only halves; place
// points as they are (always whole or half).
void BetzaMatch::report_end(Out& out) {
    const Standing& s = game_->standing();
    std::string places;
    for (const std::vector<int>& place : s.places) {
        std::string shared;
        for (int p : place)
            shared += (shared.empty() ? "" : " = ") + config_.side(p).players.at(0).id;
        places += (places.empty() ? "" : ", ") + shared;
    }
    std::map<std::string, std::string> facts{{"places", places}};
    if (s.winner >= 0) facts["winner"] = config_.side(s.winner).players.at(0).id;
    out.push_back(
        {engine::GameNews{config_.id, "game_ended", std::move(facts)}, s.clause, s.reason});
    engine::Outcome outcome;
    std::string termination;
    if (s.winner >= 0 && rules_.scoring == Scoring::LAST_ALIVE) {
        outcome = win_of(s.winner);
        termination = "last player alive";
    } else {
        std::vector<int> half(std::size_t(side_count()), 0);
        if (s.drawn && rules_.scoring == Scoring::LAST_ALIVE) {
            for (int p : s.places.front()) half[std::size_t(p)] = 1;
        } else {
            for (std::size_t p = 0; p < half.size() && p < s.points.size(); ++p)
                half[p] = int(std::lround(2 * s.points[p]));
        }
        outcome = engine::Outcome::of(half);
        termination = s.winner >= 0             ? "last player alive"
                      : s.clause == "BETZA-A17" ? "agreed draw"
                                                : "stalemate";
    }
    end(outcome, termination, s.clause.c_str(), s.reason, out);
}

// No clock is kept yet (BETZA-A15): a fallen flag ends nothing by itself.
void BetzaMatch::on(const engine::FlagFell& e, Out& out) {
    if (finished(out)) return;
    ignore("BETZA-A15",
           std::string("the ") + chess::color_name(e.side) +
               " face's flag: Betza's chess keeps no clock of its own yet; the arbiter decides",
           out);
}

// --- What the rest of the program asks
// ------------------------------------------------------------

chess::Color BetzaMatch::to_move() const {
    if (!game_) return chess::WHITE;
    return colour_of(game_->position().layout[std::size_t(game_->army_on_move())]);
}

int BetzaMatch::side_on_move() const {
    return game_ ? game_->army_on_move() : 0;
}

engine::PlayerStatus BetzaMatch::player_status(int side, int index) const {
    engine::PlayerStatus s = Match::player_status(side, index);
    if (!game_) return s;
    const auto& out = game_->eliminated();
    s.out = std::find(out.begin(), out.end(), side) != out.end();
    s.buttons_live = !s.out;
    return s;
}

std::vector<std::pair<std::string, std::string>> BetzaMatch::facts() const {
    std::vector<std::pair<std::string, std::string>> f;
    if (!game_) {
        f.emplace_back("Batting order",
                       start_problem_.empty() ? "waiting for the seed" : start_problem_);
        return f;
    }
    const BetzaGame& g = *game_;
    f.emplace_back("Batting order", "army " + list_words(g.batting_order()));
    if (!g.ended()) {
        std::string turn =
            "turn " + std::to_string(g.turn()) + ": " + army_words(g.army_on_move()) + " on move";
        std::vector<int> used;
        for (int b = 0; b < g.armies(); ++b)
            if (g.board_used(b)) used.push_back(b);
        if (!used.empty()) turn += "; half-boards used: " + list_words(used);
        if (g.declared_pair()) turn += "; pushed: " + pair_words(*g.declared_pair());
        f.emplace_back("Turn", turn);
    }
    std::string armies;
    for (int p : g.players_in())
        armies += (armies.empty() ? "" : "; ") + player_name(p) + ": " +
                  list_words(g.position().armies_of(p));
    f.emplace_back("Armies", armies);
    if (!g.eliminated().empty()) {
        std::string out;
        for (int p : g.eliminated()) out += (out.empty() ? "" : ", ") + player_name(p);
        f.emplace_back("Out", out);
    }
    if (!g.pending_self_mate_rulings().empty())
        f.emplace_back("Awaiting the arbiter",
                       "who takes army " + list_words(g.pending_self_mate_rulings()));
    return f;
}

bool BetzaMatch::is_ok(std::string* why) const {
    if (!Match::is_ok(why)) return false;
    if (!game_) return true;
    if (side_count() != game_->armies()) {
        if (why) *why = "the game's armies are not the match's sides";
        return false;
    }
    return game_->is_ok(why);
}

// Every part of the game's state that the core shows, in a fixed text form: the position man by
// man, the controllers, the turn and its used boards, the players out, the standing.
std::string BetzaMatch::canonical_extra() const {
    std::string s = "betza seed " + std::to_string(seed_) + (seeded_ ? "" : "?") + " inputs " +
                    std::to_string(accepted_.size());
    if (!game_) return s + "\nnot started";
    const BetzaGame& g = *game_;
    const ArmyPosition& p = g.position();
    s += "\norder " + list_words(g.batting_order()) + "\nturn " + std::to_string(g.turn()) +
         " army " + std::to_string(g.army_on_move()) + " moves " +
         std::to_string(g.moves_this_turn()) + " used";
    for (int b = 0; b < g.armies(); ++b) s += g.board_used(b) ? " " + std::to_string(b) : "";
    s += " pair " + (g.declared_pair() ? pair_words(*g.declared_pair()) : std::string("-"));
    s += "\ncontrol";
    for (int a = 0; a < g.armies(); ++a)
        s += " " + std::to_string(g.controller_of(a)) + (p.retired[std::size_t(a)] ? "r" : "") +
             (p.layout[std::size_t(a)] == Layout::WHITE ? "w" : "b");
    s += "\nout " + list_words(g.eliminated()) + "\nrulings " +
         list_words(g.pending_self_mate_rulings());
    s += "\nalliances";
    for (const auto& [a, b] : g.alliances()) s += " " + std::to_string(a) + "-" + std::to_string(b);
    s += "\nplayed " + std::to_string(p.moves_played);
    for (int b = 0; b < g.armies(); ++b) {
        s += "\nboard " + std::to_string(b);
        for (const Man& m : p.boards[std::size_t(b)]) {
            if (m.empty()) {
                s += " .";
                continue;
            }
            s += " " + std::to_string(int(m.type)) + ":" + std::to_string(int(m.army)) +
                 (m.moved ? "m" + std::to_string(m.moved_at) : "");
        }
    }
    const Standing& st = g.standing();
    if (st.ended) {
        s += "\nended " + st.clause + " winner " + std::to_string(st.winner) + " points";
        for (double x : st.points) s += " " + std::to_string(int(std::lround(2 * x)));
    }
    return s;
}

// --- Snapshots
// ------------------------------------------------------------------------------------

std::string BetzaMatch::extra_snapshot() const {
    return engine::InputHistory{seed_, seeded_, accepted_}.to_json("army");
}

bool BetzaMatch::restore_extra(std::string_view text) {
    auto history = engine::InputHistory::from_json(text, "army");
    if (!history) return false;
    seed_ = history->seed;
    seeded_ = history->seeded;
    game_.reset();
    accepted_.clear();
    if ((seeded_ || rules_.order != BattingOrder::RANDOM) && !start(seed_)) return false;
    for (Accepted& in : history->inputs) {
        if (!game_) return false;
        auto result = put(in);
        const auto* decided = std::get_if<Decided>(&result);
        if (!decided || !*decided) return false;  // the log's inputs were accepted once
        accepted_.push_back(std::move(in));
    }
    return true;
}

}  // namespace venue::games::betza
