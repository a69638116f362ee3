#include "games/grassi/demo/grassi_director.h"

#include <algorithm>
#include <cstdlib>

#include "venue/seeded_random.h"

namespace venue::games::grassi {

namespace {

using chess::BLACK;
using chess::Color;
using chess::WHITE;

constexpr Point DIRECTIONS[8] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                 {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

std::string point_arg(Point p) {
    return std::to_string(p.x) + "," + std::to_string(p.y);
}

std::string path_arg(const std::vector<Point>& path) {
    std::string s;
    for (const Point& p : path) s += (s.empty() ? "" : " ") + point_arg(p);
    return s;
}

// `n` steps from `from` along `d`, `from` included.
std::vector<Point> line(Point from, Point d, int n) {
    std::vector<Point> path{from};
    for (int i = 0; i < n; ++i) path.push_back({path.back().x + d.x, path.back().y + d.y});
    return path;
}

// Half-squares from `p` to the goal line `attacker` shoots at.
int to_goal(Point p, Color attacker) {
    return std::abs(goal_line(~attacker) - p.y);
}

int chebyshev(Point a, Point b) {
    return std::max(std::abs(a.x - b.x), std::abs(a.y - b.y));
}

// The ball's paths from `b` to the goal-line point `t` with at most one 45° turn, made within
// its first two steps (GCB-PASS-5): straight, diagonal, diagonal then straight, straight then
// diagonal.
std::vector<std::vector<Point>> shot_paths(Point b, Point t) {
    std::vector<std::vector<Point>> paths;
    const int n = std::abs(t.y - b.y);
    if (n == 0) return paths;
    const int sy = t.y > b.y ? 1 : -1;
    const int adx = std::abs(t.x - b.x);
    const int sx = t.x > b.x ? 1 : -1;
    if (adx == 0) paths.push_back(line(b, {0, sy}, n));
    if (adx == n) paths.push_back(line(b, {sx, sy}, n));
    if (adx >= 1 && adx <= 2 && adx < n) {
        auto p = line(b, {sx, sy}, adx);
        const auto rest = line(p.back(), {0, sy}, n - adx);
        p.insert(p.end(), rest.begin() + 1, rest.end());
        paths.push_back(p);
    }
    if (adx >= 1 && adx < n && n - adx <= 2) {
        auto p = line(b, {0, sy}, n - adx);
        const auto rest = line(p.back(), {sx, sy}, adx);
        p.insert(p.end(), rest.begin() + 1, rest.end());
        paths.push_back(p);
    }
    return paths;
}

// A piece's straight moves of 1 to `longest` steps in the directions its kind allows, or a
// knight's leaps; the rules (tried on a copy) say which are legal.
std::vector<std::vector<Point>> piece_paths(const FieldPiece& p, int longest) {
    std::vector<std::vector<Point>> paths;
    if (p.type == chess::KNIGHT) {
        for (Point leap : {Point{2, 4}, Point{4, 2}, Point{-2, 4}, Point{-4, 2}, Point{2, -4},
                           Point{4, -2}, Point{-2, -4}, Point{-4, -2}})
            paths.push_back({p.at, {p.at.x + leap.x, p.at.y + leap.y}});
        return paths;
    }
    const int most = p.type == chess::PAWN ? std::min(longest, 2) : longest;
    for (Point d : DIRECTIONS) {
        const bool diagonal = d.x != 0 && d.y != 0;
        if (p.type == chess::BISHOP && !diagonal) continue;
        if (p.type == chess::ROOK && diagonal) continue;
        if (p.type == chess::KING && d.y != 0) continue;
        for (int n = 1; n <= most; ++n) paths.push_back(line(p.at, d, n));
    }
    return paths;
}

const News* find_news(const std::vector<News>& news, const std::string& kind) {
    for (const News& n : news)
        if (n.kind == kind) return &n;
    return nullptr;
}

}  // namespace

GrassiDirector::GrassiDirector(const GrassiDemoPlan& plan, demo::EventDevices devices,
                               demo::DirectorTiming timing)
    : People(std::move(devices), timing), plan_(plan) {
    auto* self = this;
    add("the hub comes up", 0, {}, [self] {
        auto hub = self->daemon_.hub_status();
        return hub && hub->state == io::HubSessionState::RUNNING && hub->commands_pending == 0;
    });
    add_repeated(
        "the players enter their moves on the touch panel", 260, [self] { self->act(); },
        [self] { return self->game_over_ || self->progress_ >= self->want_progress_; },
        [self] { return !self->game_over_; });
}

const GrassiMatch& GrassiDirector::match() const {
    return dynamic_cast<const GrassiMatch&>(*daemon_.session().state().match(plan_.match.id));
}

void GrassiDirector::observe(const runtime::StepRecord& record) {
    for (const runtime::Applied& a : record.applied)
        for (const engine::Decision& d : a.decisions) {
            // Every answer of the match moves the script on: news, a refusal, the end.
            if (std::holds_alternative<engine::GameNews>(d.body) ||
                std::holds_alternative<engine::EventIgnored>(d.body))
                ++progress_;
            if (std::holds_alternative<engine::GameEnded>(d.body)) game_over_ = true;
        }
}

std::uint64_t GrassiDirector::choose(std::uint64_t n) {
    return engine::seeded_below(plan_.seed, draws_++, n);
}

void GrassiDirector::act() {
    const GrassiMatch& m = match();
    want_progress_ = progress_;  // nothing to wait for unless an input is entered below
    const GrassiGame* g = m.game();
    if (!g || m.phase() == engine::MatchPhase::FINISHED) return;
    if (g->pending_roll() != Roll::NONE) return;  // the host throws at once; nothing is due
    if (g->stage() == Stage::PLACEMENT) return place(*g);
    if (g->stage() != Stage::PLAY) return;
    const Color side = g->mover();
    const auto carrier = g->ball().carrier;
    if (carrier && g->pieces()[std::size_t(*carrier)].side == side) return with_the_ball(*g, side);
    without_the_ball(*g, side);
}

void GrassiDirector::place(const GrassiGame& g) {
    const Color kicker = g.kicker();
    const Color side = !g.placed(kicker) ? kicker : ~kicker;
    Candidate c("place");
    // The kicker's bishop next to the ball; the others spread in their own half.
    if (kicker == WHITE)
        c.points = side == WHITE ? std::array<Point, 3>{{{7, 7}, {4, 5}, {12, 5}}}
                                 : std::array<Point, 3>{{{9, 11}, {4, 11}, {12, 11}}};
    else
        c.points = side == WHITE ? std::array<Point, 3>{{{7, 5}, {4, 5}, {12, 5}}}
                                 : std::array<Point, 3>{{{9, 9}, {4, 11}, {12, 11}}};
    if (side == WHITE && !showed_refusal_) {
        // Once: a piece set down in Black's half, refused (GCB-A25), then set right.
        showed_refusal_ = true;
        c.points[2] = {12, 10};
    }
    enter(side, c);
}

std::optional<std::vector<News>> GrassiDirector::trial(const GrassiGame& g, Color side,
                                                       const Candidate& c) const {
    GrassiGame copy = g;
    Decided d = c.kind == "move"         ? copy.move(side, c.path)
                : c.kind == "ball"       ? copy.move_ball(side, c.path)
                : c.kind == "contest"    ? copy.contest(side, c.at)
                : c.kind == "substitute" ? copy.substitute(side, c.at, c.piece)
                                         : copy.pass_move(side);
    if (!d) return std::nullopt;
    return d.value();
}

std::optional<GrassiDirector::Candidate> GrassiDirector::best(std::vector<Candidate> options) {
    if (options.empty()) return std::nullopt;
    int top = options.front().score;
    for (const Candidate& c : options) top = std::max(top, c.score);
    std::vector<Candidate> equal;
    for (Candidate& c : options)
        if (c.score == top) equal.push_back(std::move(c));
    return equal[std::size_t(choose(equal.size()))];
}

void GrassiDirector::with_the_ball(const GrassiGame& g, Color side) {
    std::vector<Candidate> options;
    const Point ball = g.ball().at;
    const int carrier = *g.ball().carrier;
    const int mp = g.mp(side);
    // Shots at every point of the other goal's mouth.
    for (int x = 5; x <= 11; ++x)
        for (const auto& path : shot_paths(ball, {x, goal_line(~side)})) {
            if (int(path.size()) - 1 > mp) continue;
            Candidate c("ball", path);
            const auto news = trial(g, side, c);
            if (!news || !find_news(*news, "shot")) continue;
            std::string outcome = find_news(*news, "goal") ? "goal" : "";
            if (const News* k = find_news(*news, "keeper"); k && outcome.empty())
                outcome = k->facts.at("outcome") == "save" ? "save" : "parry";
            if (outcome.empty()) continue;
            // Each keeper's verdict once for the demo; then a shot only when it scores.
            if (!keeper_outcomes_shown_[outcome]) {
                c.score = 300;
                c.shows = outcome;
            } else if (outcome == "goal") {
                c.score = 200;
            } else {
                continue;
            }
            options.push_back(c);
        }
    // Passes and throws: the ball along a line, taken by a teammate further forward.
    for (Point d : DIRECTIONS)
        for (int n = 2; n <= std::min(mp, 8); ++n) {
            Candidate c("ball", line(ball, d, n));
            const auto news = trial(g, side, c);
            if (!news) continue;
            const News* taken = find_news(*news, "possession");
            const News* cut = find_news(*news, "intercepted");
            if (taken && taken->facts.at("side") == (side == WHITE ? "white" : "black")) {
                const int gain = to_goal(ball, side) - to_goal(c.path.back(), side);
                if (gain <= 0) continue;
                c.score = 40 + 3 * gain;
                options.push_back(c);
            } else if (cut && !showed_interception_ && g.turn() >= 3) {
                // Once: a throw into an opponent's path.
                c.score = 250;
                c.shows = "interception";
                options.push_back(c);
            }
        }
    // Dribbles: the carrier towards goal, the ball beside it.
    const FieldPiece& runner = g.pieces()[std::size_t(carrier)];
    for (const auto& path : piece_paths(runner, 4)) {
        Candidate c("move", path);
        const auto news = trial(g, side, c);
        if (!news || !find_news(*news, "dribbled")) continue;
        const int gain = to_goal(runner.at, side) - to_goal(path.back(), side);
        if (gain <= 0) continue;
        c.score = 20 + 4 * gain;
        options.push_back(c);
    }
    // Once in the first half: White brings a queen on for its rook (GCB-SOST-T05, 5 MP paid).
    if (side == WHITE && !showed_substitution_ && g.half() == 1 && g.turn() >= 3)
        for (int slot = 1; slot <= 3; ++slot) {
            const FieldPiece& p = g.pieces()[std::size_t(index_of(WHITE, slot))];
            if (p.type != chess::ROOK) continue;
            Candidate c("substitute");
            c.at = p.at;
            c.piece = chess::QUEEN;
            if (!trial(g, side, c)) continue;
            c.score = 400;
            c.shows = "substitution";
            options.push_back(c);
        }
    Candidate rest("pass_move");
    rest.score = -100;
    options.push_back(rest);
    const auto chosen = best(std::move(options));
    if (chosen->shows == "interception") showed_interception_ = true;
    if (chosen->shows == "substitution") showed_substitution_ = true;
    if (!chosen->shows.empty()) keeper_outcomes_shown_[chosen->shows] = true;
    enter(side, *chosen);
}

void GrassiDirector::without_the_ball(const GrassiGame& g, Color side) {
    std::vector<Candidate> options;
    const Point ball = g.ball().at;
    const bool loose = !g.ball().carrier;
    for (int slot = 0; slot <= 3; ++slot) {
        const FieldPiece& p = g.pieces()[std::size_t(index_of(side, slot))];
        if (!p.placed) continue;
        // A tackle by a piece next to the ball.
        if (!loose && adjacent(p.at, ball)) {
            Candidate c("contest");
            c.at = p.at;
            if (trial(g, side, c)) {
                c.score = 90;
                options.push_back(c);
            }
        }
        for (const auto& path : piece_paths(p, 4)) {
            Candidate c("move", path);
            const auto news = trial(g, side, c);
            if (!news) continue;
            const Point to = path.back();
            if (slot == 0) {
                // The keeper in line with the ball, when it is in his half.
                if (to_goal(ball, ~side) > 8) continue;
                const int before = std::abs(p.at.x - ball.x), after = std::abs(to.x - ball.x);
                if (after >= before) continue;
                c.score = 30 + (before - after);
            } else if (loose && find_news(*news, "possession")) {
                c.score = 150;  // the loose ball taken
            } else {
                const int before = chebyshev(p.at, ball), after = chebyshev(to, ball);
                if (after >= before || after < 1) continue;
                c.score = 10 + 5 * (before - after) - after;
            }
            options.push_back(c);
        }
    }
    Candidate rest("pass_move");
    rest.score = -100;
    options.push_back(rest);
    enter(side, *best(std::move(options)));
}

void GrassiDirector::enter(Color side, const Candidate& c, const std::string& arbiter) {
    engine::GameInput in;
    in.match = plan_.match.id;
    in.kind = c.kind;
    in.side = int(side);
    in.player = plan_.match.side(int(side)).players.at(0).id;
    in.arbiter = arbiter;
    if (c.kind == "place")
        in.args["points"] = path_arg(std::vector<Point>(c.points.begin(), c.points.end()));
    else if (c.kind == "move" || c.kind == "ball")
        in.args["path"] = path_arg(c.path);
    else if (c.kind == "contest")
        in.args["at"] = point_arg(c.at);
    else if (c.kind == "substitute") {
        in.args["at"] = point_arg(c.at);
        in.args["piece"] = chess::type_name(c.piece);
    }
    want_progress_ = progress_ + 1;
    post(std::move(in));
}

}  // namespace venue::games::grassi
