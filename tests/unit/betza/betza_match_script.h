// What the BetzaMatch tests share: a match of four armies (players a, b, c, d: Alice, Bob, Carol
// and Dave), made through the registry, and a script that sends it events through a VenueState,
// keeping every event so that a test can replay them or restore a snapshot taken between them.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "../../support/decision_search.h"
#include "games/betza/rules/betza_match.h"
#include "games/betza/rules/betza_rules.h"
#include "venue/snapshot.h"
#include "venue/venue_state.h"

namespace venue::games::betza::test {

inline engine::MatchConfig betza_config(const BetzaRules& rules = {}, int armies = 4) {
    engine::MatchConfig c;
    c.id = "z1";
    c.game = "betza";
    c.sides.assign(std::size_t(armies), engine::TeamConfig{});
    const char* ids[] = {"a", "b", "c", "d", "e", "f", "g", "h"};
    const char* names[] = {"Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Gina", "Hugo"};
    for (int i = 0; i < armies; ++i) c.side(i).players.push_back({ids[i], names[i], i, {}, ""});
    rules.write_to(c.options);
    return c;
}

using engine::testing::news;

// The decision of `kind` (its body's type) among the decisions, or nullptr.
template <class T>
const engine::Decision* decision(const std::vector<engine::Decision>& d) {
    for (const engine::Decision& x : d)
        if (std::holds_alternative<T>(x.body)) return &x;
    return nullptr;
}

// Whether the decisions are one refusal (EventIgnored) with clause `clause`.
inline bool refused(const std::vector<engine::Decision>& d, const std::string& clause) {
    return d.size() == 1 && std::holds_alternative<engine::EventIgnored>(d[0].body) &&
           d[0].rule == clause;
}

struct BetzaScript {
    explicit BetzaScript(engine::MatchConfig c = betza_config()) {
        send(engine::MatchCreated{std::move(c)});
    }
    engine::VenueState state;
    std::vector<engine::EventBody> events;

    const BetzaMatch& match() const { return dynamic_cast<const BetzaMatch&>(*state.match("z1")); }
    const BetzaGame& game() const { return *match().game(); }

    std::vector<engine::Decision> send(engine::EventBody body) {
        events.push_back(body);
        auto out = state.apply({0, std::nullopt, std::move(body)});
        // The invariants, in every build (Match::apply checks them only in debug builds).
        if (const engine::Match* m = state.match("z1")) {
            std::string why;
            EXPECT_TRUE(m->is_ok(&why)) << why;
        }
        return out;
    }
    std::vector<engine::Decision> input(int army, std::string kind,
                                        std::map<std::string, std::string> args = {},
                                        std::string player = "") {
        engine::GameInput in;
        in.match = "z1";
        in.kind = std::move(kind);
        in.side = army;
        in.player = std::move(player);
        in.args = std::move(args);
        return send(in);
    }
    std::vector<engine::Decision> pair(int army, int a, int b) {
        return input(army, "select_pair",
                     {{"board_a", std::to_string(a)}, {"board_b", std::to_string(b)}});
    }
    std::vector<engine::Decision> move(int army, const std::string& uci) {
        return input(army, "move", {{"uci", uci}});
    }
    // A pair pushed and a move on it, each accepted; the move's decisions.
    std::vector<engine::Decision> play(int army, int a, int b, const std::string& uci) {
        auto declared = pair(army, a, b);
        EXPECT_NE(news(declared, "pair_declared"), nullptr)
            << "army " << army << " " << a << "+" << b << ": "
            << (declared.empty() ? "" : declared[0].rule + " " + declared[0].reason);
        auto moved = move(army, uci);
        EXPECT_NE(news(moved, "moved"), nullptr)
            << "army " << army << " " << uci << ": "
            << (moved.empty() ? "" : moved[0].rule + " " + moved[0].reason);
        return moved;
    }
    // The state a straight replay of every event sent gives.
    engine::VenueState replayed() const {
        engine::VenueState again;
        for (const engine::EventBody& e : events) again.apply({0, std::nullopt, e});
        return again;
    }
    // Checks that a replay and a snapshot restored give this state's canonical text; the
    // restored state, to go on from.
    engine::VenueState expect_replay_and_snapshot_agree() const {
        EXPECT_EQ(replayed().canonical(), state.canonical());
        auto restored = engine::restore_state(engine::snapshot_state(state));
        EXPECT_TRUE(restored) << restored.error();
        if (!restored) return {};
        EXPECT_EQ(restored->canonical(), state.canonical());
        return std::move(*restored);
    }
    // The opening of match_test's whole game up to Fool's mate on 0+1 (army 0 passes to Bob,
    // Alice is out; army 2 on move): the decisions of the mating move.
    std::vector<engine::Decision> to_fools_mate() {
        to_before_fools_mate();
        return play(1, 0, 1, "d8h4");
    }
    // The same up to Fool's mate's last move: army 1 (Bob) on move, Alice's f3 and g4 played.
    void to_before_fools_mate() {
        play(0, 0, 1, "f2f3");
        play(1, 0, 1, "e7e5");
        play(2, 2, 3, "d2d4");
        play(3, 2, 3, "f7f6");
        play(0, 0, 1, "g2g4");
    }
    std::vector<engine::Decision> arbiter(engine::ArbiterActionKind kind, std::string result = "") {
        engine::ArbiterAction a;
        a.match = "z1";
        a.kind = kind;
        a.result = std::move(result);
        a.arbiter = "arb";
        a.note = "test";
        return send(a);
    }
};

}  // namespace venue::games::betza::test
