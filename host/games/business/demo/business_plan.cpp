#include "games/business/demo/business_plan.h"

#include "chess/movegen.h"
#include "chess/san.h"
#include "chess/uci.h"
#include "demo/demo_choice.h"
#include "demo/move_chooser.h"
#include "games/business/rules/business_match.h"
#include "games/business/rules/business_rules.h"
#include "venue/venue_state.h"

namespace venue::games::business {

namespace {

using engine::KeyChange;
using engine::KeyChangeKind;

constexpr const char* WHITE_NAMES[6] = {"Aliya", "Bulat", "Dina", "Emil", "Farida", "Gleb"};
constexpr const char* BLACK_NAMES[6] = {"Fyodor", "Galina", "Igor", "Kira", "Lev", "Marina"};

// Kasparov - Topalov, Wijk aan Zee 1999: long enough for branch 1 to live until its draw on
// move 29 of Scheme 4.
const char* kasparov_topalov_pgn() {
    return R"([Event "Hoogovens"]
[Site "Wijk aan Zee NED"]
[Date "1999.01.20"]
[Round "4"]
[White "Garry Kasparov"]
[Black "Veselin Topalov"]
[Result "1-0"]

1. e4 d6 2. d4 Nf6 3. Nc3 g6 4. Be3 Bg7 5. Qd2 c6 6. f3 b5 7. Nge2 Nbd7 8. Bh6 Bxh6
9. Qxh6 Bb7 10. a3 e5 11. O-O-O Qe7 12. Kb1 a6 13. Nc1 O-O-O 14. Nb3 exd4 15. Rxd4 c5
16. Rd1 Nb6 17. g3 Kb8 18. Na5 Ba8 19. Bh3 d5 20. Qf4+ Ka7 21. Rhe1 d4 22. Nd5 Nbxd5
23. exd5 Qd6 24. Rxd4 cxd4 25. Re7+ Kb6 26. Qxd4+ Kxa5 27. b4+ Ka4 28. Qc3 Qxd5 29. Ra7 Bb7
30. Rxb7 Qc4 31. Qxf6 Kxa3 32. Qxa6+ Kxb4 33. c3+ Kxc3 34. Qa1+ Kd2 35. Qb2+ Kd1 36. Bf1 Rd2
37. Rd7 Rxd7 38. Bxc4 bxc4 39. Qxh8 Rd3 40. Qa8 c3 41. Qa4+ Ke1 42. f4 f5 43. Kc1 Rd2
44. Qa7 1-0
)";
}

KeyChange change(KeyChangeKind kind, chess::Color side, int from, int to = 0, int amount = 0) {
    KeyChange k;
    k.kind = kind;
    k.side = side;
    k.from_branch = from;
    k.to_branch = to;
    k.amount = amount;
    return k;
}

ScenarioEntry entry(int move, chess::Color side, TurnStage stage, KeyChange k,
                    std::string refused = "") {
    ScenarioEntry e;
    e.move = move;
    e.side = side;
    e.stage = stage;
    e.change = std::move(k);
    e.refused = std::move(refused);
    return e;
}

ScenarioEntry red_line(int move, chess::Color side, std::string player, std::string reason) {
    ScenarioEntry e;
    e.move = move;
    e.side = side;
    e.stage = TurnStage::AFTER_MOVES;
    e.red_line = RedLineIncident{side, std::move(player), std::move(reason)};
    return e;
}

template <typename T>
const T* find(const std::vector<engine::Decision>& ds) {
    for (const engine::Decision& d : ds)
        if (const T* x = std::get_if<T>(&d.body)) return x;
    return nullptr;
}

std::string reasons(const std::vector<engine::Decision>& ds) {
    std::string out;
    for (const engine::Decision& d : ds)
        out += std::string(out.empty() ? "" : "; ") + engine::kind_name(d.body) + " [" + d.rule +
               "] " + d.reason;
    return out.empty() ? "no decision" : out;
}

std::string turn_name(int move, chess::Color side) {
    return "move " + std::to_string(move) + (side == chess::WHITE ? " (White)" : " (Black)");
}

// The whole match played through the rules engine, as the plan is made.
class Rehearsal {
  public:
    explicit Rehearsal(const engine::MatchConfig& match) : id_(match.id) {
        send(engine::MatchCreated{match});
    }
    std::vector<engine::Decision> send(engine::EventBody body) {
        t_ += 1'000'000;
        return state_.apply({t_, std::nullopt, std::move(body)});
    }
    const BusinessMatch& match() const {
        return dynamic_cast<const BusinessMatch&>(*state_.match(id_));
    }
    const std::string& id() const { return id_; }

