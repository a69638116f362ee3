// `venue demo --game grassi` as a user runs it, then its log read back: the players enter a whole
// match as on the touch panel (no board: the field is entered, not sensed), the dice come from
// the seed the host drew from the demo's; the log must hold one seed, the refused placement, the
// shots with each of the keeper's verdicts, goals, a tackle, a substitution, half-time and a
// result the replay gives; `venue verify` and the record agree.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "demo_process.h"
#include "runtime/replay.h"

namespace venue {
namespace {

using namespace e2e;

struct FromLog {
    int seeds = 0, inputs = 0, dice = 0, shots = 0, goals = 0, kick_offs = 0, tackles = 0;
    int substitutions = 0, half_times = 0, intercepted = 0;
    std::map<std::string, int> keeper;  // the keeper's verdicts: save, parry, parry_0, goal
    int refused = 0;                    // EventIgnored of the game's own rules (GCB-*)
    std::string refused_rule;
    std::vector<engine::GameEnded> ended;
    std::string state_hash;
};

FromLog read_log(const std::string& log, runtime::ReplayOutcome& outcome) {
    FromLog f;
    auto replayed = replay_whole_log(log, [&](const runtime::Applied& a) {
        if (auto* in = std::get_if<engine::GameInput>(&a.event.body)) {
            ++f.inputs;
            if (in->kind == "seed") ++f.seeds;
        }
        for (const auto& d : a.decisions) {
            if (auto* n = std::get_if<engine::GameNews>(&d.body)) {
                f.dice += n->kind == "dice";
                f.shots += n->kind == "shot";
                f.goals += n->kind == "goal";
                f.kick_offs += n->kind == "kick_off";
                f.tackles += n->kind == "tackle";
                f.substitutions += n->kind == "substituted";
                f.half_times += n->kind == "half_time";
                f.intercepted += n->kind == "intercepted";
                if (n->kind == "keeper") ++f.keeper[n->facts.at("outcome")];
            }
            if (auto* g = std::get_if<engine::GameEnded>(&d.body)) f.ended.push_back(*g);
            if (std::holds_alternative<engine::EventIgnored>(d.body) &&
                d.rule.rfind("GCB-", 0) == 0) {
                ++f.refused;
                f.refused_rule = d.rule;
            }
        }
    });
    if (replayed) {
        outcome = std::move(*replayed);
        f.state_hash = outcome.state.state_hash();
    }
    return f;
}

TEST(GrassiDemoE2E, AWholeMatchEnteredAsOnTheTouchPanelAndTheLogTellsIt) {
    const auto dir = fresh_dir("grassi");
    const std::string log = (dir / "grassi.sqlite").string();
    Ran demo = run(VENUE + " demo --game grassi --speed 4 --no-feed --log " + log + " 2>&1");
    ASSERT_EQ(demo.status, 0) << demo.out;
    EXPECT_NE(demo.out.find("Replaying the log gives the same state."), std::string::npos)
        << demo.out;

    runtime::ReplayOutcome outcome;
    const FromLog f = read_log(log, outcome);
    EXPECT_EQ(f.seeds, 1) << "one seed, drawn when the match was created";
    ASSERT_EQ(f.ended.size(), 1u);
    EXPECT_EQ(f.refused, 1) << "one placement in the wrong half, and nothing else refused";
    EXPECT_EQ(f.refused_rule, "GCB-A25");
    EXPECT_EQ(f.half_times, 1);
    EXPECT_GE(f.kick_offs, 2) << "the first half's and the second's";
    EXPECT_GE(f.dice, 50) << "every turn's movement points at least";
    EXPECT_GT(f.shots, 0);
    EXPECT_GT(f.keeper.count("save"), 0u) << "the demo shows a save";
    EXPECT_GT(f.keeper.count("parry") + f.keeper.count("parry_0"), 0u) << "and a parry";
    EXPECT_GT(f.goals, 0);
    EXPECT_GT(f.tackles, 0);
    EXPECT_EQ(f.substitutions, 1);
    EXPECT_EQ(f.intercepted > 0, true) << "a throw into an opponent's path";
    EXPECT_EQ(f.state_hash, final_state(demo.out));
    Ran verify = run(VENUE + " verify " + log + " 2>&1");
    EXPECT_EQ(verify.status, 0) << verify.out;
    // The record tells the same shots and goals (schemas/record/record.schema.json).
    Ran record = run(VENUE + " export record " + log + " --match gb1");
    ASSERT_EQ(record.status, 0) << record.out;
    const auto doc = nlohmann::json::parse(record.out);
    int record_shots = 0, record_goals = 0;
    for (const auto& e : doc.at("matches").at(0).at("entries")) {
        if (e.at("decision") != "game_news") continue;
        record_shots += e.at("fields").at("kind") == "shot";
        record_goals += e.at("fields").at("kind") == "goal";
    }
    EXPECT_EQ(record_shots, f.shots);
    EXPECT_EQ(record_goals, f.goals);
    EXPECT_EQ(doc.at("matches").at(0).at("result"), outcome.state.match("gb1")->result());
}

// --turns: a shorter match of the same game, its two halves; an odd number is refused with the
// clause (GCB-OBJ-1), and a demo that does not take it says why.
TEST(GrassiDemoE2E, TurnsPlaysAShorterMatchOfTwoHalves) {
    const auto dir = fresh_dir("grassi-turns");
    const std::string log = (dir / "turns.sqlite").string();
    Ran demo =
        run(VENUE + " demo --game grassi --turns 4 --speed 8 --no-feed --log " + log + " 2>&1");
    ASSERT_EQ(demo.status, 0) << demo.out;
    EXPECT_NE(demo.out.find("4 turns in two halves"), std::string::npos) << demo.out;
    runtime::ReplayOutcome outcome;
    const FromLog f = read_log(log, outcome);
    ASSERT_EQ(f.ended.size(), 1u);
    EXPECT_EQ(f.half_times, 1);
    EXPECT_EQ(f.state_hash, final_state(demo.out));
    const auto* m = outcome.state.match("gb1");
    ASSERT_NE(m, nullptr);
    bool four = false;
    for (const auto& [name, value] : m->facts())
        four |= name == "Turn" && value.find("of 4") != std::string::npos;
    EXPECT_TRUE(four);

    Ran odd = run(VENUE + " demo --game grassi --turns 5 --no-feed 2>&1");
    EXPECT_NE(odd.status, 0);
    EXPECT_NE(odd.out.find("--turns 5"), std::string::npos) << odd.out;
    EXPECT_NE(odd.out.find("GCB-OBJ-1"), std::string::npos) << odd.out;
    Ran other = run(VENUE + " demo --game business --turns 4 --no-feed 2>&1");
    EXPECT_NE(other.status, 0);
    EXPECT_NE(other.out.find("not for a number of turns"), std::string::npos) << other.out;
}

}  // namespace
}  // namespace venue
