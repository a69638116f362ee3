// The game `venue demo --game betza` plays (games/betza/demo/betza_plan.h), played on the rules
// core act by act, as the boards and buttons will give it: every act is accepted (or refused
// where the plan says so) and the story ends as the demo's header tells it.
#include <gtest/gtest.h>

#include "betza_match_script.h"
#include "games/betza/demo/betza_plan.h"
#include "venue/game_rules.h"

namespace venue::games::betza {
namespace {

using test::BetzaScript;
using test::news;

struct Played {
    std::map<std::string, int> news;  // kinds of news, counted
    std::vector<std::string> refusals;
};

Played play_plan(BetzaScript& s, const BetzaDemoPlan& plan) {
    Played p;
    auto count = [&](const std::vector<engine::Decision>& d) {
        for (const engine::Decision& x : d) {
            if (const auto* n = std::get_if<engine::GameNews>(&x.body)) ++p.news[n->kind];
            if (std::holds_alternative<engine::EventIgnored>(x.body)) p.refusals.push_back(x.rule);
        }
    };
    for (const BetzaAct& act : plan.acts) {
        SCOPED_TRACE("act of army " + std::to_string(act.army) + " " + act.uci);
        const bool arbiters =
            act.kind == BetzaAct::Kind::TAKE_OFF || act.kind == BetzaAct::Kind::SHARE_DRAW;
        if (!arbiters && !s.game().ended()) {
            EXPECT_EQ(s.game().army_on_move(), act.army) << "the plan follows the batting order";
        }
        switch (act.kind) {
            case BetzaAct::Kind::PAIR: {
                const auto d = s.pair(act.army, act.a, act.b);
                count(d);
                EXPECT_EQ(news(d, "pair_declared") == nullptr, act.refused)
                    << (d.empty() ? "" : d[0].rule + " " + d[0].reason);
                break;
            }
            case BetzaAct::Kind::MOVE: {
                const auto d = s.move(act.army, act.uci);
                count(d);
                EXPECT_NE(news(d, "moved"), nullptr)
                    << (d.empty() ? "" : d[0].rule + " " + d[0].reason);
                break;
            }
            case BetzaAct::Kind::END_TURN: {
                const auto d = s.input(act.army, "end_turn");
                count(d);
                EXPECT_NE(news(d, "turn_ended"), nullptr);
                break;
            }
            case BetzaAct::Kind::THINK:
                count(s.send(engine::ArmyFlagFell{"z1", act.army}));
                break;
            case BetzaAct::Kind::TAKE_OFF:
                break;
            case BetzaAct::Kind::SHARE_DRAW:
                count(s.input(s.game().army_on_move(), "agree_draw"));
                break;
        }
    }
    return p;
}

TEST(BetzaDemoPlan, FourArmiesEndWithBobHoldingEveryArmyLeft) {
    BetzaDemoPlan plan = betza_demo_plan(4, 30'000);
    plan.match.id = "z1";
    BetzaScript s(plan.match);
    const Played p = play_plan(s, plan);
    EXPECT_EQ(p.news.at("army_captured"), 2) << "army 0 by Fool's mate, army 3 at the end";
    EXPECT_EQ(p.news.at("player_eliminated"), 3);
    EXPECT_EQ(p.news.at("army_retired"), 1) << "Carol's flag";
    EXPECT_EQ(p.refusals, std::vector<std::string>{"BETZA-6"});
    ASSERT_TRUE(s.game().ended());
    EXPECT_EQ(s.game().standing().winner, 1) << "Bob";
    EXPECT_EQ(s.game().position().armies_of(1), (std::vector<int>{0, 1, 3}));
    s.expect_replay_and_snapshot_agree();
}

TEST(BetzaDemoPlan, TwoArmiesAreFoolsMate) {
    BetzaDemoPlan plan = betza_demo_plan(2, 30'000);
    plan.match.id = "z1";
    BetzaScript s(plan.match);
    const Played p = play_plan(s, plan);
    EXPECT_EQ(p.news.at("army_captured"), 1);
    ASSERT_TRUE(s.game().ended());
    EXPECT_EQ(s.game().standing().winner, 1);
}

// Three, five to eight armies: Fool's mate two by two side by side, the last of an odd count
// alone; every odd army's player takes his neighbour's army, the players still in share it.
TEST(BetzaDemoPlan, AnyOtherNumberOfArmiesPlaysFoolsMatesSideBySideAndShares) {
    for (int armies : {3, 5, 6, 7, 8}) {
        SCOPED_TRACE(std::to_string(armies) + " armies");
        BetzaDemoPlan plan = betza_demo_plan(armies, 30'000);
        plan.match.id = "z1";
        BetzaScript s(plan.match);
        Played p = play_plan(s, plan);
        EXPECT_TRUE(p.refusals.empty());
        EXPECT_EQ(p.news["moved"], 2 * armies);
        EXPECT_EQ(p.news["army_captured"], armies / 2);
        EXPECT_EQ(p.news["player_eliminated"], armies / 2);
        ASSERT_TRUE(s.game().ended());
        EXPECT_EQ(s.game().standing().winner, NO_PLAYER) << "a shared game";
        std::string result;
        for (int i = 0; i < armies; ++i)
            result += std::string(i ? "-" : "") + (i % 2 || i + 1 == armies ? "1/2" : "0");
        EXPECT_EQ(s.match().result(), result);
        for (int i = 1; i < armies; i += 2)
            EXPECT_EQ(s.game().position().armies_of(i), (std::vector<int>{i - 1, i}));
        s.expect_replay_and_snapshot_agree();
    }
}

TEST(BetzaDemoPlan, TheVenueFileIsValid) {
    for (int armies = MIN_ARMIES; armies <= MAX_ARMIES; ++armies) {
        const BetzaDemoPlan plan = betza_demo_plan(armies, 30'000);
        const auto problem = engine::validate_match(plan.match);
        EXPECT_FALSE(problem) << *problem;
    }
}

}  // namespace
}  // namespace venue::games::betza