  private:
    std::string id_;
    engine::VenueState state_;
    std::int64_t t_ = 0;
};

}  // namespace

engine::ArbiterAction captains_check(const std::string& match, const BoardSetup& s) {
    engine::ArbiterAction a;
    a.match = match;
    a.kind = engine::ArbiterActionKind::RESUME;
    a.arbiter = "Chief arbiter (demo)";
    a.note = "checked with both captains: board " + s.board + " shows branch " +
             std::to_string(s.branch) + "'s position";
    return a;
}

namespace {

Result<PlannedEntry, std::string> rehearse(Rehearsal& r, const ScenarioEntry& e,
                                           const std::string& when) {
    PlannedEntry p;
    p.refused = e.refused;
    if (e.change) {
        KeyChange k = *e.change;
        k.match = r.id();
        k.arbiter = "Chief arbiter (demo)";
        if (k.note.empty()) k.note = "entered for the team's representative";
        const auto d = r.send(k);
        const auto* accepted = find<engine::KeyChangeAccepted>(d);
        const auto* refused = find<engine::KeyChangeRefused>(d);
        if (e.refused.empty() && !accepted)
            return unexpected(when + ": the " + engine::to_string(k.kind) +
                              " entry was not accepted: " + reasons(d));
        if (!e.refused.empty() && !(refused && refused->code == e.refused))
            return unexpected(when + ": the " + engine::to_string(k.kind) +
                              " entry should be refused (" + e.refused + "): " + reasons(d));
        if (const auto* s = find<engine::BoardSetupRequired>(d)) {
            p.setup = BoardSetup{};
            p.setup->board = s->board;
            p.setup->branch = s->branch;
            p.setup->fen = s->fen;
            // The arbiter sets the board up; its sensors confirm it (BC-II.3), and he checks it
            // with both captains before the clock runs again.
            const auto read = r.send(engine::BoardRestored{r.id(), s->board});
            const auto* check = find<engine::ArbiterFlag>(read);
            if (check && check->code == "CONFIRM_CLONE") {
                p.setup->captains_check = true;
                r.send(captains_check(r.id(), *p.setup));
            }
        }
        p.change = std::move(k);
    }
    if (e.red_line) {
        const RedLineIncident& i = *e.red_line;
        r.send(engine::BeamCrossed{r.id(), i.zone, true});
        const auto flagged = r.send(engine::BeamCrossed{r.id(), i.zone, true});
        const auto* flag = find<engine::ArbiterFlag>(flagged);
        if (!flag || flag->code != "SECOND_CROSSER")
            return unexpected(
                when + ": a second member beyond the red line was not raised: " + reasons(flagged));
        engine::ArbiterAction a;
        a.match = r.id();
        a.kind = engine::ArbiterActionKind::WARN;
        a.player = i.player;
        a.text = i.reason;
        a.arbiter = "Chief arbiter (demo)";
        a.note = "seen at the red line: " + i.reason;
        const auto carded = r.send(a);
        if (find<engine::PlayerRemoved>(carded))
            p.card = "red";
        else if (find<engine::WarningGiven>(carded))
            p.card = "yellow";
        else
            return unexpected(when + ": no card for " + i.player + ": " + reasons(carded));
        r.send(engine::BeamCrossed{r.id(), i.zone, false});
        r.send(engine::BeamCrossed{r.id(), i.zone, false});
        p.red_line = i;
    }
    return p;
}

Result<std::vector<chess::Move>, std::string> source_moves(const std::string& pgn) {
    chess::PgnReader reader(pgn);
    auto first = reader.next();
    if (!first) return unexpected(std::string("the scenario's game is empty"));
    if (!*first) return unexpected("the scenario's game: " + first->error().to_string());
    const chess::PgnGame& g = first->value();
    if (!(g.start == chess::Position::start()))
        return unexpected(std::string("the scenario's game must start from the start position"));
    return g.main_line().moves();
}

std::string title_of(const std::string& pgn) {
    chess::PgnReader reader(pgn);
    auto first = reader.next();
    if (!first || !*first) return "";
    const chess::PgnGame& g = first->value();
    return g.tag("White") + " - " + g.tag("Black") + ", " + g.tag("Site") + " " + g.tag("Date");
}

}  // namespace

