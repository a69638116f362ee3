// `venue demo --game eleven` as a user runs it, then its log read back: the hub firmware in
// simavr keeps the formation's and the half's countdowns, the players set formations piece by
// piece on an emulated DGT board (its orientation set in the venue file), press their buttons,
// play, and pass and shoot by tapping pieces; the log must hold the seed the host drew from the
// demo's, the passes and shots declared at the board, the goals, and a result the replay gives.
#include <gtest/gtest.h>

#include <set>

#include <nlohmann/json.hpp>

#include "demo_process.h"
#include "runtime/replay.h"

namespace venue {
namespace {

using namespace e2e;

struct FromLog {
    int seeds = 0, passes = 0, in_hand = 0, shots = 0, goals = 0, kick_offs = 0, taps = 0;
    int goal_news = 0;  // each goal as the game tells it (goals counts every score change)
    int upgrades = 0;
    std::set<std::string> outcomes;  // of the contested shots: goal, save, block, corner
    int mates = 0, half_times = 0, corner_collected = 0;
    // EventIgnored of the match's own rules (C11-*): the players err once, on purpose (White's
    // first formation lacks the pawn in front of its king), then set it right.
    int refused = 0;
    std::string refused_rule;
    std::vector<engine::GameEnded> ended;
    std::string state_hash;
};

FromLog read_log(const std::string& log, runtime::ReplayOutcome& outcome) {
    FromLog f;
    auto replayed = replay_whole_log(log, [&](const runtime::Applied& a) {
        if (auto* in = std::get_if<engine::GameInput>(&a.event.body))
            if (in->kind == "seed") ++f.seeds;
        if (std::holds_alternative<engine::BoardFieldUpdate>(a.event.body)) ++f.taps;
        for (const auto& d : a.decisions) {
            if (auto* n = std::get_if<engine::GameNews>(&d.body)) {
                f.passes += n->kind == "ball_passed";
                f.in_hand += n->kind == "ball_in_hand";
                f.shots += n->kind == "shot";
                f.kick_offs += n->kind == "kick_off";
                f.upgrades += n->kind == "upgrade";
                f.goal_news += n->kind == "goal";
                if (n->kind == "shot") f.outcomes.insert(n->facts.at("outcome"));
                f.half_times += n->kind == "half_over" && n->facts.at("half") == "1";
            }
            if (std::holds_alternative<engine::ScoreChanged>(d.body)) {
                ++f.goals;
                f.mates += d.rule == "C11-CHECK-2";
            }
            if (auto* g = std::get_if<engine::GameEnded>(&d.body)) f.ended.push_back(*g);
            if (std::holds_alternative<engine::EventIgnored>(d.body) &&
                d.rule.rfind("C11-", 0) == 0) {
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

TEST(ElevenDemoE2E, TwoPlayersPlayToTwoGoalsAtTheBoardAndTheLogTellsIt) {
    const auto dir = fresh_dir("eleven");
    const std::string log = (dir / "eleven.sqlite").string();
    Ran demo =
        run(VENUE + " demo --game eleven --tree goals --speed 4 --no-feed --log " + log + " 2>&1");
    ASSERT_EQ(demo.status, 0) << demo.out;
    EXPECT_NE(demo.out.find("Replaying the log gives the same state."), std::string::npos)
        << demo.out;

    runtime::ReplayOutcome outcome;
    const FromLog f = read_log(log, outcome);
    EXPECT_EQ(f.seeds, 1) << "one seed, drawn when the match was created";
    EXPECT_GE(f.kick_offs, 2) << "a goal restarts the formations";
    ASSERT_EQ(f.ended.size(), 1u);
    EXPECT_EQ(f.ended[0].termination, "goals");
    EXPECT_EQ(f.refused, 1) << "one Ready, refused for a wrong formation, and nothing else";
    EXPECT_EQ(f.refused_rule.rfind("C11-FORM", 0), 0u) << f.refused_rule;
    if (f.kick_offs >= 2) {
        EXPECT_EQ(f.upgrades, 1) << "after the first goal the scorer brings the substitute on";
    }
    EXPECT_GT(f.taps, 0);
    EXPECT_GT(f.in_hand, 0) << "the ball is put in hand by tapping the carrier twice";
    EXPECT_GT(f.passes, 0) << "then a teammate tapped receives it";
    EXPECT_GT(f.shots, 0) << "or the carrier tapped a third time shoots";
    EXPECT_EQ(f.state_hash, final_state(demo.out));
    Ran verify = run(VENUE + " verify " + log + " 2>&1");
    EXPECT_EQ(verify.status, 0) << verify.out;
    // The game record tells the same shots and goals (schemas/record/record.schema.json).
    Ran record = run(VENUE + " export record " + log + " --match c11");
    ASSERT_EQ(record.status, 0) << record.out;
    const auto doc = nlohmann::json::parse(record.out);
    int record_shots = 0, record_goals = 0, record_scores = 0;
    for (const auto& e : doc.at("matches").at(0).at("entries")) {
        record_scores += e.at("decision") == "score_changed";
        if (e.at("decision") != "game_news") continue;
        record_shots += e.at("fields").at("kind") == "shot";
        record_goals += e.at("fields").at("kind") == "goal";
    }
    EXPECT_EQ(record_shots, f.shots);
    EXPECT_EQ(record_goals, f.goal_news);
    EXPECT_EQ(record_scores, f.goals);
    EXPECT_GE(f.goal_news, 1);
    EXPECT_EQ(doc.at("matches").at(0).at("result"), outcome.state.match("c11")->result());

    // The same seed plays the same match.
    const std::string again = (dir / "again.sqlite").string();
    Ran second = run(VENUE + " demo --game eleven --tree goals --speed 4 --no-feed --log " + again +
                     " 2>&1");
    ASSERT_EQ(second.status, 0) << second.out;
    runtime::ReplayOutcome o2;
    const FromLog g = read_log(again, o2);
    EXPECT_EQ(g.goals, f.goals);
    EXPECT_EQ(g.shots, f.shots);
    EXPECT_EQ(g.passes, f.passes);
}

// The default demo, two timed halves on the hub's countdown, shows what the issue asks of it:
// each outcome of a contested shot, a checkmate's two goals, the substitute brought on after a
// goal, the corrected formation, half time and a result at full time. At speed 4 the players
// make more turns in each half than at speed 1; the outcomes come in the first half.
TEST(ElevenDemoE2E, TheTimedDemoShowsEveryOutcomeOfAShotACheckmateAndHalfTime) {
    const auto dir = fresh_dir("eleven-timed");
    const std::string log = (dir / "eleven.sqlite").string();
    Ran demo = run(VENUE + " demo --game eleven --speed 4 --no-feed --log " + log + " 2>&1");
    ASSERT_EQ(demo.status, 0) << demo.out;
    EXPECT_EQ(demo.out.find("refused: BAD_STATE"), std::string::npos)
        << "no device command refused (the full time's clock pause)\n"
        << demo.out;
    runtime::ReplayOutcome outcome;
    const FromLog f = read_log(log, outcome);
    for (const char* o : {"goal", "save", "block", "corner"})
        EXPECT_TRUE(f.outcomes.count(o)) << "no " << o << " in the demo";
    EXPECT_GE(f.mates, 1) << "a checkmate, worth two goals";
    EXPECT_EQ(f.upgrades, 1) << "the substitute brought on after a goal";
    EXPECT_EQ(f.refused, 1) << "one Ready refused for a wrong formation, then set right";
    EXPECT_EQ(f.half_times, 1);
    ASSERT_EQ(f.ended.size(), 1u);
    EXPECT_EQ(f.ended[0].termination, "full time");
    EXPECT_EQ(f.state_hash, final_state(demo.out));
    Ran verify = run(VENUE + " verify " + log + " 2>&1");
    EXPECT_EQ(verify.status, 0) << verify.out;
}

}  // namespace
}  // namespace venue
