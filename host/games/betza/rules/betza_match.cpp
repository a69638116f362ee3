#include "games/betza/rules/betza_match.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>

#include "chess/uci.h"
#include "common/clock_text.h"
#include "games/betza/rules/batting_order.h"
#include "games/betza/rules/pair_chess.h"
#include "sensing/placement.h"

namespace venue::games::betza {

using engine::Decision;
using engine::GameInput;
using engine::MatchPhase;

namespace {

// The kinds of GameInput this game knows; the base ignores any other with its reason.
constexpr const char* KINDS[] = {"seed",     "select_pair", "move",
                                 "end_turn", "reassign",    "rule_self_mate",
                                 "alliance", "agree_draw",  "add_time"};

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

// A half-board's square as its owner names it from the seat: "d1" is on his own back rank.
std::string square_words(const HalfSquare& sq) {
    return {char('a' + sq.file), char('1' + sq.rank)};
}

std::string list_words(const std::vector<int>& items) {
    std::string s;
    for (int i : items) s += (s.empty() ? "" : ", ") + std::to_string(i);
    return s;
}

}  // namespace

BetzaMatch::BetzaMatch(engine::MatchConfig config)
    : Match(std::move(config)), rules_(BetzaRules::of(config_.options)) {
    for (const std::string& b : config_.options.list("select_buttons", {}))
        select_buttons_.push_back(number_of<int>(b).value_or(-1));
    boards_ = config_.options.list("boards", {});
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
    const ClockState before = clock_state();
    take(e, out);
    keep_army_clock(before, before.on_move, out);
}

void BetzaMatch::take(const GameInput& e, Out& out) {
    bool known = false;
    for (const char* k : KINDS) known = known || e.kind == k;
    if (!known) return Match::on(e, out);
    if (finished(out)) return;
    if (phase_ == MatchPhase::PAUSED) return ignore("X-3", "the match is paused", out);
    if (e.kind == "seed") return seed(e, out);
    if (e.kind == "add_time") return add_time(e, out);
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
    apply_input(Accepted{e.kind, e.side, e.args}, "", out);
}

bool BetzaMatch::apply_input(const Accepted& input, const std::string& what, Out& out) {
    // The half-boards as the game holds them before: an army retired by this input leaves men
    // on its boards until they are taken off (leaving_).
    std::vector<HalfView> before;
    if (!boards_.empty() && game_)
        for (int b = 0; b < game_->armies(); ++b)
            before.push_back(expected_view(game_->position(), b));
    const std::size_t first = out.size();
    auto result = put(input);
    if (const auto* bad = std::get_if<BadInput>(&result)) {
        ignore(bad->clause.c_str(), bad->reason, out);
        return false;
    }
    const Decided& decided = std::get<Decided>(result);
    if (!decided) {
        const Refusal& r = decided.error();
        ignore(
            r.clause.c_str(),
            (what.empty() ? "" : what + ": ") + "refused (" + to_string(r.code) + "): " + r.reason,
            out);
        return false;
    }
    accepted_.push_back(input);
    if (phase_ == MatchPhase::WAITING) phase_ = MatchPhase::PLAYING;
    report(decided.value(), out);
    if (game_->ended()) report_end(out);
    if (!before.empty())
        for (std::size_t i = first; i < out.size(); ++i)
            if (const auto* n = std::get_if<engine::GameNews>(&out[i].body);
                n && n->kind == "army_retired")
                note_leaving(before);
    // A pair pushed: its boards may already show the move (made before the buttons were pressed).
    if (input.kind == "select_pair") read_boards(-1, out);
    return true;
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
    // The select buttons' half-selection (on(ClaimPressed)); no decision of the core's.
    if (in.kind == "select_board") {
        selected_ = board("board");
        selected_for_ = in.side;
        return Decided(std::vector<News>{});
    }
    if (in.kind == "deselect") {
        selected_.reset();
        return Decided(std::vector<News>{});
    }
    if (in.kind == "select_pair") {
        const auto a = board("board_a"), b = board("board_b");
        if (!a || !b)
            return BadInput{"BETZA-4",
                            "a pair names its two half-boards by number: board_a and board_b, "
                            "0 to " +
                                std::to_string(g.armies() - 1)};
        Decided pushed = g.declare_pair(in.side, Pair{*a, *b});
        if (pushed) selected_.reset();  // a pair pushed, by buttons or entered: none is half-done
        return pushed;
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
    if (in.kind == "time_forfeit") return g.time_forfeit(in.side);  // the army clock's flag
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
                facts["piece"] = chess::type_name(n.piece);
                facts["from_board"] = std::to_string(n.from.board);
                facts["from"] = square_words(n.from);
                facts["to_board"] = std::to_string(n.to.board);
                facts["to"] = square_words(n.to);
                if (!n.captured.empty()) {
                    facts["captured"] = chess::type_name(n.captured.type);
                    facts["captured_army"] = std::to_string(n.captured.army);
                }
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

// The hub's two faces keep no time of Betza's chess (its clock is the army clock): their flag
// ends nothing by itself.
void BetzaMatch::on(const engine::FlagFell& e, Out& out) {
    if (finished(out)) return;
    ignore("BETZA-A15",
           std::string("the ") + chess::color_name(e.side) +
               " face's flag: Betza's chess keeps its time on the army clock; the arbiter decides",
           out);
}

// --- The army clock (BETZA-A15) ------------------------------------------------------------------

std::optional<engine::ArmyClockPlan> BetzaMatch::army_clock() const {
    if (rules_.clock_ms <= 0) return std::nullopt;
    const ClockState now = clock_state();
    engine::ArmyClockPlan plan;
    plan.armies = side_count();
    plan.time_ms = rules_.clock_ms;
    plan.order = now.order;
    plan.stations = now.stations;
    for (int station = 0; station < side_count(); ++station) {
        const auto& players = config_.side(station).players;
        plan.buttons.push_back(players.empty() || players.front().buttons.empty()
                                   ? -1
                                   : players.front().buttons.front());
    }
    plan.on_move = now.on_move;
    return plan;
}

BetzaMatch::ClockState BetzaMatch::clock_state() const {
    ClockState c;
    if (rules_.clock_ms <= 0) return c;  // untimed: no army clock to keep (keep_army_clock)
    if (!game_) {
        for (int a = 0; a < side_count(); ++a) {
            c.order.push_back(a);
            c.stations.push_back(a);
        }
        return c;
    }
    const BetzaGame& g = *game_;
    for (int a : g.batting_order())
        if (!g.position().retired[std::size_t(a)]) c.order.push_back(a);
    for (int a = 0; a < g.armies(); ++a) c.stations.push_back(g.controller_of(a));
    const bool under_way = phase_ == MatchPhase::PLAYING || phase_ == MatchPhase::PAUSED;
    if (under_way && !g.ended()) c.on_move = g.army_on_move();
    return c;
}

void BetzaMatch::keep_army_clock(const ClockState& before, std::optional<int> hub_on_move,
                                 Out& out) {
    if (rules_.clock_ms <= 0) return;
    const ClockState now = clock_state();
    if (!now.on_move) return;  // not begun, or over (the end stopped the clock)
    auto command = [&](engine::DeviceAction action, int army, std::string why) {
        engine::DeviceCommand c{"hub", action, chess::WHITE, 0, army, {}, {}};
        if (action == engine::DeviceAction::ARMY_SET_ORDER) {
            c.armies = now.order;
            c.stations = now.stations;
        }
        out.push_back({std::move(c), "BETZA-A15", std::move(why)});
    };
    if (!before.on_move) {
        // The game's first turn input: the hub's order (it may have been set before the draw)
        // and then the first army's time.
        command(engine::DeviceAction::ARMY_SET_ORDER, 0,
                "the army clock's batting order: army " + list_words(now.order));
        command(engine::DeviceAction::ARMY_START, *now.on_move,
                "the game is under way: " + army_words(*now.on_move) + "'s time runs");
        return;
    }
    if (now.order != before.order || now.stations != before.stations)
        command(engine::DeviceAction::ARMY_SET_ORDER, 0,
                "the armies in the game and who plays them changed: army " + list_words(now.order));
    if (now.on_move != hub_on_move)
        command(engine::DeviceAction::ARMY_SET_ON_MOVE, *now.on_move,
                army_words(*now.on_move) + " is on move: its time runs");
}

// The arbiter gives one army time, or takes it away (BETZA-A15): the hub's army clock is told the
// army's new time, from its last reading. Not the rules core's: the times are the hub's.
void BetzaMatch::add_time(const GameInput& e, Out& out) {
    if (rules_.clock_ms <= 0)
        return ignore("BETZA-A15", "the game is untimed: no army clock to add time to", out);
    if (e.arbiter.empty()) return ignore("X-3", "only an arbiter adds time", out);
    const auto army = number_of<int>(arg(e.args, "army"));
    const auto ms = number_of<std::int64_t>(arg(e.args, "ms"));
    if (!army || *army < 0 || *army >= side_count())
        return ignore(
            "BETZA-A15",
            "name the army (0 to " + std::to_string(side_count() - 1) + ") that gets the time",
            out);
    if (!ms || *ms == 0)
        return ignore(
            "BETZA-A15",
            "give the time in ms (negative takes time away), not '" + arg(e.args, "ms") + "'", out);
    if (game_ && game_->position().retired[std::size_t(*army)])
        return ignore("BETZA-A15", army_words(*army) + " is out of the game", out);
    const engine::ArmyClockMirror& clock = army_clock_reading();
    const std::int64_t now = std::size_t(*army) < clock.remaining_ms.size()
                                 ? clock.remaining_ms[std::size_t(*army)]
                                 : rules_.clock_ms;
    // Never below a second: taking time is not a way to make a flag fall.
    const std::int64_t then = std::max<std::int64_t>(1000, now + *ms);
    out.push_back(
        {engine::DeviceCommand{
             "hub", engine::DeviceAction::ARMY_SET_TIME, chess::WHITE, then, *army, {}, {}},
         "BETZA-A15",
         army_words(*army) + "'s time: " + clock_text(now, ClockStyle::DISPLAY) + " to " +
             clock_text(then, ClockStyle::DISPLAY) + " (" + e.arbiter +
             (e.note.empty() ? "" : ": " + e.note) + ")"});
}

// A station's press ended the army's turn on the hub, which runs the next army's time already;
// the game judges it as the army's "end_turn" (BETZA-6, A8) and puts the clock right when it
// disagrees (a turn without a move goes on: the army is put back on move).
void BetzaMatch::on(const engine::ArmyTurnEnded& e, Out& out) {
    if (finished(out)) return;
    if (rules_.clock_ms <= 0) return Match::on(e, out);
    const ClockState before = clock_state();
    const std::string what =
        "station " + std::to_string(e.station) + "'s End-turn for army " + std::to_string(e.army);
    if (!game_ || !before.on_move)
        ignore("BETZA-A15", what + ": the game is not under way", out);
    else if (phase_ == MatchPhase::PAUSED)
        ignore("X-3", what + ": the match is paused", out);
    else
        apply_input(Accepted{"end_turn", e.army, {}}, what, out);
    keep_army_clock(before, e.next_army, out);
}

// The hub stopped its army clock at the flag; the army is out (time_forfeit) and the next army's
// time runs again.
void BetzaMatch::on(const engine::ArmyFlagFell& e, Out& out) {
    if (finished(out)) return;
    if (rules_.clock_ms <= 0) return Match::on(e, out);
    const ClockState before = clock_state();
    if (!game_ || !before.on_move)
        return ignore("BETZA-A15",
                      "army " + std::to_string(e.army) +
                          "'s flag: the game is "
                          "not under way",
                      out);
    apply_input(Accepted{"time_forfeit", e.army, {}}, "army " + std::to_string(e.army) + "'s flag",
                out);
    if (phase_ == MatchPhase::FINISHED) return;
    keep_army_clock(before, e.army, out);
    if (phase_ == MatchPhase::PLAYING)
        out.push_back(
            {engine::DeviceCommand{"hub", engine::DeviceAction::CLOCK_RESUME, chess::WHITE, 0},
             "BETZA-A15", "the clock goes on with " + army_words(game_->army_on_move())});
}

// --- The select buttons (BETZA-4) ---------------------------------------------------------------

void BetzaMatch::on(const engine::ClaimPressed& e, Out& out) {
    const auto it = std::find(select_buttons_.begin(), select_buttons_.end(), e.button);
    if (it == select_buttons_.end()) {
        if (select_buttons_.empty()) return Match::on(e, out);
        return ignore("BETZA-4", "button " + std::to_string(e.button) + " selects no half-board",
                      out);
    }
    const ClockState before = clock_state();
    select(int(it - select_buttons_.begin()), out);
    keep_army_clock(before, before.on_move, out);
}

void BetzaMatch::select(int board, Out& out) {
    if (finished(out)) return;
    if (phase_ == MatchPhase::PAUSED) return ignore("X-3", "the match is paused", out);
    if (!game_) return ignore("BETZA-A2", "the batting order is not drawn yet", out);
    const int army = game_->army_on_move();
    const std::string b = std::to_string(board);
    auto keep = [&](Accepted input, const char* kind, std::string why) {
        put(input);
        accepted_.push_back(std::move(input));
        out.push_back(
            {engine::GameNews{config_.id, kind, {{"board", b}, {"army", std::to_string(army)}}},
             "BETZA-4", std::move(why)});
    };
    if (!selected_ || selected_for_ != army)
        return keep(Accepted{"select_board", army, {{"board", b}}}, "board_selected",
                    "half-board " + b + " selected for " + army_words(army) +
                        ": its partner's button pushes the pair");
    if (*selected_ == board)
        return keep(Accepted{"deselect", army, {}}, "board_deselected",
                    "half-board " + b + " let go: no pair pushed");
    const std::string a = std::to_string(*selected_);
    if (apply_input(Accepted{"select_pair", army, {{"board_a", a}, {"board_b", b}}},
                    "half-boards " + a + " and " + b + " (press two buttons again)", out))
        return;
    // The selection goes with the refusal, so that the next press starts a new pair.
    Accepted let_go{"deselect", army, {}};
    put(let_go);
    accepted_.push_back(std::move(let_go));
}

// --- The half-boards' DGT boards (BETZA-4, BETZA-A21; half_boards.h) ----------------------------

engine::BoardRole BetzaMatch::board_role(const std::string& board) const {
    engine::BoardRole role;
    role.read_by_match = half_board_of(board) >= 0;
    return role;
}

std::vector<engine::BoardPicture> BetzaMatch::board_pictures() const {
    std::vector<engine::BoardPicture> out;
    if (!game_) return out;
    const BetzaGame& g = *game_;
    const ArmyPosition& p = g.position();
    const std::optional<Pair> pair = g.ended() ? std::nullopt : g.declared_pair();
    if (pair) {
        engine::BoardPicture joined;
        joined.caption =
            "Pushed pair " + pair_words(*pair) + ": " + army_words(g.army_on_move()) + " on move";
        const JoinedBoard board = JoinedBoard::of(p, *pair);
        for (int s = 0; s < chess::SQUARE_NB; ++s) {
            const Man& m = board.squares[std::size_t(s)];
            if (!m.empty())
                joined.squares[std::size_t(s)] =
                    chess::make_piece(colour_of(p.layout[std::size_t(m.army)]), m.type);
        }
        joined.active = true;
        out.push_back(std::move(joined));
    }
    for (int b = 0; b < g.armies(); ++b) {
        engine::BoardPicture half;
        const HalfView want = expected_view(p, b);
        const HalfView seen = seen_view(b);  // a retired army's men still there are framed
        for (int i = 0; i < HALF_SQUARES; ++i) {
            const chess::Square sq = chess::make_square(i % HALF_FILES, i / HALF_FILES);
            half.squares[std::size_t(sq)] = want.near[std::size_t(i)];
            if (seen.near[std::size_t(i)] != want.near[std::size_t(i)]) half.marked.push_back(sq);
        }
        for (chess::Square sq : seen.far) half.marked.push_back(sq);
        half.caption = "Half-board " + std::to_string(b) +
                       (std::size_t(b) < boards_.size() ? " on " + boards_[std::size_t(b)] : "") +
                       ", home of " + army_words(b) + (g.board_used(b) ? " \u00b7 used" : "");
        half.active = pair && pair->contains(b);
        half.dim = g.board_used(b) && !half.active;
        out.push_back(std::move(half));
    }
    return out;
}

int BetzaMatch::half_board_of(const std::string& board) const {
    const auto it = std::find(boards_.begin(), boards_.end(), board);
    return it == boards_.end() ? -1 : int(it - boards_.begin());
}

namespace {

std::optional<HalfView> view_in(const std::map<int, std::string>& placements, int board) {
    const auto it = placements.find(board);
    if (it == placements.end()) return std::nullopt;
    const auto placement = sensing::parse_placement(it->second);
    if (!placement) return std::nullopt;
    return sensed_view(*placement);
}

}  // namespace

HalfView BetzaMatch::seen_view(int board) const {
    if (auto seen = view_in(seen_, board)) return *seen;
    return expected_view(game_->position(), board);
}

HalfView BetzaMatch::view_of(int board) const {
    const HalfView seen = seen_view(board);
    const auto leaving = view_in(leaving_, board);
    if (!leaving) return seen;
    return without_leaving(seen, expected_view(game_->position(), board), *leaving);
}

void BetzaMatch::note_leaving(const std::vector<HalfView>& before) {
    for (int b = 0; b < int(before.size()); ++b) {
        const HalfView now = expected_view(game_->position(), b);
        HalfView leaving = view_in(leaving_, b).value_or(HalfView{});
        bool any = false;
        for (int i = 0; i < HALF_SQUARES; ++i) {
            const chess::Piece was = before[std::size_t(b)].near[std::size_t(i)];
            if (was != chess::NO_PIECE && now.near[std::size_t(i)] == chess::NO_PIECE) {
                leaving.near[std::size_t(i)] = was;
                any = true;
            }
        }
        if (any) leaving_[b] = sensing::to_string(placement_of(leaving));
    }
}

void BetzaMatch::on(const engine::BoardSettled& e, Out& out) {
    const int board = half_board_of(e.board);
    if (board < 0) return Match::on(e, out);
    if (!sensing::parse_placement(e.placement))
        return ignore("BETZA-A21",
                      "board " + e.board + " sent '" + e.placement + "', which is no placement",
                      out);
    seen_[board] = e.placement;
    // A retired army's men lifted off: the board no longer holds any of them.
    if (const auto leaving = view_in(leaving_, board);
        leaving && !holds_any(seen_view(board), *leaving))
        leaving_.erase(board);
    const ClockState before = clock_state();
    read_boards(board, out);
    keep_army_clock(before, before.on_move, out);
}

void BetzaMatch::read_boards(int board, Out& out) {
    if (!game_ || game_->ended() || phase_ == MatchPhase::PAUSED || phase_ == MatchPhase::FINISHED)
        return;
    using Kind = HalfBoardReading::Kind;
    const std::optional<Pair> pair = game_->declared_pair();
    if (pair && (board < 0 || pair->contains(board))) {
        const std::vector<int> both = {pair->first, pair->second};
        const HalfBoardReading r =
            read_pair(*game_, *pair, view_of(pair->first), view_of(pair->second));
        if (r.kind == Kind::MOVE) {
            const int army = game_->army_on_move();
            const std::size_t first = out.size();
            if (!apply_input(Accepted{"move", army, {{"uci", chess::to_uci(r.move)}}},
                             "the move read from half-boards " + pair_words(*pair), out))
                return;
            // Said where it came from: the arbiter sees which boards a move was read from.
            const std::string from =
                boards_[std::size_t(pair->first)] + " and " + boards_[std::size_t(pair->second)];
            for (std::size_t i = first; i < out.size(); ++i)
                if (auto* n = std::get_if<engine::GameNews>(&out[i].body);
                    n && n->kind == "moved") {
                    n->facts["boards"] = from;
                    out[i].reason += ", read from boards " + from;
                }
            clear_flags(both, out);
        } else if (r.kind == Kind::UNCHANGED) {
            clear_flags(both, out);
        } else if (r.kind == Kind::UNEXPLAINED) {
            flag_boards(both, r, out);
        }
        return;
    }
    if (board < 0) return;
    const HalfBoardReading r = read_idle(*game_, board, view_of(board));
    if (r.kind == Kind::UNCHANGED) clear_flags({board}, out);
    if (r.kind == Kind::UNEXPLAINED) flag_boards({board}, r, out);
}

void BetzaMatch::flag_boards(const std::vector<int>& boards, const HalfBoardReading& reading,
                             Out& out) {
    std::string squares;
    for (const HalfSquare& s : reading.squares)
        squares += (squares.empty() ? "" : " ") + std::to_string(s.board) + ":" + local_words(s);
    std::string why;
    for (int b : reading.far_boards)
        why += "board " + boards_[std::size_t(b)] + " (half-board " + std::to_string(b) +
               ") has men on its far half, which stays empty; ";
    for (int b : boards) {
        std::string on;
        for (const HalfSquare& s : reading.squares)
            if (s.board == b) on += (on.empty() ? "" : ", ") + local_words(s);
        if (!on.empty())
            why += "half-board " + std::to_string(b) + " (board " + boards_[std::size_t(b)] +
                   ") differs from the game on " + on + "; ";
    }
    const std::optional<Pair> pair = game_->declared_pair();
    why += boards.size() == 2 ? "no legal move of " + army_words(game_->army_on_move()) +
                                    " on the pushed pair leaves the boards so"
           : pair ? "the board is not on the pushed pair " + pair_words(*pair)
                  : "no pair is pushed: press the two boards' select buttons first";
    const std::string said = squares + "|" + why;
    bool again = true;
    for (int b : boards) again = again && flagged_.count(b) && flagged_[b] == said;
    if (again) return;
    for (int b : boards) flagged_[b] = said;
    std::string ids;
    for (int b : boards) ids += (ids.empty() ? "" : " ") + std::to_string(b);
    out.push_back(
        {engine::GameNews{config_.id, "board_unexplained", {{"boards", ids}, {"squares", squares}}},
         "BETZA-A21", "a change the game cannot explain: " + why + "; set the men back"});
}

void BetzaMatch::clear_flags(const std::vector<int>& boards, Out& out) {
    std::string ids;
    for (int b : boards)
        if (flagged_.erase(b)) ids += (ids.empty() ? "" : " ") + std::to_string(b);
    if (ids.empty()) return;
    out.push_back({engine::GameNews{config_.id, "boards_match", {{"boards", ids}}}, "BETZA-A21",
                   "half-board " + ids + " shows the game again"});
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

int BetzaMatch::side_played_by(int side) const {
    if (!game_ || side < 0 || side >= game_->armies()) return side;
    return game_->controller_of(side);
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
        if (selected_ && selected_for_ == g.army_on_move())
            turn += "; half-board " + std::to_string(*selected_) + " selected";
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
    if (rules_.clock_ms > 0) {
        // The hub's army clock as it last reported (each army's full time before its first
        // report), for the console and the feed.
        const engine::ArmyClockMirror& clock = army_clock_reading();
        std::string times;
        for (int a : g.batting_order()) {
            if (g.position().retired[std::size_t(a)]) continue;
            const std::int64_t ms = std::size_t(a) < clock.remaining_ms.size()
                                        ? clock.remaining_ms[std::size_t(a)]
                                        : rules_.clock_ms;
            times += (times.empty() ? "army " : "; army ") + std::to_string(a) + " " +
                     clock_text(ms, ClockStyle::DISPLAY) + (clock.running == a ? " (running)" : "");
        }
        f.emplace_back("Clocks", times);
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
    if (selected_)
        s += " selected " + std::to_string(*selected_) + " for " + std::to_string(selected_for_);
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
    for (const auto& [b, placement] : seen_) s += "\nseen " + std::to_string(b) + " " + placement;
    for (const auto& [b, said] : flagged_) s += "\nflagged " + std::to_string(b) + " " + said;
    for (const auto& [b, men] : leaving_) s += "\nleaving " + std::to_string(b) + " " + men;
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
    const std::string history = engine::InputHistory{seed_, seeded_, accepted_}.to_json("army");
    if (seen_.empty() && flagged_.empty() && leaving_.empty()) return history;
    nlohmann::json j = nlohmann::json::parse(history);
    for (const auto& [b, placement] : seen_) j["boards_seen"][std::to_string(b)] = placement;
    for (const auto& [b, said] : flagged_) j["boards_flagged"][std::to_string(b)] = said;
    for (const auto& [b, men] : leaving_) j["boards_leaving"][std::to_string(b)] = men;
    return j.dump();
}

bool BetzaMatch::restore_extra(std::string_view text) {
    auto history = engine::InputHistory::from_json(text, "army");
    if (!history) return false;
    seen_.clear();
    flagged_.clear();
    leaving_.clear();
    {
        const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
        if (j.is_discarded()) return false;
        for (const char* key : {"boards_seen", "boards_flagged", "boards_leaving"}) {
            if (!j.contains(key)) continue;
            if (!j[key].is_object()) return false;
            for (const auto& [b, value] : j[key].items()) {
                const auto board = number_of<int>(b);
                if (!board || !value.is_string()) return false;
                const std::string k = key;
                (k == "boards_seen"      ? seen_
                 : k == "boards_flagged" ? flagged_
                                         : leaving_)[*board] = value.get<std::string>();
            }
        }
    }
    seed_ = history->seed;
    seeded_ = history->seeded;
    game_.reset();
    accepted_.clear();
    selected_.reset();
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
