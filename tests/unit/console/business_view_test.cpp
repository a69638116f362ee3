// The console on a Business Chess match: a board per branch with its rating and place in the
// tree, the score, the red line and the cards, every panel drawn headless.
#include "../../support/business_tree.h"
#include "console_feed.h"

namespace venue::console {
namespace {

using K = engine::ArbiterActionKind;

int draw(testing::Headless& h, const ConsoleView& view) {
    ImGui::NewFrame();
    draw_console(view, {}, h.ui);
    ImGui::Render();
    return ImGui::GetDrawData()->TotalVtxCount;
}

TEST(ConsoleBusiness, EveryBranchHasItsBoardRatingAndPlaceInTheTree) {
    auto s = venue::testing::three_branches();
    ViewModel model;
    const ConsoleView v = model.build(s.state(), DeviceInputs{}, 0);
    ASSERT_EQ(v.matches.size(), 1u);
    const MatchView& m = v.matches[0];
    EXPECT_TRUE(m.plays_a_tree);
    ASSERT_EQ(m.branches.size(), 3u);
    EXPECT_EQ(m.branches[0].caption, "Branch 1 \u00b7 6 chips \u00b7 board 1");
    EXPECT_EQ(m.branches[1].caption,
              "Branch 2 \u00b7 3 chips \u00b7 board 2 \u00b7 from 1 at ply 2");
    EXPECT_EQ(m.branches[2].caption,
              "Branch 3 \u00b7 1 chip \u00b7 board 3 \u00b7 from 2 at ply 4");
    // Branch 3 is its mother's clone: the same position, the same last move.
    EXPECT_EQ(m.branches[2].view.fen, m.branches[1].view.fen);
    EXPECT_EQ(m.branches[1].view.last_move, "2... Nf6");
    EXPECT_TRUE(m.branches[1].view.squares[chess::SQ_F6].marks & MARK_LAST_TO);
    EXPECT_EQ(m.tree_score, "Federation 0 \u2013 0 City Hall");

    testing::Headless h;
    for (int i = 0; i < 5; ++i) EXPECT_GT(draw(h, v), 1000);
}

TEST(ConsoleBusiness, TheRedLineAndTheCardsShow) {
    auto s = venue::testing::three_branches();
    // A second member of White crosses the red line; the arbiter shows W2 a yellow card.
    s.send(engine::BeamCrossed{"m1", chess::WHITE, true});
    s.send(engine::BeamCrossed{"m1", chess::WHITE, true});
    s.arbiter(K::WARN, "w2", "crossed the red line");
    ViewModel model;
    const MatchView m = model.build(s.state(), DeviceInputs{}, 0).matches[0];
    EXPECT_EQ(m.beyond_red_line[chess::WHITE], 2);
    EXPECT_EQ(m.beyond_red_line[chess::BLACK], 0);
    EXPECT_EQ(m.white().players[1].id, "w2");
    EXPECT_EQ(m.white().players[1].warnings, 1);
    EXPECT_FALSE(m.white().players[1].removed);
    EXPECT_TRUE(m.white().players[5].reserve);  // the sixth is the reserve
    testing::Headless h;
    EXPECT_GT(draw(h, model.build(s.state(), DeviceInputs{}, 0)), 1000);
}

// BC-II.2: the chief arbiter watches the captains, the demonstration boards, the control board
// and the clock: the console shows every board with its rating, the clock, the red line, and
// the score with his confirmation of it (BC-II.5).
TEST(ConsoleBusiness, BC_II_2_TheArbiterSeesBoardsRatingsClockAndRedLine) {
    auto s = venue::testing::three_branches();
    s.clock(41 * 60000, 52 * 60000, chess::WHITE);
    s.send(engine::BeamCrossed{"m1", chess::WHITE, true});
    ViewModel model;
    const MatchView m = model.build(s.state(), DeviceInputs{}, 0).matches[0];
    ASSERT_EQ(m.branches.size(), 3u);
    for (const BranchView& b : m.branches) EXPECT_FALSE(b.board.empty());
    EXPECT_EQ(m.clock.white.ms, 41 * 60000);
    EXPECT_EQ(m.clock.black.ms, 52 * 60000);
    EXPECT_EQ(m.beyond_red_line[chess::WHITE], 1);
    bool confirmed_row = false;
    for (const auto& [name, value] : m.facts) confirmed_row |= name == "Score confirmed";
    EXPECT_TRUE(confirmed_row);
}

// BC-III.4: the arbiters' table is the console: his confirmation of the score made there is an
// event the engine takes (BC-II.5).
TEST(ConsoleBusiness, BC_III_4_TheArbitersTableConfirmsTheScore) {
    auto s = venue::testing::three_branches();
    engine::ArbiterAction result;  // branch 3 adjudicated: the score changes
    result.match = "m1";
    result.kind = K::DECLARE_RESULT;
    result.ref = 3;
    result.result = "1-0";
    result.text = "adjudication";
    result.note = "adjourned, adjudicated";
    ASSERT_TRUE(engine::testing::find<engine::ScoreChanged>(s.send(result)));
    ArbiterIntent in;
    in.match = "m1";
    in.kind = K::CONFIRM_SCORE;
    in.arbiter = "chief";
    in.note = "notebook checked";
    EXPECT_EQ(describe(in, &s.state()), "Confirm the score as it stands in match m1");
    auto event = to_event(in, 0);
    ASSERT_TRUE(event) << event.error();
    const auto d = s.send(event->body);
    const auto* news = engine::testing::find<engine::GameNews>(d);
    ASSERT_TRUE(news);
    EXPECT_EQ(news->kind, "score_confirmed");
}

}  // namespace
}  // namespace venue::console