BusinessScenario short_scenario() {
    const chess::Color W = chess::WHITE, B = chess::BLACK;
    using K = KeyChangeKind;
    using S = TurnStage;
    BusinessScenario s;
    s.name = "short";
    s.description =
        "three branches, a pass, a selection, a yellow card, Morphy's mate on branch 1, board C "
        "and a draw";
    s.source_pgn = demo::opera_game_pgn();
    KeyChange board_c = change(K::BOARD_C, B, 0);
    KeyChange draw = change(K::DRAW, W, 2);
    s.entries = {
        entry(3, W, S::BEFORE_MOVES, change(K::BRANCH, W, 1, 0, 4)),  // 1: 6, 2: 4
        entry(5, B, S::BEFORE_MOVES, change(K::BRANCH, B, 2, 0, 2)),  // 2: 2, 3: 2
        entry(6, W, S::AFTER_MOVES, change(K::PASS, W, 1, 2, 1)),     // 1: 5, 2: 3
        red_line(8, W, "w3", "a second member of the team beyond the red line"),
        entry(9, B, S::AFTER_MOVES, change(K::SELECT, B, 3, 2)),    // 3 resigned (2), 2: 5
        entry(11, W, S::AFTER_MOVES, change(K::PASS, W, 2, 1, 1)),  // 1: 6, 2: 4
        // 17. Rd8# closes branch 1 (White scores 6); branch 2 goes on alone.
        entry(18, B, S::BEFORE_MOVES, board_c),
        entry(20, W, S::AFTER_MOVES, draw),  // agreed: 4 each
    };
    return s;
}

