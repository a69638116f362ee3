// Business Chess: branching, selection and passing (BC-BR-*, BC-SEL-*, BC-PASS-*, BC-I.13..15,
// BC-I.18 and the BC-A defaults).
#include "business_script.h"
#include "games/business/rules/business_pgn.h"

namespace venue::games::business {
namespace {

using namespace testing;

TEST(BusinessChess, BC_BR_3_BranchingClonesTheMotherOntoAFreeBoardAndSplitsItsRating) {
    Script s;
    s.turns({"e2e4", "e7e5"});
    auto d = s.key(KeyChangeKind::BRANCH, 1, 0, 4);
    auto* opened = find<BranchOpened>(d);
    ASSERT_TRUE(opened);
    EXPECT_EQ(opened->branch, 2);
    EXPECT_EQ(opened->parent, 1);
    EXPECT_EQ(opened->board, "2");
    EXPECT_EQ(opened->split_ply, 2);
    EXPECT_EQ(opened->rating, 4);
    auto* rating = find<RatingChanged>(d);
    ASSERT_TRUE(rating);
    EXPECT_EQ(rating->branch, 1);
    EXPECT_EQ(rating->rating, 6);
    // BC-II.3: the engine names the board and the position; the clock stands still (BC-A19).
    auto* setup = find<BoardSetupRequired>(d);
    ASSERT_TRUE(setup);
    EXPECT_EQ(setup->board, "2");
    EXPECT_EQ(setup->fen, s.match().branch(1)->game.position().fen());
    ASSERT_TRUE(command(d, "clock.pause"));
    EXPECT_EQ(s.match().phase(), MatchPhase::PAUSED);
    EXPECT_EQ(s.match().check(), "");
}

TEST(BusinessChess, BC_II_3_PlayResumesWhenTheCloneIsConfirmed) {
    Script s;
    s.key(KeyChangeKind::BRANCH, 1, 0, 5);
    // Moves on the clone before it is confirmed are refused, and the press waits.
    auto d = s.move("2", "d2d4");
    ASSERT_TRUE(find<MoveRefused>(d));
    const Decision* why = nullptr;
    find<MoveRefused>(d, &why);
    EXPECT_EQ(why->rule, "X-6");
    // The board reads the mother's position: the arbiter checks it with both captains; the
    // clock stands still and moves wait until he resumes.
    d = s.send(BoardRestored{"m1", "2"});
    EXPECT_FALSE(command(d, "clock.resume"));
    const Decision* flagged = nullptr;
    const auto* f = find<ArbiterFlag>(d, &flagged);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->code, "CONFIRM_CLONE");
    EXPECT_EQ(f->board, "2");
    EXPECT_EQ(flagged->rule, "BC-II.3");
    EXPECT_EQ(s.match().clone_to_confirm(), 2);
    EXPECT_EQ(s.match().branch(2)->board, "2");
    d = s.move("1", "e2e4");
    ASSERT_TRUE(find<MoveRefused>(d));
    EXPECT_TRUE(find<EventIgnored>(s.press())) << "the clock stands still for the check";
    d = s.arbiter(ArbiterActionKind::RESUME);
    ASSERT_TRUE(command(d, "clock.resume"));
    EXPECT_EQ(s.match().clone_to_confirm(), 0);
    EXPECT_TRUE(s.match().branch(2)->ready());
    s.move("1", "e2e4");
    s.move("2", "d2d4");
    d = s.press();
    EXPECT_EQ(count<MoveAccepted>(d), 2);
}

TEST(BusinessChess, BC_II_3_UnderBoardConfirmationTheReadingResumesTheClock) {
    MatchConfig c = business_config();
    c.options.set("clone_confirmation", std::string("board"));
    Script s(c);
    s.key(KeyChangeKind::BRANCH, 1, 0, 5);
    auto d = s.send(BoardRestored{"m1", "2"});
    ASSERT_TRUE(command(d, "clock.resume"));
    EXPECT_FALSE(find<ArbiterFlag>(d));
    EXPECT_EQ(s.match().clone_to_confirm(), 0);
    EXPECT_TRUE(s.match().branch(2)->ready());
}

TEST(BusinessChess, BC_II_7_AssistantsCloneUnderTheChiefArbiter) {
    // BC-II.7 adds nothing beyond BC-II.3: whoever sets the clone up, the board's reading and
    // the chief arbiter's check with the captains decide; the arbiter's name is in the log.
    Script s;
    s.key(KeyChangeKind::BRANCH, 1, 0, 5);
    s.send(BoardRestored{"m1", "2"});
    ArbiterAction a;
    a.match = "m1";
    a.kind = ArbiterActionKind::RESUME;
    a.arbiter = "Chief arbiter";
    a.note = "the assistants set board 2 up; checked with both captains";
    auto d = s.send(a);
    ASSERT_TRUE(command(d, "clock.resume"));
    const auto& e = std::get<ArbiterAction>(s.events().back().body);
    EXPECT_EQ(e.arbiter, "Chief arbiter");
    EXPECT_TRUE(s.match().branch(2)->ready());
}

TEST(BusinessChess, BC_A19_TheArbiterMayResumeWithoutTheBoard) {
    Script s;
    s.key(KeyChangeKind::BRANCH, 1, 0, 5);
    auto d = s.arbiter(ArbiterActionKind::RESUME);
    ASSERT_TRUE(command(d, "clock.resume"));
    EXPECT_TRUE(s.match().branch(2)->ready());
}

TEST(BusinessChess, BC_BR_3_TheTwoDaughtersContinueWithDifferentMoves) {
    Script s;
    s.branch(1, 5);
    s.move("1", "e2e4");
    s.move("2", "e2e4");
    auto d = s.press();
    const Decision* why = nullptr;
    auto* f = find<ArbiterFlag>(d, &why);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->code, "SAME_MOVE");  // BC-A27: as moves
    EXPECT_EQ(why->rule, "BC-BR-3");
    EXPECT_FALSE(find<ClockSwitched>(d));
    s.move("2", "g2g3");
    EXPECT_TRUE(find<ClockSwitched>(s.press()));
}

