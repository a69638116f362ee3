// Grassi's ChessBall as a match of the registry (GrassiMatch): its entry and [match.grassi] keys,
// a short game through a VenueState with the host's dice from the logged seed, its replay and
// snapshots, and the refusals that name their clause.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "../../support/decision_search.h"
#include "../../support/grassi_config.h"
#include "games/grassi/rules/grassi_match.h"
#include "venue/game_rules.h"
#include "venue/snapshot.h"
#include "venue/venue_state.h"

namespace venue::games::grassi {
namespace {

using chess::BLACK;
using chess::WHITE;
using engine::Decision;
using engine::testing::find;
using engine::testing::grassi_config;
using engine::testing::news;

// Whether the decisions are one refusal (EventIgnored) with clause `clause`.
bool refused(const std::vector<Decision>& d, const std::string& clause) {
    return d.size() == 1 && std::holds_alternative<engine::EventIgnored>(d[0].body) &&
           d[0].rule == clause;
}

struct GrassiScript {
    explicit GrassiScript(engine::MatchConfig c = grassi_config()) {
        send(engine::MatchCreated{std::move(c)});
    }
    engine::VenueState state;
    std::vector<engine::EventBody> events;

    const GrassiMatch& match() const {
        return dynamic_cast<const GrassiMatch&>(*state.match("g1"));
    }
    const GrassiGame& game() const { return *match().game(); }