BusinessScenario scheme_four_scenario() {
    const chess::Color W = chess::WHITE, B = chess::BLACK;
    using K = KeyChangeKind;
    using S = TurnStage;
    BusinessScenario s;
    s.name = "scheme4";
    s.description =
        "the seed's Scheme 4: five branches by move 18, selections and a draw on moves 24, 25, 29 "
        "and 37, a yellow and a red card, board C, Black resigns on move 41";
    s.source_pgn = kasparov_topalov_pgn();
    KeyChange out = change(K::REPLACE, W, 0);
    out.player = "w2";
    out.in_player = "w6";
    s.entries = {
        entry(7, W, S::BEFORE_MOVES, change(K::BRANCH, W, 1, 0, 4)),   // 1: 6, 2: 4
        entry(8, W, S::AFTER_MOVES, change(K::PASS, W, 1, 2, 1)),      // 1: 5, 2: 5
        entry(11, B, S::BEFORE_MOVES, change(K::BRANCH, B, 2, 0, 2)),  // 2: 3, 3: 2
        entry(12, W, S::BEFORE_MOVES, change(K::BRANCH, W, 1, 0, 2)),  // 1: 3, 4: 2
        entry(15, B, S::AFTER_MOVES, change(K::PASS, B, 1, 3, 1)),     // 1: 2, 3: 3
        entry(18, B, S::BEFORE_MOVES, change(K::BRANCH, B, 3, 0, 1)),  // 3: 2, 5: 1
        red_line(20, W, "w2", "a second member beyond the red line"),  // yellow card
        entry(22, B, S::AFTER_MOVES, change(K::PASS, B, 4, 1, 1)),     // 4: 1, 1: 3
        entry(24, W, S::AFTER_MOVES, change(K::SELECT, W, 5, 2)),      // 5 (1) to 2: 6
        entry(25, B, S::AFTER_MOVES, change(K::SELECT, B, 4, 3)),      // 4 (1) to 3: 3
        entry(27, W, S::AFTER_MOVES, change(K::PASS, W, 1, 2, 1)),     // 1: 2, 2: 7
        entry(29, W, S::AFTER_MOVES, change(K::DRAW, W, 1)),           // branch 1 drawn (2)
        red_line(30, W, "w2", "beyond the red line again"),            // red card
        entry(30, W, S::AFTER_MOVES, out, "CLOCK_RUNNING"),        // not while White's clock runs
        entry(30, W, S::AFTER_PRESS, out),                         // now White's clock is stopped
        entry(37, W, S::AFTER_MOVES, change(K::SELECT, W, 3, 2)),  // 3 (3) to 2: 8
        entry(39, B, S::BEFORE_MOVES, change(K::BOARD_C, B, 0)),
        entry(41, B, S::AFTER_MOVES, change(K::RESIGN, B, 2)),  // White scores 8
    };
    return s;
}

std::optional<BusinessScenario> business_scenario(const std::string& name) {
    if (name == "short") return short_scenario();
    if (name == "scheme4") return scheme_four_scenario();
    return std::nullopt;
}

engine::MatchConfig business_match_config() {
    engine::MatchConfig m;
    m.id = "bc1";
    m.game = "business";
    m.options = engine::default_options(rules().options);  // as a venue file without the table
    m.event = "Venue demo: Business Chess";
    m.site = "Venue simulator";
    m.round = "1.1";
    m.time.base_ms = 90 * 60 * 1000;  // BC-I.5: one clock, 1 h 30 min a team
    m.time.increment_ms = 0;
    m.time.mode = engine::TimeMode::SUDDEN_DEATH;
    m.white().name = "Kazan";
    m.black().name = "Moscow";
    for (int i = 0; i < 6; ++i) {  // five on the team and one reserve (BC-I.4)
        m.white().players.push_back({"w" + std::to_string(i + 1), WHITE_NAMES[i], i + 1, {}, ""});
        m.black().players.push_back({"b" + std::to_string(i + 1), BLACK_NAMES[i], i + 1, {}, ""});
    }
    return m;
}

