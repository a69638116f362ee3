// `venue demo --game business` as a user runs it, then its log read back. The seed's Scheme 4
// is played on the simulated hub (one clock, the red-line beams) and six emulated DGT boards
// (five demonstration boards and board C) through the drivers, the recogniser, the Business
// Chess engine and the SQLite log. What the log says was decided must be what the plan (made
// by the same pure rules, before anything ran) says the turns lead to: the tree, every rating
// and the score after every turn, the cards, the final score, and the replay's state hash.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

#include "demo_process.h"
#include "games/business/demo/business_plan.h"
#include "games/business/rules/business_match.h"
#include "games/business/rules/business_rules.h"
#include "runtime/replay.h"

namespace venue {
namespace {

using namespace e2e;

// What the decisions of the log say after one turn was committed (the press whose decisions
// accept the moves of every open branch).
struct AfterTurn {
    games::business::Score score;
    std::map<int, int> ratings;  // open branch -> rating
    int moves = 0;               // MoveAccepted in the commit: one per open branch
};

struct FromLog {
    std::vector<AfterTurn> turns;
    std::vector<engine::BranchOpened> opened;
    std::vector<engine::BranchClosed> closed;
    std::vector<engine::WarningGiven> yellow;  // the offences: 1 yellow, 2 the red card
    std::vector<engine::PlayerRemoved> red;
    std::vector<engine::PlayerReplaced> replaced;
    std::vector<engine::GameEnded> ended;
    std::vector<engine::TimeAdded> bonus;  // BC-I.7's 30 s
    int second_crossers = 0;
    int setups = 0;
    int setups_confirmed = 0;  // BoardRestored on a board being set up
    int refused_keys = 0;
    std::string state_hash;
    const games::business::BusinessMatch* match = nullptr;
};

// Reads every decision of the log in order, folding ratings and the score from the decisions
// alone (not from the engine's state): the log must tell the whole story by itself.
// Branch 1 is open from the start with the game rating (BC-BR-2): no decision opens it.
FromLog read_log(const std::string& log, int game_rating, runtime::ReplayOutcome& outcome) {
    FromLog f;
    std::map<int, int> ratings{{1, game_rating}};
    games::business::Score score;
    std::set<std::string> boards_to_set_up;
    auto replayed = runtime::replay_log(
        log, std::numeric_limits<std::int64_t>::max(), [&](const runtime::Applied& a) {
            if (auto* r = std::get_if<engine::BoardRestored>(&a.event.body))
                if (boards_to_set_up.erase(r->board)) ++f.setups_confirmed;
            int accepted = 0;
            for (const auto& dec : a.decisions) {
                const auto& b = dec.body;
                if (auto* o = std::get_if<engine::BranchOpened>(&b)) {
                    f.opened.push_back(*o);
                    ratings[o->branch] = o->rating;
                }
                if (auto* r = std::get_if<engine::RatingChanged>(&b))
                    ratings[r->branch] = r->rating;
                if (auto* c = std::get_if<engine::BranchClosed>(&b)) {
                    f.closed.push_back(*c);
                    ratings.erase(c->branch);
                }
                if (auto* s = std::get_if<engine::ScoreChanged>(&b))
                    score = {s->white_half_points, s->black_half_points};
                if (std::holds_alternative<engine::MoveAccepted>(b)) ++accepted;
                if (auto* w = std::get_if<engine::WarningGiven>(&b)) f.yellow.push_back(*w);
                if (auto* r = std::get_if<engine::PlayerRemoved>(&b)) f.red.push_back(*r);
                if (auto* r = std::get_if<engine::PlayerReplaced>(&b)) f.replaced.push_back(*r);
                if (auto* g = std::get_if<engine::GameEnded>(&b)) f.ended.push_back(*g);
                if (auto* t = std::get_if<engine::TimeAdded>(&b))
                    if (dec.rule == "BC-I.7") f.bonus.push_back(*t);
                if (auto* x = std::get_if<engine::ArbiterFlag>(&b))
                    if (x->code == "SECOND_CROSSER") ++f.second_crossers;
                if (auto* s = std::get_if<engine::BoardSetupRequired>(&b)) {
                    ++f.setups;
                    boards_to_set_up.insert(s->board);
                }
                if (std::holds_alternative<engine::KeyChangeRefused>(b)) ++f.refused_keys;
            }
            if (accepted > 0) f.turns.push_back({score, ratings, accepted});
        });
    EXPECT_TRUE(replayed) << (replayed ? "" : replayed.error());
    if (replayed) {
        outcome = std::move(*replayed);
        f.state_hash = outcome.state.state_hash();
        f.match = dynamic_cast<const games::business::BusinessMatch*>(outcome.state.match("bc1"));
    }
    return f;
}

TEST(BusinessDemoE2E, SchemeFourOnSixBoardsAndTheHubGivesThePlannedTreeAndScores) {
    const std::uint64_t seed = 1858;  // venue demo's default
    auto plan = games::business::make_business_plan(games::business::scheme_four_scenario(),
                                                    games::business::business_match_config(), seed);
    ASSERT_TRUE(plan) << plan.error();

    const auto dir = fresh_dir("business");
    const std::string log = (dir / "demo.sqlite").string();
    Ran demo = run(VENUE + " demo --game business --tree scheme4 --speed 8 --no-feed --log " + log +
                   " 2>&1");
    ASSERT_EQ(demo.status, 0) << demo.out;
    EXPECT_NE(demo.out.find("Replaying the log gives the same state."), std::string::npos);
    EXPECT_NE(demo.out.find(": yellow card, "), std::string::npos) << demo.out;
    EXPECT_NE(demo.out.find(": red card, expelled"), std::string::npos) << demo.out;
    const std::string state = final_state(demo.out);
    ASSERT_EQ(state.size(), 16u) << demo.out;

    runtime::ReplayOutcome outcome;
    const FromLog f =
        read_log(log, games::business::BusinessRules::of(plan->match).game_rating, outcome);
    EXPECT_EQ(f.state_hash, state) << "venue replay must rebuild the demo's final state";

    // Every turn that ends with a press: the moves of every open branch committed at that press,
    // then the ratings of the open branches and the score exactly as planned. (The last turn
    // has no press: Black resigns the last branch before it, and the final score says it.)
    std::vector<const games::business::BusinessTurn*> pressed;
    for (const games::business::BusinessTurn& t : plan->turns)
        if (t.press) pressed.push_back(&t);
    EXPECT_EQ(pressed.size() + 1, plan->turns.size());
    ASSERT_EQ(f.turns.size(), pressed.size()) << demo.out;
    for (std::size_t i = 0; i < f.turns.size(); ++i) {
        const games::business::BusinessTurn& want = *pressed[i];
        const AfterTurn& got = f.turns[i];
        const std::string at = "move " + std::to_string(want.move) +
                               (want.side == chess::WHITE ? " (White)" : " (Black)");
        // A branch closed before the press (a selection, a draw) has no move to commit.
        EXPECT_EQ(got.moves, want.open_branches) << at;
        EXPECT_EQ(got.ratings, want.ratings) << at;
        EXPECT_EQ(got.score, want.score) << at;
    }

    // The seed's tree: 2 branches after move 7, 3 after 11, 4 after 12, 5 after 18; then 4, 3,
    // 2 and 1 of rating 8 after the selections and the draw on moves 24, 25, 29 and 37.
    auto open_after = [&](int move, chess::Color side) {
        return f.turns.at(std::size_t(move * 2 - (side == chess::WHITE ? 2 : 1))).ratings;
    };
    const chess::Color W = chess::WHITE, B = chess::BLACK;
    EXPECT_EQ(open_after(6, B).size(), 1u);
    EXPECT_EQ(open_after(7, W).size(), 2u);
    EXPECT_EQ(open_after(11, B).size(), 3u);
    EXPECT_EQ(open_after(12, W).size(), 4u);
    EXPECT_EQ(open_after(18, B).size(), 5u);
    EXPECT_EQ(open_after(24, W).size(), 4u);
    EXPECT_EQ(open_after(25, B).size(), 3u);
    EXPECT_EQ(open_after(29, W).size(), 2u);
    EXPECT_EQ(open_after(37, W), (std::map<int, int>{{2, 8}}));

    // Five branches, each cloned onto a free board that its sensors then confirmed, and board C.
    ASSERT_EQ(f.opened.size(), 4u);  // branch 1 is open from the start
    EXPECT_EQ(f.setups, 5) << "four clonings and board C";
    EXPECT_EQ(f.setups_confirmed, 5) << "every set-up board was confirmed by its sensors";
    EXPECT_EQ(f.closed.size(), 5u);

    // The red line: two violations seen by the beams, a yellow card, then the same member's
    // second offence and his red card; his place taken by the reserve once White's clock had
    // stopped.
    EXPECT_GE(f.second_crossers, 2);
    ASSERT_EQ(f.yellow.size(), 2u);
    EXPECT_EQ(f.yellow[0].count, 1);
    EXPECT_EQ(f.yellow[1].count, 2);
    EXPECT_EQ(f.yellow[1].player, f.yellow[0].player);
    ASSERT_EQ(f.red.size(), 1u);
    EXPECT_EQ(f.red[0].player, f.yellow[0].player);
    EXPECT_EQ(f.replaced.size(), 1u);
    EXPECT_GE(f.refused_keys, 1) << "the replacement asked while the clock ran is refused";
    // BC-I.7: +30 s at every press once one branch remains.
    EXPECT_FALSE(f.bonus.empty());
    for (const auto& t : f.bonus) EXPECT_EQ(t.amount_ms, 30'000);

    // The end: final score, result and the return game's rating as planned.
    ASSERT_EQ(f.ended.size(), 1u);
    EXPECT_EQ(f.ended[0].result, plan->result);
    ASSERT_NE(f.match, nullptr);
    EXPECT_EQ(f.match->score(), plan->final_score);
    EXPECT_EQ(f.match->return_rating(), plan->return_rating);
    EXPECT_EQ(f.match->check(), "") << "the tree's invariants hold";

    // The log verifies, and its PGN (one game per branch) passes an independent reader.
    expect_verified_and_exported(log, dir, 5);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace venue