TEST(BusinessChess, BC_A2_DaughtersHaveAtLeastOneEachAndRatingOneCannotSplit) {
    Script s;
    auto d = s.key(KeyChangeKind::BRANCH, 1, 0, 10);  // 10 + 0
    ASSERT_TRUE(refused(d, "BAD_SPLIT"));
    d = s.key(KeyChangeKind::BRANCH, 1, 0, 0);
    ASSERT_TRUE(refused(d, "BAD_SPLIT"));
    d = s.branch(1, 9);  // 1 + 9
    ASSERT_TRUE(find<BranchOpened>(d));
    full_turn(s);
    full_turn(s);
    d = s.key(KeyChangeKind::BRANCH, 1, 0, 1);  // branch 1 has rating 1
    ASSERT_TRUE(refused(d, "RATING_ONE"));
}

TEST(BusinessChess, BC_BR_4_LaterBranchesAreThreeFourAndFive) {
    Script s;
    for (int i = 0; i < 4; ++i) {
        auto d = s.branch(1, 1);
        ASSERT_TRUE(find<BranchOpened>(d)) << i;
        EXPECT_EQ(find<BranchOpened>(d)->branch, i + 2);
        EXPECT_EQ(find<BranchOpened>(d)->board, std::to_string(i + 2));  // BC-A3
        full_turn(s);
    }
    EXPECT_EQ(s.match().open_branches(), 5);
    EXPECT_EQ(s.match().branch(1)->rating, 6);
    EXPECT_EQ(s.match().check(), "");
}

TEST(BusinessChess, BC_I_1_AtMostFiveBranches) {
    Script s;
    for (int i = 0; i < 4; ++i) {
        s.branch(1, 1);
        full_turn(s);
    }
    auto d = s.key(KeyChangeKind::BRANCH, 1, 0, 1);
    const Decision* why = nullptr;
    ASSERT_TRUE(refused(d, "NO_FREE_BOARD"));
    find<KeyChangeRefused>(d, &why);
    EXPECT_EQ(why->rule, "BC-I.1");
}

TEST(BusinessChess, BC_A3_TheTeamMayNameAFreeBoard) {
    Script s;
    auto d = s.branch(1, 5, "4");
    ASSERT_TRUE(find<BranchOpened>(d));
    EXPECT_EQ(find<BranchOpened>(d)->board, "4");
    full_turn(s);
    d = s.key(KeyChangeKind::BRANCH, 1, 0, 2, "4");  // taken
    ASSERT_TRUE(refused(d, "NO_FREE_BOARD"));
    d = s.key(KeyChangeKind::BRANCH, 1, 0, 2, "C");  // not a demonstration board
    ASSERT_TRUE(refused(d, "NO_FREE_BOARD"));
}