Result<BusinessPlan, std::string> make_business_plan(const BusinessScenario& scenario,
                                                     engine::MatchConfig match,
                                                     std::uint64_t seed) {
    if (auto bad = BusinessMatch::validate(match)) return unexpected(*bad);
    auto main_line = source_moves(scenario.source_pgn);
    if (!main_line) return unexpected(main_line.error());

    BusinessPlan plan;
    plan.scenario = scenario.name;
    plan.title = title_of(scenario.source_pgn);
    Rehearsal r(match);
    if (r.match().phase() == engine::MatchPhase::FINISHED)
        return unexpected(std::string("the match could not be created"));

    auto stage_entries = [&](int move, chess::Color side, TurnStage stage,
                             std::vector<PlannedEntry>& out) -> std::optional<std::string> {
        for (const ScenarioEntry& e : scenario.entries) {
            if (e.move != move || e.side != side || e.stage != stage) continue;
            auto p = rehearse(r, e, turn_name(move, side));
            if (!p) return p.error();
            out.push_back(std::move(*p));
        }
        return std::nullopt;
    };

    for (int t = 0; r.match().phase() != engine::MatchPhase::FINISHED; ++t) {
        if (t >= 400) return unexpected(std::string("the match does not end within 200 moves"));
        BusinessTurn turn;
        turn.move = t / 2 + 1;
        turn.side = t % 2 ? chess::BLACK : chess::WHITE;
        const std::string when = turn_name(turn.move, turn.side);
        if (r.match().to_move() != turn.side)
            return unexpected(when + ": the engine has the other team to move");

        if (auto e = stage_entries(turn.move, turn.side, TurnStage::BEFORE_MOVES, turn.before))
            return unexpected(*e);

        // One move on every open branch (BC-I.8): the branch that continues the source game
        // plays its move; the others a chosen one; a new daughter differs from its mother.
        std::vector<int> ready;
        for (const Branch& b : r.match().branches())
            if (b.ready()) ready.push_back(b.number);
        int follower = 0;
        for (int n : ready) {
            const Branch& b = *r.match().branch(n);
            const auto& played = b.game.moves();
            if (played.size() < main_line->size() &&
                std::equal(played.begin(), played.end(), main_line->begin())) {
                follower = n;
                break;
            }
        }
        std::map<int, chess::Move> chosen;
        for (int n : ready) {
            const Branch& b = *r.match().branch(n);
            if (!b.ready()) continue;  // closed by a mate on another board this turn: no
            std::optional<chess::Move> avoid;
            const auto& rec = r.match().turn();
            if (n == rec.new_branch && chosen.count(rec.mother)) avoid = chosen[rec.mother];
            std::optional<chess::Move> m;
            if (n == follower && !(avoid && (*main_line)[b.game.ply_count()] == *avoid))
                m = (*main_line)[b.game.ply_count()];
            else
                m = demo::choose_move(b.game, seed * 1000003 + std::uint64_t(n), avoid);
            if (!m) return unexpected(when + ": no move to play on branch " + std::to_string(n));
            chosen[n] = *m;
            BoardMove bm;
            bm.board = b.board;
            bm.branch = n;
            bm.move = *m;
            bm.uci = chess::to_uci(*m);
            bm.san = chess::to_san(b.game.position(), *m);
            bm.before = b.game.position();
            const auto d = r.send(engine::MoveSensed{r.id(), b.board, bm.uci});
            if (const auto* refused = find<engine::MoveRefused>(d))
                return unexpected(when + ": " + bm.uci + " on board " + refused->board +
                                  " refused: " + reasons(d));
            turn.moves.push_back(std::move(bm));
        }

        if (auto e = stage_entries(turn.move, turn.side, TurnStage::AFTER_MOVES, turn.after))
            return unexpected(*e);

        if (r.match().phase() == engine::MatchPhase::FINISHED) {
            turn.press = false;
        } else {
            const auto d = r.send(engine::ClockPressed{r.id(), turn.side, std::nullopt});
            if (!find<engine::ClockSwitched>(d))
                return unexpected(when +
                                  ": the clock press did not complete the turn: " + reasons(d));
            turn.one_branch_bonus = find<engine::TimeAdded>(d) != nullptr;
            if (auto e =
                    stage_entries(turn.move, turn.side, TurnStage::AFTER_PRESS, turn.after_press))
                return unexpected(*e);
        }
        turn.score = r.match().score();
        turn.open_branches = r.match().open_branches();
        for (const Branch& b : r.match().branches())
            if (b.open) turn.ratings[b.number] = b.rating;
        plan.turns.push_back(std::move(turn));
    }
    for (const ScenarioEntry& e : scenario.entries)
        if (e.move * 2 - (e.side == chess::WHITE ? 1 : 0) > int(plan.turns.size()))
            return unexpected("the match ended before " + turn_name(e.move, e.side) +
                              ", where the scenario has an entry");
    plan.result = r.match().result();
    plan.final_score = r.match().score();
    plan.return_rating = r.match().return_rating();
    plan.branches = r.match().branches().size();
    plan.match = std::move(match);
    return plan;
}

}  // namespace venue::games::business
