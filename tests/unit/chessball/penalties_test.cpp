// Warnings, time bonuses and removal (CB-6.4.x with CB-A17..A23).
#include "../../support/replay_check.h"
#include "chessball_script.h"
#include "venue/event_json.h"
#include "venue/snapshot.h"

namespace venue::games::chessball {
namespace {

using namespace testing;

TEST(CB_6_4_2_5, AConfirmedWarningGivesTheOtherTeamTwoMinutes) {
    Script s;
    s.press(0);
    s.move("e2e4");  // not W1's file: proposed warning 1
    auto d = s.judge(ArbiterActionKind::CONFIRM_WARNING, "", 1);
    auto* given = find<WarningGiven>(d);
    ASSERT_TRUE(given);
    EXPECT_EQ(given->player, "W1");
    EXPECT_EQ(given->count, 1);
    auto* bonus = find<TimeAdded>(d);
    ASSERT_TRUE(bonus);
    EXPECT_EQ(bonus->side, chess::BLACK);
    EXPECT_EQ(bonus->amount_ms, 120000);
    ASSERT_TRUE(command(d, "clock.add_time"));
    // A warning cannot be confirmed twice.
    EXPECT_TRUE(find<EventIgnored>(s.judge(ArbiterActionKind::CONFIRM_WARNING, "", 1)));
}

TEST(CB_6_2_3, TheJudgeMayDismissAProposedWarning) {
    Script s;
    s.press(0);
    s.move("e2e4");
    auto d = s.judge(ArbiterActionKind::REJECT_WARNING, "", 1);
    EXPECT_FALSE(find<WarningGiven>(d));
    EXPECT_EQ(s.match().warnings({chess::WHITE, 0}), 0);
}

TEST(CB_6_4_2_2, AutomaticWarningsWhenSoAgreed) {
    auto c = four_a_side();
    auto r = ChessballRules::of(c);
    r.auto_warnings = true;
    r.write_to(c);
    Script s(c);
    s.press(0);
    auto d = s.move("e2e4");
    ASSERT_TRUE(find<WarningGiven>(d));
    EXPECT_EQ(find<TimeAdded>(d)->side, chess::BLACK);
}

TEST(CB_6_4_2_4, JudgeEnteredWarningsForTalking) {
    Script s;
    auto d = s.judge(ArbiterActionKind::WARN, "B2");
    ASSERT_TRUE(find<WarningGiven>(d));
    EXPECT_EQ(find<TimeAdded>(d)->side, chess::WHITE);
}

TEST(CB_6_4_3_1, TheThirdWarningRemovesThePlayer) {
    Script s;
    s.judge(ArbiterActionKind::WARN, "W1");
    s.judge(ArbiterActionKind::WARN, "W1");
    auto d = s.judge(ArbiterActionKind::WARN, "W1");
    EXPECT_EQ(find<WarningGiven>(d)->count, 3);
    ASSERT_TRUE(find<TimeAdded>(d));  // CB-A19: the third one gives the bonus too
    ASSERT_TRUE(find<PlayerRemoved>(d));
    EXPECT_TRUE(s.match().removed({chess::WHITE, 0}));
}

TEST(CB_6_4_4_1, RemovalTakesHisTeamsMenOffHisFilesAndPassesThemOn) {
    Script s;
    auto d = s.judge(ArbiterActionKind::REMOVE, "W1");  // CB-6.4.3.2: direct removal
    auto* removed = find<PlayerRemoved>(d);
    ASSERT_TRUE(removed);
    EXPECT_EQ(removed->squares,
              (std::vector<chess::Square>{chess::SQ_A1, chess::SQ_B1, chess::SQ_A2, chess::SQ_B2}));
    EXPECT_EQ(removed->files_to, "W2");  // CB-6.4.4.4: the owner of the next file, c
    EXPECT_EQ(s.match().ownership(chess::WHITE).files_of(1), "abcd");
    auto* restore = find<RestoreRequired>(d);
    ASSERT_TRUE(restore);  // the board must show it
    EXPECT_EQ(restore->fen, "rnbqkbnr/pppppppp/8/8/8/8/2PPPPPP/2BQKBNR w Kkq - 0 1");
    ASSERT_TRUE(command(d, "claim.disable_button"));
    EXPECT_EQ(command(d, "claim.disable_button")->value, 0);
}

TEST(CB_6_4_4_3, WithOnlyTheKingOnHisFilesTheNextFileWithMenIsCleared) {
    // W3 owns e and f, where White has only the king; the next file, g, loses its men.
    Script s(four_a_side("4k3/pppppppp/8/8/8/8/PPPP2PP/RNBQK1NR w KQ - 0 1"));
    auto d = s.judge(ArbiterActionKind::REMOVE, "W3");
    auto* removed = find<PlayerRemoved>(d);
    ASSERT_TRUE(removed);
    EXPECT_EQ(removed->squares, (std::vector<chess::Square>{chess::SQ_G1, chess::SQ_G2}));
    EXPECT_EQ(removed->files_to, "W4");
}

TEST(CB_6_4_4_5, ARemovedPlayersButtonIsDead) {
    Script s;
    s.judge(ArbiterActionKind::REMOVE, "W2");
    s.send(BoardRestored{"m1", "b"});
    auto d = s.press(1);
    ASSERT_TRUE(find<ClaimRefused>(d));
    EXPECT_EQ(find<ClaimRefused>(d)->code, "REMOVED");
    ASSERT_TRUE(command(d, "claim.release"));
}

TEST(CB_A23, ATeamWithNobodyLeftForfeits) {
    auto c = four_a_side();
    c.white().players.resize(2);
    c.white().players[0].files = "abcd";
    c.white().players[1].files = "efgh";
    Script s(c);
    s.judge(ArbiterActionKind::REMOVE, "W1");
    auto d = s.judge(ArbiterActionKind::REMOVE, "W2");
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(find<GameEnded>(d)->result, "0-1");
    EXPECT_EQ(find<GameEnded>(d)->termination, "forfeit");
}

TEST(Chessball, ReplaySnapshotAndJsonGiveTheSameState) {
    Script s;
    s.turn(2, "e2e4");
    s.press(8);
    s.move("e7e5");  // not B1's file
    s.judge(ArbiterActionKind::CONFIRM_WARNING, "", 1);
    s.send(BoardRestored{"m1", "b"});
    s.move("a7a6");
    s.clock();
    s.judge(ArbiterActionKind::REMOVE, "W4");
    venue::engine::testing::expect_replays_exactly(s.events(), s.state());
    EXPECT_NE(s.state().canonical().find("\npart "), std::string::npos);
}

}  // namespace
}  // namespace venue::games::chessball