TEST(BusinessChess, BC_I_13_OneKeyChangePerMove) {
    Script s;
    s.branch(1, 5);
    auto d = s.key(KeyChangeKind::PASS, 1, 2, 1);
    const Decision* why = nullptr;
    ASSERT_TRUE(refused(d, "ONE_KEY_CHANGE"));
    find<KeyChangeRefused>(d, &why);
    EXPECT_EQ(why->rule, "BC-I.13");
    full_turn(s);
    s.key(KeyChangeKind::PASS, 1, 2, 1);  // Black
    d = s.key(KeyChangeKind::SELECT, 1, 2);
    ASSERT_TRUE(refused(d, "ONE_KEY_CHANGE"));
    full_turn(s);
    EXPECT_EQ(s.match().turn().key_changes, 0);  // a new move, a new key change
    ASSERT_TRUE(find<KeyChangeAccepted>(s.key(KeyChangeKind::PASS, 2, 1, 1)));
}

TEST(BusinessChess, BC_BR_5_OneBranchingPerMove) {
    Script s;
    s.branch(1, 5);
    auto d = s.key(KeyChangeKind::BRANCH, 1, 0, 2);
    ASSERT_TRUE(refused(d, "ONE_KEY_CHANGE"));
    EXPECT_EQ(s.match().branches().size(), 2u);
}

TEST(BusinessChess, BC_SEL_1_SelectionPaysTheRatingToTheOpponentAndMovesTheChips) {
    Script s;
    s.branch(1, 3);  // 7 + 3
    full_turn(s);
    auto d = s.key(KeyChangeKind::SELECT, 2, 1);  // Black resigns branch 2, chips to 1
    ASSERT_TRUE(find<KeyChangeAccepted>(d));
    auto* closed = find<BranchClosed>(d);
    ASSERT_TRUE(closed);
    EXPECT_EQ(closed->termination, "selection");
    EXPECT_EQ(closed->result, "1-0");
    EXPECT_EQ(closed->rating, 3);
    EXPECT_EQ(s.match().branch(1)->rating, 10);
    EXPECT_EQ(s.match().score(), (Score{6, 0}));  // White scores 3
    auto* sc = find<ScoreChanged>(d);
    ASSERT_TRUE(sc);
    EXPECT_EQ(sc->white_half_points, 6);
    EXPECT_EQ(s.match().chips_on_table(), 0);  // the chips stay in play
    EXPECT_EQ(s.match().check(), "");
    EXPECT_FALSE(s.match().branch_on("2"));  // the board is free (BC-TREE-1)
}

TEST(BusinessChess, BC_SEL_3_OneSelectionPerMove) {
    Script s;
    s.branch(1, 4);
    full_turn(s);
    s.branch(1, 2);  // Black: 4 / 4 / 2
    full_turn(s);
    s.key(KeyChangeKind::SELECT, 3, 1);  // White
    auto d = s.key(KeyChangeKind::SELECT, 2, 1);
    ASSERT_TRUE(refused(d, "ONE_RESIGNATION"));
}

TEST(BusinessChess, BC_A4_ASelectionMaySpreadOverSeveralBranches) {
    Script s;
    s.branch(1, 4);
    full_turn(s);
    s.branch(1, 2);  // 4 / 4 / 2
    full_turn(s);
    KeyChange k;
    k.kind = KeyChangeKind::SELECT;
    k.from_branch = 1;
    k.shares = {{2, 3}, {3, 2}};  // 5 != 4
    auto d = s.key_by(chess::WHITE, k);
    ASSERT_TRUE(refused(d, "BAD_SPLIT"));
    k.shares = {{2, 3}, {3, 1}};
    d = s.key_by(chess::WHITE, k);
    ASSERT_TRUE(find<KeyChangeAccepted>(d));
    EXPECT_EQ(s.match().branch(2)->rating, 7);
    EXPECT_EQ(s.match().branch(3)->rating, 3);
    EXPECT_EQ(s.match().score(), (Score{0, 8}));
}

