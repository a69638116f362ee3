// The same events give the same decisions and the same state hash; events
// survive their JSON form (the log's payload) unchanged in effect.
#include <random>

#include "chess/movegen.h"
#include "chess/uci.h"
#include "script.h"
#include "venue/event_json.h"
#include "venue/snapshot.h"

namespace venue::engine {
namespace {

using testing::Script;

// A seeded random game with clock readings, board evidence, mismatches, claims and arbiter
// actions.
Script random_match(std::uint64_t seed) {
    Script s;
    std::mt19937_64 rng(seed);
    for (int i = 0; i < 120 && s.match().phase() != MatchPhase::FINISHED; ++i) {
        auto moves = chess::legal_moves(s.match().game().position());
        switch (rng() % 10) {
            case 0:
                s.send(ClockReading{"m1", std::int64_t(rng() % 5400000),
                                    std::int64_t(rng() % 5400000), s.to_move()});
                s.send(BeamCrossed{"m1", rng() % 2 ? chess::WHITE : chess::BLACK, rng() % 2 == 0});
                s.send(BoardSnapshot{"m1", "b", s.match().game().position().fen().substr(0, 20)});
                // Without drawing on rng: the games stay those the seeds have always made.
                s.send(
                    BoardFieldUpdate{"m1", "b", i % 64, i % 16,
                                     i % 2 ? std::optional(chess::Square(i % 64)) : std::nullopt});
                break;
            case 1:
                s.send(BoardMismatch{"m1", "b", {chess::Square(rng() % 64)}});
                s.send(ClockPressed{"m1", s.to_move(), std::nullopt});
                s.send(BoardRestored{"m1", "b"});
                break;
            case 2: {
                ArbiterAction a;
                a.match = "m1";
                a.kind = ArbiterActionKind::ADD_TIME;
                a.side = rng() % 2 ? chess::WHITE : chess::BLACK;
                a.amount_ms = 10000;
                a.note = "test";
                s.send(a);
                break;
            }
            default:
                if (moves.empty()) break;
                s.move(chess::to_uci(moves[rng() % moves.size()]));
        }
    }
    return s;
}

std::vector<std::string> decisions_as_text(VenueState& state, const std::vector<Event>& events) {
    std::vector<std::string> out;
    for (const Event& e : events)
        for (const Decision& d : state.apply(e))
            out.push_back(std::string(kind_name(d.body)) + decision_payload(d));
    return out;
}

TEST(Determinism, ReplayGivesTheSameDecisionsAndHash) {
    for (std::uint64_t seed : {1u, 2u, 3u, 4u, 5u}) {
        Script s = random_match(seed);
        VenueState a, b;
        auto da = decisions_as_text(a, s.events());
        auto db = decisions_as_text(b, s.events());
        EXPECT_EQ(da, db);
        EXPECT_EQ(a.state_hash(), s.state().state_hash());
        EXPECT_EQ(a.state_hash(), b.state_hash());
        EXPECT_EQ(a.canonical(), s.state().canonical());
    }
}

TEST(Determinism, DifferentGamesHaveDifferentHashes) {
    EXPECT_NE(random_match(1).state().state_hash(), random_match(2).state().state_hash());
}

TEST(EventJson, EveryEventSurvivesItsJsonForm) {
    for (std::uint64_t seed : {7u, 8u, 9u}) {
        Script s = random_match(seed);
        std::vector<Event> decoded;
        for (const Event& e : s.events()) {
            auto body = parse_event(kind_name(e.body), event_payload(e.body));
            ASSERT_TRUE(body) << body.error();
            decoded.push_back({e.host_ns, e.hub_us, *body});
            EXPECT_EQ(event_payload(*body), event_payload(e.body));
        }
        VenueState replayed;
        for (const Event& e : decoded) replayed.apply(e);
        EXPECT_EQ(replayed.state_hash(), s.state().state_hash());
    }
}

TEST(EventJson, DecisionsSurviveTheirJsonForm) {
    Script s = random_match(11);
    VenueState state;
    for (const Event& e : s.events())
        for (const Decision& d : state.apply(e)) {
            auto back = parse_decision(kind_name(d.body), decision_payload(d));
            ASSERT_TRUE(back) << back.error();
            EXPECT_EQ(decision_payload(*back), decision_payload(d));
            EXPECT_FALSE(d.rule.empty()) << decision_payload(d);
            EXPECT_FALSE(d.reason.empty()) << decision_payload(d);
        }
}

TEST(EventJson, ErrorsNameTheProblem) {
    auto unknown = parse_event("no_such_kind", "{}");
    ASSERT_FALSE(unknown);
    EXPECT_NE(unknown.error().find("no_such_kind"), std::string::npos);
    auto bad_side = parse_event("flag_fell", R"({"match":"m1","side":"green"})");
    ASSERT_FALSE(bad_side);
    EXPECT_NE(bad_side.error().find("green"), std::string::npos) << bad_side.error();
    auto not_json = parse_event("flag_fell", "{");
    ASSERT_FALSE(not_json);
}

}  // namespace
}  // namespace venue::engine

namespace venue::engine {
namespace {

TEST(Snapshot, RestoredStateContinuesExactlyLikeTheFold) {
    for (std::uint64_t seed : {21u, 22u, 23u}) {
        Script s = random_match(seed);
        const auto& events = s.events();
        for (std::size_t cut = 0; cut < events.size(); cut += 7) {
            VenueState straight;
            for (std::size_t i = 0; i < cut; ++i) straight.apply(events[i]);
            auto restored = restore_state(snapshot_state(straight));
            ASSERT_TRUE(restored) << restored.error();
            EXPECT_EQ(restored->canonical(), straight.canonical()) << "cut " << cut;
            EXPECT_EQ(restored->events_applied(), straight.events_applied());
            for (std::size_t i = cut; i < events.size(); ++i) {
                auto a = straight.apply(events[i]);
                auto b = restored->apply(events[i]);
                ASSERT_EQ(a.size(), b.size()) << "cut " << cut << " event " << i;
                for (std::size_t k = 0; k < a.size(); ++k)
                    EXPECT_EQ(decision_payload(a[k]), decision_payload(b[k]));
            }
            EXPECT_EQ(restored->state_hash(), straight.state_hash());
            EXPECT_EQ(snapshot_state(*restored), snapshot_state(straight));
        }
    }
}

TEST(Snapshot, BrokenSnapshotsAreRefused) {
    EXPECT_FALSE(restore_state("{"));
    EXPECT_FALSE(restore_state(R"({"format":2})"));
    EXPECT_FALSE(restore_state(R"({"format":1,"events_applied":0,"matches":[{"config":{}}]})"));
}

}  // namespace
}  // namespace venue::engine