    std::vector<Decision> send(engine::EventBody body) {
        events.push_back(body);
        auto out = state.apply({0, std::nullopt, std::move(body)});
        if (const engine::Match* m = state.match("g1")) {
            std::string why;
            EXPECT_TRUE(m->is_ok(&why)) << why;
        }
        return out;
    }
    std::vector<Decision> input(int side, std::string kind,
                                std::map<std::string, std::string> args = {},
                                std::string player = "", std::string arbiter = "") {
        engine::GameInput in;
        in.match = "g1";
        in.kind = std::move(kind);
        in.side = side;
        in.player = std::move(player);
        in.args = std::move(args);
        in.arbiter = std::move(arbiter);
        return send(in);
    }
    // The kick-off as the seed's coin decided it: the kicker's bishop next to the ball.
    void kick_off() {
        const bool white = game().kicker() == WHITE;
        input(0, "place", {{"points", white ? "7,7 4,5 12,5" : "7,5 4,5 12,5"}});
        input(1, "place", {{"points", white ? "9,11 4,11 12,11" : "9,9 4,11 12,11"}});
    }
    // Pass moves until the turn is over.
    void pass_turn() {
        const int turn = game().turn();
        while (game().stage() == Stage::PLAY && game().turn() == turn)
            input(int(game().mover()), "pass_move");
    }
    // A game of two turns, seeded, both halves passed.
    void two_turns() {
        input(0, "seed", {{"value", "77"}});
        kick_off();
        pass_turn();
        kick_off();  // half-time
        pass_turn();
    }
};

TEST(GrassiMatch, IsInTheRegistryWithItsKeysAndChecksItsConfiguration) {
    const engine::GameRules* game = engine::find_game("grassi");
    ASSERT_NE(game, nullptr);
    EXPECT_EQ(game->display_name, "Grassi's ChessBall");
    std::vector<std::string> keys;
    for (const engine::GameOption& o : game->options) keys.push_back(o.key);
    for (const char* key : {"turns", "turn_order", "dice", "tie", "multi_adjacent", "after_goal"})
        EXPECT_NE(std::find(keys.begin(), keys.end(), key), keys.end()) << key;
    EXPECT_FALSE(engine::validate_match(grassi_config()));
    const auto odd = engine::validate_match(grassi_config({{"turns", std::int64_t(5)}}));
    ASSERT_TRUE(odd);
    EXPECT_NE(odd->find("grassi.turns"), std::string::npos) << *odd;
    engine::MatchConfig two = grassi_config();
    two.side(0).players.push_back({"x", "Xena", 2, {}, ""});
    const auto crowded = engine::validate_match(two);
    ASSERT_TRUE(crowded);
    EXPECT_NE(crowded->find("GCB-TURN-1"), std::string::npos) << *crowded;
}

TEST(GrassiMatch, TheOptionsReachTheRules) {
    GrassiScript s(grassi_config({{"turns", std::int64_t(10)},
                                  {"tie", std::string("golden_goal")},
                                  {"pawn_dirs", std::string("4_orthogonal")},
                                  {"dice", std::string("physical_entered")}}));
    EXPECT_EQ(s.match().rules().turns, 10);
    EXPECT_EQ(s.match().rules().tie, Tie::GOLDEN_GOAL);
    EXPECT_FALSE(s.match().rules().pawn_eight_directions);
    EXPECT_FALSE(s.match().wants_seed());  // physical dice need none: the coin's die is due
    ASSERT_NE(s.match().game(), nullptr);
    EXPECT_EQ(s.game().pending_roll(), Roll::COIN);
}

TEST(GCB_A28, TheMatchWaitsForTheLoggedSeedAndRollsFromIt) {
    GrassiScript s;
    EXPECT_TRUE(s.match().wants_seed());
    EXPECT_TRUE(refused(s.input(0, "place", {{"points", "7,7 4,5 12,5"}}), "GCB-A28"));
    EXPECT_TRUE(refused(s.input(0, "seed", {{"value", "many"}}), "GCB-A28"));
    const auto seeded = s.input(0, "seed", {{"value", "77"}});
    EXPECT_NE(news(seeded, "kickoff_taker"), nullptr);
    EXPECT_FALSE(s.match().wants_seed());
    EXPECT_TRUE(refused(s.input(0, "dice", {{"faces", "3"}}), "GCB-A28"));  // the host's dice
    s.kick_off();
    EXPECT_EQ(s.game().stage(), Stage::PLAY);
    EXPECT_GE(s.game().mp(WHITE), 3);  // rolled at once from the seed
    EXPECT_LE(s.game().mp(WHITE), 18);
}

TEST(GCB_OBJ_1, AShortMatchEndsAfterItsLastTurnAndTheResultIsLogged) {
    GrassiScript s(grassi_config({{"turns", std::int64_t(2)}}));
    s.input(0, "seed", {{"value", "77"}});
    s.kick_off();
    s.pass_turn();
    EXPECT_EQ(s.game().half(), 2);
    s.kick_off();
    const int turn = s.game().turn();
    std::vector<Decision> last;
    while (s.game().stage() == Stage::PLAY && s.game().turn() == turn)
        last = s.input(int(s.game().mover()), "pass_move");
    const engine::GameEnded* ended = find<engine::GameEnded>(last);
    ASSERT_NE(ended, nullptr);
    EXPECT_EQ(ended->result, "1/2-1/2");
    EXPECT_EQ(s.match().phase(), engine::MatchPhase::FINISHED);
}

TEST(GrassiMatch, RefusalsNameTheirClauseAndChangeNothing) {
    GrassiScript s;
    s.input(0, "seed", {{"value", "77"}});
    s.kick_off();
    const std::string before = s.state.canonical();
    const int other = 1 - int(s.game().mover());
    const auto wrong_side = s.input(other, "pass_move");
    ASSERT_TRUE(refused(wrong_side, "GCB-TURN-1"));
    EXPECT_NE(wrong_side[0].reason.find("NOT_YOUR_MOVE"), std::string::npos);
    EXPECT_TRUE(refused(s.input(int(s.game().mover()), "move", {{"path", "seven"}}), "GCB-HALF-1"));
    EXPECT_TRUE(refused(s.input(int(s.game().mover()), "pass_move", {}, "nobody"), "GCB-TURN-1"));
    EXPECT_TRUE(refused(s.input(0, "correct", {{"from", "12,5"}, {"to", "12,6"}}), "X-3"));
    EXPECT_TRUE(refused(s.input(0, "fly", {}), "X-1"));
    EXPECT_EQ(s.state.canonical(), before);
    // The arbiter's correction is taken.
    EXPECT_NE(
        news(s.input(0, "correct", {{"from", "12,5"}, {"to", "12,6"}}, "", "arb"), "corrected"),
        nullptr);
}

TEST(GrassiMatch, AFlagEndsNothing) {
    GrassiScript s;
    s.input(0, "seed", {{"value", "77"}});
    engine::FlagFell flag;
    flag.match = "g1";
    flag.side = WHITE;
    EXPECT_TRUE(refused(s.send(flag), "GCB-OBJ-1"));
}

TEST(GrassiMatch, ReplayingTheEventsGivesTheSameState) {
    GrassiScript s(grassi_config({{"turns", std::int64_t(2)}}));
    s.two_turns();
    engine::VenueState again;
    for (const engine::EventBody& e : s.events) again.apply({0, std::nullopt, e});
    EXPECT_EQ(again.state_hash(), s.state.state_hash());
    EXPECT_EQ(again.canonical(), s.state.canonical());
    engine::VenueState shorter;
    for (std::size_t i = 0; i + 1 < s.events.size(); ++i)
        shorter.apply({0, std::nullopt, s.events[i]});
    EXPECT_NE(shorter.state_hash(), s.state.state_hash());
}

TEST(GrassiMatch, ASnapshotAtAnyStepThenTheRestEqualsTheStraightFold) {
    GrassiScript s(grassi_config({{"turns", std::int64_t(2)}}));
    s.two_turns();
    for (std::size_t k = 1; k <= s.events.size(); ++k) {
        engine::VenueState head;
        for (std::size_t i = 0; i < k; ++i) head.apply({0, std::nullopt, s.events[i]});
        auto restored = engine::restore_state(engine::snapshot_state(head));
        ASSERT_TRUE(restored) << restored.error();
        EXPECT_EQ(restored->canonical(), head.canonical()) << "after event " << k;
        for (std::size_t i = k; i < s.events.size(); ++i)
            restored->apply({0, std::nullopt, s.events[i]});
        EXPECT_EQ(restored->state_hash(), s.state.state_hash()) << "restored after event " << k;
    }
}

// The value of the match's fact `name` (GrassiMatch::facts), "(none)" when it gives none.
std::string fact_of(const GrassiMatch& m, const std::string& name) {
    for (const auto& [n, v] : m.facts())
        if (n == name) return v;
    return "(none)";
}

TEST(GrassiMatch, AGoalCountsInTheStanding) {
    // Physical dice, so that White's pool pays for the whole shot: the faces are the test's.
    GrassiScript s(grassi_config(
        {{"first_kickoff", std::string("white")}, {"dice", std::string("physical_entered")}}));
    s.kick_off();
    s.input(0, "dice", {{"faces", "6 6 6 5 5 5"}});
    ASSERT_EQ(s.game().mover(), WHITE);
    ASSERT_EQ(s.game().mp(WHITE), 18);
    const auto shot = s.input(0, "ball", {{"path", "8,8 7,9 6,10 6,11 6,12 6,13 6,14 6,15 6,16"}});
    ASSERT_NE(news(shot, "goal"), nullptr);
    EXPECT_EQ(s.match().standing().of(0), 2);
    EXPECT_EQ(s.match().standing().of(1), 0);
    const auto fact = [&](const std::string& name) { return fact_of(s.match(), name); };
    EXPECT_EQ(fact("Score"), "1-0");
    // The console and the feed show the throws, the latest first (here the physical dice
    // entered: the coin for the kick-off was the config's).
    EXPECT_EQ(fact("Last roll"), "turn 1: movement roll: 6 6 6 5 5 5");
    EXPECT_EQ(fact("White's substitution"), "allowed now");
}

// The console lists the recent throws, the latest first, and when each side may substitute
// next (GCB-SOST-1, GCB-A23: one every three turns, from the last).
TEST(GrassiMatch, TheFactsListTheRecentRollsAndWhenEachSideMaySubstitute) {
    GrassiScript s(grassi_config(
        {{"first_kickoff", std::string("white")}, {"dice", std::string("physical_entered")}}));
    s.kick_off();
    s.input(0, "dice", {{"faces", "6 6 6 5 5 5"}});
    ASSERT_EQ(s.game().mover(), WHITE);
    const auto sub = s.input(0, "substitute", {{"at", "12,5"}, {"piece", "bishop"}});
    ASSERT_NE(news(sub, "substituted"), nullptr);
    const auto fact = [&](const std::string& name) { return fact_of(s.match(), name); };
    EXPECT_EQ(fact("White's substitution"), "from turn 4 (last in turn 1)");
    EXPECT_EQ(fact("Black's substitution"), "allowed now");
    EXPECT_EQ(fact("Rolls before"), "(none)");  // one throw so far

    // The host's dice, turn after turn: the last six throws are kept, the latest last.
    GrassiScript h;
    h.input(0, "seed", {{"value", "77"}});
    h.kick_off();
    for (int turn = 1; turn <= 8; ++turn) h.pass_turn();
    const auto& rolls = h.game().recent_rolls();
    ASSERT_EQ(rolls.size(), GrassiGame::RECENT_ROLLS);
    EXPECT_EQ(rolls.back().rfind("turn 9: movement roll: ", 0), 0u) << rolls.back();
    EXPECT_EQ(rolls.front().rfind("turn 4: movement roll: ", 0), 0u) << rolls.front();
    const std::string before = fact_of(h.match(), "Rolls before");
    EXPECT_EQ(before.rfind("turn 8: movement roll: ", 0), 0u) << before;
}

// The field as the console and the feed draw it (engine::FieldView): the 17x17 lattice over the
// board, the goal mouths and the halfway line, every placed piece and the ball on their points,
// the carrier marked.
TEST(GrassiMatch, TheFieldShowsThePiecesAndTheBallOnTheirPoints) {
    GrassiScript s;
    const auto unseeded = s.match().field_view();
    ASSERT_TRUE(unseeded);
    EXPECT_EQ(unseeded->points(), 17);
    EXPECT_TRUE(unseeded->tokens.empty());
    const auto line = [&](const engine::FieldView& f, const std::string& kind, int side) {
        for (const engine::FieldLine& l : f.lines)
            if (l.kind == kind && l.side == side) return l;
        return engine::FieldLine{};
    };
    EXPECT_EQ(line(*unseeded, "halfway", -1).from, (engine::FieldPoint{0, 8}));
    EXPECT_EQ(line(*unseeded, "halfway", -1).to, (engine::FieldPoint{16, 8}));
    // GCB-A13: the posts' points belong to the mouth (x 5..11) unless posts_inclusive = false.
    EXPECT_EQ(line(*unseeded, "goal", 0).from, (engine::FieldPoint{5, 0}));
    EXPECT_EQ(line(*unseeded, "goal", 1).to, (engine::FieldPoint{11, 16}));
    GrassiScript narrow(grassi_config({{"posts_inclusive", false}}));
    EXPECT_EQ(line(*narrow.match().field_view(), "goal", 0).from, (engine::FieldPoint{6, 0}));

    s.input(0, "seed", {{"value", "77"}});
    s.kick_off();
    const auto f = s.match().field_view();
    ASSERT_TRUE(f);
    const GrassiGame& g = s.game();
    ASSERT_EQ(f->tokens.size(), std::size_t(PIECES) + 1);
    for (int i = 0; i < PIECES; ++i) {
        const FieldPiece& p = g.pieces()[std::size_t(i)];
        const engine::FieldToken* t = f->piece_at({p.at.x, p.at.y});
        ASSERT_NE(t, nullptr) << to_string(p.at);
        EXPECT_EQ(t->side, int(p.side));
        EXPECT_EQ(t->piece, "?PNBRQK"[p.type]);
        EXPECT_EQ(t->carrier, g.ball().carrier == i);
    }
    EXPECT_EQ(f->piece_at({8, 0})->piece, 'K');  // the keepers on their home points
    EXPECT_EQ(f->piece_at({8, 16})->piece, 'K');
    const auto ball = std::find_if(f->tokens.begin(), f->tokens.end(),
                                   [](const engine::FieldToken& t) { return t.ball(); });
    ASSERT_NE(ball, f->tokens.end());
    EXPECT_EQ(ball->at, (engine::FieldPoint{g.ball().at.x, g.ball().at.y}));
    EXPECT_EQ(ball->side, -1);
}

// What the touch panel shows before Confirm: the same steps as the input itself, on a copy of the
// game. A refusal with its clause, or the decisions the input would make (its cost and the MP
// left); the state does not change, and sending the input then decides exactly that.
TEST(GrassiMatch, APreviewSaysWhatAnInputWouldDecideAndChangesNothing) {
    GrassiScript s;
    s.input(0, "seed", {{"value", "77"}});
    s.kick_off();
    const std::string before = s.state.canonical();
    const int mover = int(s.game().mover());
    const auto other = s.match().preview({"g1", "pass_move", 1 - mover, "", {}, "", ""});
    ASSERT_TRUE(other);
    EXPECT_FALSE(other->accepted);
    EXPECT_EQ(other->rule, "GCB-TURN-1");
    EXPECT_NE(other->reason.find("NOT_YOUR_MOVE"), std::string::npos);
    const auto bad = s.match().preview({"g1", "move", mover, "", {{"path", "seven"}}, "", ""});
    ASSERT_TRUE(bad);
    EXPECT_FALSE(bad->accepted);
    EXPECT_EQ(bad->rule, "GCB-HALF-1");
    EXPECT_FALSE(s.match().preview({"g1", "seed", 0, "", {{"value", "1"}}, "", ""}));

    const std::string path = mover == WHITE ? "12,5 12,6" : "12,11 12,10";
    const engine::GameInput step{"g1", "move", mover, "", {{"path", path}}, "", ""};
    const auto ahead = s.match().preview(step);
    ASSERT_TRUE(ahead);
    ASSERT_TRUE(ahead->accepted) << ahead->rule << ": " << ahead->reason;
    EXPECT_EQ(s.state.canonical(), before);
    const auto sent = s.send(step);
    ASSERT_EQ(ahead->decisions.size(), sent.size());
    for (std::size_t i = 0; i < sent.size(); ++i) {
        EXPECT_EQ(ahead->decisions[i].rule, sent[i].rule);
        EXPECT_EQ(ahead->decisions[i].reason, sent[i].reason);
    }
    EXPECT_NE(s.state.canonical(), before);
}

}  // namespace
}  // namespace venue::games::grassi