TEST(BusinessChess, BC_A5_ASelectionNeedsNoLostPosition) {
    Script s;
    s.branch(1, 5);
    full_turn(s);
    ASSERT_TRUE(find<KeyChangeAccepted>(s.key(KeyChangeKind::SELECT, 1, 2)));
}

TEST(BusinessChess, BC_DEF_2_TheRatingGoesToARemainingBranch) {
    Script s;
    auto d = s.key(KeyChangeKind::SELECT, 1, 1);
    ASSERT_TRUE(refused(d, "SAME_BRANCH"));
    d = s.key(KeyChangeKind::SELECT, 1, 7);
    ASSERT_TRUE(refused(d, "NO_BRANCH"));
    EXPECT_TRUE(s.match().branch(1)->open);
}

TEST(BusinessChess, BC_PASS_1_APassMovesOneUnitWithoutLossOfPoints) {
    Script s;
    s.branch(1, 5);
    full_turn(s);
    auto d = s.key(KeyChangeKind::PASS, 1, 2, 1);
    ASSERT_TRUE(find<KeyChangeAccepted>(d));
    EXPECT_EQ(count<RatingChanged>(d), 2);
    EXPECT_EQ(s.match().branch(1)->rating, 4);
    EXPECT_EQ(s.match().branch(2)->rating, 6);
    EXPECT_FALSE(find<ScoreChanged>(d));
    full_turn(s);
    d = s.key(KeyChangeKind::PASS, 1, 2, 2);
    ASSERT_TRUE(refused(d, "PASS_ONE_UNIT"));
}

TEST(BusinessChess, BC_A7_APassGoesBetweenTwoDifferentOpenBranches) {
    Script s;
    s.branch(1, 5);
    full_turn(s);
    ASSERT_TRUE(refused(s.key(KeyChangeKind::PASS, 1, 1, 1), "SAME_BRANCH"));
    ASSERT_TRUE(refused(s.key(KeyChangeKind::PASS, 1, 3, 1), "NO_BRANCH"));
}

TEST(BusinessChess, BC_I_15_ABranchOfRatingOneCannotPass) {
    Script s;
    s.branch(1, 9);  // 1 + 9
    full_turn(s);
    auto d = s.key(KeyChangeKind::PASS, 1, 2, 1);
    const Decision* why = nullptr;
    ASSERT_TRUE(refused(d, "RATING_ONE"));
    find<KeyChangeRefused>(d, &why);
    EXPECT_EQ(why->rule, "BC-I.15");
}

TEST(BusinessChess, BC_I_14_AResignationWithoutSelectionMayComeWithAPass) {
    Script s;
    s.branch(1, 4);
    full_turn(s);
    s.branch(1, 2);  // Black: 4 / 4 / 2
    full_turn(s);
    auto d = s.key(KeyChangeKind::RESIGN, 3);  // White resigns 3: Black +2, chips to the table
    ASSERT_TRUE(find<KeyChangeAccepted>(d));
    EXPECT_EQ(find<BranchClosed>(d)->termination, "resignation");
    d = s.key(KeyChangeKind::PASS, 1, 2, 1);
    ASSERT_TRUE(find<KeyChangeAccepted>(d));
    // Only one branch may be resigned per move.
    d = s.key(KeyChangeKind::RESIGN, 2);
    ASSERT_TRUE(refused(d, "ONE_RESIGNATION"));
    EXPECT_EQ(s.match().score(), (Score{0, 4}));
    EXPECT_EQ(s.match().check(), "");
}

TEST(BusinessChess, BC_A6_NoResignationInAMoveWithABranching) {
    Script s;
    s.branch(1, 4);
    full_turn(s);
    s.branch(1, 2);
    auto d = s.key(KeyChangeKind::RESIGN, 2);
    ASSERT_TRUE(refused(d, "RESIGN_PLUS_BRANCH"));
    full_turn(s);
    s.key(KeyChangeKind::RESIGN, 2);
    d = s.key(KeyChangeKind::BRANCH, 1, 0, 1);
    ASSERT_TRUE(refused(d, "RESIGN_PLUS_BRANCH"));
}

