#include "games/grassi/rules/grassi_match.h"

#include <cctype>
#include <charconv>
#include <sstream>

#include "games/grassi/rules/grassi_options.h"
#include "games/grassi/rules/substitution.h"

namespace venue::games::grassi {

using chess::BLACK;
using chess::Color;
using chess::WHITE;
using engine::Decision;
using engine::GameInput;
using engine::MatchPhase;

namespace {

// The kinds of GameInput this game knows; the base ignores any other with its reason.
constexpr const char* KINDS[] = {"seed",       "place",     "move", "ball",   "contest",
                                 "substitute", "pass_move", "dice", "correct"};

std::string arg(const std::map<std::string, std::string>& args, const char* key) {
    auto it = args.find(key);
    return it == args.end() ? "" : it->second;
}

template <class T>
std::optional<T> number_of(std::string_view text) {
    T value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

// "8,4" (or "8, 4", "(8, 4)" as the news writes it): a lattice point.
std::optional<Point> point_of(std::string text) {
    std::string t;
    for (char c : text)
        if (c != '(' && c != ')' && c != ' ') t += c;
    const auto comma = t.find(',');
    if (comma == std::string::npos) return std::nullopt;
    const auto x = number_of<int>(std::string_view(t).substr(0, comma));
    const auto y = number_of<int>(std::string_view(t).substr(comma + 1));
    if (!x || !y) return std::nullopt;
    return Point{*x, *y};
}

// "1,1 2,1 3,1": the points of a path, separated by spaces or semicolons.
std::optional<std::vector<Point>> path_of(const std::string& text) {
    std::string spaced = text;
    for (char& c : spaced)
        if (c == ';') c = ' ';
    std::istringstream words(spaced);
    std::vector<Point> path;
    for (std::string w; words >> w;) {
        const auto p = point_of(w);
        if (!p) return std::nullopt;
        path.push_back(*p);
    }
    if (path.empty()) return std::nullopt;
    return path;
}

std::optional<std::vector<int>> faces_of(const std::string& text) {
    std::istringstream words(text);
    std::vector<int> faces;
    for (std::string w; words >> w;) {
        const auto f = number_of<int>(w);
        if (!f) return std::nullopt;
        faces.push_back(*f);
    }
    if (faces.empty()) return std::nullopt;
    return faces;
}

// "queen" or "q" (either case): a piece of the substitution table.
std::optional<chess::PieceType> piece_of(std::string text) {
    for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
    for (int t = chess::PAWN; t <= chess::KING; ++t) {
        const auto type = chess::PieceType(t);
        const std::string name = chess::type_name(type);
        if (text == name ||
            (text.size() == 1 && text[0] == (type == chess::KNIGHT ? 'n' : name[0])))
            return type;
    }
    return std::nullopt;
}

const char* const PATH_HELP =
    "a path is its points from where it starts, \"x,y\" separated by spaces: \"1,1 2,1 3,1\"";

}  // namespace

GrassiMatch::GrassiMatch(engine::MatchConfig config)
    : Match(std::move(config)), rules_(rules_of(config_.options)) {
    // Physical dice need no seed: the game starts now and waits for the faces (GCB-A28).
    if (rules_.dice == Dice::PHYSICAL_ENTERED) game_.emplace(rules_, 0);
}

bool GrassiMatch::wants_seed() const {
    return rules_.dice == Dice::HOST && !seeded_ && phase_ != MatchPhase::FINISHED;
}

// --- Inputs -------------------------------------------------------------------------------------

bool GrassiMatch::knows(const std::string& kind) {
    for (const char* k : KINDS)
        if (kind == k) return true;
    return false;
}

std::optional<GrassiMatch::BadInput> GrassiMatch::refusal_before_core(const GameInput& e) const {
    if (phase_ == MatchPhase::PAUSED) return BadInput{"X-3", "the match is paused"};
    if (e.kind == "seed") return std::nullopt;
    if (!game_)
        return BadInput{"GCB-A28", "the dice wait for their seed: the match has not started"};
    if (e.side != WHITE && e.side != BLACK && e.kind != "dice" && e.kind != "correct")
        return BadInput{"GCB-TURN-1", "side " + std::to_string(e.side) + ": White is 0, Black 1"};
    if (!e.player.empty() && e.kind != "dice" && e.kind != "correct") {
        bool theirs = false;
        for (const engine::PlayerConfig& p : config_.side(e.side).players)
            theirs = theirs || p.id == e.player;
        if (!theirs)
            return BadInput{"GCB-TURN-1",
                            "'" + e.player + "' is not " + side_label(e.side) + "'s player"};
    }
    if (e.kind == "correct" && e.arbiter.empty())
        return BadInput{"X-3", "a correction of the position is the arbiter's (name the arbiter)"};
    return std::nullopt;
}

void GrassiMatch::on(const GameInput& e, Out& out) {
    if (!knows(e.kind)) return Match::on(e, out);
    if (finished(out)) return;
    if (const auto bad = refusal_before_core(e))
        return ignore(bad->clause.c_str(), bad->reason, out);
    if (e.kind == "seed") return seed(e, out);
    const Accepted input{e.kind, e.side, e.args};
    auto result = put(*game_, input);
    if (const auto* bad = std::get_if<BadInput>(&result))
        return ignore(bad->clause.c_str(), bad->reason, out);
    const Decided& decided = std::get<Decided>(result);
    if (!decided) {
        const Refusal& r = decided.error();
        return ignore(r.clause.c_str(), refusal_words(r), out);
    }
    accepted_.push_back(input);
    if (phase_ == MatchPhase::WAITING) phase_ = MatchPhase::PLAYING;
    report(decided.value(), out);
    if (game_->stage() == Stage::OVER) report_end(out);
}

// The same steps as on(GameInput), on a copy of the game: what a touch panel shows before the
// player confirms (the path's cost and the MP left, or the refusal's clause and reason).
std::optional<engine::InputPreview> GrassiMatch::preview(const GameInput& e) const {
    if (!knows(e.kind) || e.kind == "seed") return std::nullopt;
    engine::InputPreview p;
    if (phase_ == MatchPhase::FINISHED) {
        p.rule = "FIDE-5";
        p.reason = "the game is over (" + outcome_.text() + ")";
        return p;
    }
    if (const auto bad = refusal_before_core(e)) {
        p.rule = bad->clause;
        p.reason = bad->reason;
        return p;
    }
    GrassiGame copy = *game_;
    auto result = put(copy, Accepted{e.kind, e.side, e.args});
    if (const auto* bad = std::get_if<BadInput>(&result)) {
        p.rule = bad->clause;
        p.reason = bad->reason;
        return p;
    }
    const Decided& decided = std::get<Decided>(result);
    if (!decided) {
        p.rule = decided.error().clause;
        p.reason = refusal_words(decided.error());
        return p;
    }
    p.accepted = true;
    for (const News& n : decided.value())
        p.decisions.push_back({engine::GameNews{config_.id, n.kind, n.facts}, n.clause, n.reason});
    return p;
}

std::string GrassiMatch::refusal_words(const Refusal& r) {
    return "refused (" + r.code + "): " + r.reason;
}

void GrassiMatch::seed(const GameInput& e, Out& out) {
    const std::string value = arg(e.args, "value");
    const auto seed = number_of<std::uint64_t>(value);
    if (!seed) return ignore("GCB-A28", "the seed is a whole number, not '" + value + "'", out);
    if (rules_.dice != Dice::HOST)
        return ignore("GCB-A28", "the dice are physical in this match (dice = physical_entered)",
                      out);
    if (seeded_) return ignore("GCB-A28", "the dice are seeded once, from the first seed", out);
    seed_ = *seed;
    seeded_ = true;
    game_.emplace(rules_, seed_);
    out.push_back({engine::GameNews{config_.id, "seed", {{"seed", value}}}, "X-4",
                   "the dice's seed: " + value + " (every replay rolls the same)"});
    report(game_->opening(), out);
}

std::variant<Decided, GrassiMatch::BadInput> GrassiMatch::put(GrassiGame& g, const Accepted& in) {
    const Color side = in.side == BLACK ? BLACK : WHITE;
    const auto point = [&](const char* key) { return point_of(arg(in.args, key)); };
    if (in.kind == "place") {
        const auto points = path_of(arg(in.args, "points"));
        if (!points || points->size() != 3)
            return BadInput{"GCB-PREP-4",
                            "a placement is the three field pieces' points, \"x,y x,y x,y\", in "
                            "the order bishop, knight, rook"};
        int carrier = 0;
        if (const std::string c = arg(in.args, "carrier"); !c.empty()) {
            const auto n = number_of<int>(c);
            if (!n) return BadInput{"GCB-PREP-4", "carrier: the field piece 1, 2 or 3"};
            carrier = *n;
        }
        return g.place(side, {(*points)[0], (*points)[1], (*points)[2]}, carrier);
    }
    if (in.kind == "move" || in.kind == "ball") {
        const auto path = path_of(arg(in.args, "path"));
        if (!path) return BadInput{"GCB-HALF-1", PATH_HELP};
        if (in.kind == "move") return g.move(side, *path, arg(in.args, "leave_ball") == "true");
        std::optional<Point> receiver;
        if (!arg(in.args, "receiver").empty()) {
            receiver = point("receiver");
            if (!receiver) return BadInput{"GCB-A10", "receiver: the point of the piece, \"x,y\""};
        }
        return g.move_ball(side, *path, receiver);
    }
    if (in.kind == "contest") {
        const auto at = point("at");
        if (!at) return BadInput{"GCB-CONTR-1", "at: the tackling piece's point, \"x,y\""};
        std::optional<Point> against;
        if (!arg(in.args, "against").empty()) {
            against = point("against");
            if (!against) return BadInput{"GCB-CONTR-1", "against: a piece's point, \"x,y\""};
        }
        return g.contest(side, *at, against);
    }
    if (in.kind == "substitute") {
        const auto at = point("at");
        const auto piece = piece_of(arg(in.args, "piece"));
        if (!at || !piece)
            return BadInput{"GCB-SOST-1",
                            "a substitution names the piece going out by its point (at = "
                            "\"x,y\") and the piece coming in (piece = \"queen\", \"q\")"};
        return g.substitute(side, *at, *piece);
    }
    if (in.kind == "pass_move") return g.pass_move(side);
    if (in.kind == "dice") {
        const auto faces = faces_of(arg(in.args, "faces"));
        if (!faces) return BadInput{"GCB-A28", "faces: the dice's faces, \"3 5 6\""};
        return g.enter_dice(*faces);
    }
    // correct: a piece (from, to) or the ball (ball, carrier).
    if (!arg(in.args, "ball").empty()) {
        const auto ball = point("ball");
        std::optional<Point> carrier;
        if (!arg(in.args, "carrier").empty()) carrier = point("carrier");
        if (!ball || (!arg(in.args, "carrier").empty() && !carrier))
            return BadInput{"X-3", "ball: its new point \"x,y\"; carrier: the piece beside it"};
        return g.correct_ball(*ball, carrier);
    }
    const auto from = point("from"), to = point("to");
    if (!from || !to)
        return BadInput{"X-3", "a correction moves a piece (from, to) or the ball (ball, carrier)"};
    return g.correct_piece(*from, *to);
}

// --- Decisions ----------------------------------------------------------------------------------

void GrassiMatch::report(const std::vector<News>& news, Out& out) {
    for (const News& n : news) {
        if (n.kind == "game_ended") continue;  // report_end says it, with the result
        out.push_back({engine::GameNews{config_.id, n.kind, n.facts}, n.clause, n.reason});
    }
}

void GrassiMatch::report_end(Out& out) {
    const GrassiGame& g = *game_;
    out.push_back({engine::GameNews{config_.id,
                                    "game_ended",
                                    {{"score", std::to_string(g.goals(WHITE)) + "-" +
                                                   std::to_string(g.goals(BLACK))}}},
                   g.end_clause(), g.end_reason()});
    const std::string termination = g.golden_goal() && g.winner() ? "golden goal"
                                    : g.winner()                  ? "more goals"
                                                                  : "level after the last turn";
    end(g.winner() ? win_for(*g.winner()) : draw(), termination, g.end_clause().c_str(),
        g.end_reason(), out);
}

void GrassiMatch::on(const engine::FlagFell& e, Out& out) {
    if (finished(out)) return;
    ignore("GCB-OBJ-1",
           std::string("the ") + chess::color_name(e.side) +
               " face's flag: Grassi's ChessBall is limited by turns, not by a clock",
           out);
}

// --- What the rest of the program asks ----------------------------------------------------------

Color GrassiMatch::to_move() const {
    return game_ && game_->stage() == Stage::PLAY ? game_->mover() : WHITE;
}

engine::Standing GrassiMatch::standing() const {
    if (!game_) return {{0, 0}};
    return {{2 * game_->goals(WHITE), 2 * game_->goals(BLACK)}};
}

std::vector<std::pair<std::string, std::string>> GrassiMatch::facts() const {
    std::vector<std::pair<std::string, std::string>> f;
    if (!game_) {
        f.emplace_back("Dice", "waiting for the seed");
        return f;
    }
    const GrassiGame& g = *game_;
    f.emplace_back("Score", std::to_string(g.goals(WHITE)) + "-" + std::to_string(g.goals(BLACK)));
    std::string turn = "turn " + std::to_string(g.turn()) + " of " + std::to_string(g.last_turn());
    turn += g.golden_goal() ? " (golden goal)"
            : g.half() == 3 ? " (extra turns)"
                            : " (half " + std::to_string(g.half()) + ")";
    f.emplace_back("Turn", turn);
    switch (g.stage()) {
        case Stage::PLACEMENT:
            f.emplace_back("Kick-off",
                           std::string(chess::color_name(g.kicker())) +
                               " kicks off; placed: " + (g.placed(WHITE) ? "White " : "") +
                               (g.placed(BLACK) ? "Black" : "") +
                               (!g.placed(WHITE) && !g.placed(BLACK) ? "nobody yet" : ""));
            break;
        case Stage::PLAY:
            f.emplace_back("Move", std::string(chess::color_name(g.mover())) + "'s " +
                                       std::to_string(g.moves_made() / 2 + 1) + " of 3");
            break;
        case Stage::OVER:
            f.emplace_back("Result", g.end_reason());
            break;
    }
    f.emplace_back(
        "MP", "White " + std::to_string(g.mp(WHITE)) + ", Black " + std::to_string(g.mp(BLACK)));
    const BallState& b = g.ball();
    f.emplace_back(
        "Ball", b.carrier ? "at " + to_string(b.at) + ", " +
                                chess::color_name(g.pieces()[std::size_t(*b.carrier)].side) +
                                "'s " + chess::type_name(g.pieces()[std::size_t(*b.carrier)].type)
                          : "loose at " + to_string(b.at));
    if (g.pending_roll() != Roll::NONE) f.emplace_back("Dice due", g.pending_words());
    // Every throw is shown (the "dice rolls"): the latest, then those before it.
    const auto& rolls = g.recent_rolls();
    if (!rolls.empty()) f.emplace_back("Last roll", rolls.back());
    if (rolls.size() > 1) {
        std::string before;
        for (auto r = rolls.rbegin() + 1; r != rolls.rend(); ++r)
            before += (before.empty() ? "" : "; ") + *r;
        f.emplace_back("Rolls before", before);
    }
    if (g.stage() != Stage::OVER)
        for (Color c : {WHITE, BLACK}) {
            // When the side may substitute next (GCB-SOST-1, GCB-A23).
            const auto last = g.last_substitution(c);
            const int next = next_substitution_turn(g.turn(), last, rules_);
            std::string when =
                next == g.turn() ? "allowed now" : "from turn " + std::to_string(next);
            if (last) when += " (last in turn " + std::to_string(*last) + ")";
            f.emplace_back(std::string(chess::color_name(c)) + "'s substitution", when);
        }
    return f;
}

std::optional<engine::FieldView> GrassiMatch::field_view() const {
    engine::FieldView f;  // 8 squares, a point every half square, edges and corners included
    f.lines.push_back({{0, KICK_OFF.y}, {LATTICE - 1, KICK_OFF.y}, "halfway"});
    for (Color side : {WHITE, BLACK}) {
        // The mouth between its posts (GCB-A13: the posts' points belong to it, or not).
        int first = -1, last = -1;
        for (int x = 0; x < LATTICE; ++x)
            if (in_goal_mouth({x, goal_line(side)}, side, rules_.posts_inside)) {
                if (first < 0) first = x;
                last = x;
            }
        f.lines.push_back({{first, goal_line(side)}, {last, goal_line(side)}, "goal", int(side)});
    }
    if (!game_) return f;
    const GrassiGame& g = *game_;
    const BallState& b = g.ball();
    for (int i = 0; i < PIECES; ++i) {
        const FieldPiece& p = g.pieces()[std::size_t(i)];
        if (!p.placed) continue;
        engine::FieldToken t;
        t.at = {p.at.x, p.at.y};
        t.side = int(p.side);
        t.piece = "?PNBRQK"[p.type < chess::PIECE_TYPE_NB ? p.type : 0];
        t.carrier = b.carrier == i;
        t.words = std::string(chess::color_name(p.side)) + "'s " + chess::type_name(p.type) +
                  (i % 4 == 0 ? " (keeper)" : "") + " at " + to_string(p.at) +
                  (t.carrier ? ", with the ball" : "");
        f.tokens.push_back(std::move(t));
    }
    engine::FieldToken ball;
    ball.at = {b.at.x, b.at.y};
    ball.words = (b.carrier ? "the ball at " : "the ball, loose, at ") + to_string(b.at);
    f.tokens.push_back(std::move(ball));
    return f;
}

bool GrassiMatch::is_ok(std::string* why) const {
    if (!Match::is_ok(why)) return false;
    return !game_ || game_->is_ok(why);
}

// Every part of the game's state, in a fixed text form: the stage, the turn and its counters,
// the pools, the score, every piece, the ball, the dice thrown.
std::string GrassiMatch::canonical_extra() const {
    std::string s = "grassi seed " + std::to_string(seed_) + (seeded_ ? "" : "?") + " inputs " +
                    std::to_string(accepted_.size());
    if (!game_) return s + "\nnot started";
    const GrassiGame& g = *game_;
    s += std::string("\nstage ") + to_string(g.stage()) + " turn " + std::to_string(g.turn()) +
         "/" + std::to_string(g.last_turn()) + " half " + std::to_string(g.half()) + " moves " +
         std::to_string(g.moves_made()) + " first " + std::to_string(int(g.first_mover())) +
         " kicker " + std::to_string(int(g.kicker())) + " mp " + std::to_string(g.mp(WHITE)) + " " +
         std::to_string(g.mp(BLACK)) + " goals " + std::to_string(g.goals(WHITE)) + " " +
         std::to_string(g.goals(BLACK)) + " dice " + std::to_string(g.dice_thrown()) + " due " +
         to_string(g.pending_roll());
    for (const FieldPiece& p : g.pieces())
        s += "\n" + std::to_string(int(p.side)) + std::string(chess::type_name(p.type)) + " " +
             (p.placed ? to_string(p.at) : "-");
    s += "\nball " + to_string(g.ball().at) + " " +
         (g.ball().carrier ? std::to_string(*g.ball().carrier) : "loose");
    return s;
}

// --- Snapshots ----------------------------------------------------------------------------------

std::string GrassiMatch::extra_snapshot() const {
    return engine::InputHistory{seed_, seeded_, accepted_}.to_json("side");
}

bool GrassiMatch::restore_extra(std::string_view text) {
    auto history = engine::InputHistory::from_json(text, "side");
    if (!history) return false;
    seed_ = history->seed;
    seeded_ = history->seeded;
    game_.reset();
    accepted_.clear();
    if (seeded_ || rules_.dice == Dice::PHYSICAL_ENTERED) game_.emplace(rules_, seed_);
    for (Accepted& in : history->inputs) {
        if (!game_) return false;
        auto result = put(*game_, in);
        const auto* decided = std::get_if<Decided>(&result);
        if (!decided || !*decided) return false;  // the log's inputs were accepted once
        accepted_.push_back(std::move(in));
    }
    return true;
}

}  // namespace venue::games::grassi