TEST(BusinessChess, BC_I_18_AVetoNeedsTheTeamsOwnClockRunningUnderHalfAnHour) {
    Script s;
    full_turn(s);  // Black to move
    s.clock(40 * 60000, 31 * 60000, chess::BLACK);
    auto d = s.key(KeyChangeKind::VETO, 0);
    ASSERT_TRUE(refused(d, "VETO_NOT_ALLOWED"));  // 31:00
    s.clock(40 * 60000, 29 * 60000 + 59000, std::nullopt);
    ASSERT_TRUE(refused(s.key(KeyChangeKind::VETO, 0), "VETO_NOT_ALLOWED"));  // not running
    s.clock(40 * 60000, 29 * 60000 + 59000, chess::BLACK);
    d = s.key(KeyChangeKind::VETO, 0);
    const Decision* why = nullptr;
    ASSERT_TRUE(find<KeyChangeAccepted>(d, &why));
    EXPECT_EQ(why->rule, "BC-I.18");
    EXPECT_TRUE(s.match().vetoed(chess::BLACK));
    // BC-A1: White may not branch for the rest of the game; Black still may.
    full_turn(s);
    d = s.key(KeyChangeKind::BRANCH, 1, 0, 5);
    ASSERT_TRUE(refused(d, "VETOED"));
    full_turn(s);
    ASSERT_TRUE(find<BranchOpened>(s.branch(1, 5)));
    ASSERT_TRUE(refused(s.key(KeyChangeKind::VETO, 0), "VETO_USED"));
}

TEST(BusinessChess, BC_A29_AVetoOnlyInTheTeamsOwnTurn) {
    Script s;
    s.clock(20 * 60000, 20 * 60000, chess::WHITE);
    KeyChange k;
    k.kind = KeyChangeKind::VETO;
    auto d = s.key_by(chess::BLACK, k);
    const Decision* why = nullptr;
    ASSERT_TRUE(refused(d, "NOT_TEAM_TURN"));
    find<KeyChangeRefused>(d, &why);
    EXPECT_EQ(why->rule, "BC-A29");
}

TEST(BusinessChess, BC_TREE_1_BoardsInUseEqualOpenBranches) {
    Script s;
    s.branch(1, 5);
    full_turn(s);
    s.branch(2, 2);  // Black: board 3
    full_turn(s);
    s.key(KeyChangeKind::SELECT, 1, 3);  // White: board 1 free
    full_turn(s);
    EXPECT_EQ(s.match().open_branches(), 2);
    EXPECT_FALSE(s.match().branch_on("1"));
    EXPECT_TRUE(s.match().branch_on("2"));
    EXPECT_TRUE(s.match().branch_on("3"));
    auto d = s.branch(2, 1);  // Black: the first free board in order is 1 again (BC-A23)
    EXPECT_EQ(find<BranchOpened>(d)->board, "1");
    EXPECT_EQ(s.match().check(), "");
}

TEST(BusinessChess, BC_II_6_OnePgnGamePerBranchTiedByHeaders) {
    Script s;
    s.turns({"e2e4", "e7e5"});
    s.branch(1, 4);
    full_turn(s);
    s.key(KeyChangeKind::PASS, 1, 2, 1);
    full_turn(s);
    auto games = branch_pgns(s.match());
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].tag("Branch"), "1");
    EXPECT_EQ(games[0].tag("ParentBranch"), "");
    EXPECT_EQ(games[1].tag("GameId"), "m1-b2");
    EXPECT_EQ(games[1].tag("ParentBranch"), "1");
    EXPECT_EQ(games[1].tag("SplitPly"), "2");
    EXPECT_EQ(games[1].tag("Rating"), "5");
    EXPECT_EQ(games[1].tag("Board"), "2");
    EXPECT_EQ(games[1].moves.size(), 4u);  // the mother's two moves, then its own
    EXPECT_NE(games[1].comment.find("4 from ply 2 (split from branch 1)"), std::string::npos)
        << games[1].comment;
    EXPECT_NE(games[1].comment.find("5 from ply 3 (pass from branch 1)"), std::string::npos)
        << games[1].comment;
    // Every branch is a valid PGN game on its own.
    for (const auto& g : games) {
        auto back = chess::read_pgn(chess::write_pgn(g));
        ASSERT_TRUE(back) << back.error().to_string();
        EXPECT_EQ(back->front().moves.size(), g.moves.size());
    }
}

}  // namespace
}  // namespace venue::games::business
